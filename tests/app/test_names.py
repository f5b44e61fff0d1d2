"""Display names through the real forms: the creator's (the home form's `name`) and a friend's
(the invite's). Every kind of name that draws nothing, hides a control, turns the text's
direction or copies what the table calls a seat is refused with its own message in the asker's
language and changes nothing; ordinary Persian and English names, ZWNJ inside a word included,
are taken as they are (spaces at their ends dropped)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from app.i18n import t
from app.main import create_app
from app.settings import Settings
from tests.app.app_helpers import HX, Clock, attribute_values, dom, migrate, one, text_of
from tests.app.test_shared_table import join, play_to_the_end

ZWNJ, ZWJ = "\u200c", "\u200d"

BAD = [  # (what it is, the name, the reason expected)
    ("empty", "", "bad_name"),
    ("only spaces", "   \u00a0\u3000", "bad_name"),
    ("25 letters", "a" * 25, "bad_name"),
    ("C1 control U+0080", "\u0080Ali", "name_hidden"),
    ("C1 control U+0085 (NEL) at the end", "Ali\u0085", "name_hidden"),
    ("C1 control U+009F", "Al\u009fi", "name_hidden"),
    ("C0 control (tab)", "Ali\tReza", "name_hidden"),
    ("DEL", "Ali\u007f", "name_hidden"),
    ("zero-width space alone", "\u200b", "name_hidden"),
    ("zero-width space inside", "Ali\u200bReza", "name_hidden"),
    ("word joiner", "\u2060", "name_hidden"),
    ("byte order mark", "\ufeffAli", "name_hidden"),
    ("soft hyphen", "Ali\u00ad", "name_hidden"),
    ("left-to-right mark", "\u200eAli", "name_hidden"),
    ("right-to-left mark", "Ali\u200f", "name_hidden"),
    ("Arabic letter mark", "\u061cعلی", "name_hidden"),
    ("right-to-left override", "\u202eevil", "name_hidden"),
    ("first strong isolate", "\u2068Ali\u2069", "name_hidden"),
    ("line separator", "\u2028Ali", "name_hidden"),
    ("paragraph separator", "Ali\u2029", "name_hidden"),
    ("tag characters only", "\U000e0041\U000e0042", "name_hidden"),
    ("a tag character after a letter", "Ali\U000e0001", "name_hidden"),
    ("Hangul filler U+3164", "\u3164", "name_blank"),
    ("Hangul fillers U+115F U+1160", "\u115f\u1160", "name_blank"),
    ("halfwidth Hangul filler U+FFA0", "\uffa0\uffa0", "name_blank"),
    ("braille blank U+2800", "\u2800", "name_blank"),
    ("a lone combining mark", "\u0301", "name_blank"),
    ("Persian vowel marks alone", "\u064e\u0650", "name_blank"),
    ("punctuation alone", "...", "name_blank"),
    ("ZWNJ alone", ZWNJ, "name_joiner"),
    ("ZWJ alone", ZWJ, "name_joiner"),
    ("ZWNJ at the start", ZWNJ + "مریم", "name_joiner"),
    ("ZWNJ at the end", "مریم" + ZWNJ, "name_joiner"),
    ("two ZWNJ", "محمد" + ZWNJ + ZWNJ + "رضا", "name_joiner"),
    ("ZWNJ beside a space", "علی " + ZWNJ + "رضا", "name_joiner"),
    ("ZWJ before a digit", "Ali" + ZWJ + "2", "name_joiner"),
    ("You", "You", "name_reserved"),
    ("YOU in capitals, spaced", "  YOU ", "name_reserved"),
    ("fullwidth You", "\uff39\uff4f\uff55", "name_reserved"),
    ("You with a blank filler", "You\u3164", "name_reserved"),
    ("شما", "شما", "name_reserved"),
    ("Computer 2", "Computer 2", "name_reserved"),
    ("Computer with Persian digit and two spaces", "computer  ۲", "name_reserved"),
    ("رایانهٔ ۲", "رایانهٔ ۲", "name_reserved"),
    ("رایانه 2 with a Latin digit, no ezafe", "رایانه 2", "name_reserved"),
    ("رایانه with Arabic yeh", "رايانه ۳", "name_reserved"),
    ("Player 3", "Player 3", "name_reserved"),
    ("بازیکن ۴", "بازیکن ۴", "name_reserved"),
    ("Computer", "Computer", "name_reserved"),
    ("رایانه", "رایانه", "name_reserved"),
    ("Your partner", "your partner", "name_reserved"),
    ("یار شما", "یار شما", "name_reserved"),
    ("Partner", "Partner", "name_reserved"),
    ("Left opponent", "Left Opponent", "name_reserved"),
    ("حریف چپ", "حریف چپ", "name_reserved"),
    ("Right computer", "Right computer", "name_reserved"),
    ("Team 2", "Team 2", "name_reserved"),
    ("تیم شما", "تیم شما", "name_reserved"),
    ("A friend", "A friend", "name_reserved"),
]

GOOD = [  # (the name as typed, as it is kept)
    ("Maryam", "Maryam"),
    ("مریم", "مریم"),
    ("محمد" + ZWNJ + "رضا", "محمد" + ZWNJ + "رضا"),
    ("  Ali Reza  ", "Ali Reza"),
    ("Zoë", "Zoë"),
    ("R2-D2", "R2-D2"),
    ("علی ۲", "علی ۲"),
    ("Youssef", "Youssef"),
    ("Computer whiz", "Computer whiz"),
    ("x" * 24, "x" * 24),
]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One app for the file, on a SQLite file migrated by Alembic; no new-match limit, since
    each name is tried many times."""
    url = f"sqlite:///{tmp_path_factory.mktemp('names') / 'names.db'}"
    migrate(url)
    return create_app(
        Settings(
            database_url=url,
            round_owner=False,
            secret_key="test-key",
            rate_new="off",
            rate_moves="off",
            review_worker=False,
        )
    )


