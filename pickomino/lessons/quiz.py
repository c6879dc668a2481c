"""The class quiz: questions generated from the engine on random mid-game tables.

A teacher gives the class one code; every pupil who types it gets the same questions in the same
order, in whichever language each one reads. So a question is built from the code alone (the
language only words it), and each question draws from its own `random.Random`, seeded with a
string: Python hashes a string seed with SHA-512, the same on every machine and every run (unlike
`hash()`), and the first questions of a longer quiz are those of a shorter one.

Every right answer is what the engine (or the odds module) says about the table; the wrong choices
are the misreadings of the Common mistakes page, most of them computed by the same engine with one
rule switched (the exact tile forgotten, the worm forgotten, any tile of a stack stealable...), so
a wrong choice is always a mistake someone makes, never a random number.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal, get_args

from pickomino.events import Event, TileFlipped, TileReturned
from pickomino.game import Board, CodedError, Table, TakeOption
from pickomino.i18n import Lang, join_list, percent, t, tn
from pickomino.odds import analyse, bust_chance
from pickomino.rules import NO_STEAL, RULEBOOK_EMPTY_STACK, SHORT, STANDARD, WORM, Rules
from pickomino.scenario import face_json, table_json

Kind = Literal["take", "failed", "steal", "keep", "bust", "end"]
Level = Literal["first", "experienced"]

KINDS: Final[dict[Level, tuple[Kind, ...]]] = {
    "first": ("take", "steal", "failed"),
    "experienced": get_args(Kind),
}
"""The kinds of question of each level: a first lesson asks only what a stop or a failed turn
does to the tiles; experienced players get the odds and the end of the game too."""

MAX_COUNT: Final = 50
CODE: Final = re.compile(r"[A-Z0-9-]{1,20}")
"""A class code: up to 20 letters, digits and hyphens, read without regard to case, so a pupil
typing `cm2-b` gets the questions of the teacher's `CM2-B`."""

RULE_PAGES: Final[dict[str, str]] = {
    "exact": "taking",
    "next_lower": "taking",
    "steal": "taking",
    "steal_top": "taking",
    "own_top": "taking",
    "no_worm": "taking",
    "no_tile": "taking",
    "no_steal": "variants",
    "fail_return": "failed",
    "fail_spared": "failed",
    "fail_empty": "failed",
    "fail_short": "variants",
    "fail_empty_nothing": "variants",
    "keep_odds": "explorer",
    "bust_odds": "explorer",
    "end_worms": "scoring",
    "end_highest": "scoring",
}
"""Each rule a question can turn on, and the key of the page that explains it (`ui.frame.PAGES`),
so a quiz page can link the rule and a summary can count the rules a class missed; the rule's
one-line statement is `quiz.rule.<rule>` in content/."""

Value = Any
"""A choice's machine-readable value, as the command line prints it (README, "quiz")."""


class QuizError(CodedError):
    """A quiz that cannot be asked (bad code, count or level); `code` and `params` word it."""


@dataclass(frozen=True)
class Question:
    """One question: the table it is about, its choices' values and which one is right.

    Nothing here depends on the language: `prompt`, `choice_text` and `question_json` word it.

    Attributes:
        kind: what is asked (see `Kind`).
        table: the table asked about: for `take` and `steal` the dice kept when the player stops,
            for `keep` a roll waiting, for `failed` the table just before `roll` fails the turn,
            for `end` the finished game.
        choices: the values offered, the right one among them, no two equal.
        answer: the index of the right value in `choices`.
        rule: the rule that decides the answer, a key of `RULE_PAGES`.
        roll: for `failed`, the roll that fails the turn.
        chances: for `keep`, the chance of taking a tile after keeping each face on offer.
    """

    kind: Kind
    table: Table
    choices: tuple[Value, ...]
    answer: int
    rule: str
    roll: tuple[str, ...] = ()
    chances: dict[str, float] = field(default_factory=dict)

    @property
    def value(self) -> Value:
        """The right answer's value."""
        return self.choices[self.answer]


