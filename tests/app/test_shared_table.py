"""Friends at one table: seats for people and computers from the home
form, invite links, taking a seat, moves from each person's own address, the creator starting
without the people not come, and a whole two-person match played to the end through HTTP.

Each person is a separate TestClient on the same app: a browser with its own cookies."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.i18n import card_name, t
from engine import CARDS, games
from tests.app.app_helpers import HX, attribute_values, dom, game_state, in_view, leaks, one, text_of, words


@pytest.fixture
def friend(app) -> Iterator[TestClient]:
    with TestClient(app) as other:
        yield other


def create(client: TestClient, **form: str) -> str:
    made = client.post("/matches", data={"level": "easy", **form}, follow_redirects=False)
    assert made.status_code == 303, made.text
    return made.headers["location"]


def invite_of(page: str, seat: int) -> str:
    return one(page, f'#invites a[data-invite-seat="{seat}"]')["href"]


def join(client: TestClient, invite: str, name: str) -> str:
    taken = client.post(invite, data={"name": name}, follow_redirects=False)
    assert taken.status_code == 303, taken.text
    return taken.headers["location"]


def service(client: TestClient):
    return client.app.state.service


def seat_loaded(client: TestClient, url: str):
    _, _, match_id, secret = url.split("/")
    return service(client).load(match_id, secret)


def test_a_person_seat_waits_for_its_friend_who_joins_by_the_invite_and_sees_only_their_own_hand(client, friend):
    url = create(client, players="2", seat1="person", target="11")
    page = client.get(url + "?lang=en").text
    assert game_state(page) == ("waiting", 0)
    assert text_of(page, "#hint") == t("en", "waiting_for_players") + " " + t("en", "refresh")
    assert one(page, "#refresh")["href"] == url  # without JavaScript: a link asks again
    invite = invite_of(page, 1)
    assert re.fullmatch(r"/m/[\w-]+/join/[\w-]{32}", invite)
    # nobody moves while a seat is empty: not the creator, not the computer
    first = str(seat_loaded(client, url).game.legal_moves(seat_loaded(client, url).state)[0])
    refused = client.post(url + "/move", data={"ply": 0, "card": first.split("+")[0]}, headers=HX)
    assert refused.status_code == 409 and text_of(refused.text, "#message") == t("en", "msg_waiting_players")

    # opening the invite (a link preview does the same) takes nothing
    opened = friend.get(invite + "?lang=en")
    assert opened.status_code == 200 and one(opened.text, "#take-seat")
    assert game_state(client.get(url).text)[0] == "waiting"

    seat_url = join(friend, invite, "<b>Maryam</b>")
    match_id, creator_secret = url.split("/")[2:]
    assert seat_url.startswith(f"/m/{match_id}/") and creator_secret not in seat_url
    mine = friend.get(seat_url + "?lang=en").text
    theirs = client.get(url + "?lang=en").text
    assert game_state(mine)[0] in ("your-turn", "their-turn") and game_state(theirs)[0] in ("your-turn", "their-turn")
    assert game_state(mine)[0] != game_state(theirs)[0]  # one of the two is to play
    assert not dom(theirs).select("#invites")  # every seat is taken
    # the name is shown as text, never as markup, on the creator's table
    assert "<b>Maryam</b>" not in theirs and "&lt;b&gt;Maryam&lt;/b&gt;" in theirs
    # each page holds its own seat's hand and nothing of the other's, nor the other's address
    state = seat_loaded(client, url).state
    for page_html, seat, other in ((theirs, 0, 1), (mine, 1, 0)):
        shown = {b["data-card"] for b in dom(page_html).select("#hand [data-card]")}
        assert shown == {str(c) for c in state.hand(seat)}
        assert not {str(c) for c in state.hand(other)} & {e["data-card"] for e in dom(page_html).select("[data-card]")}
    assert creator_secret not in mine and invite.split("/")[-1] not in mine
    assert seat_url.split("/")[-1] not in theirs


def test_an_invite_is_taken_once_and_a_seat_plays_only_its_own_turns(app, client, friend):
    url = create(client, players="2", seat1="person")
    invite = invite_of(client.get(url).text, 1)
    # a name that is blank, or that would turn the text around it (U+202E), is asked for again
    for bad, message in (("   ", "msg_bad_name"), ("\u202eevil", "msg_name_hidden")):
        refused = friend.post(invite + "?lang=en", data={"name": bad}, follow_redirects=False)
        assert refused.status_code == 400 and text_of(refused.text, "#message") == t("en", message)
        assert one(refused.text, "#join-form #take-seat") and not seat_loaded(client, url).seats.claimed(1)
    seat_url = join(friend, invite, "Ali")
    with TestClient(app) as late:
        again = late.get(invite + "?lang=en")
        assert again.status_code == 409 and text_of(again.text, "#message") == t("en", "msg_seat_taken")
        assert late.post(invite, data={"name": "Reza"}, follow_redirects=False).status_code == 409
    # the browser that took it is sent to its table
    back = friend.get(invite, follow_redirects=False)
    assert back.status_code == 303 and back.headers["location"] == seat_url

    loaded = seat_loaded(client, url)
    turn = loaded.turn
    mover, waiter = ((client, url), (friend, seat_url)) if turn == 0 else ((friend, seat_url), (client, url))
    move = loaded.game.legal_moves(loaded.state)[0]
    card, takes = str(move.card), [str(c) for c in move.takes]
    out_of_turn = waiter[0].post(waiter[1] + "/move", data={"ply": 0, "card": card, "take": takes}, headers=HX)
    assert out_of_turn.status_code == 409 and seat_loaded(client, url).ply == 0
    played = mover[0].post(mover[1] + "/move", data={"ply": 0, "card": card, "take": takes}, headers=HX)
    assert played.status_code == 200 and seat_loaded(client, url).ply == 1
    assert game_state(waiter[0].get(waiter[1]).text) == ("your-turn", 1)
    # a forged move from the seat to play changes nothing
    forged = waiter[0].post(waiter[1] + "/move", data={"ply": 1, "card": card}, headers=HX)
    assert forged.status_code == 400 and seat_loaded(client, url).ply == 1


def test_the_creator_may_start_without_the_people_not_come(client, friend):
    url = create(client, players="3", seat1="person", seat2="person")
    page = client.get(url).text
    join(friend, invite_of(page, 1), "Sara")
    seat_url = friend.get("/", follow_redirects=False)  # the joined match is in the friend's list
    assert one(seat_url.text, "#saved a")["href"].split("/")[3] != url.split("/")[3]
    friend_url = one(seat_url.text, "#saved a")["href"]
    assert friend.post(friend_url + "/fill", data={"ply": 0}, headers=HX).status_code == 403
    started = client.post(url + "/fill", data={"ply": 0}, headers=HX)
    assert started.status_code == 200 and game_state(started.text)[0] != "waiting"
    loaded = seat_loaded(client, url)
    assert loaded.seats.people == (0, 1) and not loaded.seats.person(2) and not loaded.waiting


def test_partners_at_a_four_seat_table_see_each_other_by_name_and_never_each_others_hand(client, friend):
    url = create(client, players="4", seat2="person", level="medium", name="  Ali <i>  ")
    invite = invite_of(client.get(url).text, 2)
    lead = text_of(friend.get(invite + "?lang=en").text, "#join-lead")
    assert lead == t("en", "join_lead", host="Ali <i>", game=t("en", "game_chaharbargh"), n="4")
    seat_url = join(friend, invite, "Nima")
    creator, partner = client.get(url + "?lang=en").text, friend.get(seat_url + "?lang=en").text
    assert text_of(creator, "#seat-2 .who b") == "Nima"
    assert text_of(partner, "#seat-0 .who b") == "Ali <i>" and "<i>" not in partner
    assert one(partner, "#seat-0")["data-partner"] == "true" and one(creator, "#seat-2")["data-partner"] == "true"
    # from the partner's chair, seat 3 is on the right and seat 1 on the left
    assert one(partner, "#seat-3")["data-place"] == "right" and one(partner, "#seat-1")["data-place"] == "left"
    state = seat_loaded(client, url).state
    assert not {str(c) for c in state.hand(0)} & {e["data-card"] for e in dom(partner).select("[data-card]")}
    assert not {str(c) for c in state.hand(2)} & {e["data-card"] for e in dom(creator).select("[data-card]")}


def hidden_from(state, seat: int | None) -> set[str]:
    """Every card of the round `seat` may not see: the other hands but their face-up cards, and the stock."""
    captured = {c for s in range(state.players) for c in state.captured_cards(s)}
    own = set(state.hand(seat)) if seat is not None else set()  # someone watching has no hand
    seen = own | set(state.table) | captured | set(state.face_up)
    return {str(c) for c in CARDS if c not in seen}


def shows_nothing_hidden(html: str, state, seat: int | None, match=None) -> None:
    """No hidden card's code in an attribute, and no hidden card named, in what the page shows;
    nothing anywhere in it of `match`'s seeds or salt."""
    assert match is None or not leaks(html, match), f"seat {seat} is sent a secret of the deal"
    page, hidden = in_view(html), hidden_from(state, seat)
    assert not set(attribute_values(page)) & hidden, f"seat {seat} is sent a hidden card's code"
    text = page.get_text(" ").lower()
    for code in hidden:
        for lang in ("fa", "en"):
            assert card_name(code, lang).lower() not in text, f"seat {seat} is told of hidden {code}"


