"""Sentences built from pieces, checked with real values in every language.

Templates get seat names, counts, tiles and faces filled in at run time, where a translator
cannot see the result: these tests fill them with singular and plural counts, named players and
numbered seats, worms and numbers, and look for what a teacher would correct on the projector.
"""

from __future__ import annotations

import re
from typing import Final

import pytest
from tables import table

from pickomino.events import (
    Event,
    GameOver,
    Kept,
    NothingFlipped,
    Rolled,
    TileFlipped,
    TileReturned,
    TileSpared,
    TookTile,
    TurnFailed,
    TurnPassed,
)
from pickomino.i18n import (
    LANGS,
    Lang,
    OwnName,
    amount,
    markdown,
    markdown_files,
    placeholders,
    strings,
    t,
    tn,
)
from pickomino.lessons.quiz.keep import Keep
from pickomino.narrate import (
    Names,
    SeatTitle,
    UnknownFace,
    games_cost,
    games_in_ten,
    move_words,
    read_dice,
    seat_name,
    seats_text,
    sentence,
    story,
    worm_letters,
)
from pickomino.odds import Move, analyse
from pickomino.rules import JUNIOR, STANDARD

# ----- dice typed by hand ------------------------------------------------------------------------


def test_the_worm_is_typed_with_the_first_letter_of_each_languages_word() -> None:
    assert worm_letters() == {"W", "V"}  # worm (en, nl), ver (fr)
    assert read_dice("V V 5 5 3 1 2 4", STANDARD) == ("W", "W", "5", "5", "3", "1", "2", "4")
    assert read_dice("ww55,3,1 2v", STANDARD) == ("W", "W", "5", "5", "3", "1", "2", "W")
    assert read_dice("v 1 2 3 4 5", JUNIOR) == ("W", "1", "2", "3", "4", "5")
    assert read_dice(" , ", STANDARD) == ()


@pytest.mark.parametrize(("typed", "bad"), [("W W 6", "6"), ("5 x", "x"), ("0", "0"), ("Vv?", "?")])
def test_a_character_that_is_no_face_is_named_as_typed(typed: str, bad: str) -> None:
    with pytest.raises(UnknownFace) as caught:
        read_dice(typed, STANDARD)
    assert caught.value.char == bad


@pytest.mark.parametrize("lang", LANGS)
def test_the_dice_field_says_which_letters_mean_a_worm(lang: Lang) -> None:
    helps = (
        t("sandbox.teacher.dice_help", lang),
        t("sandbox.teacher.bad_face", lang, face="x", faces="1, 2"),
    )
    for said in helps:
        named = {letter for letter in worm_letters() if re.search(rf"\b{letter}\b", said)}
        assert named == {"W", "V"}, (lang, said)


# ----- sentences built from pieces --------------------------------------------------------------


def named(lang: Lang) -> tuple[str, ...]:
    """Three seats: a name, a name with a vowel first (French "d'Ana"), a bot called by a noun."""
    return ("Léa", "Ana", SeatTitle(t("play.bot_said.expert", lang, n=3)))


def every_event() -> list[Event]:
    """One of each kind of event, for a seat and against a seat, with counts of one and more."""
    events: list[Event] = []
    for player in (0, 1, 2):
        events += [
            Rolled(player, ("W", "5", "5", "3"), ("W", "5")),
            Rolled(player, ("1",), ("1",)),
            Rolled(player, ("5", "5"), ()),
            Kept(player, "W", 1, 5, 7),
            Kept(player, "5", 3, 20, 1),
            Kept(player, "3", 2, 26, 0),
            Kept(player, "W", 1, 27, 0),
            TookTile(player, 25, 25, None, "exact"),
            TookTile(player, 24, 25, None, "next_lower"),
            TookTile(player, 21, 25, None, "lower_choice"),
            TookTile(player, 27, 27, (player + 1) % 3, "steal"),
            TurnFailed(player, "bust", 23, True),
            TurnFailed(player, "no_worm", 25, False),
            TurnFailed(player, "no_tile", 22, True, 23),
            TurnFailed(player, "no_tile", 19, True),
            TileReturned(player, 26),
            NothingFlipped(player),
            TurnPassed(player),
        ]
    return [
        *events,
        TileFlipped(36),
        TileSpared(36),
        GameOver((3, 3, 1), (1,)),
        GameOver((3, 3, 1), (0, 2)),
        GameOver((3, 3, 3), (0, 1, 2)),
    ]


