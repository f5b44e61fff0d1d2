"""Tables set up for the layout and accessibility tests, without clicking through whole rounds.

- `drive` plays a stored match on through the service (the person's first legal move, the
  computer's own moves, the next round after each sheet) until a condition holds: the browser
  then opens the match at its address, as a player coming back to it would.
- `deal_position` makes the live server deal its new Chaharbargh matches from a position given
  as position text (`engine.from_text`, docs/engine.md "Positions as text") instead of from
  their seed: a test-only swap of the registered game's `new_match` (`engine.games`), which every
  load replays the stored moves from, so moves made at the table are stored and replayed as usual.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.seating import rules_for
from app.seats import CREATOR
from app.service import MatchService
from app.table import Table
from engine import CARDS, from_text, games, new_match, to_text


def url_of(loaded: Table) -> str:
    return f"/m/{loaded.match.id}/{loaded.key}"


def drive(service: MatchService, match_id: str, secret: str, until: Callable[[Table], bool]) -> Table:
    """Play the stored match on until `until(loaded)` (or its end): the person plays the first legal move."""
    loaded = service.load(match_id, secret)
    while not until(loaded) and not loaded.over:
        if loaded.sheet_pending:
            loaded = service.next_round(match_id, secret, loaded.ply)
        elif loaded.state.turn == loaded.seat:
            loaded = service.play(match_id, secret, loaded.ply, loaded.state.legal_moves()[0])
        else:
            loaded = service.computer(match_id, secret, loaded.ply)
    return loaded


def position(hands: list[str], table: str, stock: str, deal: int) -> str:
    """The position text of a table-preset match for `len(hands)` seats (the rules the home
    page's defaults give), the person to play in deal number `deal`, with these hands, table and
    stock; the other cards of the deck are in the piles, dealt round the seats in card order."""
    players = len(hands)
    start = to_text(new_match(0, rules_for("chaharbargh", "table", players=players)))
    used = {code for group in [*hands, table, stock] for code in group.split(",") if code != "-"}
    rest = [str(card) for card in CARDS if str(card) not in used]
    piles = [",".join(rest[seat::players]) or "-" for seat in range(players)]
    fields = dict(field.split("=", 1) for field in start.split(" ")[1:])
    fields.update(
        deal=str(deal), dealer=str(players - 1), turn=str(CREATOR), hands="/".join(hands), table=table,
        stock=stock, piles="/".join(piles), surs="-", last="-", shown="-",
    )  # fmt: skip
    return " ".join([start.split(" ")[0], *(f"{k}={v}" for k, v in fields.items())])


def deal_position(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """New Chaharbargh matches start from `text` (their seed and stored rules are not read)."""
    from_text(text)  # a position that does not read fails here, in the test, not in the server
    monkeypatch.setattr(games.get("chaharbargh"), "new_match", lambda *_: from_text(text))