# ----- reading what the pupil typed ------------------------------------------------------------


def read_code(code: str) -> str:
    """The class code as the quiz seeds it (upper case, no surrounding spaces), or QuizError."""
    normal = code.strip().upper()
    if not CODE.fullmatch(normal):
        raise QuizError(
            "bad_code",
            f"class code {code!r}: use 1 to 20 letters, digits or hyphens",
            given=code,
        )
    return normal


def _check(count: int, level: str) -> Level:
    if not 1 <= count <= MAX_COUNT:
        raise QuizError(
            "bad_count",
            f"count {count}: a quiz has 1 to {MAX_COUNT} questions",
            count=count,
            high=MAX_COUNT,
        )
    if level in KINDS:
        return level
    raise QuizError(
        "bad_level",
        f"unknown level {level!r} (known: {', '.join(get_args(Level))})",
        level=level,
    )


# ----- random tables ---------------------------------------------------------------------------

Place = tuple[Literal["middle", "down", "top", "under"], int]
"""Where `_deal` must put a tile: the middle, face down, or on top of / under a seat's stack."""


def _deal(
    rng: random.Random,
    rules: Rules,
    players: int,
    current: int,
    pins: dict[int, Place],
    taken: float = 0.35,
    bare: Sequence[int] = (),
) -> Table | None:
    """A mid-game table with the `pins` in place and the other tiles dealt at random.

    About `taken` of the free tiles lie in stacks (never in a `bare` seat's); up to three of the
    highest left are face down, since a failed turn flips the highest tile of the middle (so a
    face-down 24 beside a face-up 35 would be a table no game reaches). None when the draw cannot
    hold the pins (a tile pinned under a stack with nothing over it) or leaves fewer than three
    tiles face up.
    """
    middle: list[int] = []
    stacks: list[list[int]] = [[] for _ in range(players)]
    holders = [seat for seat in range(players) if seat not in bare]
    for tile in rules.tiles:
        if tile in pins:
            continue
        if rng.random() < taken and holders:
            stacks[rng.choice(holders)].append(tile)
        else:
            middle.append(tile)
    flips = rng.randint(0, 3)
    face_down = middle[len(middle) - flips :]
    middle = middle[: len(middle) - flips]
    for stack in stacks:
        rng.shuffle(stack)
    for tile, (where, seat) in pins.items():
        if where == "middle":
            middle.append(tile)
        elif where == "down":
            face_down.append(tile)
        elif where == "under":
            stacks[seat].insert(0, tile)
    for tile, (where, seat) in pins.items():
        if where == "top":
            stacks[seat].append(tile)
    if any(where == "under" and stacks[seat][-1] == tile for tile, (where, seat) in pins.items()):
        return None
    if len(middle) < 3:
        return None
    return Table(
        rules,
        players,
        tuple(sorted(middle)),
        tuple(sorted(face_down)),
        tuple(tuple(stack) for stack in stacks),
        current,
    )


def _kept(
    rng: random.Random, rules: Rules, worm: bool, low: int, high: int, groups: tuple[int, int]
) -> tuple[str, ...]:
    """Dice set aside in a plausible turn, with or without a worm, totalling `low` to `high`.

    A few values (`groups`), one to three dice each, and at least one die still in hand, as a
    player who stops or rolls on holds them.
    """
    numbers = [face for face in rules.faces if face not in rules.worm_faces]
    worm_face = sorted(rules.worm_faces)[0]
    while True:
        count = rng.randint(*groups)
        faces = rng.sample(numbers, count - worm) + [worm_face] * worm
        rng.shuffle(faces)
        kept = tuple(face for face in faces for _ in range(rng.randint(1, 3)))
        if len(kept) < rules.dice and low <= rules.total(kept) <= high:
            return kept


def _seats(rng: random.Random, level: Level) -> tuple[int, int]:
    """A number of players and the seat to play; a first lesson keeps to two or three."""
    players = rng.randint(2, 3) if level == "first" else rng.randint(2, 5)
    return players, rng.randrange(players)