def play_to_the_end(
    tables: dict[int, tuple[TestClient, str]], limit: int = 400, scan: bool = False, watcher: str | None = None
) -> int:
    """Each seat's person plays their own turns from their own address (the first legal move,
    as the server lists it), the computer seats through /computer, every sheet closed by seat 0.
    With `scan`, every person's table at every ply, and every answer, is checked for hidden
    cards (Chaharbargh), and so is the table at the watch link `watcher`, opened by a browser
    of its own. Returns the number of pages checked."""
    client, url = tables[0]
    checked = 0
    for _ in range(limit):
        loaded = seat_loaded(client, url)
        if scan and loaded.match.game == "chaharbargh" and not loaded.over:
            for seat, (who, where) in tables.items():
                shows_nothing_hidden(who.get(where).text, loaded.state, seat, loaded.match)
                shows_nothing_hidden(who.get(where, headers=HX).text, loaded.state, seat, loaded.match)  # the fragment
                checked += 2
            if watcher is not None:
                with TestClient(client.app) as spectator:
                    shows_nothing_hidden(spectator.get(watcher).text, loaded.state, None, loaded.match)
                    shows_nothing_hidden(spectator.get(watcher, headers=HX).text, loaded.state, None, loaded.match)
                checked += 2
        if loaded.over:
            return checked
        if loaded.sheet_pending:
            assert client.post(url + "/next", data={"ply": loaded.ply}, headers=HX).status_code == 200
            continue
        who, where = tables.get(loaded.turn, (client, url))
        if loaded.turn not in tables:
            assert client.post(url + "/computer", data={"ply": loaded.ply}, headers=HX).status_code == 200
            continue
        move = str(loaded.game.legal_moves(loaded.state)[0])
        if loaded.match.game == "chaharbargh":
            card, _, takes = move.partition("+")
            data = {"ply": loaded.ply, "card": card, "take": takes.split("+") if takes else []}
            answer = who.post(where + "/move", data=data, headers=HX)
        else:
            answer = who.post(where + "/allfours", data={"ply": loaded.ply, "move": move}, headers=HX)
        assert answer.status_code == 200, answer.text
        if scan and not seat_loaded(client, url).over:
            shows_nothing_hidden(answer.text, seat_loaded(client, url).state, loaded.turn, loaded.match)
            checked += 1
    raise AssertionError("the match did not end")


