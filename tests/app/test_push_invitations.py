"""An invitation told by a notification: "invite again" queues "an invitation from X" to each
device of the person invited, opening the seat's invite link (the one their `/me` lists), unless
they turned invitations off. Delivered to the test's push service, which decrypts it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.i18n import t
from app.models import PushJob
from tests.app.app_helpers import Clock, clocked_app, dom
from tests.app.push_service import PushService
from tests.app.test_people import played
from tests.app.test_push import count, subscribe


@pytest.fixture
def app(db_url: str):
    return clocked_app(db_url, Clock(), push_worker=False, push_services=("http://127.0.0.1",))


@pytest.fixture
def push():
    with PushService() as service:
        yield service


def test_invite_again_tells_the_invited_person_on_each_device_unless_turned_off(app, push):
    with (
        TestClient(app, base_url="http://127.0.0.1:8000") as ali,
        TestClient(app, base_url="http://127.0.0.1:8000") as sara,
        TestClient(app, base_url="http://127.0.0.1:8000") as sara_phone,
    ):
        ali_url, _ = played(ali, sara)
        subscribe(sara, push, "sara-laptop", "en")
        sara_phone.cookies = sara.cookies  # the same person on another device
        subscribe(sara_phone, push, "sara-phone", "fa")
        subscribe(ali, push, "ali", "en")
        assert count(app, PushJob) == 0  # subscribed after the match ended: nothing to tell yet

        again = ali.post("/me/invite-again", data={"match": ali_url.split("/")[2]}, follow_redirects=False)
        assert again.status_code == 303
        new_id = again.headers["location"].split("/")[2]
        link = dom(sara.get("/me?lang=en").text).select_one(f'#invitations li[data-invitation="{new_id}"] a')["href"]
        assert link.startswith(f"/m/{new_id}/join/")
        assert app.state.push.run_due() == 2
        got = {r.device: r.payload for r in push.received}
        assert got == {
            "sara-laptop": {
                "title": t("en", "title"),
                "body": t("en", "push_invite", name="Ali"),
                "url": link,
                "tag": link,
            },
            "sara-phone": {
                "title": t("fa", "title"),
                "body": t("fa", "push_invite", name="Ali"),
                "url": link,
                "tag": link,
            },
        }
        assert t("en", "push_invite", name="Ali") == "Ali invites you to a table."

        push.received.clear()
        kinds = ["turn", "remind", "seat", "rematch", "over"]  # everything but invitations
        assert sara.post("/me/notifications", data={"kind": kinds}).status_code == 200
        assert ali.post("/me/invite-again", data={"match": ali_url.split("/")[2]}).status_code == 200
        assert count(app, PushJob) == 0 and app.state.push.run_due() == 0 and push.received == []