def _opponent(rng: random.Random, players: int, current: int) -> int:
    return rng.choice([seat for seat in range(players) if seat != current])


def _offer(
    right: Value, wrong: Sequence[Value], rng: random.Random, most: int = 4
) -> tuple[tuple[Value, ...], int]:
    """The right value and up to `most - 1` distinct wrong ones, shuffled, and the right index."""
    values = [right]
    for value in wrong:
        if value not in values and len(values) < most:
            values.append(value)
    rng.shuffle(values)
    return tuple(values), values.index(right)


def _tiles(options: Sequence[TakeOption]) -> list[int]:
    return sorted({option.tile for option in options})


# ----- the kinds of question -------------------------------------------------------------------

TakeCase = Literal["exact", "next_lower", "steal", "own_top", "steal_top", "no_worm", "no_tile"]


def _take(rng: random.Random, level: Level) -> Question | None:
    """Stopping with these dice: which tiles may be taken? Each case sets one trap on the board."""
    rules = STANDARD
    case: TakeCase = rng.choice(get_args(TakeCase))
    players, current = _seats(rng, level)
    other = _opponent(rng, players, current)
    worm = case != "no_worm"
    low, high = (15, 20) if case == "no_tile" and rng.random() < 0.5 else (21, 36)
    kept = _kept(rng, rules, worm, low, high, (2, 4))
    total = rules.total(kept)
    pins: dict[int, Place] = {}
    if total in rules.tiles:
        pins[total] = {
            "exact": ("middle", 0),
            "next_lower": (rng.choice(("down", "under")), other),
            "steal": ("top", other),
            "own_top": ("top", current),
            "steal_top": ("under", other),
            "no_worm": ("middle", 0),
            "no_tile": ("down", 0),
        }[case]
    if case == "no_tile":
        pins |= {tile: ("down", 0) for tile in rules.tiles if tile < total}
    dealt = _deal(rng, rules, players, current, pins, taken=0.25 if level == "first" else 0.35)
    if dealt is None:
        return None
    table = replace(dealt, kept=kept)
    options = table.options()
    board = table.board()
    if case in ("exact", "next_lower") and not (options and options[0].reason == case):
        return None
    if case == "no_tile" and options:
        return None
    if case == "no_worm" and not board.options(total, True):
        return None
    if case in ("next_lower", "own_top", "steal_top") and not options and rng.random() < 0.7:
        return None  # mostly a lower tile to take, sometimes the turn fails
    stacked = {tile: seat for seat, stack in enumerate(table.stacks) for tile in stack}
    every_tile = Board(rules, board.middle, tuple((s, tile) for tile, s in stacked.items()), None)
    misread = [
        [],  # "a total that is not a tile in the middle fails the turn"
        [total] if total in rules.tiles else [],  # the exact tile, wherever it is
        _tiles(board.options(total, True)),  # the worm forgotten
        _tiles(every_tile.options(total, True)),  # any tile of any stack, one's own included
        _tiles(replace(board, rules=replace(rules, any_lower_tile=True)).options(total, worm)),
        _tiles(replace(board, rules=NO_STEAL).options(total, worm)),
        [min(board.middle)],  # "the lowest tile when nothing fits"
    ]
    return Question("take", table, *_offer(_tiles(options), misread, rng), rule=case)


StealCase = Literal["allowed", "not_exact", "not_top", "no_steal"]


