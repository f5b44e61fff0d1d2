"""The step-by-step tutorial (آموزش گام‌به‌گام): prepared positions, one idea and one move each.

A lesson gives the learner (seat 0, to play) a hand and a table, explains one rule, and asks for
one move. It states its position as one line of position text (`chaharbargh-position/1`, see
docs/engine.md) and `engine.from_text(lesson.position)` reads it, so the legal moves, the dimmed
cards and what a move does all come from the engine. Outside the last deal the stock holds one
more deal, so that a sur scores as it would there; in the last deal it is empty. `verdict`
judges a move: the answers are right; every other legal move has its own explanation in
`LessonText.wrong`; a move the engine refuses (a forged request) is explained from
`IllegalMove.reason`.

>>> first = lesson("sum-eleven")
>>> [str(m) for m in from_text(first.position).legal_moves()]
['7H+4D']
>>> verdict(first, Move.parse("7H+4D"), "en").right
True
>>> verdict(first, Move.parse("7H+9S"), "en").text
'7 + 9 = 16, not 11.'

Each lesson carries `claim`: what its text says happens when the answer is played.
tests/app/test_tutorial_lessons.py applies the answer with the engine and checks every claim
(keys optional, card lists compared as sets):
  takes         cards the answer captures        after      the table right after the move
                                                            (before a round's leftover is taken)
  sur           the answer is a sur (R8)         scored     that sur counts for points
  leftover      (seat, cards) taking the table at the round's end, or None
  round_over    the answer ended the round       totals     round totals per side (the score sheet)
  clubs_to      side with the clubs bonus, or None
  dimmed        hand cards with no legal move (forced capture dims them)
  legal_count   how many legal moves the position has
  other         {move text: {claims}}: the same claims for a non-answer move, where the lesson
                talks about it (e.g. the jack's sweep is no sur)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Card, CardError, IllegalMove, Move, Reason, from_text

from .i18n import LANGS, addends, card_name, card_names, digits, t


@dataclass(frozen=True)
class LessonText:
    title: str
    teach: str  # the explanation above the position, 1-3 short sentences
    task: str  # what the learner must find
    praise: str  # after the right move: what happened, what stays on the table
    wrong: dict[str, str]  # move text (str(Move)) or a card code (every move of that card) -> why it is wrong
    dimmed: str = ""  # why the dimmed cards are dimmed


@dataclass(frozen=True)
class Lesson:
    key: str
    position: str  # the position as one line of `chaharbargh-position/1` text, seat 0 to play
    answers: tuple[str, ...]
    text: dict[str, LessonText]
    claim: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Verdict:
    right: bool
    text: str  # the praise when right, else why the move is wrong


def _text(fa: dict[str, object], en: dict[str, object]) -> dict[str, LessonText]:
    return {"fa": LessonText(**fa), "en": LessonText(**en)}


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "sum-eleven",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=7H,5C/8D,2S table=4D,9S,QH stock=AC,AD,AH,AS,2C,2D,2H,3C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        answers=("7H+4D",),
        claim={"takes": ("4D",), "after": ("9S", "QH"), "dimmed": ("5C",), "legal_count": 1, "sur": False},
        text=_text(
            {
                "title": "جمع یازده",
                "teach": "با برگی از دستتان، برگی از زمین برمی‌دارید که جمعشان درست ۱۱ شود. آس تا ده همان عدد "
                "رویشان را می‌ارزند.",
                "task": "برگی را پیدا کنید که با یکی از برگ‌های زمین ۱۱ می‌شود، و آن را بردارید.",
                "praise": "درست است: ۷ + ۴ = ۱۱. هفت دل، چهار خشت را برداشت؛ نه پیک و بی‌بی دل روی زمین می‌مانند. "
                "هر دو برگ به برگ‌های برداشتهٔ شما می‌روند که آخر دست شمرده می‌شوند.",
                "wrong": {},
                "dimmed": "پنج خاج برای ۱۱ شدن یک شش لازم دارد که روی زمین نیست. وقتی برگی در دستتان می‌تواند "
                "بردارد، باید با آن بردارید؛ برای همین پنج کم‌رنگ است.",
            },
            {
                "title": "A sum of eleven",
                "teach": "With a card from your hand you take a table card when the two add up to exactly 11. "
                "Ace to ten count their face value.",
                "task": "Find the card that makes 11 with a table card, and take it.",
                "praise": "Right: 7 + 4 = 11. Your 7♥ took the 4♦; the 9♠ and the Q♥ stay on the table. Both "
                "cards go to your pile of captured cards, which is counted at the end of the round.",
                "wrong": {},
                "dimmed": "Your 5♣ would need a 6, and there is none on the table. When a card in your hand can "
                "capture you must capture with it, so the 5 is dimmed.",
            },
        ),
    ),
    Lesson(
        "several-cards",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=7S,5H/9D,4S table=3D,AH,6S,KD stock=AC,AD,AS,2C,2D,2H,2S,3C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        answers=("7S+AH+3D",),
        claim={"takes": ("3D", "AH"), "after": ("6S", "KD"), "legal_count": 2, "sur": False},
        text=_text(
            {
                "title": "چند برگ با هم",
                "teach": "یک برگ می‌تواند چند برگ زمین را با هم بردارد، به شرطی که جمع همه با برگ شما ۱۱ شود. "
                "آس یک حساب می‌شود.",
                "task": "با یک برگ، دو برگ زمین را با هم بردارید.",
                "praise": "آفرین: ۷ + ۳ + ۱ = ۱۱. هفت پیک، سه خشت و آس دل را با هم برداشت و آس یک امتیاز هم دارد. "
                "شش پیک و شاه خشت روی زمین ماندند.",
                "wrong": {
                    "5H+6S": "۵ + ۶ = ۱۱ درست است، ولی فقط یک برگ برمی‌دارد. هفت پیک سه و آس را با هم برمی‌دارد "
                    "و آس یک امتیاز دارد.",
                },
            },
            {
                "title": "Several cards at once",
                "teach": "One card can take several table cards together, as long as they all add up with it to "
                "11. The ace counts one.",
                "task": "Take two table cards with a single card.",
                "praise": "Well done: 7 + 3 + 1 = 11. Your 7♠ took the 3♦ and the A♥ together, and the ace is "
                "worth a point. The 6♠ and the K♦ stay on the table.",
                "wrong": {
                    "5H+6S": "5 + 6 = 11 works, but it takes only one card. Your 7♠ takes the 3 and the ace "
                    "together (7 + 3 + 1 = 11), and the ace is worth a point.",
                },
            },
        ),
    ),
    Lesson(
        "two-sets",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=6H,KS/8H,4D table=5C,2D,3S,QD stock=AC,AD,AH,AS,2C,2H,2S,3C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        answers=("6H+5C",),
        claim={"takes": ("5C",), "after": ("2D", "3S", "QD"), "dimmed": ("KS",), "legal_count": 2},
        text=_text(
            {
                "title": "انتخاب میان دو دسته",
                "teach": "گاهی برگ شما با دو دسته از برگ‌های زمین ۱۱ می‌شود و یکی را انتخاب می‌کنید. تعداد برگ‌ها "
                "امتیاز ندارد، خاج دارد: آخر دست، هر که دست‌کم ۷ خاج و بیشتر از حریف داشته باشد ۷ امتیاز می‌گیرد.",
                "task": "شش دل دو راه دارد؛ راه بهتر را انتخاب کنید.",
                "praise": "درست است: ۶ + ۵ = ۱۱ و یک خاج به خاج‌هایتان اضافه شد. دو خشت، سه پیک و بی‌بی خشت روی "
                "زمین ماندند.",
                "wrong": {
                    "6H+2D+3S": "۶ + ۲ + ۳ = ۱۱ هم درست است و دو برگ برمی‌دارد، اما هیچ‌کدام خاج نیست و امتیازی "
                    "ندارد. پنج خاج یک خاج است و آخر دست، کسی که بیشترین خاج (دست‌کم ۷ تا) را دارد ۷ امتیاز "
                    "می‌گیرد.",
                },
                "dimmed": "شاه پیک فقط شاه برمی‌دارد و روی زمین شاهی نیست. چون شش دل می‌تواند بردارد، باید با آن "
                "بردارید.",
            },
            {
                "title": "Choosing between two sets",
                "teach": "Sometimes your card makes 11 with two different sets and you pick one. The number of "
                "cards scores nothing, clubs do: at the end of the round, whoever has at least 7 clubs and more "
                "than the opponent gets 7 points.",
                "task": "Your 6♥ has two ways to capture; pick the better one.",
                "praise": "Right: 6 + 5 = 11, and one more club is yours. The 2♦, the 3♠ and the Q♦ stay on the "
                "table.",
                "wrong": {
                    "6H+2D+3S": "6 + 2 + 3 = 11 works too and takes two cards, but neither is a club and neither "
                    "scores. The 5♣ is a club, and at the end of the round the most clubs (at least 7) are "
                    "worth 7 points.",
                },
                "dimmed": "Your K♠ only takes a king, and there is none on the table. Your 6♥ can capture, so you "
                "must capture with it.",
            },
        ),
    ),
    Lesson(
        "ace-ten",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=AS,10H/5S,9D table=10D,AC,8H stock=AD,AH,2C,2D,2H,2S,3C,3D "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        answers=("AS+10D",),
        claim={"takes": ("10D",), "after": ("AC", "8H"), "legal_count": 2},
        text=_text(
            {
                "title": "آس و ده",
                "teach": "آس یک حساب می‌شود، پس آس و ده با هم ۱۱ می‌شوند: آس ده را برمی‌دارد و ده آس را. ده خشت ۳ "
                "امتیاز دارد و هر آس ۱ امتیاز.",
                "task": "برداشتی را پیدا کنید که بیشترین امتیاز را دارد.",
                "praise": "عالی: ۱ + ۱۰ = ۱۱. آس پیک، ده خشت را برداشت: ۳ امتیاز برای ده خشت و ۱ امتیاز برای خود "
                "آس. آس خاج و هشت دل روی زمین ماندند.",
                "wrong": {
                    "10H+AC": "۱۰ + ۱ = ۱۱ هم درست است و آس خاج را برمی‌دارد: یک امتیاز و یک خاج. ولی ده خشت ۳ "
                    "امتیاز دارد؛ پیش از آن‌که حریف با آسی برش دارد، آن را با آس پیک بردارید.",
                },
            },
            {
                "title": "Ace and ten",
                "teach": "The ace counts one, so an ace and a ten make 11: the ace takes a ten and a ten takes an "
                "ace. The 10♦ is worth 3 points, every ace 1.",
                "task": "Find the capture worth the most points.",
                "praise": "Great: 1 + 10 = 11. Your A♠ took the 10♦: 3 points for the ten of diamonds and 1 for "
                "your ace. The A♣ and the 8♥ stay on the table.",
                "wrong": {
                    "10H+AC": "10 + 1 = 11 works as well and takes the A♣: a point and a club. But the 10♦ is "
                    "worth 3 points; take it with your ace before your opponent takes it with one.",
                },
            },
        ),
    ),
    Lesson(
        "jack-sweep",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=JS,5H/3C,8S table=9C,4D,2H,KD,QS stock=AC,AD,AH,AS,2C,2D,2S,3D "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        answers=("JS+2H+4D+9C",),
        claim={"takes": ("9C", "4D", "2H"), "after": ("KD", "QS"), "sur": False, "legal_count": 2},
        text=_text(
            {
                "title": "جاروی سرباز",
                "teach": "سرباز حساب جمع ندارد: همهٔ برگ‌های عددی و سربازهای زمین را یک‌جا برمی‌دارد. ولی به شاه "
                "و بی‌بی دست نمی‌زند؛ آن‌ها روی زمین می‌مانند.",
                "task": "با یک حرکت بیشترین برگ‌ها را بردارید.",
                "praise": "درست: سرباز پیک، نه خاج، چهار خشت و دو دل را یک‌جا برداشت و خودش هم یک امتیاز دارد. شاه "
                "خشت و بی‌بی پیک روی زمین ماندند.",
                "wrong": {
                    "5H+2H+4D": "۵ + ۴ + ۲ = ۱۱ دو برگ برمی‌دارد، ولی نه خاج را جا می‌گذارد. سرباز هر سه برگ عددی "
                    "را با هم برمی‌دارد.",
                },
            },
            {
                "title": "The jack sweeps",
                "teach": "A jack does no sums: it takes every number card and every jack on the table at once. "
                "It never takes a king or a queen; those stay.",
                "task": "Take as many cards as you can in one move.",
                "praise": "Right: your J♠ took the 9♣, the 4♦ and the 2♥ at once, and the jack itself is worth "
                "a point. The K♦ and the Q♠ stay on the table.",
                "wrong": {
                    "5H+2H+4D": "5 + 4 + 2 = 11 takes two cards but leaves the 9♣ behind. The jack collects all "
                    "three number cards at once.",
                },
            },
        ),
    ),
    Lesson(
        "king-queen",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=KH,QS/6D,3H table=KC,KD,QD,7S stock=AC,AD,AH,AS,2C,2D,2H,2S "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        answers=("KH+KC",),
        claim={"takes": ("KC",), "after": ("KD", "QD", "7S"), "legal_count": 3},
        text=_text(
            {
                "title": "شاه با شاه، بی‌بی با بی‌بی",
                "teach": "شاه فقط یک شاه برمی‌دارد و بی‌بی فقط یک بی‌بی؛ نه بیشتر و نه برگ دیگری. اگر دو شاه روی "
                "زمین باشد، خودتان انتخاب می‌کنید کدام را.",
                "task": "با شاه یا بی‌بی دستتان بهترین برگ را بردارید.",
                "praise": "درست: شاه دل، شاه خاج را برداشت و یک خاج به خاج‌هایتان اضافه شد. شاه خشت، بی‌بی خشت و "
                "هفت پیک روی زمین ماندند.",
                "wrong": {
                    "KH+KD": "شاه دل می‌تواند شاه خشت را بردارد، ولی فقط یک شاه برمی‌دارد. شاه خاج بهتر است، چون "
                    "خاج است.",
                    "QS+QD": "بی‌بی پیک، بی‌بی خشت را برمی‌دارد، اما این برداشت نه خاج دارد نه امتیاز. با شاه دل، "
                    "شاه خاج را بردارید.",
                },
            },
            {
                "title": "King takes king, queen takes queen",
                "teach": "A king takes exactly one king and a queen one queen: no more, and nothing else. With "
                "two kings down, you choose which one.",
                "task": "Take the best card with your king or your queen.",
                "praise": "Right: your K♥ took the K♣, one more club for you. The K♦, the Q♦ and the 7♠ stay on "
                "the table.",
                "wrong": {
                    "KH+KD": "Your K♥ may take the K♦, but a king takes only one king. The K♣ is the better one: "
                    "it is a club.",
                    "QS+QD": "Your Q♠ takes the Q♦, but that wins no club and no points. Take the K♣ with your K♥.",
                },
            },
        ),
    ),
    Lesson(
        "forced-capture",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=4H,8S,QC/9H,2D,6C table=7D,5C,KS stock=AC,AD,AH,AS,2C,2H,2S,3C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        answers=("4H+7D",),
        claim={"takes": ("7D",), "after": ("5C", "KS"), "dimmed": ("8S", "QC"), "legal_count": 1},
        text=_text(
            {
                "title": "جمع‌کردن اجباری",
                "teach": "اگر دست‌کم یکی از برگ‌های دستتان بتواند بردارد، باید بردارید و نمی‌توانید برگی را روی "
                "زمین بگذارید. برگ‌هایی که نمی‌توانند بردارند کم‌رنگ می‌شوند و بازی نمی‌شوند.",
                "task": "تنها برگی را که می‌تواند بردارد پیدا کنید و با آن بردارید.",
                "praise": "درست: ۴ + ۷ = ۱۱. باید برمی‌داشتید، حتی اگر ترجیح می‌دادید برگ دیگری را بگذارید. پنج "
                "خاج و شاه پیک روی زمین ماندند.",
                "wrong": {},
                "dimmed": "هشت پیک یک سه لازم دارد و بی‌بی خاج یک بی‌بی؛ هیچ‌کدام روی زمین نیست. چون چهار دل "
                "می‌تواند بردارد، برگ‌های دیگر کم‌رنگ‌اند و گذاشتنشان مجاز نیست.",
            },
            {
                "title": "Forced capture",
                "teach": "If any card in your hand can capture, you must capture; you may not lay a card down. "
                "The cards that cannot capture are dimmed and cannot be played.",
                "task": "Find the one card that can capture, and capture with it.",
                "praise": "Right: 4 + 7 = 11. You had to capture, even if you would rather have laid another "
                "card down. The 5♣ and the K♠ stay on the table.",
                "wrong": {},
                "dimmed": "The 8♠ would need a 3 and the Q♣ a queen; neither is on the table. Your 4♥ can "
                "capture, so the other cards are dimmed and may not be laid down.",
            },
        ),
    ),
    Lesson(
        "sur",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=2D,7H/9S,KH table=4C,5S stock=AC,AD,AH,AS,2C,2H,2S,3C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        answers=("2D+4C+5S",),
        claim={"takes": ("4C", "5S"), "after": (), "sur": True, "scored": True, "legal_count": 2},
        text=_text(
            {
                "title": "سور",
                "teach": "اگر با برگ عددی، شاه یا بی‌بی بردارید و زمین کاملاً خالی شود، سور زده‌اید: ۵ امتیاز.",
                "task": "زمین را خالی کنید و سور بزنید.",
                "praise": "سور! ۲ + ۴ + ۵ = ۱۱ و چیزی روی زمین نماند: ۵ امتیاز برای شما.",
                "wrong": {
                    "7H+4C": "۷ + ۴ = ۱۱ چهار خاج را برمی‌دارد، اما پنج پیک روی زمین می‌ماند و سوری در کار نیست. "
                    "دو خشت هر دو برگ را برمی‌دارد و زمین را خالی می‌کند.",
                },
            },
            {
                "title": "The sur",
                "teach": "Capture with a number card, a king or a queen and leave the table empty: that is a "
                "sur, worth 5 points.",
                "task": "Clear the table and make a sur.",
                "praise": "Sur! 2 + 4 + 5 = 11 and nothing is left on the table: 5 points for you.",
                "wrong": {
                    "7H+4C": "7 + 4 = 11 takes the 4♣ but leaves the 5♠, so no sur. Your 2♦ takes both cards "
                    "and clears the table.",
                },
            },
        ),
    ),
    Lesson(
        "jack-no-sur",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=JD,3S/8D,QH table=6C,2H stock=AC,AD,AH,AS,2C,2D,2S,3C "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        answers=("3S+2H+6C",),
        claim={
            "takes": ("6C", "2H"), "after": (), "sur": True, "scored": True, "legal_count": 2,
            "other": {"JD+2H+6C": {"takes": ("6C", "2H"), "after": (), "sur": False}},
        },  # fmt: skip
        text=_text(
            {
                "title": "جاروی سرباز سور نیست",
                "teach": "سرباز هم می‌تواند زمین را خالی کند، ولی خالی‌کردن زمین با سرباز هیچ‌وقت سور نیست. سور "
                "فقط با برگ عددی، شاه یا بی‌بی زده می‌شود.",
                "task": "زمین را طوری خالی کنید که سور حساب شود.",
                "praise": "سور! ۳ + ۶ + ۲ = ۱۱ و زمین خالی شد: ۵ امتیاز. سرباز را هم برای زمینی شلوغ‌تر نگه "
                "داشتید.",
                "wrong": {
                    "JD+2H+6C": "سرباز هر دو برگ را برمی‌دارد و زمین خالی می‌شود، اما این سور نیست و ۵ امتیاز از "
                    "دست می‌رود. سه پیک همین دو برگ را برمی‌دارد و سور می‌زند.",
                },
            },
            {
                "title": "A jack sweep is not a sur",
                "teach": "A jack can clear the table too, but clearing it with a jack is never a sur. Only a "
                "number card, a king or a queen makes a sur.",
                "task": "Clear the table in a way that counts as a sur.",
                "praise": "Sur! 3 + 6 + 2 = 11 and the table is empty: 5 points. And you keep your jack for a "
                "fuller table.",
                "wrong": {
                    "JD+2H+6C": "The jack takes both cards and clears the table, but a jack sweep is never a "
                    "sur: you would miss 5 points. Your 3♠ takes the same two cards and makes a sur.",
                },
            },
        ),
    ),
    Lesson(
        "lay-down",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=4 dealer=1 turn=0 "
        "hands=3S,9H,KH/8C,QS,6D table=5D stock=AC,AD,AH,AS,2C,2D,2H,2S "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        answers=("9H", "KH"),
        claim={"takes": (), "sur": False, "legal_count": 3, "dimmed": ()},
        text=_text(
            {
                "title": "گذاشتن برگ",
                "teach": "وقتی هیچ برگی در دستتان چیزی برنمی‌دارد، یک برگ را رو به بالا روی زمین می‌گذارید و از "
                "آن به بعد هر کسی می‌تواند آن را بردارد. با دقت انتخاب کنید: زمینی نگذارید که حریف با یک برگ "
                "خالی‌اش کند و سور بزند.",
                "task": "هیچ برگی برنمی‌دارد. برگی بگذارید که به حریف فرصت سور ندهد.",
                "praise": "خوب است: حالا هیچ برگی پنج خشت و برگ شما را با هم برنمی‌دارد (۵ + ۹ از ۱۱ بیشتر است و "
                "شاه فقط شاه برمی‌دارد)، پس حریف نمی‌تواند سور بزند.",
                "wrong": {
                    "3S": "با سه پیک، زمین پنج و سه می‌شود: ۵ + ۳ = ۸، و اگر حریف یک سه داشته باشد هر دو را با هم "
                    "برمی‌دارد و سور می‌زند، یعنی ۵ امتیاز. نه دل یا شاه دل چنین فرصتی نمی‌دهند.",
                },
            },
            {
                "title": "Laying a card down",
                "teach": "When no card in your hand can capture, you lay one face up on the table, and from then "
                "on anyone may take it. Choose with care: do not leave a table your opponent can clear with one "
                "card for a sur.",
                "task": "None of your cards can capture. Lay down a card that gives your opponent no sur.",
                "praise": "Good: no card can now take the 5♦ and your card together (5 + 9 is more than 11, and a "
                "king only takes a king), so your opponent cannot make a sur.",
                "wrong": {
                    "3S": "With the 3♠ down, the table holds 5 and 3: 5 + 3 = 8, so any 3 in your opponent's hand "
                    "takes both and makes a sur worth 5 points. The 9♥ or the K♥ leave no such chance.",
                },
            },
        ),
    ),
    Lesson(
        "last-deal",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 turn=0 "
        "hands=4H,7D/9C,QD table=4C,3S stock=- "
        "piles=-/- surs=- last=- start=0/0 totals=0/0 shown=- winner=-",
        answers=("4H+3S+4C",),
        claim={"takes": ("4C", "3S"), "after": (), "sur": True, "scored": False, "round_over": False},
        text=_text(
            {
                "title": "سور در پخش آخر",
                "teach": "این پخش آخر دست است و دسته تمام شده. سوری که در پخش آخر زده شود امتیازی ندارد، ولی "
                "برگ‌ها را البته برمی‌دارید.",
                "task": "بیشترین برگ‌ها را بردارید، حتی اگر زمین خالی شود.",
                "praise": "زمین خالی شد، ولی چون پخش آخر است این سور امتیازی ندارد. چهار خاج و سه پیک البته مال "
                "شما شدند.",
                "wrong": {
                    "7D+4C": "۷ + ۴ = ۱۱ فقط چهار خاج را برمی‌دارد و سه پیک را برای حریف جا می‌گذارد. چهار دل هر "
                    "دو را برمی‌دارد؛ در پخش آخر سورش امتیازی ندارد، ولی برگ‌ها مال شما می‌شوند.",
                },
            },
            {
                "title": "No sur in the last deal",
                "teach": "This is the round's last deal: the stock is used up. A sur in the last deal scores "
                "nothing, but you still keep the cards.",
                "task": "Take as many cards as you can, even if that clears the table.",
                "praise": "The table is empty, but in the last deal that sur earns no points. The 4♣ and the "
                "3♠ are yours all the same.",
                "wrong": {
                    "7D+4C": "7 + 4 = 11 takes only the 4♣ and leaves the 3♠ for your opponent. Your 4♥ takes "
                    "both; in the last deal its sur earns nothing, but the cards are yours.",
                },
            },
        ),
    ),
    # The round's last card: it must capture if it can, and any capture makes the learner the last
    # capturer and brings the rest of the table along, so no legal move can be wrong here.
    # This lesson and the next hold the whole deck (two rounds' worth of captured cards in the
    # piles), so the score sheet after the move is a real one: 20 points without surs. Kings and
    # queens sit in pairs in the piles, as K-takes-K captures leave them.
    Lesson(
        "leftovers",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 turn=0 "
        "hands=6H/- table=5D,2C,KS,KC stock=- "
        "piles=AC,2D,2H,2S,3C,3D,3H,3S,4C,4D,4H,4S,5C,5H,5S,6C,6D,7C,8C,10D,JS,QD,QS/"
        "AD,AH,AS,6S,7D,7H,7S,8D,8H,8S,9C,9D,9H,9S,10C,10H,10S,JC,JD,JH,QC,QH,KD,KH surs=- last=1 start=0/0 totals=0/0 "
        "shown=- winner=-",
        answers=("6H+5D",),
        claim={
            "takes": ("5D",), "after": ("2C", "KS", "KC"), "leftover": (0, ("2C", "KS", "KC")), "sur": False,
            "round_over": True, "legal_count": 1, "totals": (14, 6),
        },  # fmt: skip
        text=_text(
            {
                "title": "برگ‌های مانده به آخرین برداشت",
                "teach": "وقتی دسته تمام شد و دست همه خالی شد، هرچه روی زمین مانده به کسی می‌رسد که آخرین بار "
                "برداشته است. تا این لحظه آخرین برداشت را حریف کرده است.",
                "task": "آخرین برگ این دست را بازی کنید و با آن بردارید.",
                "praise": "پنج خشت را برداشتید و این آخرین برداشت دست بود، پس دو خاج، شاه پیک و شاه خاج هم به شما "
                "رسید. اگر برنمی‌داشتید، همه مال حریف می‌شد.",
                "wrong": {},
            },
            {
                "title": "Leftovers go to the last capture",
                "teach": "When the stock is used up and every hand is empty, whatever is left on the table goes "
                "to the player who captured last. So far that is your opponent.",
                "task": "Play the round's last card, and capture with it.",
                "praise": "You took the 5♦, and that was the round's last capture, so the 2♣, the K♠ and the K♣ "
                "come to you as well. Without your capture they would all have gone to your opponent.",
                "wrong": {},
            },
        ),
    ),
    # As above, the round's last card has a single legal move; the lesson is the score sheet.
    Lesson(
        "scoring",
        "chaharbargh-position/1 rules=p2,hand,js0,sp5,ld0,sc0,co-,t62,oh0 seed=0 round=0 deal=5 dealer=1 turn=0 "
        "hands=7S/- table=4C,AD,KD,KS stock=- "
        "piles=AH,2C,2D,2H,2S,3D,3H,3S,4D,4H,4S,5C,5D,5H,5S,6D,8C,10C,JS,QC,QD,KC,KH/"
        "AC,AS,3C,6C,6H,6S,7C,7D,7H,8D,8H,8S,9C,9D,9H,9S,10D,10H,10S,JC,JD,JH,QH,QS surs=- last=1 start=0/0 totals=0/0 "
        "shown=- winner=-",
        answers=("7S+4C",),
        claim={
            "takes": ("4C",), "leftover": (0, ("AD", "KD", "KS")), "round_over": True, "totals": (12, 8),
            "clubs_to": 0, "legal_count": 1,
        },  # fmt: skip
        text=_text(
            {
                "title": "امتیازشماری دست",
                "teach": "آخر هر دست برگ‌های برداشته شمرده می‌شود: بیشترین خاج (دست‌کم ۷) ۷ امتیاز، ده خشت ۳، "
                "دو خاج ۲، هر آس و هر سرباز ۱ و هر سور ۵. الان شما و حریف هر کدام ۶ خاج دارید.",
                "task": "آخرین برگ دست را بازی کنید و ببینید امتیازها چطور شمرده می‌شوند.",
                "praise": "هفت پیک، چهار خاج را برداشت و آس خشت و دو شاه هم به شما رسید. حالا ۷ خاج دارید و حریف "
                "۶: ۷ امتیاز خاج، ۲ برای دو خاج، ۲ برای دو آس و ۱ برای سرباز؛ جمعاً ۱۲. حریف با ده خشت، دو آس و "
                "سه سرباز ۸ امتیاز گرفت: روی هم ۲۰، مثل هر دست بی‌سور.",
                "wrong": {},
            },
            {
                "title": "How a round is scored",
                "teach": "At the end of each round the captured cards are counted: most clubs (at least 7) 7 "
                "points, the 10♦ 3, the 2♣ 2, each ace and each jack 1, each sur 5. Right now you and your "
                "opponent have 6 clubs each.",
                "task": "Play the round's last card and watch the points being counted.",
                "praise": "Your 7♠ took the 4♣, and the A♦ and both kings came to you as well. You now have 7 "
                "clubs to 6: 7 points for clubs, 2 for the 2♣, 2 for two aces and 1 for a jack, 12 in all. "
                "Your opponent scored 8 with the 10♦, two aces and three jacks: 20 together, as in every round "
                "without surs.",
                "wrong": {},
            },
        ),
    ),
)

_BY_KEY = {lesson.key: lesson for lesson in LESSONS}


def lesson(key: str) -> Lesson:
    """The lesson with this key; `KeyError` if there is none."""
    return _BY_KEY[key]


def verdict(lesson: Lesson, move: Move, lang: str) -> Verdict:
    """Right or wrong, with the praise or the reason; never raises for a move the engine refuses."""
    lang = _lang(lang)
    text = lesson.text[lang]
    if not isinstance(move, Move):  # a forged request that is not even a move
        return Verdict(False, message(lang, "other"))
    if str(move) in lesson.answers:
        return Verdict(True, text.praise)
    state = from_text(lesson.position)
    try:
        state.apply(move)
    except IllegalMove as refused:
        return Verdict(False, _illegal(lesson, refused, move, lang))
    found = text.wrong.get(str(move)) or text.wrong.get(str(move.card))
    return Verdict(False, found or message(lang, "legal"))


def why_dimmed(lesson: Lesson, card: str, lang: str) -> str:
    """Why a card of the hand is dimmed: the lesson's own words, else the forced-capture rule."""
    lang = _lang(lang)
    own = lesson.text[lang].dimmed
    if own:
        return own
    try:
        name = card_name(str(Card.parse(card)), lang)
    except CardError:
        return message(lang, "dimmed_any")
    return message(lang, "dimmed", card=name)