def told(lang: Lang) -> list[str]:
    """Every event told in `lang`, to seat 0 and to nobody, seats numbered and named."""
    return [
        line
        for names in (None, named(lang))
        for you in (0, None)
        for line in story(every_event(), lang, you, names)
    ]


SEAT_WORDS: Final = {"en": "Player", "fr": "joueur", "nl": "Speler"}


def bad_patterns(line: str, lang: Lang) -> list[str]:
    """What a teacher would correct in one built sentence."""
    found = []
    if "  " in line or " ," in line or " ." in line or "{" in line or "}" in line:
        found.append("spacing or an unfilled placeholder")
    if not line[:1].isupper():
        found.append("no capital at the start")
    if re.search(r"\b(the|de|le|les|la) 1 (die|dobbelsteen|dé)\b", line, re.IGNORECASE):
        found.append("an article before 1 die")
    if re.search(r"\b(?:player|speler|Joueur) \d", line):
        found.append("a seat written with the wrong capital")
    if lang == "fr":
        if re.search(r"\b(le|la|au|du|de le|à le|joueur) (Léa|Ana)\b", line, re.IGNORECASE):
            found.append("an article or a noun before a name")
        if re.search(r"\bde (Ana)\b", line):
            found.append("de before a vowel")
        if re.search(r"[^\s\u00a0\u202f][:;?!%]", line) or re.search(r" [:;?!%]", line):
            found.append("no no-break space before high punctuation")
        if re.search(r"\b(au|du|le) robot\b", line, re.IGNORECASE) is None and "robot" in line:
            found.append("a bot without its article")
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_reads_as_a_sentence_a_teacher_would_project(lang: Lang) -> None:
    lines = told(lang)
    assert len(lines) == 4 * len(every_event())
    bad = {line: found for line in lines if (found := bad_patterns(line, lang))}
    assert bad == {}


def french(text: str) -> str:
    """French as typed here, with its no-break spaces: "a : b" is written "a\u00a0: b"."""
    return text.replace(" :", "\u00a0:")


SENTENCES: Final = [
    (
        "en",
        Kept(1, "W", 1, 5, 7),
        None,
        "Player 2 sets aside 1 die showing a worm: total 5, 7 dice",
    ),
    ("en", TurnPassed(2), ("Léa", "Ana", "Tom"), "The dice go to Tom."),
    ("fr", TurnPassed(1), None, "Les dés passent au joueur 2."),
    ("fr", TurnPassed(0), ("Léa", "Ana"), "Les dés passent à Léa."),
    ("fr", TurnFailed(1, "bust", 23, True), ("Léa", "Ana"), french("Le tour d’Ana est raté :")),
    ("fr", TurnFailed(1, "bust", 23, True), None, french("Le tour du joueur 2 est raté :")),
    ("fr", TookTile(1, 27, 27, 0, "steal"), None, "Le joueur 2 vole la tuile 27 au joueur 1,"),
    ("fr", TookTile(1, 27, 27, 0, "steal"), ("Léa", "Ana"), "Ana vole la tuile 27 à Léa,"),
    ("fr", Kept(0, "5", 1, 25, 0), None, french("Vous mettez de côté 1 dé montrant un 5 :")),
    ("fr", GameOver((3, 3), (0, 1)), ("Léa", ""), french("égalité : Léa et le joueur 2.")),
    ("fr", GameOver((3, 3), (1,)), None, "Le joueur 2 l’emporte."),
    ("nl", TurnPassed(1), None, "De dobbelstenen gaan naar Speler 2."),
    ("nl", Kept(1, "W", 1, 5, 1), ("Léa", "Ana"), "Ana zet 1 dobbelsteen met een worm apart:"),
    ("nl", TookTile(0, 27, 27, 1, "steal"), None, "Je steelt tegel 27 van de stapel van Speler 2:"),
]
"""Events told exactly so (the start or the end of the sentence): names, seats and counts."""


@pytest.mark.parametrize(("lang", "event", "names", "expected"), SENTENCES)
def test_sentences_read_exactly_so(lang: Lang, event: Event, names: Names, expected: str) -> None:
    said = sentence(event, lang, 0, names)
    assert said.startswith(expected) or said.endswith(expected), said


