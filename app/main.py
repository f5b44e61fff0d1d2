"""The web app: for now the home page and a health route; the table arrives with issue 4."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

ROOT = Path(__file__).resolve().parent.parent
templates = Jinja2Templates(directory=ROOT / "templates")

app = FastAPI(title="Chaharbargh", docs_url=None, redoc_url=None)


@app.get("/health")
def health() -> dict[str, str]:
    """For the container's healthcheck and load balancers."""
    return {"status": "ok"}


@app.get("/", response_class=HTMLResponse)
def home(request: Request) -> HTMLResponse:
    return templates.TemplateResponse(request, "home.html")
