from fastapi.testclient import TestClient

from app.main import app

client = TestClient(app)


def test_health_route_answers_ok():
    response = client.get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_home_page_is_persian_first():
    response = client.get("/")
    assert response.status_code == 200
    assert '<html lang="fa" dir="rtl">' in response.text
    assert "چهاربرگ" in response.text
