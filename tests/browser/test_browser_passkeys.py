"""Passkeys in chromium, with its virtual authenticator (CDP `WebAuthn.addVirtualAuthenticator`,
through Playwright's CDP session): a person plays a move on a laptop (context A), adds a passkey
on `/me`, and a phone (context B, a cookie of its own) signs in with the same passkey, finds the
match on its `/me`, resumes it and plays on.

"The same passkey on another device", to chromium, is the credential copied from A's
authenticator (`WebAuthn.getCredentials`) into B's (`WebAuthn.addCredential`), as a passkey
manager syncs it. WebAuthn needs a secure context and a host name as the RP ID: the pages are
opened as http://localhost:PORT (localhost is secure; 127.0.0.1 cannot be an RP ID).
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, CDPSession, Page

from app.i18n import t
from tests.browser.browser_helpers import game, prepare_move, settle
from tests.browser.test_browser_seats import choose_game
from tests.conftest import PHONE

DESKTOP = {"width": 1280, "height": 800}
# A platform authenticator that holds discoverable passkeys and verifies its person at once
AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}


def device(browser, port: int, viewport: dict[str, int]) -> tuple[BrowserContext, Page, CDPSession, str]:
    """A fresh context at http://localhost:`port` with a virtual authenticator of its own."""
    context = browser.new_context(base_url=f"http://localhost:{port}", viewport=viewport)
    context.set_default_timeout(15_000)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    authenticator = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})["authenticatorId"]
    return context, page, cdp, authenticator


def test_a_passkey_added_on_a_laptop_signs_a_phone_in_to_the_same_matches(browser, live_server):
    server = live_server()
    laptop_context, laptop, laptop_cdp, laptop_key = device(browser, server.port, DESKTOP)
    phone_context, phone, phone_cdp, phone_key = device(browser, server.port, PHONE)
    try:
        url = choose_game(laptop, 2, 11, preset="pagat")
        state = settle(laptop, ("", -1))
        if state[0] != "your-turn":
            state = settle(laptop, state)
        prepare_move(laptop)
        laptop.click("#action")
        state = settle(laptop, game(laptop))
        match_id = url.split("/m/")[1].split("/")[0]

        laptop.goto("/me?lang=en")
        assert laptop.inner_text("#passkey-add") == "Keep my games on my other devices"
        assert laptop.is_hidden("#passkey-unsupported")
        laptop.click("#passkey-add")
        laptop.wait_for_selector("#passkey-list li[data-passkey]")
        assert laptop.inner_text("#message") == t("en", "passkey_added")
        [credential] = laptop_cdp.send("WebAuthn.getCredentials", {"authenticatorId": laptop_key})["credentials"]
        assert credential["isResidentCredential"] and credential["rpId"] == "localhost"
        assert laptop.get_attribute("#passkey-list li", "data-passkey") == credential["credentialId"].replace(
            "+", "-"
        ).replace("/", "_").rstrip("=")

        phone_cdp.send("WebAuthn.addCredential", {"authenticatorId": phone_key, "credential": credential})
        phone.goto("/me?lang=en")
        assert phone.locator("#me-matches li[data-match]").count() == 0
        phone.click("#passkey-signin")
        phone.wait_for_selector(f'#me-matches li[data-match="{match_id}"]')
        assert phone.inner_text("#message") == t("en", "passkey_signed_in")
        phone.click(f'#me-matches li[data-match="{match_id}"] .history-actions a')
        phone.wait_for_selector(f'#game[data-ply="{state[1]}"]')
        assert game(phone) == state  # the same table, where the laptop left it
        prepare_move(phone)
        phone.click("#action")
        settle(phone, state)
        laptop.goto(url)
        assert game(laptop)[1] > state[1]  # the phone's move is the laptop's too

        [used] = phone_cdp.send("WebAuthn.getCredentials", {"authenticatorId": phone_key})["credentials"]
        assert used["signCount"] > credential["signCount"]  # the phone's authenticator counted the sign-in
    finally:
        laptop_context.close()
        phone_context.close()