@pytest.mark.one_database  # a whole match's pages: what they show, the same on both databases
def test_two_people_play_a_whole_match_and_each_is_told_the_result_from_their_own_chair(client, friend):
    url = create(client, players="2", seat1="person", target="11")
    seat_url = join(friend, invite_of(client.get(url).text, 1), "Parisa")
    play_to_the_end({0: (client, url), 1: (friend, seat_url)})
    loaded = seat_loaded(client, url)
    winner = loaded.game.winner(loaded.state)
    mine, theirs = client.get(url + "?lang=en").text, friend.get(seat_url + "?lang=en").text
    assert game_state(mine)[0] == game_state(theirs)[0] == "match-over"
    won, lost = t("en", "you_won"), t("en", "seat_won", who="Parisa" if winner == 1 else t("en", "seat_player", n="1"))
    assert (text_of(mine, "#sheet-h") + text_of(theirs, "#sheet-h")).count(won) == 1
    assert lost in (text_of(mine, "#sheet-h") if winner == 1 else text_of(theirs, "#sheet-h"))
    answer = friend.get(seat_url + "/record.json")
    assert answer.headers["cache-control"] == "no-store"  # it names the people: no cache keeps it
    assert answer.json()["seats"] == [t("en", "seat_player", n=1), "Parisa"]
    # the rematch seats the same people: whoever asks lands at their own new seat
    again = friend.post(seat_url + "/rematch", follow_redirects=False)
    new_url = again.headers["location"]
    new = seat_loaded(friend, new_url)
    assert new.seat == 1 and new.seats.name(1) == "Parisa" and not new.waiting and new.match.id != loaded.match.id
    # the creator's finished table now offers their own seat in it, not a second rematch
    ended = client.get(url + "?lang=en").text
    assert not dom(ended).select("#rematch") and text_of(ended, "#join-rematch") == t("en", "join_rematch")
    mine = seat_loaded(client, one(ended, "#join-rematch")["href"])
    assert mine.match.id == new.match.id and mine.seat == 0


