"""404 and 405 look like the site: the error page in the player's language (and the other one,
since the language cookie may not have come), with a link home; never JSON."""

from __future__ import annotations

import pytest

from app.i18n import t
from tests.app.app_helpers import one, text_of


@pytest.mark.parametrize("lang", ["fa", "en"])
@pytest.mark.parametrize(
    ("method", "path", "status", "key"),
    [
        ("GET", "/no/such/page", 404, "msg_no_page"),
        ("PUT", "/", 405, "msg_method"),
        ("GET", "/history/x", 404, "msg_no_page"),
    ],
)
def test_unknown_pages_and_methods_answer_the_site_page_with_a_way_home(client, lang, method, path, status, key):
    client.cookies.set("lang", lang)
    response = client.request(method, path)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    html = response.text
    assert one(html, "html")["lang"] == lang
    assert text_of(html, "#game .message") == t(lang, key)
    other = "en" if lang == "fa" else "fa"
    assert text_of(html, "#other-language") == t(other, key)
    assert one(html, '#game a[href="/"]').get_text(strip=True) == t(lang, "home")
    assert one(html, "header a.brand")["href"] == "/"
