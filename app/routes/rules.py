"""The rules explorer at /rules (its view models are in app/games/chaharbargh/rules_page.py)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..games.chaharbargh.rules_page import rules_page
from ..i18n import rt, t
from ..web import Lang, render

router = APIRouter()


@router.get("/rules")
def show_rules(request: Request, lang: Lang) -> Response:
    return render(
        request,
        "chaharbargh/rules.html",
        lang,
        page=rules_page(lang),
        faq_title=rt(lang, "faq_title"),
        tips_title=rt(lang, "tips_title"),
        toc_title=rt(lang, "toc"),
        play=rt(lang, "play"),
        empty=rt(lang, "empty"),
        example_label=rt(lang, "example"),
        score_heads=[rt(lang, "score_item"), rt(lang, "score_points")],
        sheet_title=rt(lang, "sheet_round"),
        total_label=t(lang, "line_total"),
        current="rules",
    )