@pytest.mark.one_database  # a whole match's pages: what they show, the same on both databases
def test_all_fours_with_a_friend_plays_to_the_end_through_the_same_routes(client, friend):
    url = create(client, game="allfours", players="2", seat1="person")
    seat_url = join(friend, invite_of(client.get(url).text, 1), "Omid")
    play_to_the_end({0: (client, url), 1: (friend, seat_url)}, limit=2000)
    assert games.get("allfours").winner(seat_loaded(client, url).state) is not None


@pytest.mark.one_database  # a whole match's pages: what they show, the same on both databases
def test_a_team_match_of_two_partners_and_two_computers_hides_every_hand_from_every_other_seat(client, friend):
    """Partners see neither each other's hand nor the computers', and someone watching sees no
    hand at all: every page and every fragment of both people and of the watch link, at every
    ply of a whole four-seat match, is scanned, for the deal's secrets too (seeds and salt)."""
    service(client).new_bot_seed = lambda: 5_512_880_120_447_391_627  # as long as a real one: a leak would show
    url = create(client, players="4", seat2="person", target="11")
    seat_url = join(friend, invite_of(client.get(url).text, 2), "Leila")
    watch = one(client.get(url).text, "#watch-link")["href"]
    assert one(friend.get(seat_url).text, "#watch-link")["href"] == watch  # one link, offered to each person
    checked = play_to_the_end({0: (client, url), 2: (friend, seat_url)}, limit=600, scan=True, watcher=watch)
    assert checked > 300 and seat_loaded(client, url).over


def test_two_people_racing_for_one_invite_get_one_seat_between_them(app, client):
    """Eight browsers take the same invite at once: one is seated, the others are told it is taken."""
    from concurrent.futures import ThreadPoolExecutor

    url = create(client, players="2", seat1="person")
    invite = invite_of(client.get(url).text, 1)

    def take(n: int) -> int:
        with TestClient(app) as other:
            return other.post(invite, data={"name": f"p{n}"}, follow_redirects=False).status_code

    with ThreadPoolExecutor(8) as pool:
        answers = sorted(pool.map(take, range(8)))
    assert answers == [303] + [409] * 7
    assert seat_loaded(client, url).seats.name(1) in {f"p{n}" for n in range(8)}


def test_each_invite_says_where_its_seat_is_from_the_creators_chair(client):
    """Four seats: the next to play after the creator sits on their right, the partner opposite."""
    url = create(client, players="4", seat1="person", seat2="person", seat3="easy", target="11")
    page = client.get(url + "?lang=en").text
    labels = [words(li.select_one(".who")) for li in dom(page).select("#invites li")]
    assert labels == ["Player 2 (an opponent, on your right)", "Player 3 (your partner, opposite you)"]
    # and the invite's own page tells the friend where they will sit, from the engine's teams
    host = t("en", "join_host")
    for seat, said in ((1, t("en", "join_as_opponent_team", host=host)), (2, t("en", "join_as_partner", host=host))):
        assert text_of(client.get(invite_of(page, seat) + "?lang=en").text, "#join-seat") == said
    two = client.get(create(client, players="2", seat1="person", target="11") + "?lang=en").text
    against = t("en", "join_as_opponent", host=host)
    assert text_of(client.get(invite_of(two, 1) + "?lang=en").text, "#join-seat") == against
