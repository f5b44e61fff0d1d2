"""The yardstick of `bench/web.py`: a bare FastAPI app with one JSON route, served by the same
uvicorn with the same settings as ours, so a ratio to it shows what our own work per request
costs. A separate app on purpose: anything that slows every request of ours (a middleware, a
session cookie) cannot slow the yardstick too.

    python -m uvicorn bench.bare_app:app --port 8001
"""

from fastapi import FastAPI

app = FastAPI()


@app.get("/health")
def health() -> dict[str, bool]:
    return {"ok": True}
