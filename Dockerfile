# Chaharbargh web table: one uvicorn worker on SQLite kept in the /data volume (or, with
# DATABASE_URL set to PostgreSQL, WEB_CONCURRENCY workers: see docs/deploy.md).
#   docker build -t chaharbargh .
#   docker run -p 8000:8000 -v chaharbargh-data:/data chaharbargh
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    CHAHARBARGH_DB=/data/chaharbargh.db \
    CHAHARBARGH_DATA=/data \
    WEB_CONCURRENCY=1

WORKDIR /srv
RUN useradd --create-home --uid 10001 chaharbargh \
    && mkdir -p /data \
    && chown chaharbargh:chaharbargh /data

# The exact, hash-checked versions of requirements.txt (the lock), then the project without
# dependencies. The app finds templates/, static/ and alembic/ next to its package, so it is
# installed in place.
COPY requirements.txt ./
RUN pip install --require-hashes -r requirements.txt
COPY pyproject.toml README.md LICENSE alembic.ini ./
COPY engine ./engine
COPY app ./app
COPY alembic ./alembic
COPY templates ./templates
COPY static ./static
RUN pip install --no-deps -e . \
    && python -m babel.messages.frontend compile --domain messages --directory app/locale

USER chaharbargh
VOLUME ["/data"]
EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=3s --start-period=15s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/health', timeout=2).status != 200)"]

# Migrations are their own step, before any worker starts. SQLite: one worker (the default);
# with DATABASE_URL=postgresql+psycopg://... set WEB_CONCURRENCY to about one per core.
# Set CHAHARBARGH_ALLOWED_HOSTS to the public host name (the default answers localhost and
# 127.0.0.1 only) and CHAHARBARGH_HTTPS_ONLY=1 behind HTTPS: see docs/deploy.md. The app's
# factory puts the secret-redacting filter on uvicorn's access log, so the log stays on.
# app.serving's protocol closes connections that send nothing for the keep-alive or do not
# deliver a whole request in CHAHARBARGH_REQUEST_TIMEOUT seconds; --limit-concurrency answers 503
# at once past 1,000 connections per worker (the same flags as scripts/dev.py serve).
CMD ["sh", "-c", "alembic upgrade head && exec uvicorn --factory app.main:create_app --host 0.0.0.0 --port 8000 --proxy-headers --http app.serving:Protocol --timeout-keep-alive 5 --limit-concurrency 1000 --timeout-graceful-shutdown 5"]