# ----- moves named on buttons and in sentences --------------------------------------------------

ROLLS: Final = (
    table(kept=["W", "5", "5", "5", "3", "4"], rolled=["2", "1"]),  # one die of each value
    table(kept=["5", "5"], rolled=["1", "1", "W", "W", "4", "3"]),  # two of a value, worms
    table(kept=["W", "W", "W", "5", "5", "2"], stacks=[[], [27]]),  # a steal, roll 2 dice
    table(kept=["W", "W", "W", "5", "5", "2", "4"]),  # the last die
    table(kept=["5", "5", "5", "4", "4", "4", "3", "3"]),  # no worm: only stopping
)


def every_move_words(lang: Lang) -> list[str]:
    """Each move of each table above, in every form, seats numbered and named."""
    return [
        move_words(move, at, lang, form, names)
        for at in ROLLS
        for move in at.legal_moves()
        for form in ("button", "phrase", "told")
        for names in (None, named(lang))
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_every_move_reads_well_on_its_button_and_in_a_sentence(lang: Lang) -> None:
    said = every_move_words(lang)
    assert len(said) == 72  # 12 moves, 3 forms, seats numbered and named
    for words in said:
        assert bad_patterns(words[:1].upper() + words[1:], lang) == [], words
    assert not [
        words
        for words in said
        if re.search(r"\b(one|seul|enige) \S+ (dice|dés|dobbelstenen)\b", words)
    ]


MOVES_SAID: Final = {
    "en": (
        "Set aside the 1 (1 die)",
        "set aside the one die showing a 1",
        "Set aside the worms (2 dice)",
        "set aside the 2 dice showing a worm",
        "Steal tile 27 from Ana",
        "steal tile 27 from Player 2",
    ),
    "fr": (
        "Mettre de côté le 1 (1 dé)",
        "mettre de côté le seul dé montrant un 1",
        "Mettre de côté les vers (2 dés)",
        "mettre de côté les 2 dés montrant un ver",
        "Voler la tuile 27 à Ana",
        "voler la tuile 27 au joueur 2",
    ),
    "nl": (
        "Zet de 1 apart (1 dobbelsteen)",
        "de enige dobbelsteen met een 1 apart zetten",
        "Zet de wormen apart (2 dobbelstenen)",
        "de 2 dobbelstenen met een worm apart zetten",
        "Steel tegel 27 van Ana",
        "tegel 27 van Speler 2 stelen",
    ),
}
"""The same moves on their buttons and in a sentence: the Learn pages' verb (set aside, mettre
de côté, apart zetten) on the buttons too."""


@pytest.mark.parametrize("lang", LANGS)
def test_buttons_and_sentences_use_the_same_words(lang: Lang) -> None:
    one, worms, steal = ROLLS[0], ROLLS[1], ROLLS[2]
    keep_one = next(move for move in one.legal_moves() if move.face == "1")
    keep_worms = next(move for move in worms.legal_moves() if move.face == "W")
    take = next(move for move in steal.legal_moves() if move.tile == 27)
    said = [
        move_words(keep_one, one, lang, "button"),
        move_words(keep_one, one, lang, "phrase"),
        move_words(keep_worms, worms, lang, "button"),
        move_words(keep_worms, worms, lang, "phrase"),
        move_words(take, steal, lang, "button", named(lang)),
        move_words(take, steal, lang, "phrase"),
    ]
    assert tuple(said) == MOVES_SAID[lang]


def test_a_stop_is_said_to_you_or_told_of_anyone() -> None:
    stop = next(move for move in ROLLS[4].legal_moves() if move.kind == "stop")
    assert move_words(stop, ROLLS[4], "fr", "phrase").startswith("vous arrêter")
    assert move_words(stop, ROLLS[4], "fr", "told").startswith("s’arrêter")
    roll = next(move for move in ROLLS[2].legal_moves() if move.kind == "roll")
    assert move_words(roll, ROLLS[2], "nl", "phrase") == "de 2 dobbelstenen in je hand gooien"
    assert move_words(roll, ROLLS[2], "nl", "told") == "de 2 dobbelstenen in de hand gooien"


# ----- a seat's name in French, one term for one thing ------------------------------------------


def test_french_gives_a_seat_its_article_and_a_name_none() -> None:
    sandbox = "sandbox.status.roll"
    assert t(sandbox, "fr", player="joueur 2").startswith("Au tour du joueur 2")
    assert t(sandbox, "fr", player=OwnName("Léa")).startswith("Au tour de Léa")
    assert t(sandbox, "fr", player=OwnName("Hugo")).startswith("Au tour d’Hugo")
    assert t("sandbox.score", "fr", player=OwnName("Ana"), worms="3 vers") == "Ana a 3 vers"
    assert t("sandbox.score", "fr", player="joueur 1", worms="3 vers") == "Le joueur 1 a 3 vers"
    assert t("odds.move.steal", "fr", tile=27, player=OwnName("Ana")) == "voler la tuile 27 à Ana"
    assert t("sandbox.score", "en", player=OwnName("Ana"), worms="3 worms") == "Ana holds 3 worms"
    assert seat_name(1, "fr", ("Léa", "Ana")) == "Ana" and isinstance(
        seat_name(1, "fr", ("", "Ana")), OwnName
    )
    assert not isinstance(seat_name(1, "fr", ("Léa", SeatTitle("robot Max"))), OwnName)
    assert not isinstance(seat_name(1, "fr", ("Léa", "**")), OwnName)  # nothing left: "joueur 2"
    assert seats_text([0, 1, 2], "fr", ("Léa", "", SeatTitle("robot expert 3"))) == (
        "Léa, le joueur 2 et le robot expert 3"
    )


LABELS: Final = {
    "draw.you_are",
    "sandbox.to_play",
    "play.your_turn",
    "play.bot_turn",
    "play.turn_now",
    "play.turn_done",
    "play.score",
    "play.turn_heading",
    "review_page.decision_title",
    "review_page.chart.hover",
    "review_page.chart.alt_item",
    "review_page.chart.alt_item_none",
}
"""Strings that show a seat's label standing alone ("Joueur 2", "Ana"), not a seat in a sentence."""


OTHERS: Final = ("quiz.", "odds.recommend_", "odds.mark_", "odds.worms_by", "sandbox.short.")
"""Keys worded elsewhere for now: the class quiz (with lessons/quiz.py) and the odds advice."""


def mine(key: str) -> bool:
    """Whether the wording of `key` is checked here (it is not among `OTHERS`)."""
    return not key.startswith(OTHERS)


def test_french_sentences_give_every_seat_its_article() -> None:
    """A seat said inside a French sentence is "le joueur 2" (or "Léa", by `OwnName`)."""
    found = [
        key
        for key, text in strings("fr").items()
        if mine(key) and key not in LABELS
        for match in re.finditer(r"(\S+) \{(player|victim|winner)\}", text)
        if match.group(1).lower() not in ("le", "au", "du")
    ]
    assert found == []


UNWANTED: Final = {
    "fr": (
        "Garder",
        "Réglez",
        "régler",
        "réglée",
        "plus bas par",
        "du temps",
        "joueur {name}",
        "départage",
    ),
    "nl": (
        "zaadgetal",
        "tegenspeler",
        "„",
        "‘",
        "Houd de 1",
        "precieze",
        "terug te komen",
    ),
    "en": ("the 1 die", "Keep the"),
}
"""Words a teacher corrected: a second term for one thing, a clumsy one, another quote mark."""


@pytest.mark.parametrize("lang", LANGS)
def test_one_term_for_one_thing(lang: Lang) -> None:
    texts = [text for key, text in strings(lang).items() if mine(key)]
    texts += [text for name in markdown_files(lang) for text in markdown(name, lang).values()]
    for word in UNWANTED[lang]:
        assert not [text for text in texts if word.lower() in text.lower()], word
    if lang == "nl":  # a seat is a name: "Speler 2", in a sentence too
        assert not [text for text in texts if re.search(r"\bspeler \d", text)]


@pytest.mark.parametrize("seat", [OwnName("Ana"), OwnName("Léa"), "joueur 2", "robot expert 3"])
def test_every_french_string_says_a_seat_well(seat: str) -> None:
    """Every string that names a seat, filled with a name and with a seat called by a noun."""
    seats = ("player", "victim", "winner", "winners")
    said = []
    for key, text in strings("fr").items():
        fields = placeholders(text)
        if mine(key) and fields & set(seats):
            said.append(
                t(key, "fr", **{field: seat if field in seats else "7" for field in fields})
            )
    assert len(said) > 50
    name = seat.removeprefix("joueur ").removeprefix("robot ")
    wrong = rf"\b(le|du|au) {name}\b" if isinstance(seat, OwnName) else rf"\b(de|à) {seat}\b"
    assert not [line for line in said if re.search(wrong, line, re.IGNORECASE)]
    assert not [line for line in said if re.search(r"\bde [AÀEÉIOU]", line)]


def test_the_play_pages_built_sentences_in_french() -> None:
    """The bots' reasons and the tie-break, put together as the Play page does."""
    stop = next(move for move in ROLLS[4].legal_moves() if move.kind == "stop")
    roll = next(move for move in ROLLS[2].legal_moves() if move.kind == "roll")
    why = t(
        "play.why",
        "fr",
        move=move_words(roll, ROLLS[2], "fr", "told"),
        line="…",
        other=move_words(stop, ROLLS[4], "fr", "told"),
        other_line="…",
    )
    assert t("play.hint", "fr", why=why) == french(
        "Indice : l’expert choisirait de lancer les 2 dés en main (…), plutôt que de s’arrêter"
        " sans tuile, ce qui fait rater le tour (…)."
    )
    names = ("Léa", "", SeatTitle("robot expert 3"))
    tie = t(
        "play.tie_break",
        "fr",
        players=seats_text([0, 1], "fr", names),
        worms="5 vers",
        winner=seat_name(0, "fr", names),
        tile=33,
    )
    assert tie.startswith(french("Égalité : Léa et le joueur 2 ont le plus de vers"))
    assert french("qui décide : Léa a la 33") in tie
    verdict = tn(
        "play.verdict_cost", 2, "fr", player=seat_name(2, "fr", names), worms="1,5", decisions=3
    )
    assert verdict.startswith(french("Coach : pour le robot expert 3, ce tour a coûté"))


CHANCES: Final = {
    "en": ("about 7 games in 10", "about 1 game in 10", "less than 1 game in 10"),
    "fr": ("environ 7 parties sur 10", "environ 1 partie sur 10", "moins de 1 partie sur 10"),
    "nl": (
        "ongeveer 7 van de 10 spellen",
        "ongeveer 1 van de 10 spellen",
        "minder dan 1 van de 10 spellen",
    ),
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_chance_of_winning_is_said_in_games_out_of_ten(lang: Lang) -> None:
    seven, one, under = CHANCES[lang]
    assert games_in_ten(0.68, lang) == seven and games_in_ten(0.12, lang) == one
    assert games_cost(-0.12, lang) == one and games_cost(-0.03, lang) == under
    assert games_cost(-0.7, lang) == seven
    # never "0 in 10" or "10 in 10": a chance short of certain is said as almost
    assert games_in_ten(0.02, lang) == t("chances.almost_none", lang)
    assert games_in_ten(0.97, lang) == t("chances.almost_all", lang)
    assert "0" not in games_in_ten(0.02, lang).replace("10", "")


# ----- sentences built from a count, for 0, 1 and many ------------------------------------------

NB: Final = "\u00a0"

COUNTED: Final = {
    ("room.board.answered_open", (("pupils", 25),)): {
        "en": (
            "**0** of 25 have answered.",
            "**1** of 25 has answered.",
            "**2** of 25 have answered.",
        ),
        "fr": ("**0** sur 25 a répondu.", "**1** sur 25 a répondu.", "**2** sur 25 ont répondu."),
        "nl": (
            "**0** van de 25 hebben geantwoord.",
            "**1** van de 25 heeft geantwoord.",
            "**2** van de 25 hebben geantwoord.",
        ),
    },
    ("room.board.answered_closed", (("pupils", 3),)): {
        "en": (
            "**0** of 3 answered. The question is closed.",
            "**1** of 3 answered. The question is closed.",
            "**2** of 3 answered. The question is closed.",
        ),
        "fr": (
            "**0** sur 3 a répondu. La question est close.",
            "**1** sur 3 a répondu. La question est close.",
            "**2** sur 3 ont répondu. La question est close.",
        ),
        "nl": (
            "**0** van de 3 hebben geantwoord. De vraag is gesloten.",
            "**1** van de 3 heeft geantwoord. De vraag is gesloten.",
            "**2** van de 3 hebben geantwoord. De vraag is gesloten.",
        ),
    },
    ("room.board.votes", (("option", "Tile 21 goes back."), ("share", "50%"))): {
        "en": (
            "Tile 21 goes back. — 0 votes (50%)",
            "Tile 21 goes back. — 1 vote (50%)",
            "Tile 21 goes back. — 2 votes (50%)",
        ),
        "fr": (
            "Tile 21 goes back. — 0 voix (50%)",
            "Tile 21 goes back. — 1 voix (50%)",
            "Tile 21 goes back. — 2 voix (50%)",
        ),
        "nl": (
            "Tile 21 goes back. — 0 stemmen (50%)",
            "Tile 21 goes back. — 1 stem (50%)",
            "Tile 21 goes back. — 2 stemmen (50%)",
        ),
    },
    ("room.board.rule_ok", (("rule", "R."), ("asked", 4))): {
        "en": ("R. **0 of 4** right.", "R. **1 of 4** right.", "R. **2 of 4** right."),
        "fr": (
            "R. **0 bonne réponse sur 4**.",
            "R. **1 bonne réponse sur 4**.",
            "R. **2 bonnes réponses sur 4**.",
        ),
        "nl": ("R. **0 van 4** goed.", "R. **1 van 4** goed.", "R. **2 van 4** goed."),
    },
    ("room.board.rule_again", (("rule", "R."), ("asked", 4))): {
        "en": (
            "R. **0 of 4** right: teach this rule again.",
            "R. **1 of 4** right: teach this rule again.",
            "R. **2 of 4** right: teach this rule again.",
        ),
        "fr": (
            f"R. **0 bonne réponse sur 4**{NB}: à revoir avec la classe.",
            f"R. **1 bonne réponse sur 4**{NB}: à revoir avec la classe.",
            f"R. **2 bonnes réponses sur 4**{NB}: à revoir avec la classe.",
        ),
        "nl": (
            "R. **0 van 4** goed: leg deze regel nog eens uit.",
            "R. **1 van 4** goed: leg deze regel nog eens uit.",
            "R. **2 van 4** goed: leg deze regel nog eens uit.",
        ),
    },
    ("quiz.keep.others", (("others", "…"),)): {
        "en": (
            "The other choices do less well: ….",
            "The other choice does less well: ….",
            "The other choices do less well: ….",
        ),
        "fr": (
            f"L’autre choix fait moins bien{NB}: ….",
            f"L’autre choix fait moins bien{NB}: ….",
            f"Les autres choix font moins bien{NB}: ….",
        ),
        "nl": (
            "De andere keuzes doen het minder goed: ….",
            "De andere keuze doet het minder goed: ….",
            "De andere keuzes doen het minder goed: ….",
        ),
    },
}
"""Board and quiz lines built from a count, as a teacher reads them for 0, 1 and 2."""


@pytest.mark.parametrize(("key", "params"), list(COUNTED))
@pytest.mark.parametrize("lang", LANGS)
def test_a_count_takes_its_languages_singular_or_plural(
    lang: Lang, key: str, params: tuple[tuple[str, object], ...]
) -> None:
    said = tuple(tn(key, count, lang, **dict(params)) for count in (0, 1, 2))
    assert said == COUNTED[(key, params)][lang]


def test_the_ranking_and_the_vote_lines_say_one_colon_the_french_way() -> None:
    right = tn("room.board.right", 3, "fr")
    assert t("room.board.rank", "fr", place=1, name="Zoé", right=right) == (
        f"1. Zoé{NB}: 3 bonnes réponses"
    )
    assert t(
        "room.board.rank", "en", place=2, name="Ben.K", right=tn("room.board.right", 1, "en")
    ) == ("2. Ben.K: 1 right answer")
    for lang in LANGS:  # an option may end in a colon's sentence of its own: the count is apart
        assert ":" not in tn("room.board.votes", 2, lang, option="", share="")


@pytest.mark.parametrize(
    ("value", "lang", "said"),
    [
        (0.5, "fr", "0,50 ver"),
        (1.03, "fr", "1,03 ver"),
        (1.994, "fr", "1,99 ver"),
        (1.996, "fr", "2,00 vers"),  # as shown: 2,00 is two
        (2.5, "fr", "2,50 vers"),
        (-0.44, "fr", "\u22120,44 ver"),
        (1.0, "en", "1.00 worms"),
        (0.5, "en", "0.50 worms"),
        (1.03, "nl", "1,03 wormen"),
    ],
)
def test_an_average_of_worms_takes_one_plural_rule_everywhere(
    value: float, lang: Lang, said: str
) -> None:
    """French: below 2 singular, decimals or not; English and Dutch: any decimals plural."""
    assert amount("common.worms", value, lang) == said


def test_no_template_writes_the_worms_noun_after_a_figure() -> None:
    """A figure's noun comes with it from `amount` (or `tn`), so its plural follows the number."""
    nouns = {"en": "worms?", "fr": "vers?", "nl": "wormen"}
    for lang in LANGS:
        after = re.compile(r"\{(?!n\})\w+\} " + nouns[lang] + r"\b")
        assert [key for key, text in strings(lang).items() if after.search(text)] == [], lang


def keep_question(kept: list[str], rolled: list[str]) -> Keep:
    """The quiz's keep question on this roll, aiming at the best move."""
    at = table(kept=kept, rolled=rolled)
    analysis = analyse(at)
    faces = tuple(face for face in STANDARD.faces if face in at.keepable())
    outlooks = tuple(analysis.choice(Move("keep", face=face)).outlook for face in faces)
    answer = faces.index(analysis.recommended.move.face)
    return Keep(at, answer, "keep_best", faces, "best", outlooks)


def test_a_keep_explained_with_one_other_choice_or_several() -> None:
    one = keep_question(["W", "5", "5", "5", "2"], ["4", "4", "3"]).explanation("fr")
    assert f"L’autre choix fait moins bien{NB}: " in one
    several = keep_question([], ["W", "5", "5", "4", "3", "2", "1", "1"]).explanation("fr")
    assert f"Les autres choix font moins bien{NB}: " in several
    assert re.search(r"\b[01],\d\d vers\b", one + several) is None  # below 2: ver


def test_the_master_bot_s_reasons_read_well_with_a_name_in_french() -> None:
    behind = t("chances.master.behind", "fr", move="relancer", player=OwnName("Léa"))
    assert french("Léa a du retard au score") in behind
    line = t("play.chances.line", "fr", player=OwnName("Léa"), chance=games_in_ten(0.02, "fr"))
    assert line == french(
        "Avec les meilleurs coups à partir d’ici, Léa gagne très peu de parties"
        " (moins de 1 sur 10)."
    )


CORRECTED: Final = {
    "fr": ("est en retard", "presque aucune partie", "part toutes", "en retard, un vol"),
    "nl": (
        "leraar",
        "opzij leggen",
        "een tegel nemen",
        "zou jij nemen",
        "kiest voor:",
        "in plaats van {other}",
        "in plaats van {advised}",
        "loopt {low}",
        "aangepast",
    ),
}
"""What a native reader corrected on the board, in the hints and in the notebooks (issue 31)."""


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_what_a_native_reader_corrected_stays_corrected(lang: Lang) -> None:
    texts = list(strings(lang).values())
    texts += [text for name in markdown_files(lang) for text in markdown(name, lang).values()]
    for words in CORRECTED[lang]:
        assert [text for text in texts if words in text] == [], words


def test_french_strings_use_the_typographic_apostrophe() -> None:
    assert [key for key, text in strings("fr").items() if "'" in text] == []


def test_a_dutch_hint_puts_the_other_move_after_en_niet() -> None:
    """ "in plaats van" wants "apart te zetten": "en niet" takes the move's words as they are."""
    keeps = [move for move in ROLLS[0].legal_moves() if move.kind == "keep"]
    why = t(
        "play.why",
        "nl",
        move=move_words(keeps[0], ROLLS[0], "nl", "told"),
        line="…",
        other=move_words(keeps[1], ROLLS[0], "nl", "told"),
        other_line="…",
    )
    assert why == (
        "de enige dobbelsteen met een 1 apart zetten (…), "
        "en niet de enige dobbelsteen met een 2 apart zetten (…)."
    )