@pytest.fixture(scope="module")
def client(app) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


def matches(app) -> int:
    with app.state.service.engine.connect() as conn:
        return conn.execute(text("SELECT count(*) FROM match")).scalar_one()


def invite(client: TestClient) -> tuple[str, str]:
    """A new two-seat table with a friend's seat: the creator's address and the invite's."""
    made = client.post("/matches", data={"level": "easy", "seat1": "person"}, follow_redirects=False)
    url = made.headers["location"]
    return url, one(client.get(url).text, '#invites a[data-invite-seat="1"]')["href"]


def seats_of(client: TestClient, url: str):
    _, _, match_id, secret = url.split("/")
    return client.app.state.service.load(match_id, secret).seats


NAMED = [bad for bad in BAD if bad[1]]  # an empty name on the home form is no name: it is optional there


@pytest.mark.parametrize(("kind", "name", "reason"), NAMED, ids=[kind for kind, _, _ in NAMED])
def test_the_home_form_refuses_the_name_with_its_reason_in_either_language(app, client, kind, name, reason):
    before = matches(app)
    for lang in ("fa", "en"):
        form = {"level": "easy", "players": "2", "seat1": "person", "name": name}
        refused = client.post(f"/matches?lang={lang}", data=form, follow_redirects=False)
        assert refused.status_code == 400, kind
        assert text_of(refused.text, "#game .message") == t(lang, f"msg_{reason}"), kind
    assert matches(app) == before


@pytest.mark.parametrize(("kind", "name", "reason"), BAD, ids=[kind for kind, _, _ in BAD])
def test_the_invite_refuses_the_name_with_its_reason_and_the_seat_stays_free(client, kind, name, reason):
    url, code = invite(client)
    with TestClient(client.app) as friend:
        for lang in ("fa", "en"):
            refused = friend.post(f"{code}?lang={lang}", data={"name": name}, follow_redirects=False)
            assert refused.status_code == 400, kind
            assert text_of(refused.text, "#message") == t(lang, f"msg_{reason}"), kind
            assert one(refused.text, "#join-form #take-seat")  # asked again
    seats = seats_of(client, url)
    assert not seats.claimed(1) and seats.name(1) == ""


def test_an_empty_name_on_the_home_form_is_no_name(app, client):
    made = client.post("/matches", data={"level": "easy", "seat1": "person", "name": ""}, follow_redirects=False)
    assert made.status_code == 303 and seats_of(client, made.headers["location"]).name(0) == ""


@pytest.mark.parametrize(("typed", "kept"), GOOD)
def test_ordinary_names_are_taken_on_both_forms(client, typed, kept):
    made = client.post("/matches", data={"level": "easy", "seat1": "person", "name": typed}, follow_redirects=False)
    assert made.status_code == 303, text_of(made.text, "#game .message")
    url = made.headers["location"]
    assert seats_of(client, url).name(0) == kept
    code = one(client.get(url).text, '#invites a[data-invite-seat="1"]')["href"]
    with TestClient(client.app) as friend:
        taken = friend.post(code, data={"name": typed}, follow_redirects=False)
        assert taken.status_code == 303, text_of(taken.text, "#message")
    assert seats_of(client, url).name(1) == kept and seats_of(client, url).claimed(1)


# --- every name drawn bidi-isolated ----------------------------------------------------------

PERSIAN, ENGLISH = "مریم", "Ali 2"  # a name ending in a digit is the one a right-to-left line reorders


