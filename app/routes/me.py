"""The person's own page (`/me`): every match they sit at, at any seat, read from their seat
rows rather than this browser's cookie, and the one-time link that brings another device
(`/link/{code}`: the link's page asks, its form uses the link). app/people.py keeps both.
The page also lists the person's passkeys, whose ceremonies are app/routes/passkeys.py's, their
ratings (app/rating_view.py), their progress in the reviews (app/progress_view.py), the people
they played with and the invitations waiting for them (app/people_view.py; "invite again", the
export and deleting oneself are app/routes/people.py's)."""

from __future__ import annotations

from functools import partial
from typing import Annotated, cast

import segno
from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response
from markupsafe import Markup

from ..forms import FormModel
from ..games import titles
from ..history_view import history
from ..i18n import day, digits, nt, t
from ..invitations import Invitations
from ..passkeys import Passkeys
from ..people import LINK_TIME, People
from ..people_view import invitation_items, people_items
from ..progress_view import progress_of
from ..push import KINDS, Subscriptions
from ..puzzles import Puzzles
from ..puzzles_view import standing_view
from ..rating_view import rating_items
from ..sessions import become, known_person, person_of
from ..slow_games import slow_games
from ..web import Lang, Service, get_service, render
from .home import remember, remembered

router = APIRouter()


def people_of(request: Request) -> People:
    return cast(People, request.app.state.people)


def passkeys_of(request: Request) -> Passkeys:
    return cast(Passkeys, request.app.state.passkeys)


# What `/me?done=...` says after a passkey form (app/routes/passkeys.py) or a device link
DONE = {
    "linked": "me_linked",
    "added": "passkey_added",
    "removed": "passkey_removed",
    "signed-in": "passkey_signed_in",
    "deleted": "me_deleted",
    "notifications": "notify_saved",  # the notifications' form (app/routes/push.py)
}


def _me_page(request: Request, lang: str, service: Service, status: int = 200, **values: object) -> Response:
    person = known_person(request.session)
    seats = [] if person is None else people_of(request).seats(person)
    items = service.listed([(match_id, seat) for match_id, seat, _ in seats])
    entries = history(items, lang, titles(lang))
    once = t(lang, "me_link_once", minutes=digits(int(LINK_TIME.total_seconds() // 60), lang))
    keys = [] if person is None else passkeys_of(request).of(person)
    label, added = (partial(t, lang, key) for key in ("passkey_label", "passkey_added_on"))
    held = [(key.id, label(n=digits(key.label, lang)), added(day=day(key.created_at, lang))) for key in keys]
    slow = slow_games(service, person, lang, titles(lang))
    asked = request.query_params.get("rating", "")
    ratings, rating_chart = rating_items(service.engine, person, lang, titles(lang), asked)
    values.update(current="me", entries=entries, once=once, held=held, slow=slow)
    values.update(ratings=ratings, rating_chart=rating_chart)
    values.update(puzzles=standing_view(cast(Puzzles, request.app.state.puzzles).standing(person), lang))
    pairs, reviews = [(match_id, seat) for match_id, seat, _ in seats], {e.id: e.review_url for e in entries}
    values.update(progress=progress_of(service.engine, person, pairs, lang, titles(lang), reviews))
    # notifications: offered to a person who has sat somewhere (never a first visit's prompt)
    devices, off = cast(Subscriptions, request.app.state.subscriptions).of(person)
    kinds = [(kind, t(lang, f"notify_kind_{kind}"), kind not in off) for kind in KINDS]
    devices_words = nt(lang, "notify_devices_one", "notify_devices", devices, n=digits(devices, lang))
    values.update(
        notify_key=request.app.state.vapid_public if entries else "",
        devices=devices_words if devices else "",
        kinds=kinds,
    )
    invitations = cast(Invitations, request.app.state.invitations)
    values.update(people=people_items(invitations, items, person, lang))
    values.update(invitations=invitation_items(invitations, person, lang, titles(lang)))
    return render(request, "me.html", lang, status=status, address="/me", **values)


def refused_me(request: Request, lang: str, key: str, status: int) -> Response:
    """A refused passkey form (app/errors.py): `/me` again, with the reason, in the player's language."""
    return _me_page(request, lang, get_service(request), status=status, message=t(lang, key), refused=True)


@router.get("/me")
def show_me(request: Request, lang: Lang, service: Service) -> Response:
    done = DONE.get(request.query_params.get("done", ""))
    if request.query_params.get("linked") == "1":
        done = DONE["linked"]
    return _me_page(request, lang, service, message=done and t(lang, done))


@router.post("/me/device-link")
def make_device_link(request: Request, lang: Lang, service: Service) -> Response:
    """A new one-time link for this browser's person (a browser that has sat nowhere yet becomes
    one), answered with the page showing it and its QR code, drawn here as SVG by segno."""
    code = people_of(request).new_link(person_of(request.session))
    link = str(request.url_for("show_link", code=code))
    svg = segno.make(link, error="m").svg_inline(scale=4, svgid="device-qr", title=t(lang, "me_qr_title"))
    return _me_page(request, lang, service, link=link, qr=Markup(svg))  # segno's SVG: the link is its only input


@router.get("/link/{code}")
def show_link(request: Request, code: str, lang: Lang) -> Response:
    """What the link does, asked before it is used (a link preview opening it uses nothing):
    a browser with matches of its own chooses whether they come along."""
    person = people_of(request).link_of(code)
    here = known_person(request.session)
    own = {match_id for match_id, _ in remembered(request)}
    if here is not None:
        own |= {match_id for match_id, _, _ in people_of(request).seats(here)}
    words = t(lang, "link_own", n=digits(len(own), lang)) if own else ""
    return render(request, "link.html", lang, code=code, own=words, already=here == person)


class LinkForm(FormModel):
    """The link's page: yes, and whether this browser's own matches come along."""

    bring: bool = False


@router.post("/link/{code}")
def use_link(request: Request, code: str, form: Annotated[LinkForm, Form()]) -> Response:
    """This browser becomes the link's person, with every match of theirs in its lists."""
    people = people_of(request)
    person = people.use_link(code, known_person(request.session), form.bring)
    become(request.session, person)
    for match_id, seat, practice in reversed(people.seats(person)):  # the newest last: first in the lists
        remember(request, match_id, practice=practice, seat=seat)
    return RedirectResponse("/me?linked=1", status_code=303)
