"""The data files (app/games/chaharbargh/data/lessons.toml, rules_examples.toml) are checked when read: a bad entry
stops the app at start-up with a message naming the file, the entry and what is wrong."""

from __future__ import annotations

import pytest

from app.datafile import DataError
from app.games.chaharbargh.examples import EXAMPLES, load_examples
from app.games.chaharbargh.tutorial import LESSONS, load_lessons

# A hand-made lesson: 7♥ + 4♦ = 11 is the only capture (5♣ would need a 6).
POSITION = (
    "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
    "hands=7H,5C/8D,2S table=4D,9S,QH stock=AC,AD,AH,AS,2C,2D,2H,3C "
    "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-"
)
TEXT = 'title = "t"\nteach = "t"\ntask = "t"\npraise = "p"\n'


def lesson_file(tmp_path, *, answers='["7H+4D"]', extra="", langs=("fa", "en"), claim=""):
    body = f'[[lesson]]\nkey = "k"\nposition = "{POSITION}"\nanswers = {answers}\n{extra}'
    if claim:
        body += f"\n[lesson.claim]\n{claim}\n"
    for lang in langs:
        body += f"\n[lesson.text.{lang}]\n{TEXT}"
    path = tmp_path / "lessons.toml"
    path.write_text(body, encoding="utf-8")
    return path


def test_the_shipped_files_read():
    assert len(LESSONS) == 13 and len(EXAMPLES) == 30
    assert LESSONS[0].claim["takes"] == ("4D",)  # TOML lists are tuples, as the claims compare


def test_a_good_lesson_reads(tmp_path):
    (les,) = load_lessons(lesson_file(tmp_path, claim='takes = ["4D"]\nclubs_to = "none"'))
    assert les.answers == ("7H+4D",) and les.claim == {"takes": ("4D",), "clubs_to": None}
    assert les.text["en"].wrong == {}  # optional


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"extra": 'answer = ["7H+4D"]\n'}, "answer"),  # a misspelt field
        ({"answers": '["5C"]'}, "legal move"),  # laying the 5 is refused: the 7 must capture
        ({"answers": '["7H+9Z"]'}, "lesson 'k'"),  # not a card
        ({"langs": ("fa",)}, "fa, en"),  # English missing
        ({"claim": 'taken = ["4D"]'}, "taken"),  # an unknown claim
        ({"answers": '"7H+4D"'}, "answers"),  # a string where a list belongs
    ],
)
def test_a_bad_lesson_is_refused_with_its_name_and_field(tmp_path, kwargs, said):
    with pytest.raises(DataError, match="lessons.toml") as refused:
        load_lessons(lesson_file(tmp_path, **kwargs))
    assert said in str(refused.value)


def test_a_broken_file_is_refused_with_its_path(tmp_path):
    path = tmp_path / "rules_examples.toml"
    path.write_text('[[example]]\nkey = "x\n', encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML"):
        load_examples(path)
    path.write_text('title = "no examples"\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"\[\[example\]\]"):
        load_examples(path)


def test_an_example_whose_move_the_engine_refuses_is_refused(tmp_path):
    path = tmp_path / "rules_examples.toml"
    path.write_text(f'[[example]]\nkey = "x"\nposition = "{POSITION}"\nmove = "5C"\n', encoding="utf-8")
    with pytest.raises(DataError, match="example 'x'.*legal move"):
        load_examples(path)
    path.write_text(f'[[example]]\nkey = "x"\nposition = "{POSITION}"\nmove = "7H+4D"\n', encoding="utf-8")
    assert load_examples(path)[0].move == "7H+4D"
