"""The table's words in Persian and English, card names, and Persian digits."""

from __future__ import annotations

from engine import card_sum

LANGS = ("fa", "en")

RANKS = {
    "fa": ["", "آس", "دو", "سه", "چهار", "پنج", "شش", "هفت", "هشت", "نه", "ده", "سرباز", "بی‌بی", "شاه"],
    "en": ["", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"],
}
SUITS = {
    "fa": {"C": "خاج", "D": "خشت", "H": "دل", "S": "پیک"},
    "en": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"},
}

TEXT: dict[str, dict[str, str]] = {
    "fa": {
        "title": "چهاربرگ",
        "tagline": "بازی چهاربرگ (پاسور) با رایانه، در مرورگر",
        "new_match": "بازی تازه",
        "level": "سطح رایانه",
        "level_easy": "آسان",
        "level_medium": "متوسط",
        "level_pro": "حرفه‌ای",
        "target": "امتیاز پایان بازی",
        "preset": "قوانین",
        "preset_table": "میز",
        "preset_table_about": "قانون‌های معمول: اگر برگی در دستتان بتواند بردارد، باید بردارید.",
        "preset_pagat": "سوربه‌سور",
        "preset_pagat_about": "هر سور یک سور حریف را خنثی می‌کند؛ اجبار فقط برای همان برگی که می‌تواند بردارد؛ "
        "سقف سور ۵۰ (قانون‌های سایت پاگات).",
        "start": "شروع بازی",
        "saved": "بازی‌های این مرورگر",
        "no_saved": "هنوز بازی‌ای در این مرورگر شروع نشده است.",
        "continue": "ادامه",
        "view": "دیدن",
        "status_playing": "در جریان",
        "status_over": "تمام‌شده",
        "history": "همهٔ بازی‌ها",
        "history_title": "بازی‌های این مرورگر",
        "history_note": "این فهرست فقط در همین مرورگر نگه داشته می‌شود. برداشتن یک بازی از فهرست آن را پاک "
        "نمی‌کند؛ فقط این مرورگر دیگر آن را به یاد نمی‌آورد.",
        "history_empty": "در این مرورگر بازی‌ای نیست.",
        "history_date": "تاریخ",
        "history_opponent": "حریف",
        "history_seats": "{n} نفر",
        "history_score": "امتیاز",
        "history_result": "نتیجه",
        "history_remove": "برداشتن از فهرست",
        "history_removed": "بازی از فهرست این مرورگر برداشته شد.",
        "result_won": "برد",
        "result_lost": "باخت",
        "result_tied": "مساوی",
        "result_playing": "ادامه دارد",
        "rematch": "دوباره با همین تنظیمات",
        "msg_rematch_early": "بازی دوباره با همین تنظیمات پس از پایان این بازی پیشنهاد می‌شود.",
        "all_rounds": "برگهٔ همهٔ دست‌ها",
        "replay": "بازبینی حرکت به حرکت",
        "replay_title": "بازبینی بازی",
        "round_points": "امتیاز این دست",
        "skip_to_hand": "رفتن به برگ‌های دست شما",
        "play_now": "رایانه همین حالا بازی کند",
        "piles": "برگ‌های برداشته",
        "replay_position": "حرکت {n} از {total}",
        "replay_first": "آغاز",
        "replay_previous": "حرکت قبلی",
        "replay_next": "حرکت بعدی",
        "replay_end": "پایان",
        "replay_round_ended": "این حرکت دست را تمام کرد؛ برگ‌های دست بعد پخش شده است.",
        "replay_back": "بازگشت به برگهٔ پایان بازی",
        "replay_start": "آغاز بازی: هنوز حرکتی نشده است.",
        "msg_replay_unfinished": "بازبینی حرکت به حرکت پس از پایان بازی باز می‌شود، چون همهٔ دست‌ها را نشان می‌دهد.",
        "home": "خانه",
        "opponent": "رایانه",
        "you": "شما",
        "cards_in_hand": "برگ در دست",
        "table": "زمین",
        "your_hand": "دست شما",
        "stock": "دسته",
        "stock_left": "برگ مانده در دسته",
        "clubs": "خاج",
        "surs": "سور",
        "match_score": "امتیاز بازی",
        "score": "امتیاز",
        "the_computer": "رایانه",
        "target_short": "هدف",
        "round": "دست",
        "last_moves": "حرکت‌های آخر",
        "no_moves": "هنوز حرکتی در این دست نشده.",
        "played": "بازی کرد",
        "took": "برداشت",
        "placed": "روی زمین گذاشت",
        "sur": "سور!",
        "sur_no_points": "سور، بی‌امتیاز",
        "computer_played": "{who} {card} را بازی کرد",
        "computer_took": "و {cards} را برداشت",
        "computer_placed": "و آن را روی زمین گذاشت",
        "you_played": "شما {card} را بازی کردید",
        "computer_thinking": "نوبت {who} است…",
        "computer_go": "نوبت رایانه: بازی کند",
        "your_turn": "نوبت شماست: یک برگ از دستتان انتخاب کنید.",
        "pick_takes": "برگ‌های زمین را که با برگ شما ۱۱ می‌شوند انتخاب کنید.",
        "pick_same": "برگ روشنِ هم‌نام را که می‌خواهید بردارید انتخاب کنید.",
        "pick_jack": "سرباز همهٔ برگ‌های عددی و سربازهای زمین را با هم برمی‌دارد؛ فقط تأیید کنید.",
        "sum": "جمع",
        "confirm_capture": "تأیید جمع‌کردن",
        "place": "گذاشتن کارت روی میز",
        "choose_set": "برگ‌هایی انتخاب کنید که ۱۱ شوند",
        "choose_same": "برگی را که برمی‌دارید انتخاب کنید",
        "choose_card": "اول یک برگ از دستتان انتخاب کنید",
        "cancel": "انصراف",
        "dealt": "چهار برگ تازه پخش شد.",
        "round_over": "پایان دست {n}",
        "item": "مورد",
        "line_clubs": "بیشترین خاج (دست‌کم ۷)",
        "line_ten": "ده خشت",
        "line_two": "دو خاج",
        "line_aces": "آس‌ها",
        "line_jacks": "سربازها",
        "line_surs": "سورها",
        "line_total": "جمع این دست",
        "running_total": "جمع کل",
        "leftover": "برگ‌های مانده روی زمین به {who} رسید.",
        "next_round": "دست بعد",
        "match_over": "بازی تمام شد",
        "you_won": "شما بردید!",
        "computer_won": "رایانه برد.",
        "download_record": "دریافت گزارش بازی (JSON)",
        "final_totals": "امتیاز نهایی",
        "language": "English",
        "rules_link": "قانون‌ها",
        "learn": "تازه‌کارید؟ با آموزش گام‌به‌گام شروع کنید.",
        "msg_already": "این حرکت قبلاً انجام شده بود؛ میز همان‌طور که هست نشان داده شد.",
        "msg_not_in_hand": "این برگ در دست شما نیست.",
        "msg_must_capture": "برگی در دست دارید که می‌تواند بردارد؛ باید با آن بردارید.",
        "msg_card_must_capture": "این برگ می‌تواند بردارد، پس نمی‌شود آن را روی زمین گذاشت.",
        "msg_bad_set": "این برداشت مجاز نیست.",
        "msg_must_show": "بازی روباز است: اول یکی از برگ‌هایتان را رو کنید.",
        "msg_no_show": "حالا وقت رو کردن برگ نیست؛ برگی را بازی کنید.",
        "msg_wrong_sum": "این برگ‌ها با برگ شما ۱۱ نمی‌شوند.",
        "msg_not_on_table": "برگی را انتخاب کرده‌اید که روی زمین نیست.",
        "msg_face_in_sum": "سرباز، بی‌بی و شاه در جمع یازده حساب نمی‌شوند.",
        "msg_jack_sweep": "سرباز همهٔ برگ‌های عددی و سربازهای زمین را با هم برمی‌دارد، نه بخشی از آن‌ها را.",
        "msg_king_takes_king": "شاه فقط یک شاه برمی‌دارد.",
        "msg_queen_takes_queen": "بی‌بی فقط یک بی‌بی برمی‌دارد.",
        "msg_not_your_turn": "الان نوبت شما نیست.",
        "msg_match_over": "این بازی تمام شده است.",
        "msg_not_a_move": "این یک حرکت نیست.",
        "learn_title": "یاد بگیرید",
        "tutorial_link": "آموزش گام‌به‌گام",
        "tutorial_blurb": "چند چیدمان آماده؛ در هر کدام یک حرکت را پیدا می‌کنید و قانونش را یاد می‌گیرید.",
        "rules_examples_link": "قانون‌ها با مثال",
        "practice": "تمرین آزاد",
        "practice_blurb": "یک دست با رایانه که در امتیاز بازی حساب نمی‌شود. سطح حرفه‌ای راهنمایی‌تان می‌کند و می‌توانید "
        "حرکتتان را پس بگیرید.",
        "start_practice": "شروع تمرین",
        "practice_round": "تمرین آزاد · یک دست",
        "practice_over": "تمرین تمام شد",
        "round_won": "این دست را شما بردید!",
        "round_lost": "این دست را رایانه برد.",
        "round_tied": "این دست مساوی شد.",
        "another_practice": "یک دست تمرین دیگر",
        "hint_button": "راهنمایی",
        "hint_title": "راهنمایی",
        "hint_best": "حرکت سطح حرفه‌ای",
        "hint_select": "همین را انتخاب کنید",
        "hint_value": "ارزش",
        "hint_only": "تنها حرکت مجاز",
        "hint_place": "روی زمین بگذارید",
        "points_unit": "امتیاز",
        "hint_explain": "عدد روی هر برگ، برآورد سطح حرفه‌ای است از بهترین حرکت با آن برگ: میانگین اختلاف امتیاز شما "
        "با رایانه تا پایان همین پخش (در پخش آخر، تا پایان دست). مثبت یعنی به سود شما.",
        "undo": "پس گرفتن حرکت",
        "msg_undone": "حرکتتان پس گرفته شد؛ دوباره انتخاب کنید.",
        "msg_undo_late": "دیر شد: رایانه جواب داده است.",
        "msg_undo_nothing": "حرکتی از شما نیست که پس گرفته شود.",
        "msg_no_undo": "پس گرفتن حرکت فقط در تمرین آزاد است.",
        "msg_no_hint": "راهنمایی فقط در تمرین آزاد و در نوبت شماست.",
        "msg_practice_over": "این تمرین تمام شده است.",
        "saved_practice": "تمرین",
        "nav_learn": "آموزش",
        "tutorial_title": "آموزش گام‌به‌گام",
        "tutorial_intro": "در هر درس یک چیدمان آماده می‌بینید: چند برگ در دست شما و چند برگ روی زمین. توضیح کوتاه را "
        "بخوانید و حرکتی را که خواسته شده پیدا کنید. اگر اشتباه کنید، می‌گوییم چرا؛ اگر درست بزنید، درس بعد باز "
        "می‌شود. پیشرفتتان در همین مرورگر می‌ماند.",
        "tutorial_progress": "{done} درس از {total} درس را گذرانده‌اید.",
        "tutorial_start": "شروع آموزش",
        "tutorial_continue": "ادامه از جایی که ماندید",
        "tutorial_review": "مرور درس‌ها",
        "tutorial_restart": "شروع دوباره از درس اول",
        "lesson_done": "گذرانده",
        "lesson_locked": "بعد از درس‌های قبلی باز می‌شود",
        "lessons_in_order": "هر درس وقتی باز می‌شود که درس قبلی را گذرانده باشید.",
        "lesson_of": "درس {n} از {total}",
        "lesson_right": "آفرین، درست است!",
        "what_happened": "چه شد",
        "table_after": "زمین بعد از حرکت",
        "table_at_end": "آنچه در پایان دست روی زمین ماند",
        "table_empty": "زمین خالی است",
        "next_lesson": "درس بعد",
        "lesson_again": "دوباره همین درس",
        "tutorial_finished": "همهٔ درس‌ها را گذراندید. حالا یک دست تمرینی با راهنمایی بازی کنید، یا یک بازی کامل.",
        "to_practice": "تمرین آزاد",
        "msg_no_lesson": "چنین درسی نداریم.",
        "fact_took": "با {card} برداشتید: {cards}.",
        "fact_placed": "{card} حالا روی زمین است و هر کسی می‌تواند آن را بردارد.",
        "fact_sur_scored": "زمین خالی شد: سور، و امتیازش حساب شد.",
        "fact_sur_unscored": "زمین خالی شد و سور است، اما در پخش آخر امتیازی ندارد.",
        "fact_cleared_no_sur": "زمین خالی شد، اما این سور نیست.",
        "fact_leftover": "دست تمام شد و برگ‌های ماندهٔ زمین ({cards}) به {who} رسید.",
        "msg_round_sheet": "اول برگهٔ امتیاز دست را ببینید و «دست بعد» را بزنید.",
        "msg_garbage": "درخواست نامفهوم بود؛ چیزی تغییر نکرد.",
        "msg_bad_options": "این تنظیمات بازی پذیرفته نیست.",
        "msg_not_found": "این بازی پیدا نشد (نشانی یا رمز آن درست نیست).",
        "msg_record_unfinished": "گزارش بازی پس از پایان بازی در دسترس است.",
        "msg_too_large": "درخواست بیش از اندازه بزرگ بود.",
        "msg_cross_site": "این درخواست از صفحهٔ سایت دیگری آمده بود و پذیرفته نشد؛ در بازی‌ها و پیشرفت شما چیزی "
        "تغییر نکرد. اگر خودتان آن را فرستاده بودید، از صفحه‌های همین سایت دوباره امتحان کنید.",
        "msg_sheet_closed": "برگهٔ امتیاز این دست پیش‌تر بسته شده بود؛ میز همان‌طور که هست نشان داده شد.",
        "msg_no_page": "چنین صفحه‌ای نداریم.",
        "msg_method": "این نشانی فقط فرمی را می‌پذیرد که با دکمه‌های خود سایت فرستاده شود.",
        "msg_disabled_card": "این برگ الان بازی‌شدنی نیست: برگی که برمی‌دارد باید بازی شود.",
        "msg_rate_new": "از این اتصال در مدتی کوتاه بازی‌های تازهٔ زیادی شروع شده است. لطفاً {seconds} ثانیه "
        "صبر کنید و دوباره امتحان کنید؛ بازی‌های پیشین شما سر جایشان هستند.",
        "msg_rate_hints": "از این اتصال در مدتی کوتاه راهنمایی‌های زیادی خواسته شده است. لطفاً {seconds} ثانیه "
        "صبر کنید و دوباره راهنمایی بخواهید؛ بازی شما همان‌جاست که بود.",
        "players": "بازیکن‌ها",
        "players_2": "دو نفر: شما و رایانه",
        "players_3": "سه نفر: شما و دو رایانه",
        "players_4": "چهار نفر در دو تیم: یارتان روبه‌رویتان می‌نشیند و رایانه‌ای هم‌سطح حریف‌هاست",
        "level_easy_about": "بیشتر وقت‌ها بهترین برداشت را نمی‌بیند.",
        "level_medium_about": "بهترین برداشتی را که جلوی چشمش است برمی‌دارد.",
        "level_pro_about": "همهٔ برگ‌های بازی‌شده را می‌شمارد و چند حرکت جلوتر را می‌سنجد.",
        "target_range": "هر عدد درستی از {low} تا {high}. پیش‌فرض {table} است و در بازی چهارنفره دو برابر ({four}).",
        "house_rules": "قانون‌های خانگی",
        "forced_capture_label": "جمع‌کردن اجباری",
        "sur_points_label": "امتیاز هر سور",
        "sur_cutoff_label": "سقف سور",
        "open_hand_about": "هر بازیکن یکی از برگ‌هایش را رو می‌کند تا همه ببینند.",
        "house_rules_note": "هر قانون از مقدار مجموعهٔ انتخاب‌شده شروع می‌شود؛ هر کدام را خواستید عوض کنید.",
        "sur_cutoff_note": "خالی یعنی سقفی ندارد.",
        "fill_defaults": "پر کردن مقدارهای پیش‌فرض این مجموعه",
        "rules_summary": "قانون‌های این بازی",
        "summary_players": "{n} نفر",
        "summary_teams": "چهار نفر در دو تیم",
        "summary_target": "هدف {n}",
        "summary_sur_points": "هر سور {n} امتیاز",
        "summary_cutoff": "سقف سور {n}",
        "seat_2_1": "رایانه",
        "seat_3_1": "رایانهٔ راست",
        "seat_3_2": "رایانهٔ چپ",
        "seat_4_1": "حریف راست",
        "seat_4_2": "یار شما",
        "seat_4_3": "حریف چپ",
        "team_0": "تیم شما",
        "team_1": "تیم حریف",
        "team_won": "تیم شما برد!",
        "team_lost": "تیم حریف برد.",
        "seat_won": "{who} برد.",
        "seats": "بازیکن‌های دیگر",
        "dealer": "پخش‌کننده",
        "to_play": "نوبت اوست",
        "partner": "یار شما",
        "taken_count": "برداشته",
        "face_up": "رو",
        "face_up_cards": "برگ رو",
        "turn_order": "ترتیب بازی",
        "you_deal": "پخش‌کننده: شما",
        "must_show": "بازی روباز است: روی برگی بزنید که می‌خواهید همه ببینند. تا وقتی بازی‌اش نکرده‌اید رو می‌ماند.",
        "must_show_again": "برگ رو‌شده‌تان را بازی کردید؛ حالا یکی از برگ‌های باقی‌مانده را رو کنید.",
        "show_card": "رو کردن {card}",
        "seat_showed": "{who} {card} را رو کرد.",
        "your_shown": "برگ رو‌شدهٔ شما",
        "msg_bad_level": "این سطح رایانه را نداریم؛ آسان، متوسط یا حرفه‌ای را انتخاب کنید. بازی‌ای ساخته نشد.",
        "msg_bad_players": "بازی برای دو، سه یا چهار نفر است. بازی‌ای ساخته نشد.",
        "msg_bad_target": "امتیاز پایان بازی باید عدد درستی از ۱۱ تا ۵۰۰ باشد. بازی‌ای ساخته نشد.",
        "msg_bad_preset": "چنین مجموعهٔ قانونی نداریم؛ «میز» یا «سوربه‌سور» را انتخاب کنید. بازی‌ای ساخته نشد.",
        "msg_bad_forced_capture": "جمع‌کردن اجباری یکی از این سه است: کل دست، هر برگ یا خاموش. بازی‌ای ساخته نشد.",
        "msg_bad_flag": "گزینه‌های روشن/خاموش فقط تیک می‌خورند یا نه. بازی‌ای ساخته نشد.",
        "msg_bad_sur_points": "امتیاز سور باید عدد درستی از ۱ تا ۱۰۰ باشد. بازی‌ای ساخته نشد.",
        "msg_bad_sur_cutoff": "سقف سور یا خالی است یا عدد درستی از ۱ تا ۵۰۰. بازی‌ای ساخته نشد.",
        "not_found_title": "پیدا نشد",
        "seat_you": "شما",
        "seat_computer": "رایانه ({level})",
    },
    "en": {
        "title": "Chaharbargh",
        "tagline": "Chaharbargh (Pasur) against the computer, in your browser",
        "new_match": "New match",
        "level": "Computer level",
        "level_easy": "easy",
        "level_medium": "medium",
        "level_pro": "pro",
        "target": "Play to",
        "preset": "Rules",
        "preset_table": "Table",
        "preset_table_about": "The usual rules: when a card in your hand can capture, you must capture.",
        "preset_pagat": "Sur for sur",
        "preset_pagat_about": "A sur cancels one of the opponent's; only the card that can capture must capture; "
        "sur cut-off 50 (the rules given by pagat.com).",
        "start": "Start",
        "saved": "Matches in this browser",
        "no_saved": "No match started in this browser yet.",
        "continue": "Continue",
        "view": "View",
        "status_playing": "in play",
        "status_over": "finished",
        "history": "All matches",
        "history_title": "Matches in this browser",
        "history_note": "This list is kept in this browser only. Removing a match from it does not delete the "
        "match; this browser just stops remembering it.",
        "history_empty": "No match in this browser.",
        "history_date": "Date",
        "history_opponent": "Opponent",
        "history_seats": "{n} players",
        "history_score": "Score",
        "history_result": "Result",
        "history_remove": "Remove from the list",
        "history_removed": "The match was removed from this browser's list.",
        "result_won": "won",
        "result_lost": "lost",
        "result_tied": "tie",
        "result_playing": "in play",
        "rematch": "Rematch with the same settings",
        "msg_rematch_early": "A rematch with the same settings is offered once this match is over.",
        "all_rounds": "Every round's sheet",
        "replay": "Replay move by move",
        "replay_title": "Match replay",
        "round_points": "this round",
        "skip_to_hand": "Skip to your hand",
        "play_now": "Let the computer play now",
        "piles": "Cards taken",
        "replay_position": "Move {n} of {total}",
        "replay_first": "Start",
        "replay_previous": "Previous move",
        "replay_next": "Next move",
        "replay_end": "End",
        "replay_round_ended": "This move ended the round; the next round's cards are dealt.",
        "replay_back": "Back to the match's last sheet",
        "replay_start": "The start of the match: no move yet.",
        "msg_replay_unfinished": "The move-by-move replay opens once the match is over, since it shows every hand.",
        "home": "Home",
        "opponent": "Computer",
        "you": "You",
        "cards_in_hand": "cards in hand",
        "cards_in_hand_one": "card in hand",
        "table": "Table",
        "your_hand": "Your hand",
        "stock": "Stock",
        "stock_left": "cards left in the stock",
        "clubs": "clubs",
        "clubs_one": "club",
        "surs": "surs",
        "surs_one": "sur",
        "match_score": "Match score",
        "score": "score",
        "the_computer": "the computer",
        "target_short": "target",
        "round": "Round",
        "last_moves": "Last moves",
        "no_moves": "No move yet this round.",
        "played": "played",
        "took": "took",
        "placed": "placed it",
        "sur": "sur!",
        "sur_no_points": "sur, but it scores nothing",
        "computer_played": "{who} played the {card}",
        "computer_took": "and took {cards}",
        "computer_placed": "and placed it on the table",
        "you_played": "You played {card}",
        "computer_thinking": "{who} is playing…",
        "computer_go": "Computer's turn: let it play",
        "your_turn": "Your turn: pick a card from your hand.",
        "pick_takes": "Pick table cards that make 11 with your card.",
        "pick_same": "Tap the highlighted card of the same rank that you want to take.",
        "pick_jack": "The jack takes every number card and jack on the table together; just confirm.",
        "sum": "Sum",
        "confirm_capture": "Confirm capture",
        "place": "Place card on the table",
        "choose_set": "Choose cards that make 11",
        "choose_same": "Choose the card to take",
        "choose_card": "Pick a card from your hand first",
        "cancel": "Cancel",
        "dealt": "Four new cards dealt.",
        "round_over": "End of round {n}",
        "item": "Item",
        "line_clubs": "Most clubs (at least 7)",
        "line_ten": "Ten of diamonds",
        "line_two": "Two of clubs",
        "line_aces": "Aces",
        "line_jacks": "Jacks",
        "line_surs": "Surs",
        "line_total": "Round total",
        "running_total": "Match total",
        "leftover": "The cards left on the table went to {who}.",
        "next_round": "Next round",
        "match_over": "Match over",
        "you_won": "You won!",
        "computer_won": "The computer won.",
        "download_record": "Download the game record (JSON)",
        "final_totals": "Final score",
        "language": "فارسی",
        "rules_link": "Rules",
        "learn": "New to the game? Start with the step-by-step tutorial.",
        "msg_already": "That move was already made; here is the table as it stands.",
        "msg_not_in_hand": "That card is not in your hand.",
        "msg_must_capture": "You hold a card that can capture, so you must capture with it.",
        "msg_card_must_capture": "This card can capture, so it may not be placed.",
        "msg_bad_set": "That capture is not allowed.",
        "msg_must_show": "Open hand: first turn one of your cards face up.",
        "msg_no_show": "This is not the time to show a card; play one.",
        "msg_wrong_sum": "Those cards do not make 11 with your card.",
        "msg_not_on_table": "You chose a card that is not on the table.",
        "msg_face_in_sum": "Jacks, queens and kings never count in a sum of eleven.",
        "msg_jack_sweep": "A jack takes every number card and every jack on the table together, not some of them.",
        "msg_king_takes_king": "A king takes exactly one king.",
        "msg_queen_takes_queen": "A queen takes exactly one queen.",
        "msg_not_your_turn": "It is not your turn.",
        "msg_match_over": "This match is over.",
        "msg_not_a_move": "That is not a move.",
        "learn_title": "Learn",
        "tutorial_link": "Step-by-step tutorial",
        "tutorial_blurb": "A few prepared tables: in each you find one move and learn the rule behind it.",
        "rules_examples_link": "The rules, with examples",
        "practice": "Free practice",
        "practice_blurb": "One round against the computer that counts for nothing: the pro gives you hints, and you "
        "can take a move back.",
        "start_practice": "Start practising",
        "practice_round": "Free practice · one round",
        "practice_over": "Practice over",
        "round_won": "You won this round!",
        "round_lost": "The computer won this round.",
        "round_tied": "This round is a tie.",
        "another_practice": "Practise another round",
        "hint_button": "Hint",
        "hint_title": "Hint",
        "hint_best": "The pro would play",
        "hint_select": "Select it",
        "hint_value": "value",
        "hint_only": "the only legal move",
        "hint_place": "lay it on the table",
        "points_unit": "points",
        "hint_explain": "The number on each card is the pro's estimate for the best move with that card: your average "
        "lead over the computer by the end of this deal (in the last deal, of the round). Positive is good for you.",
        "undo": "Take back my move",
        "msg_undone": "Your move is taken back; choose again.",
        "msg_undo_late": "Too late: the computer has answered.",
        "msg_undo_nothing": "There is no move of yours to take back.",
        "msg_no_undo": "Taking back a move is for free practice only.",
        "msg_no_hint": "Hints are for free practice, on your turn.",
        "msg_practice_over": "This practice round is over.",
        "saved_practice": "practice",
        "nav_learn": "Learn",
        "tutorial_title": "Step-by-step tutorial",
        "tutorial_intro": "Each lesson sets out a prepared table: a few cards in your hand and a few on the table. "
        "Read the short explanation and find the move it asks for. A wrong move is explained; the right one opens "
        "the next lesson. This browser remembers how far you got.",
        "tutorial_progress": "You have passed {done} of {total} lessons.",
        "tutorial_start": "Start the tutorial",
        "tutorial_continue": "Continue where you left off",
        "tutorial_review": "Review the lessons",
        "tutorial_restart": "Start again from lesson one",
        "lesson_done": "passed",
        "lesson_locked": "opens after the lessons before it",
        "lessons_in_order": "Each lesson opens once you have passed the one before it.",
        "lesson_of": "Lesson {n} of {total}",
        "lesson_right": "Well done, that's right!",
        "what_happened": "What happened",
        "table_after": "The table after the move",
        "table_at_end": "Left on the table when the round ended",
        "table_empty": "The table is empty",
        "next_lesson": "Next lesson",
        "lesson_again": "This lesson again",
        "tutorial_finished": "You have passed every lesson. Now play a practice round with hints, or a whole match.",
        "to_practice": "Free practice",
        "msg_no_lesson": "There is no such lesson.",
        "fact_took": "Taken with the {card}: {cards}.",
        "fact_placed": "The {card} now lies on the table, where anyone may take it.",
        "fact_sur_scored": "The table is empty: a sur, and it scores.",
        "fact_sur_unscored": "The table is empty and it is a sur, but in the last deal it scores nothing.",
        "fact_cleared_no_sur": "The table is empty, but this is not a sur.",
        "fact_leftover": "The round is over and the cards left on the table ({cards}) went to {who}.",
        "msg_round_sheet": "Read the round's score sheet and press “Next round” first.",
        "msg_garbage": "That request made no sense; nothing changed.",
        "msg_bad_options": "Those match options are not offered.",
        "msg_not_found": "No such match (the address or its secret is wrong).",
        "msg_record_unfinished": "The game record is available once the match is over.",
        "msg_too_large": "That request was too large.",
        "msg_cross_site": "This request came from a page of another site and was refused; nothing changed in your "
        "matches or your progress. If you sent it yourself, try again from this site's own pages.",
        "msg_sheet_closed": "This round's score sheet had already been closed; here is the table as it is.",
        "msg_no_page": "There is no such page.",
        "msg_method": "This address only takes a form sent by the site's own buttons.",
        "msg_disabled_card": "That card cannot be played now: a card that captures must be played.",
        "msg_rate_new": "Many new matches were started from your connection in a short time. Please wait "
        "{seconds} seconds and try again; your earlier matches are where you left them.",
        "msg_rate_hints": "Many hints were asked for from your connection in a short time. Please wait "
        "{seconds} seconds and ask again; your game is where you left it.",
        "players": "Players",
        "players_2": "Two: you and the computer",
        "players_3": "Three: you and two computers",
        "players_4": "Four in two teams: your partner sits opposite you and, like your opponents, is a computer of "
        "the level you choose",
        "level_easy_about": "Often misses the best capture.",
        "level_medium_about": "Takes the best capture it sees.",
        "level_pro_about": "Counts every card played and thinks a few moves ahead.",
        "target_range": "Any whole number from {low} to {high}. The default is {table}, doubled with four players "
        "({four}).",
        "house_rules": "House rules",
        "forced_capture_label": "Forced capture",
        "sur_points_label": "Points for a sur",
        "sur_cutoff_label": "Sur cut-off",
        "open_hand_about": "every player keeps one of their cards face up for all to see.",
        "house_rules_note": "Each rule starts at the chosen preset's value; change any you like.",
        "sur_cutoff_note": "Leave it empty for no cut-off.",
        "fill_defaults": "Fill in this preset's values",
        "rules_summary": "Rules of this match",
        "summary_players": "{n} players",
        "summary_teams": "four players in two teams",
        "summary_target": "target {n}",
        "summary_sur_points": "a sur is worth {n}",
        "summary_cutoff": "sur cut-off {n}",
        "seat_2_1": "Computer",
        "seat_3_1": "Right computer",
        "seat_3_2": "Left computer",
        "seat_4_1": "Right opponent",
        "seat_4_2": "Your partner",
        "seat_4_3": "Left opponent",
        "team_0": "Your team",
        "team_1": "Their team",
        "team_won": "Your team won!",
        "team_lost": "Their team won.",
        "seat_won": "{who} won.",
        "seats": "The other players",
        "dealer": "dealer",
        "to_play": "to play",
        "partner": "your partner",
        "taken_count": "taken",
        "face_up": "face up",
        "face_up_cards": "face-up card",
        "turn_order": "Order of play",
        "you_deal": "Dealer: you",
        "must_show": "Open hand: tap the card everyone will see. It stays face up until you play it.",
        "must_show_again": "You played your face-up card; now turn up one of the cards you have left.",
        "show_card": "Show the {card}",
        "seat_showed": "{who} shows the {card}.",
        "your_shown": "your face-up card",
        "msg_bad_level": "There is no such computer level; choose easy, medium or pro. No match was created.",
        "msg_bad_players": "The game is for two, three or four players. No match was created.",
        "msg_bad_target": "The target must be a whole number from 11 to 500. No match was created.",
        "msg_bad_preset": "There is no such set of rules; choose “table” or “sur for sur”. No match was created.",
        "msg_bad_forced_capture": "Forced capture is one of: whole hand, per card, or off. No match was created.",
        "msg_bad_flag": "An on/off rule is either ticked or not. No match was created.",
        "msg_bad_sur_points": "Sur points must be a whole number from 1 to 100. No match was created.",
        "msg_bad_sur_cutoff": "The sur cut-off is empty or a whole number from 1 to 500. No match was created.",
        "not_found_title": "Not found",
        "seat_you": "you",
        "seat_computer": "computer ({level})",
    },
}

FA_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def digits(value: object, lang: str) -> str:
    """`value` as text, with Persian digits when the language is Persian."""
    text = str(value)
    return text.translate(FA_DIGITS) if lang == "fa" else text


def card_name(code: str, lang: str) -> str:
    """The spoken name of a card code: "هفت خاج", "seven of clubs"."""
    rank = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(code[:-1]) or int(code[:-1])
    rank_name, suit_name = RANKS[lang][rank], SUITS[lang][code[-1]]
    return f"{rank_name} {suit_name}" if lang == "fa" else f"{rank_name} of {suit_name}"


def addends(cards, lang: str) -> list[str]:
    """Each number card's value in a sum of eleven (the engine's `card_sum`), in the language's digits."""
    return [digits(card_sum([card]), lang) for card in cards]


def card_names(cards, lang: str) -> str:
    """Cards (or codes) named in a sentence: "four of diamonds and two of hearts"."""
    return join([card_name(str(c), lang) for c in cards], lang)


def t(lang: str, key: str, **values: object) -> str:
    """The text for `key` in `lang`, with {name} fields filled in."""
    text = TEXT[lang][key]
    return text.format(**values) if values else text


def nt(lang: str, singular: str, plural: str, n: int) -> str:
    """The message for a count of n: `plural`, or `singular` when n is 1 (English only)."""
    return t(lang, singular if n == 1 and singular in TEXT[lang] else plural)


def one_or_many(key: str, n: int, texts: dict[str, str]) -> str:
    """`key`, or its singular `key_one` when n is 1 and the language has one (Persian does not).

    >>> one_or_many("clubs", 1, TEXT["en"]), one_or_many("clubs", 1, TEXT["fa"])
    ('club', 'خاج')
    """
    return texts.get(f"{key}_one", texts[key]) if n == 1 else texts[key]


def noun(key: str, n: int, lang: str) -> str:
    """The table's word `key` for a count of n: "card in hand" or "cards in hand"."""
    return one_or_many(key, n, TEXT[lang])


def counted(n: int, key: str, lang: str) -> str:
    """A number and its noun: "1 club", "3 clubs", "۳ خاج"."""
    return f"{digits(n, lang)} {noun(key, n, lang)}"


def join(items: list[str], lang: str) -> str:
    """A list of names for a sentence: "a, b و c" / "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    sep, last = ("، ", " و ") if lang == "fa" else (", ", " and ")
    return sep.join(items[:-1]) + last + items[-1]


# The rules page (/rules): prose in our own words, example captions and the engine's answers.
# Keys `ex_<key>` caption the examples of app/rules_examples.py; `res_*` phrase what the engine
# computed for them. Numbers in {braces} are filled in from the engine's rules values.
RULES_TEXT: dict[str, dict[str, str]] = {
    "fa": {
        "page_title": "قانون‌های چهاربرگ",
        "rule_n": "قانون {n}",
        "intro": "چهاربرگ (پاسور) بازیِ «جمع‌کردن» است: با برگی از دستتان، برگ‌هایی از وسط زمین برمی‌دارید که "
        "جمعشان با برگ شما ۱۱ شود. این صفحه همهٔ قانون‌ها را با مثال نشان می‌دهد. هر مثال را خودِ موتور بازی "
        "حساب کرده است، پس آنچه این‌جا می‌بینید همان است که سر میز پیش می‌آید.",
        "toc": "در این صفحه",
        "play": "شروع یک بازی",
        "example": "مثال",
        "row_table": "زمین",
        "row_hand": "دست شما",
        "row_hand_seat": "دست {who}",
        "row_after": "زمین پس از حرکت",
        "row_revealed": "برگ روی {who}",
        "row_pile": "برداشته‌های {who}",
        "empty": "خالی",
        "st_played": "بازی می‌شود",
        "st_taken": "برداشته می‌شود",
        "st_dim": "بازی‌شدنی نیست",
        "seat_0": "شما",
        "seat_1_of_2": "حریف",
        "seat_1_of_3": "نفر دوم",
        "seat_2_of_3": "نفر سوم",
        "seat_1_of_4": "حریف راست",
        "seat_2_of_4": "یار شما",
        "seat_3_of_4": "حریف چپ",
        "res_takes": "{card} برمی‌دارد: {cards}.",
        "res_sum": "{expr}\u00a0=\u00a0۱۱",
        "res_placed": "{card} چیزی برنمی‌دارد و روی زمین گذاشته می‌شود.",
        "res_options": "راه‌های مجاز این برگ:",
        "res_playable": "برگ‌های بازی‌شدنی: {cards}. بقیه کم‌رنگ می‌شوند.",
        "res_after": "روی زمین می‌ماند: {cards}.",
        "res_after_empty": "زمین خالی شد.",
        "res_sur": "سور! {points} امتیاز.",
        "res_sur_team": "سور! {points} امتیاز برای تیم شما.",
        "res_sur_unscored": "سور است، اما امتیازی نمی‌گیرد.",
        "res_sur_cancels": "سور است و به‌جای امتیاز، یک سور {who} را خنثی می‌کند.",
        "res_jack_empty": "زمین با سرباز خالی شد: این سور نیست.",
        "res_leftover": "برگ‌های ماندهٔ زمین ({cards}) به {who} می‌رسد، چون آخرین برداشت را کرده؛ این سور نیست.",
        "res_unclaimed": "کسی نیست که آخرین برداشت را کرده باشد، پس برگ‌های زمین ({cards}) به کسی نمی‌رسد.",
        "res_winner": "جمع کل: {totals}. {who} برنده است.",
        "res_tie": "جمع کل: {totals}. بیشترین جمع‌ها برابر است: یک دست دیگر بازی می‌شود.",
        "res_deal": "{hand} برگ در دست شما، {table} برگ روی زمین، {stock} برگ در دسته.",
        "res_turns": "پخش‌کننده: {dealer}. نوبت اول: {first}؛ نوبت بعد: {next}. پخش‌کنندهٔ دست بعد: {next_dealer}.",
        "res_revealed": "برگ رو‌شدهٔ {who}: {card}.",
        "res_clubs": "{who}: {n} خاج",
        "sheet_round": "امتیاز این دست",
        "sheet_clubs_count": "({n} خاج)",
        "r1_title": "پخش برگ‌ها",
        "r1_p1": "یک دستهٔ کامل ۵۲ برگی بُر می‌خورد. پخش‌کننده به هر بازیکن چهار برگ می‌دهد و چهار برگ هم رو به بالا "
        "وسط زمین می‌چیند. در این چهار برگ اول زمین نباید سرباز باشد: اگر سربازی بیاید، به دسته برمی‌گردد، دسته "
        "دوباره بر می‌خورد و برگ دیگری جایش را می‌گیرد.",
        "r1_p2": "هر بار که دست همه خالی شد، هر نفر چهار برگ تازه از دسته می‌گیرد. زمین هیچ‌وقت از دسته پر نمی‌شود؛ "
        "فقط برگ‌هایی که بازیکنان می‌گذارند به آن اضافه می‌شود. در بازی دونفره هر دست {deals} پخش دارد.",
        "r2_title": "نوبت",
        "r2_p1": "کسی که بعد از پخش‌کننده نشسته بازی را شروع می‌کند و بعد به نوبت، هر کس یک برگ بازی می‌کند. "
        "در هر دستِ تازه، پخش‌کننده عوض می‌شود.",
        "r3_title": "جمع یازده",
        "r3_p1": "آس تا ده «برگ عددی»‌اند و ارزش هر کدام همان عددش است؛ آس یک حساب می‌شود. با یک برگ عددی، یک یا چند "
        "برگ عددی از زمین برمی‌دارید، به شرطی که جمعشان با برگ خودتان درست ۱۱ شود. تعداد برگ‌ها محدود نیست.",
        "r3_p2": "اگر چند دسته برگ با برگ شما ۱۱ شوند، خودتان یکی از آن‌ها را انتخاب می‌کنید، فقط یکی. سرباز، بی‌بی و "
        "شاه هیچ‌وقت در این جمع نمی‌آیند.",
        "r4_title": "سرباز، جاروکش زمین",
        "r4_p1": "سرباز همهٔ برگ‌های عددی و همهٔ سربازهای روی زمین را یک‌جا برمی‌دارد، اما به شاه و بی‌بی دست نمی‌زند. "
        "اگر روی زمین نه برگ عددی باشد نه سرباز (زمین خالی، یا فقط شاه و بی‌بی)، سرباز چیزی برنمی‌دارد و روی زمین "
        "گذاشته می‌شود.",
        "r5_title": "شاه و بی‌بی",
        "r5_p1": "شاه فقط یک شاه از زمین برمی‌دارد و بی‌بی فقط یک بی‌بی. اگر دو شاه (یا دو بی‌بی) روی زمین باشد، "
        "خودتان انتخاب می‌کنید کدام را. شاه یا بی‌بی‌ای که جفتش روی زمین نیست، روی زمین گذاشته می‌شود.",
        "r6_title": "گذاشتن برگ",
        "r6_p1": "برگی که چیزی برنمی‌دارد، رو به بالا روی زمین گذاشته می‌شود و از آن به بعد هر کسی می‌تواند آن را بردارد.",
        "r7_title": "جمع‌کردن اجباری",
        "r7_p1": "اگر دست‌کم یکی از برگ‌های دستتان بتواند چیزی بردارد، باید با یکی از همین برگ‌ها بازی کنید و حتماً "
        "بردارید؛ گذاشتن برگ روی زمین در این حالت مجاز نیست. سر میز، برگ‌هایی که نمی‌توانند بردارند کم‌رنگ "
        "می‌شوند و انتخاب نمی‌شوند.",
        "r8_title": "سور",
        "r8_p1": "اگر با برگ عددی، شاه یا بی‌بی بردارید و زمین کاملاً خالی شود، سور زده‌اید: {sur} امتیاز. در یک دست "
        "هر چند سور که بزنید حساب می‌شود.",
        "r8_p2": "دو استثنا: خالی‌کردن زمین با سرباز هیچ‌وقت سور نیست، و سوری که در پخش آخر دست زده شود امتیازی ندارد "
        "(برگ‌ها را البته برمی‌دارید).",
        "r9_title": "پایان دست",
        "r9_p1": "وقتی دسته تمام شده و دست همه خالی است، هرچه روی زمین مانده به کسی می‌رسد که آخرین بار در این دست "
        "برداشته است، نه لزوماً کسی که آخرین برگ را بازی کرده. این برداشت هیچ‌وقت سور نیست.",
        "r10_title": "امتیازشماری",
        "r10_p1": "در پایان هر دست، برگ‌های برداشتهٔ هر بازیکن شمرده می‌شود:",
        "r10_p2": "بدون سور، جمع امتیاز یک دست همیشه ۲۰ است. امتیاز خاج فقط به کسی می‌رسد که دست‌کم ۷ خاج دارد و از "
        "هر بازیکن دیگری بیشتر؛ اگر برابر باشند، هیچ‌کس آن را نمی‌گیرد.",
        "r11_title": "پایان بازی",
        "r11_p1": "امتیاز هر دست به جمع کل اضافه می‌شود. هدف بازی را اول کار انتخاب می‌کنید: معمولاً ۶۲ (یا ۳۱، ۵۲ "
        "و ۶۴ قدیمی)، و در این سایت هر عدد درستی از {low} تا {high}. "
        "وقتی دست‌کم یک نفر به هدف رسید، هر که جمعش بیشتر است می‌برد؛ اگر بیشترین جمع‌ها برابر باشند، یک دست "
        "دیگر بازی می‌شود.",
        "score_item": "مورد",
        "score_points": "امتیاز",
        "score_clubs": "بیشترین خاج (دست‌کم ۷ تا)",
        "score_ten": "ده خشت",
        "score_two": "دو خاج",
        "score_ace": "هر آس",
        "score_jack": "هر سرباز",
        "score_sur": "هر سور",
        "score_sur_four": "{points} (در بازی چهارنفره {four})",
        "house_title": "قانون‌های خانگی",
        "house_p1": "در ایران هر جمعی چهاربرگ را کمی به سلیقهٔ خودش بازی می‌کند. موتور بازی این گونه‌ها را به شکل "
        "گزینه می‌شناسد؛ همه به‌طور پیش‌فرض خاموش‌اند و هر کدام را می‌توانید در صفحهٔ اول، پیش از شروع بازی، روشن کنید. "
        "زیر هر گزینه پیوندی هست که بازی‌ای با همان گزینه را آماده می‌کند.",
        "opt_forced_capture": "جمع‌کردن اجباری",
        "opt_forced_capture_text": "پیش‌فرض «کل دست» است (قانون ۷). در گونهٔ «هر برگ»، برگی که می‌تواند بردارد "
        "نباید گذاشته شود، ولی برگی که نمی‌تواند، می‌تواند گذاشته شود. در گونهٔ «خاموش» هر برگی را می‌شود گذاشت.",
        "opt_jack_sur": "سور با سرباز",
        "opt_jack_sur_text": "اگر روشن باشد، خالی‌کردن زمین با سرباز هم سور حساب می‌شود.",
        "opt_sur_points": "امتیاز سور",
        "opt_sur_points_text": "به‌طور پیش‌فرض {sur} (در بازی چهارنفره {four})؛ هر عدد درستی از {sur_low} تا "
        "{sur_high} می‌تواند باشد.",
        "opt_sur_in_last_deal": "سور در پخش آخر",
        "opt_sur_in_last_deal_text": "اگر روشن باشد، سوری که در پخش آخر دست زده شود هم امتیاز می‌گیرد.",
        "opt_surs_cancel": "خنثی‌شدن سورها",
        "opt_surs_cancel_text": "اگر روشن باشد و حریف در این دست سوری داشته باشد که هنوز خنثی نشده، سور شما به‌جای "
        "امتیاز، یکی از سورهای او را از بین می‌برد.",
        "opt_sur_cutoff": "سقف سور",
        "opt_sur_cutoff_text": "یک امتیاز از {cut_low} تا {cut_high} (سوربه‌سور: ۵۰): کسی که دست را با این امتیاز یا "
        "بیشتر شروع کرده، در آن دست از سور امتیازی نمی‌گیرد.",
        "opt_target": "امتیاز پایان بازی",
        "opt_target_text": "پیش‌فرض {target} (در بازی چهارنفره {target_four})؛ ۳۱، ۵۲، ۶۴ یا هر عدد درست دیگری از "
        "{low} تا {high}.",
        "opt_open_hand": "روباز",
        "opt_open_hand_text": "اگر روشن باشد، در آغاز هر پخش هر بازیکن، به نوبت، یکی از برگ‌هایش را انتخاب می‌کند و "
        "رو می‌کند تا همه ببینند. وقتی برگ رو‌شده‌اش را بازی کرد، یکی دیگر از برگ‌های باقی‌مانده‌اش را رو می‌کند؛ "
        "پس تا دستش خالی نشده همیشه یک برگش پیداست.",
        "presets_title": "دو مجموعهٔ آماده",
        "presets_p1": "«میز» همان پیش‌فرض‌های بالاست و «سوربه‌سور» (قانون‌های سایت پاگات) چند گزینه را روشن می‌کند؛ "
        "هر دو را در صفحهٔ اول می‌شود انتخاب کرد و بعد گزینه‌ها را تغییر داد. این جدول را مستقیم از "
        "تنظیمات موتور بازی خوانده‌ایم.",
        "preset_col_option": "گزینه",
        "preset_name_table": "میز",
        "preset_name_pagat": "سوربه‌سور (پاگات)",
        "val_hand": "کل دست",
        "val_card": "هر برگ",
        "val_off": "خاموش",
        "val_on": "روشن",
        "val_none": "ندارد",
        "start_option": "شروع بازی‌ای با این گزینه",
        "start_three": "شروع بازی سه‌نفره",
        "start_four": "شروع بازی چهارنفره (دو تیم)",
        "players_title": "سه یا چهار بازیکن",
        "three_p1": "سه‌نفره: هر دست {deals} پخش دارد. اگر هیچ‌کس به ۷ خاج نرسد، کسی که بیشترین خاج را دارد ۷ امتیاز "
        "خاج را می‌گیرد؛ اگر دو نفر در بیشترین خاج برابر باشند، این امتیاز به نفر سوم می‌رسد.",
        "four_p1": "چهارنفره: دو تیم دونفره که یارها روبه‌روی هم می‌نشینند. هر دست {deals} پخش دارد، برداشت‌ها و "
        "امتیازها برای هر تیم با هم شمرده می‌شود، هر سور {sur} امتیاز است و هدف معمول دو برابر می‌شود ({target}).",
        "faq_title": "پرسش‌های رایج",
        "faq_q1": "آیا جاروکردن زمین با سرباز سور است؟",
        "faq_a1": "نه. حتی اگر سرباز همهٔ برگ‌ها را بردارد و زمین خالی شود، سور نیست، مگر قانون خانگی «سور با سرباز» "
        "روشن باشد. خودِ سرباز البته یک امتیاز دارد.",
        "faq_q2": "آیا سرباز شاه و بی‌بی را هم برمی‌دارد؟",
        "faq_a2": "نه. سرباز فقط برگ‌های عددی و سربازها را جمع می‌کند؛ شاه و بی‌بی روی زمین می‌مانند. شاه را فقط شاه "
        "برمی‌دارد و بی‌بی را فقط بی‌بی.",
        "faq_q3": "برگ‌های آخرِ زمین به چه کسی می‌رسد؟",
        "faq_a3": "به کسی که آخرین برداشتِ آن دست را کرده، حتی اگر آخرین برگ را کس دیگری بازی کرده باشد. این برداشت "
        "سور نیست.",
        "faq_q4": "بزرگ‌ترین امتیاز یک‌جا کدام است؟",
        "faq_a4": "بیشترین خاج: ۷ امتیاز، برای کسی که دست‌کم ۷ خاج و بیشتر از همه دارد. بعد از آن سور با ۵ امتیاز و ده "
        "خشت با ۳. در بازی چهارنفره سور ۱۰ امتیاز است و از خاج هم بیشتر می‌شود.",
        "tips_title": "پنج نکته برای بازی اول",
        "tip1": "خاج‌ها را بشمارید: به ۷ خاج که برسید، ۷ امتیاز خاج مال شماست و دیگر کسی نمی‌تواند آن را بگیرد.",
        "tip2": "مراقب ده خشت باشید: ۳ امتیاز دارد. تا می‌شود آن را روی زمین نگذارید، و اگر روی زمین آمد با یک آس "
        "بردارید.",
        "tip3": "سرباز را برای زمین شلوغ نگه دارید: آن‌جا یک‌جا چند برگ، اغلب خاج و آس، جمع می‌کند.",
        "tip4": "زمین را با دو برگ عددی که جمعشان ۱۰ یا کمتر است رها نکنید: مثلاً ۳ و ۵ را حریف با یک ۳ برمی‌دارد و "
        "سور می‌زند.",
        "tip5": "آخرین برداشت بقیه را می‌برد: در پخش آخر حساب کنید چه کسی آخر برمی‌دارد، چون هرچه روی زمین بماند "
        "مال اوست.",
        "ex_deal": "یک پخش واقعی، همان‌طور که موتور بازی بر زده: چهار برگ در دست شما، چهار برگ روی زمین و هیچ "
        "سربازی بینشان نیست.",
        "ex_turns": "در همین بازی حریف پخش کرده، پس شما شروع می‌کنید: ده خاج، آس خاج را برمی‌دارد و نوبت به حریف "
        "می‌رسد.",
        "ex_sum-one": "۷ و ۴ می‌شود ۱۱: هفت خاج، چهار خشت را برمی‌دارد. نه و بی‌بی سر جایشان می‌مانند.",
        "ex_sum-many": "یک برگ می‌تواند چند برگ را با هم بردارد: ۲ + ۲ + ۳ + ۴ = ۱۱.",
        "ex_sum-choice": "شش دل سه راه دارد: یکی از دو پنج، یا دو و سه با هم. پنج خاج بهتر است، چون خاج‌ها آخر دست "
        "می‌ارزند.",
        "ex_sum-ace": "آس یک است، پس ده را برمی‌دارد. نه با آس فقط ۱۰ می‌شود و می‌ماند.",
        "ex_jack-sweep": "سرباز عددها و سرباز دیگر را یک‌جا جمع می‌کند؛ شاه سر جایش می‌ماند.",
        "ex_jack-faces": "روی زمین فقط شاه و بی‌بی است: سرباز چیزی برنمی‌دارد و کنارشان گذاشته می‌شود.",
        "ex_king": "شاه دل فقط شاه پیک را برمی‌دارد، نه هشت را.",
        "ex_queens": "دو بی‌بی روی زمین است: بی‌بی شما یکی را برمی‌دارد، هر کدام را که بخواهید.",
        "ex_place": "نه دل با هیچ برگی ۱۱ نمی‌شود و بی‌بی جفتی ندارد: نه دل روی زمین گذاشته می‌شود.",
        "ex_forced": "پنج دل می‌تواند شش را بردارد، پس تنها حرکت مجاز همین است؛ نه و بی‌بی کم‌رنگ‌اند.",
        "ex_sur": "۲ + ۴ + ۵ = ۱۱ و چیزی روی زمین نمی‌ماند: سور.",
        "ex_sur-king": "تنها برگ زمین یک شاه است و شما آن را با شاه برمی‌دارید: این هم سور است.",
        "ex_jack-no-sur": "سرباز زمین را خالی می‌کند، ولی این سور نیست.",
        "ex_sur-last-deal": "سوری در پخش آخر دست: برگ‌ها مال شماست، اما امتیاز سور نه.",
        "ex_leftover-mine": "آخرین برگ دست: شش شما پنج را برمی‌دارد و چون آخرین برداشت مال شماست، دو و شاه هم به شما "
        "می‌رسد.",
        "ex_leftover-theirs": "شما آخرین برگ را روی زمین می‌گذارید، ولی آخرین برداشت را حریف کرده بود: همهٔ زمین "
        "مال اوست.",
        "ex_score": "یک دست کامل: شما ۸ خاج، ده خشت، دو خاج، دو آس، یک سرباز و یک سور دارید؛ حریف ۵ خاج، دو آس و سه "
        "سرباز.",
        "ex_clubs-tie": "موردِ نادری که خودِ کتاب قانون مثال می‌زند: هر کدام ۶ خاج دارید و خاج آخر روی زمین مانده و در "
        "این دست کسی برداشت آخر را نکرده که آن را ببرد: امتیاز خاج به هیچ‌کس نمی‌رسد. در دونفره با ۱۳ خاج این "
        "تنها راهِ برابری است.",
        "ex_match-win": "هدف ۶۲ است. شما دست آخر را با ۵۸ شروع کرده‌اید و حریف با ۶۰؛ پس از شمارش، جمع شما بیشتر است.",
        "ex_match-tie": "هدف ۶۲ است. پس از این دست هر دو ۶۲ دارید: برابر است.",
        "ex_forced-card": "با اجبار «هر برگ» (پاگات): پنج را نمی‌شود گذاشت، ولی نه و بی‌بی را که چیزی برنمی‌دارند "
        "می‌شود.",
        "ex_jack-sur": "با «سور با سرباز» همین جارو سور می‌شود.",
        "ex_last-deal-sur": "با «سور در پخش آخر»، سور پخش آخر هم امتیاز دارد.",
        "ex_surs-cancel": "حریف در این دست یک سور دارد. سور شما امتیاز نمی‌گیرد و سور او را خنثی می‌کند.",
        "ex_sur-cutoff": "سقف سور ۵۰ است و شما این دست را با ۵۲ شروع کرده‌اید: سورتان امتیازی ندارد.",
        "ex_open-hand": "روباز: از اول پخش یکی از برگ‌های حریف رو است و همه آن را می‌بینند.",
        "ex_three-clubs": "سه‌نفره: خاج‌ها ۵، ۵ و ۳ است. کسی به ۷ نرسیده و دو نفر اول برابرند، پس امتیاز خاج به نفر "
        "سوم می‌رسد.",
        "ex_four-sur": "چهارنفره: سوری که شما می‌زنید برای تیمتان حساب می‌شود.",
    },
    "en": {
        "page_title": "How to play Chaharbargh",
        "rule_n": "Rule {n}",
        "intro": "Chaharbargh (Pasur) is a fishing game: with a card from your hand you take cards from the middle of "
        "the table that add up to eleven with it. This page walks through every rule with examples. The game "
        "engine itself worked out each example, so what you see here is exactly what happens at the table.",
        "toc": "On this page",
        "play": "Start a match",
        "example": "Example",
        "row_table": "Table",
        "row_hand": "Your hand",
        "row_hand_seat": "{who}'s hand",
        "row_after": "Table after the move",
        "row_revealed": "{who}'s face-up card",
        "row_pile": "Taken by {who}",
        "empty": "empty",
        "st_played": "played",
        "st_taken": "taken",
        "st_dim": "cannot be played",
        "seat_0": "you",
        "seat_1_of_2": "your opponent",
        "seat_1_of_3": "the second player",
        "seat_2_of_3": "the third player",
        "seat_1_of_4": "the opponent on your right",
        "seat_2_of_4": "your partner",
        "seat_3_of_4": "the opponent on your left",
        "res_takes": "{card} takes {cards}.",
        "res_sum": "{expr}\u00a0=\u00a011",
        "res_placed": "{card} takes nothing and is laid on the table.",
        "res_options": "Legal ways to play this card:",
        "res_playable": "Playable: {cards}. The others are dimmed.",
        "res_after": "Left on the table: {cards}.",
        "res_after_empty": "The table is empty.",
        "res_sur": "Sur! {points} points.",
        "res_sur_team": "Sur! {points} points for your team.",
        "res_sur_unscored": "A sur, but it scores nothing.",
        "res_sur_cancels": "A sur, and instead of scoring it cancels one of {who}'s surs.",
        "res_jack_empty": "A jack emptied the table: that is not a sur.",
        "res_leftover": "The cards left on the table ({cards}) go to {who}, who made the last capture; "
        "this is not a sur.",
        "res_unclaimed": "There is no last capturer, so the cards on the table ({cards}) go to nobody.",
        "res_winner": "Match totals: {totals}. The winner: {who}.",
        "res_tie": "Match totals: {totals}. The top totals are level: another round is played.",
        "res_deal": "{hand} cards in your hand, {table} on the table, {stock} in the stock.",
        "res_turns": "Dealer: {dealer}. First to play: {first}; next: {next}. Dealer of the next round: {next_dealer}.",
        "res_revealed": "{who}'s face-up card: {card}.",
        "res_clubs": "{who}: {n} clubs",
        "sheet_round": "Points this round",
        "sheet_clubs_count": "({n} clubs)",
        "sheet_clubs_count_one": "({n} club)",
        "r1_title": "The deal",
        "r1_p1": "The full 52-card pack is shuffled. The dealer gives every player four cards and lays four more face "
        "up in the middle. No jack may be among those first four table cards: a jack turned up there goes back into "
        "the pack, the pack is shuffled again and another card takes its place.",
        "r1_p2": "Every time all hands are empty, everyone receives four fresh cards from the stock. The table is "
        "never refilled from the stock; it only grows by the cards players lay down. With two players a round has "
        "{deals} deals.",
        "r2_title": "Turns",
        "r2_p1": "The player sitting after the dealer goes first; then everyone plays in turn, one card at a time. "
        "A different player deals each round.",
        "r3_title": "The sum of eleven",
        "r3_p1": "Ace to ten are number cards, each worth its face value; the ace counts one. A number card takes one "
        "or more number cards from the table when they add up, together with the card you play, to exactly eleven. "
        "There is no limit on how many cards that can be.",
        "r3_p2": "If several groups would make eleven, you pick one of them, and only one. Jacks, queens and kings "
        "never count in a sum.",
        "r4_title": "The jack sweeps",
        "r4_p1": "A jack collects every number card and every jack on the table at once, but leaves kings and queens "
        "alone. If there is no number card and no jack to collect (an empty table, or only kings and queens), "
        "the jack takes nothing and is laid on the table.",
        "r5_title": "Kings and queens",
        "r5_p1": "A king takes a single king from the table, and a queen a single queen. With two kings (or two "
        "queens) down, you choose which. A king or queen with no partner on the table is laid down.",
        "r6_title": "Laying a card down",
        "r6_p1": "A card that takes nothing goes face up on the table, where any player may take it later.",
        "r7_title": "Forced capture",
        "r7_p1": "Whenever some card in your hand can capture, you have to play one of those cards and capture with "
        "it; laying a card down is not allowed then. At the table, the cards that cannot capture are dimmed and "
        "cannot be chosen.",
        "r8_title": "The sur",
        "r8_p1": "Capture with a number card, a king or a queen and leave the table bare, and you have made a sur, "
        "worth {sur} points. You may make as many as you can in a round.",
        "r8_p2": "Two exceptions: clearing the table with a jack is never a sur, and a sur in the round's last deal "
        "earns nothing (you still keep the cards).",
        "r9_title": "The end of a round",
        "r9_p1": "Once the stock is used up and every hand is empty, whatever is still on the table goes to the player "
        "who made the round's last capture, not necessarily the one who played the last card. Collecting those "
        "cards is never a sur.",
        "r10_title": "Scoring",
        "r10_p1": "At the end of every round each player's captured cards are counted:",
        "r10_p2": "Leaving surs aside, a round always hands out exactly 20 points. The clubs prize goes only to a "
        "player with at least 7 clubs and more than anyone else; on a tie nobody gets it.",
        "r11_title": "The end of the match",
        "r11_p1": "Each round's points are added to the running totals. You choose the goal when the match starts: "
        "usually 62 (or 31, 52, or the traditional 64), and here any whole number from {low} to {high}. As soon "
        "as someone has reached it, the highest total wins; if the top totals are level, another round is played.",
        "score_item": "Item",
        "score_points": "Points",
        "score_clubs": "Most clubs (at least 7)",
        "score_ten": "Ten of diamonds",
        "score_two": "Two of clubs",
        "score_ace": "Each ace",
        "score_jack": "Each jack",
        "score_sur": "Each sur",
        "score_sur_four": "{points} ({four} with four players)",
        "house_title": "House rules",
        "house_p1": "Around Iran every circle of players has its own way of playing. The game engine knows these "
        "variants as options; all of them are off unless you switch them on, on the home page, before the match "
        "starts. Under each option a link sets up a match with it.",
        "opt_forced_capture": "Forced capture",
        "opt_forced_capture_text": "The default is “whole hand” (rule 7). With “per card”, a card that "
        "can capture may not be laid down, but a card that cannot may be. With “off”, any card may be laid "
        "down.",
        "opt_jack_sur": "Jack sur",
        "opt_jack_sur_text": "When on, clearing the table with a jack counts as a sur too.",
        "opt_sur_points": "Sur points",
        "opt_sur_points_text": "{sur} by default ({four} with four players); any whole number from {sur_low} to "
        "{sur_high}.",
        "opt_sur_in_last_deal": "Sur in the last deal",
        "opt_sur_in_last_deal_text": "When on, a sur in the round's last deal scores as well.",
        "opt_surs_cancel": "Surs cancel",
        "opt_surs_cancel_text": "When on, and your opponent holds a sur from this round that has not been cancelled "
        "yet, your sur wipes out one of theirs instead of scoring.",
        "opt_sur_cutoff": "Sur cut-off",
        "opt_sur_cutoff_text": "A score from {cut_low} to {cut_high} (“sur for sur” uses 50): whoever started the "
        "round at or above it gets nothing for surs in that round.",
        "opt_target": "Match target",
        "opt_target_text": "{target} by default ({target_four} with four players); 31, 52, 64 or any other whole "
        "number from {low} to {high}.",
        "opt_open_hand": "Open hand",
        "opt_open_hand_text": "When on, at the start of each deal every player in turn chooses one of their cards "
        "and turns it face up for all to see. When they play that card they turn up another of the cards they have "
        "left, so one card of every hand is in view until the hand is empty.",
        "presets_title": "Two ready-made sets",
        "presets_p1": "“Table” is the defaults above; “sur for sur” (the rules pagat.com gives) switches several "
        "options on. You pick either on the home page and may change any option after. This table is "
        "read straight from the game engine's settings.",
        "preset_col_option": "Option",
        "preset_name_table": "table",
        "preset_name_pagat": "sur for sur (pagat)",
        "val_hand": "whole hand",
        "val_card": "per card",
        "val_off": "off",
        "val_on": "on",
        "val_none": "none",
        "start_option": "Start a match with this option",
        "start_three": "Start a three-player match",
        "start_four": "Start a four-player team match",
        "players_title": "Three or four players",
        "three_p1": "Three players: a round has {deals} deals. If nobody reaches 7 clubs, the player with the most "
        "clubs takes the 7 points; if two players tie for the most, the third player gets them.",
        "four_p1": "Four players: two teams, partners sitting opposite each other. A round has {deals} deals, captures "
        "and points are kept per team, a sur is worth {sur} points and the usual target doubles ({target}).",
        "faq_title": "Questions people ask",
        "faq_q1": "Is sweeping the table with a jack a sur?",
        "faq_a1": "No. Even when the jack clears every card, it is not a sur, unless the “jack sur” house "
        "rule is on. The jack itself is still worth a point.",
        "faq_q2": "Does the jack take kings and queens?",
        "faq_a2": "No. The jack only collects number cards and jacks; kings and queens stay on the table. Only a king "
        "takes a king, and only a queen takes a queen.",
        "faq_q3": "Who gets the cards left at the end?",
        "faq_a3": "The player who made the last capture of the round, even if someone else played the last card. "
        "It does not count as a sur.",
        "faq_q4": "What is the biggest single prize?",
        "faq_a4": "Most clubs: 7 points, for whoever holds at least 7 clubs and more than everyone else. Next come a "
        "sur (5) and the ten of diamonds (3). With four players a sur is worth 10 and beats the clubs.",
        "tips_title": "Five tips for your first match",
        "tip1": "Count the clubs: once you hold seven, the 7 points for clubs are yours and nobody can take them away.",
        "tip2": "Mind the ten of diamonds: it is worth 3. Avoid laying it down, and when it shows up on the table, "
        "take it with an ace.",
        "tip3": "Save your jack for a crowded table: there it scoops up many cards at once, often clubs and aces.",
        "tip4": "Don't leave two number cards that add up to 10 or less: a 3 and a 5 are both taken by a 3, and that "
        "is a sur for your opponent.",
        "tip5": "The last capture takes the rest: in the final deal, think about who will capture last, because "
        "everything left on the table goes to them.",
        "ex_deal": "A real deal, shuffled by the game itself: four cards in your hand, four on the table, and no jack "
        "among them.",
        "ex_turns": "In the same match your opponent dealt, so you go first: the 10♣ takes the A♣ and the turn "
        "passes to them.",
        "ex_sum-one": "7 and 4 make 11: the 7♣ takes the 4♦. The 9 and the queen stay where they are.",
        "ex_sum-many": "One card can take several at once: 2 + 2 + 3 + 4 = 11.",
        "ex_sum-choice": "The 6♥ has three choices: either five, or the 2 and the 3 together. The 5♣ is the "
        "better pick, because clubs count at the end of the round.",
        "ex_sum-ace": "The ace counts one, so it takes a ten. The 9 would make only ten with it and stays.",
        "ex_jack-sweep": "The jack collects the numbers and the other jack in one go; the king stays put.",
        "ex_jack-faces": "Only a king and a queen lie on the table: the jack takes nothing and joins them.",
        "ex_king": "The K♥ takes the K♠ and nothing else, not the 8.",
        "ex_queens": "Two queens are down: yours takes one of them, whichever you like.",
        "ex_place": "The 9♥ makes eleven with nothing and the queen has no partner: the 9♥ is laid down.",
        "ex_forced": "The 5♥ can take the 6, so that is the only legal play; the 9 and the queen are dimmed.",
        "ex_sur": "2 + 4 + 5 = 11 and nothing is left on the table: a sur.",
        "ex_sur-king": "The only card down is a king and you take it with yours: that is a sur too.",
        "ex_jack-no-sur": "The jack clears the table, but that is not a sur.",
        "ex_sur-last-deal": "A sur in the round's last deal: the cards are yours, the sur points are not.",
        "ex_leftover-mine": "The round's last card: your 6 takes the 5, and since that is the last capture, the 2 and "
        "the king come to you as well.",
        "ex_leftover-theirs": "You lay down the round's last card, but your opponent made the last capture: the "
        "whole table goes to them.",
        "ex_score": "A whole round: you took 8 clubs, the 10♦, the 2♣, two aces, a jack and one sur; your "
        "opponent took 5 clubs, two aces and three jacks.",
        "ex_clubs-tie": "The rule book's own corner case: you each have 6 clubs and the last club stays on the table "
        "with no last capturer this round to take it, so nobody gets the clubs points. With 13 clubs and two "
        "players this is the only way to tie.",
        "ex_match-win": "The target is 62. You start the last round on 58 and your opponent on 60; after the count you "
        "are ahead.",
        "ex_match-tie": "The target is 62. After this round you both have 62: a tie.",
        "ex_forced-card": "With forced capture “per card” (pagat): the 5 still may not be laid down, but the 9 "
        "and the queen, which take nothing, may.",
        "ex_jack-sur": "With “jack sur” on, this very sweep is a sur.",
        "ex_last-deal-sur": "With “sur in the last deal” on, a sur in the last deal scores too.",
        "ex_surs-cancel": "Your opponent holds one sur this round. Yours does not score: it cancels theirs.",
        "ex_sur-cutoff": "The cut-off is 50 and you started this round on 52: your sur scores nothing.",
        "ex_open-hand": "Open hand: one of your opponent's cards is face up from the start of the deal, for everyone "
        "to see.",
        "ex_three-clubs": "Three players with 5, 5 and 3 clubs. Nobody has 7 and the first two tie, so the clubs "
        "points go to the third player.",
        "ex_four-sur": "Four players: the sur you make counts for your team.",
    },
}


def rt(lang: str, key: str, **values: object) -> str:
    """A text of the rules page in `lang`, with {name} fields filled in (singular for n=1 where there is one)."""
    n = values.get("n")
    text = one_or_many(key, 1, RULES_TEXT[lang]) if n in (1, "1") else RULES_TEXT[lang][key]
    return text.format(**values) if values else text


# --- All Fours (issue 15): its table, sheet, home choice and rules page ----------------------

ALLFOURS_TEXT: dict[str, dict[str, str]] = {
    "fa": {
        "game_choice": "بازی",
        "game_chaharbargh": "چهاربرگ",
        "game_allfours": "همه چهار (قوانین ترینیداد)",
        "game_allfours_note": "همه چهار با دو نفر یا چهار نفر در دو تیم، تا ۱۴ امتیاز. قوانین و امتیاز پایان "
        "چهاربرگ برای آن خوانده نمی‌شود.",
        "af_title": "همه چهار",
        "af_trump": "خال حکم",
        "af_turnup": "برگ رو شده",
        "af_set_aside": "کنار گذاشته",
        "af_trick": "دست روی میز",
        "af_last_trick": "دست قبل",
        "af_won_by": "برنده: {who}",
        "af_stand": "می‌مانم",
        "af_beg": "التماس می‌کنم",
        "af_takeone": "یکی بگیر",
        "af_run": "برگ‌ها را بده",
        "af_decide_beg": "حکم {suit} است. با این دست می‌مانید یا التماس می‌کنید؟",
        "af_decide_answer": "{who} التماس کرد. یک امتیاز به او می‌دهید یا سه برگ دیگر پخش می‌کنید؟",
        "af_your_play": "برگی را بزنید. اگر خال اول را ندارید یا حکم نمی‌زنید، هر برگی آزاد است.",
        "af_lead": "دست با شماست: هر برگی را بزنید.",
        "af_cannot_play": "نمی‌شود: باید هم‌خال یا حکم بزنید",
        "af_cards": "برگ",
        "af_this_round": "امتیازهای این دست",
        "af_decisions": "تصمیم‌ها",
        "af_sheet_title": "برگه امتیاز دست {n}",
        "af_line_kick": "برگ رو شده ({card})",
        "af_line_begged": "التماس: یکی بگیر",
        "af_line_high": "بالا ({card})",
        "af_line_low": "پایین ({card})",
        "af_line_jack": "سرباز ({card})",
        "af_line_hang_jack": "سرباز گرفته شده ({card})",
        "af_line_game": "بازی (شمارش برگ‌ها)",
        "af_not_counted": "شمرده نشد: بازی پیش‌تر تمام شده بود",
        "af_game_counts": "شمارش برای «بازی»: {counts}",
        "af_no_lines": "امتیازی در این دست گرفته نشد.",
        "af_redeals": "برگ‌ها {n} بار دوباره پخش شد.",
        "af_said": "{who}: {what}",
        "af_played": "{who}: {card}",
        "af_rules_link": "قوانین همه چهار",
        "af_rules_title": "قوانین همه چهار (ترینیداد)",
        "msg_bad_game": "این بازی را نمی‌شناسیم: چهاربرگ یا همه چهار را برگزینید. بازی‌ای ساخته نشد.",
        "msg_af_bad_players": "همه چهار برای دو نفر یا چهار نفر (دو تیم) است. بازی‌ای ساخته نشد.",
        "msg_must_follow": "باید از خال اول یا حکم بزنید؛ این برگ را نمی‌شود زد.",
        "msg_must_trump": "حکم بازی شده: اگر حکم دارید باید حکم بزنید.",
        "msg_not_your_decision": "اکنون وقت این کار نیست.",
        "afr_lead": "همه چهار، آن‌گونه که در ترینیداد بازی می‌شود: دو نفر، یا چهار نفر در دو تیم (یارها روبه‌روی هم). "
        "بازی و پخش به سمت راست می‌چرخد. ۵۲ برگ، آس بالاترین.",
        "afr_deal_h": "پخش و حکم",
        "afr_deal": "پخش‌کننده به هر بازیکن شش برگ می‌دهد، سه‌تا سه‌تا، و برگ بعدی را رو می‌کند: خال آن حکم است.",
        "afr_kick": "اگر برگ رو شده آس باشد، تیم پخش‌کننده ۱ امتیاز می‌گیرد؛ شش ۲ امتیاز و سرباز ۳ امتیاز.",
        "afr_beg_h": "ماندن یا التماس",
        "afr_beg": "بازیکن سمت راست پخش‌کننده دستش را می‌بیند و یا می‌ماند (حکم را می‌پذیرد) یا التماس می‌کند. "
        "پخش‌کننده یا می‌گوید «یکی بگیر» (تیم التماس‌کننده ۱ امتیاز می‌گیرد و بازی شروع می‌شود) یا برگ‌ها را می‌دهد.",
        "afr_run": "در دادن برگ‌ها، برگ رو شده کنار می‌رود، هر کس سه برگ دیگر می‌گیرد و برگ بعدی رو می‌شود؛ اگر خالش "
        "فرق کند حکم تازه است (و پخش‌کننده برای آن امتیاز می‌گیرد)، وگرنه دوباره سه برگ و برگی دیگر. اگر دسته تمام "
        "شود، همان پخش‌کننده از نو پخش می‌کند و امتیازهای گرفته شده می‌ماند.",
        "afr_play_h": "بازی دست‌ها",
        "afr_play": "بازیکن سمت راست پخش‌کننده اولین دست را شروع می‌کند و برنده هر دست، دست بعد را. اگر حکم بازی "
        "شود، هر که حکم دارد باید حکم بزند؛ اگر خال دیگری بازی شود، باید هم‌خال یا حکم زد؛ فقط کسی که هیچ‌کدام را "
        "ندارد هر برگی می‌زند. در میز، برگ‌هایی که نمی‌شود زد کم‌رنگ‌اند.",
        "afr_win": "بالاترین حکم دست را می‌برد؛ بی حکم، بالاترین برگ خال اول.",
        "afr_score_h": "امتیاز هر دست",
        "afr_high": "بالا، ۱ امتیاز: تیمی که بالاترین حکم پخش شده را داشت.",
        "afr_low": "پایین، ۱ امتیاز: تیمی که پایین‌ترین حکم پخش شده به او رسیده بود (نه برنده آن).",
        "afr_jack": "سرباز: اگر سرباز حکم پخش شده باشد، تیمی که آن را در دستی می‌برد ۱ امتیاز می‌گیرد؛ اگر تیم "
        "دیگر سرباز را از دارنده‌اش بگیرد («سرباز گرفته شده»)، ۳ امتیاز.",
        "afr_game": "بازی، ۱ امتیاز: برگ‌های برده شده شمرده می‌شوند (آس ۴، شاه ۳، بی‌بی ۲، سرباز ۱، ده ۱۰)؛ تیم "
        "با شمارش بیشتر می‌برد و در تساوی کسی نمی‌برد.",
        "afr_target": "نخستین تیمی که به ۱۴ امتیاز برسد، همان دم برنده است؛ امتیازها به ترتیبی که گرفته "
        "می‌شوند شمرده می‌شوند.",
        "afr_exposed_h": "برگی که بی‌نوبت دیده شود",
        "afr_exposed": "سر میز واقعی، برگی که بی‌نوبت نشان داده شود رو می‌ماند و باید در نخستین فرصت درست بازی شود. "
        "در این میز برگ فقط با بازی کردن از دست بیرون می‌آید و نمی‌شود اشتباهی نشانش داد، پس این جریمه در بازی نیست.",
        "afr_examples_later": "نمونه‌های بازی شده با موتور بازی و آموزش کوتاه بعدا به این صفحه افزوده می‌شوند.",
    },
    "en": {
        "game_choice": "Game",
        "game_chaharbargh": "Chaharbargh",
        "game_allfours": "All Fours (Trinidad rules)",
        "game_allfours_note": "All Fours for two, or four in two partnerships, to 14 points. Chaharbargh's rules and "
        "target are not read for it.",
        "af_title": "All Fours",
        "af_trump": "Trump",
        "af_turnup": "Turned up",
        "af_set_aside": "set aside",
        "af_trick": "Trick on the table",
        "af_last_trick": "Last trick",
        "af_won_by": "won by {who}",
        "af_stand": "Stand",
        "af_beg": "Beg",
        "af_takeone": "Take one",
        "af_run": "Run the cards",
        "af_decide_beg": "Trump is {suit}. Do you stand with this hand, or beg?",
        "af_decide_answer": "{who} begged. Give them one point, or run the cards (three more each)?",
        "af_your_play": "Play a card: follow the suit led or trump; only without either may you play anything.",
        "af_lead": "Your lead: play any card.",
        "af_cannot_play": "may not be played: follow suit or trump",
        "af_cards": "cards",
        "af_this_round": "Points this round",
        "af_decisions": "Decisions",
        "af_sheet_title": "Round {n} score sheet",
        "af_line_kick": "Kick ({card} turned up)",
        "af_line_begged": "Begged: take one",
        "af_line_high": "High ({card})",
        "af_line_low": "Low ({card})",
        "af_line_jack": "Jack ({card})",
        "af_line_hang_jack": "Hang jack ({card})",
        "af_line_game": "Game (card count)",
        "af_not_counted": "not counted: the match was already won",
        "af_game_counts": "Counted towards Game: {counts}",
        "af_no_lines": "No points were scored this round.",
        "af_redeals": "The cards were dealt again {n} time(s).",
        "af_said": "{who}: {what}",
        "af_played": "{who}: {card}",
        "af_rules_link": "All Fours rules",
        "af_rules_title": "All Fours rules (Trinidad)",
        "msg_bad_game": "There is no such game: choose Chaharbargh or All Fours. No match was created.",
        "msg_af_bad_players": "All Fours is for two players, or four in two partnerships. No match was created.",
        "msg_must_follow": "Follow the suit led or trump: this card may not be played.",
        "msg_must_trump": "Trump was led: you must play trump if you can.",
        "msg_not_your_decision": "That is not a choice now.",
        "afr_lead": "All Fours as played in Trinidad: two players, or four in two partnerships (partners sit "
        "opposite). Play and the deal go to the right. 52 cards, aces high.",
        "afr_deal_h": "The deal and trump",
        "afr_deal": "The dealer gives each player six cards, three at a time, and turns up the next card: its suit "
        "is trump.",
        "afr_kick": "If the card turned up is an ace the dealer's side scores 1; a six, 2; a jack, 3 (kicking).",
        "afr_beg_h": "Standing and begging",
        "afr_beg": "The player to the dealer's right looks at their hand and either stands (accepts trump) or begs. "
        "The dealer then says “take one” (the beggar's side scores 1 and play begins) or runs the cards.",
        "afr_run": "To run the cards, the turned card is set aside, everyone gets three more cards and the next card "
        "is turned; a new suit is the new trump (the dealer kicks for it), the same suit means three more each and "
        "another turn. If the pack runs out, the same dealer deals again; points already scored are kept.",
        "afr_play_h": "Playing the tricks",
        "afr_play": "The player to the dealer's right leads the first trick; each trick's winner leads the next. If "
        "trump is led, everyone with a trump must play one; if a plain suit is led, follow it or trump; only a "
        "player with neither may play anything. At the table, cards you may not play are dimmed.",
        "afr_win": "The highest trump wins the trick; without trump, the highest card of the suit led.",
        "afr_score_h": "Scoring a round",
        "afr_high": "High, 1 point: the side that was dealt the highest trump in play.",
        "afr_low": "Low, 1 point: the side that was dealt the lowest trump in play (not whoever won it).",
        "afr_jack": "Jack: if the jack of trumps was dealt, the side that wins it in a trick scores 1; if the other "
        "side takes it from its holder (“hang jack”), 3.",
        "afr_game": "Game, 1 point: each side counts the cards it won, ace 4, king 3, queen 2, jack 1, ten 10; the "
        "higher count scores, a tie scores nothing.",
        "afr_target": "The first side to reach 14 points wins at once; points count in the order they are scored.",
        "afr_exposed_h": "A card exposed out of turn",
        "afr_exposed": "At a real table a card shown out of turn stays face up and must be played at the first legal "
        "chance when called. At this web table a card leaves a hand only when it is played, so it cannot be exposed "
        "by accident, and that penalty is left out.",
        "afr_examples_later": "Engine-checked examples and a short tutorial will be added to this page later.",
    },
}
for _lang, _words in ALLFOURS_TEXT.items():
    TEXT[_lang].update(_words)