def _steal(rng: random.Random, level: Level) -> Question | None:
    """May this tile be stolen from this player? Exact total and top tile only."""
    cases = get_args(StealCase) if level == "experienced" else get_args(StealCase)[:3]
    case: StealCase = rng.choice(cases)
    rules = NO_STEAL if case == "no_steal" else STANDARD
    players, current = _seats(rng, level)
    victim = _opponent(rng, players, current)
    kept = _kept(rng, rules, True, 21, 36, (2, 4))
    total = rules.total(kept)
    tile = total
    if case == "not_exact":
        tile = total + rng.choice((-2, -1, 1, 2))
    if tile not in rules.tiles:
        return None
    pins: dict[int, Place] = {tile: ("under" if case == "not_top" else "top", victim)}
    dealt = _deal(rng, rules, players, current, pins, taken=0.25 if level == "first" else 0.35)
    if dealt is None:
        return None
    table = replace(dealt, kept=kept)
    allowed = any(o.tile == tile and o.source == victim for o in table.options())
    values = [{"tile": tile, "from_seat": victim, "allowed": a} for a in (True, False)]
    if not rules.stealing:
        rule = "no_steal"
    elif table.top(victim) != tile:
        rule = "steal_top"
    else:
        rule = "steal"
    right = values[not allowed]
    return Question("steal", table, tuple(values), values.index(right), rule)


FailCase = Literal["plain", "spared", "empty"]


def _failed(rng: random.Random, level: Level) -> Question | None:
    """A roll fails the turn: which tile goes back, and which one is turned face down."""
    case: FailCase = rng.choice(get_args(FailCase))
    rules = STANDARD
    if level == "experienced" and rng.random() < 0.4:
        rules = rng.choice((SHORT, RULEBOOK_EMPTY_STACK))
    players, current = _seats(rng, level)
    pins: dict[int, Place] = {}
    if case == "spared":
        high = rng.choice(rules.tiles[-4:])
        pins[high] = ("top", current)
        pins |= {tile: ("down", 0) for tile in rules.tiles if tile > high}
    bare = (current,) if case == "empty" else ()
    table = _deal(rng, rules, players, current, pins, bare=bare)
    if table is None or (case == "plain" and table.top(current) is None):
        return None
    kept = _kept(rng, rules, rng.random() < 0.7, 8, 30, (2, 4))
    table = replace(table, kept=kept)
    faces = sorted(set(kept))
    roll = tuple(rng.choice(faces) for _ in range(table.in_hand))
    _, events = table.roll(roll)
    right = _fail_value(events)
    misread = [
        _fail_value(replace(table, rules=switched).roll(roll)[1])
        for switched in (
            replace(rules, spare_returned_highest=not rules.spare_returned_highest),
            replace(rules, flip_without_return=not rules.flip_without_return),
        )
    ]
    top = table.top(current)
    misread += [
        {"returned": None, "flipped": table.middle[-1]},  # the top tile forgotten
        {"returned": top, "flipped": None},  # "nothing turned over"
        {"returned": None, "flipped": None},  # "a failed turn changes nothing"
    ]
    if any(isinstance(event, TileReturned) for event in events):
        rule = "fail_return"
        if right["flipped"] is None:
            rule = "fail_spared"
        elif right["flipped"] == right["returned"]:
            rule = "fail_short"
    else:
        rule = "fail_empty" if right["flipped"] is not None else "fail_empty_nothing"
    return Question("failed", table, *_offer(right, misread, rng), rule=rule, roll=roll)


def _fail_value(events: Sequence[Event]) -> dict[str, int | None]:
    """The tiles a failed turn's events put back and turn face down."""
    returned = next((e.tile for e in events if isinstance(e, TileReturned)), None)
    flipped = next((e.tile for e in events if isinstance(e, TileFlipped)), None)
    return {"returned": returned, "flipped": flipped}


def _roll_board(rng: random.Random, level: Level) -> Table | None:
    """A standard mid-game board, seats drawn for the level, for a question about one roll."""
    players, current = _seats(rng, level)
    return _deal(rng, STANDARD, players, current, {})