# Explaining moves the engine refuses --------------------------------------------------------

def _lang(lang: str) -> str:
    return lang if lang in LANGS else "fa"


def message(lang: str, key: str, **values: object) -> str:
    """The tutorial's own message `key` (catalog key `tut_<key>`), with {name} fields filled in."""
    return t(lang, f"tut_{key}", **values)


def _illegal(lesson: Lesson, refused: IllegalMove, move: Move, lang: str) -> str:
    """The engine's reason for refusing a forged move, in the lesson's words."""
    reason = refused.reason
    if reason == Reason.MUST_CAPTURE:
        return why_dimmed(lesson, str(move.card), lang)
    if reason in (Reason.CARD_MUST_CAPTURE, Reason.NOT_IN_HAND):
        return message(lang, reason, card=card_name(str(move.card), lang))
    if reason == Reason.NOT_ON_TABLE:
        return message(lang, "not_on_table", cards=card_names(refused.cards, lang))
    if reason == Reason.WRONG_SUM:  # the card's value first, then the chosen cards', largest first
        values = [move.card, *sorted(move.takes, key=lambda c: c.id, reverse=True)]
        expr = " + ".join(addends(values, lang))
        return message(lang, "sum", expr=expr, total=digits(refused.total, lang))
    key = {
        Reason.JACK_SWEEP: "jack",
        Reason.KING_TAKES_KING: "king",
        Reason.QUEEN_TAKES_QUEEN: "queen",
        Reason.FACE_IN_SUM: "faces",
        Reason.BAD_SET: "bad_set",
    }.get(reason, "other")
    return message(lang, key)
