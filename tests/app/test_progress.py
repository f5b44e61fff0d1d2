"""Progress on `/me` (app/progress_view.py) through HTTP: two reviewed matches, one of each game,
their reviews made by hand with values chosen here, so each match's accuracy (the share of the
gain from the average move to the best kept, over the decisions where the choice mattered) and
the points given away are worked out by hand; the chart draws a line per game, the table says the same, in both
languages; the review page shows the same accuracy and marks what each decision kept."""

from __future__ import annotations

from app.games import titles as titles_in
from app.i18n import digits, nt, t
from tests.app.app_helpers import create_allfours, dom, finish, one, text_of, url_of
from tests.app.test_mistakes import decision, decisions_of, store_review


def test_me_shows_each_reviewed_matchs_accuracy_and_the_points_given_away(client, app):
    """Chaharbargh (good band 0.75): a decision with values 5, 3 and -5 where the 3 was played
    (the mean is 1: it kept (3 - 1) / (5 - 1) = 0.5, a loss of 2.0, a mistake), one where the best
    of 2 and 0 was played (1.0), and one with 0.5 and 0 where the 0 was played (a range within
    the good band: not counted). Accuracy (0.5 + 1) / 2 = 75%; counted as best-or-good moves it
    was 67%. All Fours (good band 0.6): values 1 and -1, the -1 played: below the mean, 0% (a
    loss of 2.0, a mistake). Given away over the two: 2 mistakes, 2.0 + 2.0 = 4.0 points."""
    service = app.state.service
    assert "progress" not in client.get("/me?lang=en").text  # nothing reviewed yet: no section
    first = service.create("easy", target=11, seed=31)
    finished = finish(service, first)
    assert client.get(url_of(first) + "/review").status_code == 200  # asked, by this browser's person
    found = decisions_of(service, finished)
    p, legal_p, played_p = next(d for d in found if len(d[1]) >= 3)
    q, legal_q, played_q = next(d for d in found if d[0] != p)
    r, legal_r, played_r = next(d for d in found if d[0] not in (p, q))
    best_p, worst_p = [m for m in legal_p if m != played_p][:2]
    values_p = {best_p: 5.0, played_p: 3.0, worst_p: -5.0}  # only these three: their mean is 1
    values_q = {m: 0.0 for m in legal_q} | {played_q: 2.0}
    best_r = next(m for m in legal_r if m != played_r)
    values_r = {m: 0.0 for m in legal_r} | {best_r: 0.5}
    store_review(
        service,
        first.id,
        sorted(
            [
                decision(p, played_p, best_p, values_p, "mistake"),
                decision(q, played_q, played_q, values_q, "best"),
                decision(r, played_r, best_r, values_r, "good"),
            ],
            key=lambda d: d["ply"],
        ),
    )
    second = create_allfours(service, "easy", 2, seed=32)
    finished_af = finish(service, second)
    assert client.get(url_of(second) + "/review").status_code == 200
    s, legal_s, played_s = decisions_of(service, finished_af)[0]
    best_s = next(m for m in legal_s if m != played_s)
    store_review(service, second.id, [decision(s, played_s, best_s, {played_s: -1.0, best_s: 1.0}, "mistake")])

    for lang in ("en", "fa"):
        page = client.get(f"/me?lang={lang}").text
        section = str(one(page, "#progress"))
        assert text_of(section, "#progress-h") == t(lang, "progress_title")
        percent = t(lang, "percent")
        rows = [
            [td.get_text(strip=True) for td in tr.select("td")] for tr in dom(section).select("#progress-table tr")[1:]
        ]
        titles = [titles_in(lang)["chaharbargh"], titles_in(lang)["allfours"]]
        assert [(game, share) for _, game, share in rows] == [
            (titles[0], digits(75, lang) + percent),
            (titles[1], digits(0, lang) + percent),
        ]
        lines = {line["data-game"]: line["points"].split() for line in dom(section).select("#progress-chart polyline")}
        assert set(lines) == {"chaharbargh", "allfours"} and all(len(points) == 1 for points in lines.values())
        heights = {game: float(points[0].split(",")[1]) for game, points in lines.items()}
        assert heights["chaharbargh"] < heights["allfours"]  # 75% above 0% (y grows downwards)
        assert len(dom(section).select("#progress-chart circle title")) == 2
        given = {li["data-kind"]: li.get_text(" ", strip=True) for li in dom(section).select("#progress-lost li")}
        assert nt(lang, "review_count_mistake_one", "review_count_mistake", 2, n=digits(2, lang)) in given["mistake"]
        assert t(lang, "review_loss", n=digits("4.0", lang)) in given["mistake"]
        assert text_of(section, "#progress-lost-h") == nt(
            lang, "progress_recent_one", "progress_recent", 2, n=digits(2, lang)
        )

        review = client.get(url_of(first) + f"/review?lang={lang}").text
        shown = t(lang, "review_accuracy") + ": " + digits(75, lang) + percent
        assert text_of(review, "#review-accuracy") == shown
        kept = {int(li["data-ply"]): li.get("data-kept") for li in dom(review).select("#review-decisions li[data-ply]")}
        assert kept == {p: "0.500", q: "1.000", r: None}  # the third's choice did not matter