def _keep(rng: random.Random, level: Level) -> Question | None:
    """Which value of this roll gives the best chance of a tile? The odds module decides."""
    rules = STANDARD
    dealt = _roll_board(rng, level)
    if dealt is None:
        return None
    kept = _kept(rng, rules, rng.random() < 0.5, 1, 25, (1, 3)) if rng.random() < 0.8 else ()
    in_hand = rules.dice - len(kept)
    roll = tuple(rng.choice(rules.faces) for _ in range(in_hand))
    table = replace(dealt, kept=kept, rolled=roll)
    if len(table.keepable()) < 2:
        return None
    chances = analyse(table).keep_success
    if len(chances) < 2:
        return None
    ranked = sorted(chances.values(), reverse=True)
    if ranked[0] - ranked[1] < 0.01:
        return None  # no clear best: a class could not tell the choices apart
    best = max(chances, key=chances.__getitem__)
    again = [face for face in rules.faces if face in roll and face in kept][:1]
    values = [face_json(face) for face in rules.faces if face in chances or face in again]
    answer = values.index(face_json(best))
    return Question("keep", table, tuple(values), answer, "keep_odds", chances=chances)


def _bust(rng: random.Random, level: Level) -> Question | None:
    """How likely is the next roll to fail? The closed form, against the usual slips."""
    rules = STANDARD
    dealt = _roll_board(rng, level)
    if dealt is None:
        return None
    kept = _kept(rng, rules, rng.random() < 0.6, 1, 30, (2, 5))
    table = replace(dealt, kept=kept)
    faces, values, dice = len(rules.faces), len(set(kept)), table.in_hand
    right = bust_chance(dice, values, faces)
    if round(right, 3) == 0:
        return None  # a chance that shows as 0.0% reads as "never", which it is not
    misread = [
        bust_chance(1, values, faces),  # one die's chance, not all of them
        1 - bust_chance(dice, faces - values, faces),  # "any value rolled again fails"
        bust_chance(len(kept), values, faces),  # the dice set aside counted, not those in hand
        bust_chance(dice, values + 1, faces),  # one value too many counted
    ]
    seen = {round(right, 3)}
    wrong = []
    for chance in misread:
        if round(chance, 3) not in seen and 0 < chance < 1:
            seen.add(round(chance, 3))
            wrong.append(chance)
    return Question("bust", table, *_offer(right, wrong, rng), rule="bust_odds")


def _end(rng: random.Random, level: Level) -> Question | None:
    """Who wins this finished game? Worms first, then the highest tile."""
    rules = STANDARD
    players = rng.randint(2, 4)
    tie = rng.random() < 0.4
    stacks: list[list[int]] = [[] for _ in range(players)]
    face_down = []
    for tile in rules.tiles:
        if rng.random() < 0.25:
            face_down.append(tile)
        else:
            stacks[rng.randrange(players)].append(tile)
    for stack in stacks:
        rng.shuffle(stack)
    table = Table(rules, players, (), tuple(face_down), tuple(map(tuple, stacks)), 0)
    scores = table.scores()
    first = [seat for seat in range(players) if scores[seat] == max(scores)]
    if tie != (len(first) > 1):
        return None

    def most(measure: Callable[[int], int]) -> list[int]:
        best = max(measure(seat) for seat in range(players))
        return [seat for seat in range(players) if measure(seat) == best]

    misread = [
        first,  # "a tie in worms is shared"
        most(lambda seat: sum(table.stacks[seat])),  # the numbers added instead of the worms
        most(lambda seat: len(table.stacks[seat])),  # the most tiles
        most(lambda seat: max(table.stacks[seat], default=0)),  # the highest tile alone
        *([seat] for seat in range(players)),
    ]
    right = list(table.winners())
    choices, answer = _offer(right, misread, rng)
    if len(choices) < 3:
        return None
    rule = "end_highest" if len(first) > 1 else "end_worms"
    return Question("end", table, choices, answer, rule)


BUILDERS: Final[dict[Kind, Callable[[random.Random, Level], Question | None]]] = {
    "take": _take,
    "failed": _failed,
    "steal": _steal,
    "keep": _keep,
    "bust": _bust,
    "end": _end,
}


def _kinds(code: str, count: int, level: Level) -> list[Kind]:
    """The kinds in quiz order: every kind once per round, each round shuffled."""
    rng = random.Random(f"quiz/{level}/{code}/kinds")
    order: list[Kind] = []
    while len(order) < count:
        round_ = list(KINDS[level])
        rng.shuffle(round_)
        order += round_
    return order[:count]


