"""The Chaharbargh web app (FastAPI): the table, its pages and their storage, over the engine."""