def isolated_names(html: str, names: tuple[str, ...]) -> int:
    """Every time one of `names` is in the page's text it is the whole text of a `<bdi>`; no
    markup of it leaks into an attribute or shows as text (escaped), and the title names no
    one. Returns how many times a name was drawn."""
    page = dom(html)
    drawn = 0
    for node in page.find_all(string=True):
        if any(name in node for name in names) and node.parent.name not in ("script", "style"):
            assert node.parent.name == "bdi" and str(node) in names, f"{node!r} in <{node.parent.name}> is not isolated"
            drawn += 1
        assert "<bdi" not in node and "bdi>" not in node, f"markup shown as text: {node!r}"
    for value in attribute_values(page):
        assert "bdi>" not in value and "<bdi" not in value, f"markup in an attribute: {value!r}"
    title = page.title.get_text() if page.title else ""  # a fragment has none
    assert not any(name in title for name in names)
    return drawn


def test_every_page_draws_the_names_bidi_isolated(client):
    """A Persian creator and an English friend ending in a digit, through the invite, the
    waiting table, both tables in play in both languages (seats, score panel, order of play,
    hint, log, phrase, someone away), the watch page, the match end and its replay."""
    clock = Clock()
    service = client.app.state.service
    service.clock = clock
    made = client.post("/matches", data={"level": "easy", "seat1": "person", "target": "11", "name": PERSIAN})
    url = made.url.path
    names = (PERSIAN, ENGLISH)
    code = one(client.get(url).text, '#invites a[data-invite-seat="1"]')["href"]
    with TestClient(client.app) as friend:
        for lang in ("fa", "en"):
            page = friend.get(f"{code}?lang={lang}").text
            assert isolated_names(page, names) == 2  # the lead and where the seat is
            assert one(page, "#name")["dir"] == "auto"
        refused = friend.post(f"{code}?lang=en", data={"name": "You"})
        assert isolated_names(refused.text, names) == 2
        seat_url = join(friend, code, ENGLISH)
        tables = {0: (client, url), 1: (friend, seat_url)}
        assert client.post(url + "/say", data={"phrase": "bravo"}, headers=HX).status_code == 200
        for _ in range(3):  # a few moves, so the log names both
            loaded = service.load(*url.split("/")[2:])
            who, where = tables[loaded.turn]
            card, _, takes = str(loaded.game.legal_moves(loaded.state)[0]).partition("+")
            data = {"ply": loaded.ply, "card": card, "take": takes.split("+") if takes else []}
            assert who.post(where + "/move", data=data, headers=HX).status_code == 200
        loaded = service.load(*url.split("/")[2:])
        waiter, waiter_url = tables[1 - loaded.turn]
        clock.advance(loaded.seats.clock)  # the person to play is away: the others are told who
        assert service.play_due(loaded.match.id)
        watch = one(client.get(url).text, "#watch-link")["href"]
        for lang in ("fa", "en"):
            for who, where in ((client, url), (friend, seat_url), (client, watch)):
                page = who.get(f"{where}?lang={lang}").text
                assert isolated_names(page, names) >= 4, where  # seats, scores, order, log at least
                assert isolated_names(who.get(f"{where}?lang={lang}", headers=HX).text, names) >= 4
            assert dom(client.get(f"{url}?lang={lang}").text).select("#log bdi, #away bdi")  # the log names them
            other = tables[loaded.turn]
            assert isolated_names(other[0].get(f"{other[1]}?lang={lang}").text, names) >= 4
        play_to_the_end(tables)
        for lang in ("fa", "en"):
            for who, where in tables.values():
                ended = who.get(f"{where}?lang={lang}").text
                assert isolated_names(ended, names) >= 3  # the winner, the final totals, the sheet
                assert isolated_names(who.get(f"{where}/replay?ply=3&lang={lang}").text, names) >= 2


def test_all_fours_draws_the_names_bidi_isolated(client):
    """The cut, the decisions and the tricks name the people too."""
    made = client.post("/matches", data={"game": "allfours", "level": "easy", "seat1": "person", "name": PERSIAN})
    url = made.url.path
    code = one(client.get(url).text, '#invites a[data-invite-seat="1"]')["href"]
    with TestClient(client.app) as friend:
        tables = {0: (client, url), 1: (friend, join(friend, code, ENGLISH))}
        service = client.app.state.service
        for _ in range(4):
            loaded = service.load(*url.split("/")[2:])
            who, where = tables[loaded.turn]
            move = str(loaded.game.legal_moves(loaded.state)[0])
            assert who.post(where + "/allfours", data={"ply": loaded.ply, "move": move}, headers=HX).status_code == 200
        for lang in ("fa", "en"):
            for who, where in tables.values():
                page = who.get(f"{where}?lang={lang}").text
                assert isolated_names(page, (PERSIAN, ENGLISH)) >= 4 and dom(page).select("#log bdi")