ATTEMPTS: Final = 10_000


def questions(code: str, count: int, level: str = "first") -> tuple[Question, ...]:
    """The quiz of class `code`: `count` questions of `level`, the same for every language.

    Each question redraws until its table has the case it asks about (a table that cannot hold
    it, or a roll with no clear best value, is drawn again), all from its own seeded generator.
    """
    known = _check(count, level)
    normal = read_code(code)
    found = []
    for index, kind in enumerate(_kinds(normal, count, known)):
        rng = random.Random(f"quiz/{known}/{normal}/{index}")
        for _ in range(ATTEMPTS):
            question = BUILDERS[kind](rng, known)
            if question is not None:
                found.append(question)
                break
        else:  # pragma: no cover - every case is drawn in a few attempts (tests/test_quiz.py)
            raise RuntimeError(f"no table found for question {index} ({kind}) of {normal}")
    return tuple(found)


# ----- words -----------------------------------------------------------------------------------


def _player(seat: int, lang: Lang) -> str:
    return t("common.player", lang, n=seat + 1)


def _faces(faces: Sequence[str], lang: Lang) -> str:
    return ", ".join(t("common.worm_face", lang) if face == WORM else face for face in faces)


def _where(table: Table, tile: int, lang: Lang) -> str:
    """Tile `tile` named with where it lies, as a choice that offers it reads."""
    if tile in table.middle:
        return t("common.from_middle", lang, tile=tile)
    for seat, stack in enumerate(table.stacks):
        if tile in stack and seat == table.current:
            return t("quiz.take.own", lang, tile=tile)
        if tile in stack:
            return t("common.from_player", lang, tile=tile, player=_player(seat, lang))
    return t("quiz.take.face_down", lang, tile=tile)


def _rules_note(table: Table, lang: Lang) -> str:
    if table.rules.name == STANDARD.name:
        return ""
    return " " + t("quiz.rules", lang, rules=t(f"variants.{table.rules.name}.title", lang))


def prompt(question: Question, lang: Lang) -> str:
    """The question in `lang`."""
    table = question.table
    kept = {"dice": _faces(table.kept, lang), "total": table.total}
    if question.kind == "take":
        text = t("quiz.take.prompt", lang, **kept)
    elif question.kind == "steal":
        value = question.value
        victim = _player(value["from_seat"], lang)
        text = t("quiz.steal.prompt", lang, tile=value["tile"], player=victim, **kept)
    elif question.kind == "failed":
        text = t("quiz.failed.prompt", lang, faces=_faces(question.roll, lang), **kept)
    elif question.kind == "keep":
        assert table.rolled is not None
        text = t("quiz.keep.prompt", lang, faces=_faces(table.rolled, lang))
        if table.kept:
            text = t("quiz.keep.kept", lang, **kept) + " " + text
    elif question.kind == "bust":
        dice = tn("common.dice", table.in_hand, lang)
        values = tn("quiz.bust.values", len(set(table.kept)), lang)
        text = t("quiz.bust.prompt", lang, kept=kept["dice"], values=values, dice=dice)
    else:
        text = t("quiz.end.prompt", lang)
    return text + _rules_note(table, lang)


def choice_text(question: Question, value: Value, lang: Lang) -> str:
    """One choice of `question` in `lang`."""
    table = question.table
    if question.kind == "take":
        if not value:
            return t("quiz.take.none", lang)
        tiles = [_where(table, tile, lang) for tile in value]
        return t("quiz.take.tiles", lang, tiles=_or(tiles, lang))
    if question.kind == "steal":
        return t("quiz.steal.yes" if value["allowed"] else "quiz.steal.no", lang)
    if question.kind == "failed":
        back = value["returned"]
        down = value["flipped"]
        returned = (
            t("quiz.failed.returned", lang, tile=back)
            if back
            else t("quiz.failed.returned_none", lang)
        )
        flipped = (
            t("quiz.failed.flipped", lang, tile=down)
            if down
            else t("quiz.failed.flipped_none", lang)
        )
        return t("quiz.failed.both", lang, returned=returned, flipped=flipped)
    if question.kind == "keep":
        face = str(value)
        count = table.rolled.count(face) if table.rolled else 0
        key = "sandbox.keep_worm" if face == WORM else "sandbox.keep"
        return tn(key, count, lang, face=face)
    if question.kind == "bust":
        return percent(value, lang)
    players = [_player(seat, lang) for seat in value]
    return tn("quiz.end.winners", len(players), lang, winners=join_list(players, lang))


