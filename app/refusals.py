"""What a request about a match can be refused with, which app/errors.py answers in the
player's language: no such table, a lost race, a refusal with its reason."""

from __future__ import annotations


class NotFound(LookupError):
    """No match with this id and secret."""


class Conflict(RuntimeError):
    """Another transaction changed the match between our read and our write (compare-and-set failed)."""


class Refused(ValueError):
    """A request the table refuses; `reason` is a key of the message dictionary (app/i18n.py);
    `retry_after`: whole seconds until it may be asked again (a 429's `Retry-After`)."""

    def __init__(self, reason: str, status: int = 400, retry_after: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.status = status
        self.retry_after = retry_after
