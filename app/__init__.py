"""The Chaharbargh web app (FastAPI). The web table itself arrives with issue 4."""
