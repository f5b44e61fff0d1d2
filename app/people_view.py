"""What `/me` shows of the people a person played with and of the invitations waiting for them
(app/invitations.py reads both)."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from .i18n import day, digits, nt, t
from .invitations import Invitations, played_with
from .names import shown_name
from .summary import Listed


@dataclass(frozen=True)
class PersonItem:
    """One person played with: their name, the record against them, and the match "invite
    again" copies (the newest played together)."""

    person: str
    name: str | Markup
    record: str
    together: str
    match: str


@dataclass(frozen=True)
class InvitationItem:
    """An invitation waiting: who asks, to which game, since when, and the seat's invite."""

    match: str
    words: str
    since: str
    url: str


def people_items(invitations: Invitations, items: list[Listed], me: str | None, lang: str) -> list[PersonItem]:
    """The people of `items` (the person's matches, at their seats), the most recently met first."""
    if me is None:
        return []
    found = played_with(items, me)
    fallback = invitations.names([p.person for p in found if not p.name])
    made = []
    for p in found:
        name = shown_name(p.name or fallback.get(p.person, ""), lang) or t(lang, "people_someone")
        record = t(
            lang, "people_record", won=digits(p.won, lang), lost=digits(p.lost, lang), drawn=digits(p.drawn, lang)
        )
        together = nt(lang, "people_together_one", "people_together", p.together, n=digits(p.together, lang))
        made.append(PersonItem(p.person, name, record, together, p.last.match.id))
    return made


def invitation_items(
    invitations: Invitations, me: str | None, lang: str, titles: dict[str, str]
) -> list[InvitationItem]:
    """The invitations waiting for `me`, each with the link that takes its seat."""
    if me is None:
        return []
    made = []
    for o in invitations.open_for(me):
        host = shown_name(o.host, lang) or t(lang, "join_host")
        words = t(lang, "invitation_from", host=host, game=titles.get(o.game, o.game))
        made.append(InvitationItem(o.match_id, words, day(o.at, lang), f"/m/{o.match_id}/join/{o.code}"))
    return made