def _or(items: list[str], lang: Lang) -> str:
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {t('quiz.or', lang)} {items[-1]}"


def question_json(question: Question, lang: Lang) -> dict[str, Any]:
    """The question as the command line prints it (keys in the README's "quiz" section)."""
    table = table_json(question.table)
    if question.kind == "failed":
        table["actions"] = [{"roll": [face_json(face) for face in question.roll]}]
    choices = []
    for value in question.choices:
        choice: dict[str, Any] = {"text": choice_text(question, value, lang), "value": value}
        if question.kind == "keep":
            choice["chance"] = question.chances.get(str(value))
        choices.append(choice)
    return {
        "kind": question.kind,
        "rule": question.rule,
        "page": RULE_PAGES[question.rule],
        "why": t(f"quiz.rule.{question.rule}", lang),
        "table": table,
        "prompt": prompt(question, lang),
        "choices": choices,
        "answer": question.answer,
    }


def quiz_json(code: str, count: int, level: str, lang: Lang) -> dict[str, Any]:
    """The whole quiz of class `code` in `lang`, as `python -m pickomino quiz` prints it."""
    found = questions(code, count, level)
    return {
        "code": read_code(code),
        "level": level,
        "lang": lang,
        "questions": [question_json(question, lang) for question in found],
    }


# ----- a class answering -----------------------------------------------------------------------

COUNTS: Final = (5, 10, 15)
"""The quiz lengths the Quiz page offers a teacher (a link may ask for any 1 to MAX_COUNT)."""
CODE_LETTERS: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The letters of a drawn code: none that reads like another on a board (no I/1, O/0)."""


def random_code(rng: random.Random, length: int = 4) -> str:
    """A fresh class code for a teacher who has none: `length` letters easy to copy from a board."""
    return "".join(rng.choice(CODE_LETTERS) for _ in range(length))


def read_count(count: str) -> int:
    """A quiz length as a link writes it (plain digits, 1 to MAX_COUNT), or QuizError."""
    text = count.strip()
    if not re.fullmatch(r"[0-9]{1,3}", text) or not 1 <= int(text) <= MAX_COUNT:
        raise QuizError(
            "bad_count",
            f"count {count!r}: a quiz has 1 to {MAX_COUNT} questions",
            count=count,
            high=MAX_COUNT,
        )
    return int(text)


def read_level(level: str) -> Level:
    """A level as a link writes it, or QuizError."""
    return _check(1, level)


@dataclass(frozen=True)
class RuleScore:
    """How a class (or one pupil) did on one rule: `right` of the `asked` questions it decided."""

    rule: str
    right: int
    asked: int

    @property
    def missed(self) -> bool:
        """Whether any question on this rule was answered wrong."""
        return self.right < self.asked


def score(found: Sequence[Question], picked: Sequence[int]) -> int:
    """How many of the answered questions (`picked[i]` the choice for `found[i]`) are right."""
    return sum(choice == question.answer for question, choice in zip(found, picked, strict=False))


def by_rule(found: Sequence[Question], picked: Sequence[int]) -> tuple[RuleScore, ...]:
    """The answered questions' score per rule, the rules in the order the quiz first asked them."""
    asked: dict[str, list[int]] = {}
    for question, choice in zip(found, picked, strict=False):
        tally = asked.setdefault(question.rule, [0, 0])
        tally[0] += choice == question.answer
        tally[1] += 1
    return tuple(RuleScore(rule, right, total) for rule, (right, total) in asked.items())
