"""HTTP tests run the real app on a fresh SQLite file made by the Alembic migrations."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.app.app_helpers import migrate


@pytest.fixture
def db_url(tmp_path) -> str:
    url = f"sqlite:///{tmp_path / 'test.db'}"
    migrate(url)
    return url


@pytest.fixture
def app(db_url):
    return create_app(Settings(database_url=db_url, secret_key="test-key", computer_delay_ms=10))


@pytest.fixture
def client(app) -> TestClient:
    with TestClient(app) as c:
        yield c
