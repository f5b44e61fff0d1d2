"""The spectators' streams as a `Broadcast` (app/live.py): each change is read and drawn once for
every spectator in one language, news that comes while it is being drawn is drawn once more after,
and every bell is rung with the table ready. Driven on an event loop of the test's own, with the
preparation held by hand: nothing waits for a timer."""

from __future__ import annotations

import asyncio
import contextlib
import threading

from app.live import News
from tests.app.app_helpers import run_apart


def test_a_change_is_prepared_once_for_every_spectator_of_a_language_and_news_meanwhile_once_more():
    async def main() -> None:
        news, made = News(), {"fa": 0, "en": 0}
        # each drawing held until the test lets it go: the news below come while the first is
        # drawn, and the second waits until the bells of the first have been looked at
        gates = [threading.Event(), threading.Event()]

        def prepare(lang: str) -> str:
            gates[made[lang]].wait(10)
            made[lang] += 1
            return f"{lang} table {made[lang]}"

        with contextlib.ExitStack() as open_streams:
            fa = [
                open_streams.enter_context(news.subscribe("m1", (("watch", "fa"), lambda: prepare("fa"))))
                for _ in range(5)
            ]
            en = [
                open_streams.enter_context(news.subscribe("m1", (("watch", "en"), lambda: prepare("en"))))
                for _ in range(2)
            ]
            elsewhere = open_streams.enter_context(news.subscribe("m2", (("watch", "fa"), lambda: prepare("fa"))))
            news.publish("m1")
            await asyncio.sleep(0.05)
            for _ in range(3):  # three more news while the first is being drawn
                news.publish("m1")
                await asyncio.sleep(0)
            assert not any(bell.is_set() for bell in fa + en)  # rung only once the table is ready
            gates[0].set()
            await asyncio.wait_for(asyncio.gather(*(bell.wait() for bell in fa + en)), 10)
            assert {bell.prepared for bell in fa} == {"fa table 1"} and {bell.prepared for bell in en} == {"en table 1"}
            for bell in fa + en:
                bell.take()
            gates[1].set()
            await asyncio.wait_for(asyncio.gather(*(bell.wait() for bell in fa + en)), 10)
            assert {bell.prepared for bell in fa} == {"fa table 2"} and {bell.prepared for bell in en} == {"en table 2"}
            assert made == {"fa": 2, "en": 2}  # the three news meanwhile: drawn once more, not three times
            assert not elsewhere.is_set()

    run_apart(main)


def test_a_broadcast_that_cannot_prepare_rings_its_bells_with_nothing_ready():
    """A failed reading (the database away) still wakes the spectators, with nothing prepared:
    each stream then reads the table itself (app/routes/live.py)."""

    async def main() -> None:
        news = News()

        def fails() -> str:
            raise ConnectionError("the database went away")

        with news.subscribe("m1", (("watch", "en"), fails)) as bell:
            news.publish("m1")
            await asyncio.wait_for(bell.wait(), 10)
            assert bell.prepared is None and not bell.beat

    run_apart(main)
