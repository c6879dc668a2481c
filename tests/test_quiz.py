"""The class quiz: every answer is what the engine and the odds module say about its table.

The checks read the quiz as the command line prints it (JSON) and recompute each answer by
playing the table through the engine's public moves (`Table.play`, `Scenario.replay`) and by
`analyse`, never through the generator's own helpers: a generator that asked the wrong question
of the engine would still be caught.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from pickomino.__main__ import main
from pickomino.events import TileFlipped, TileReturned, TookTile, TurnFailed
from pickomino.game import STOP, IllegalMove, Move, Table
from pickomino.i18n import LANGS, percent, strings
from pickomino.lessons.quiz import (
    KINDS,
    MAX_COUNT,
    RULE_PAGES,
    QuizError,
    Setup,
    questions,
    quiz_json,
    read_code,
    read_setup,
)
from pickomino.odds import analyse
from pickomino.scenario import parse
from pickomino.ui.frame import PAGES
from tests.cli import ROOT, Ran, run_process

CODES = [f"CLASS-{n}" for n in range(24)] + ["CM2-B", "6E", "GROEP-7", "Z"]
COUNT = 12
MARGIN = {"surest": 0.03, "best": 0.05}
"""How far a keep question's answer must lead the next choice on its aim (issue 19)."""


def quiz(word: str, count: int, level: str, lang: str = "en") -> dict[str, Any]:
    """The quiz of class `word` with this level and count, as the command line prints it."""
    return quiz_json(read_setup(word, level, str(count)), lang)  # type: ignore[arg-type]


def table_of(question: dict[str, Any]) -> Table:
    """The table the question is about, read back from its scenario JSON."""
    return parse({key: v for key, v in question["table"].items() if key != "actions"}).table


def takeable(table: Table) -> list[int]:
    """Every tile a stop may take, found by trying to take each tile of the rules."""
    found = []
    for tile in table.rules.tiles:
        try:
            table.play(Move("take", tile=tile))
        except IllegalMove:
            continue
        found.append(tile)
    return found


def keep_figures(table: Table, aim: str) -> dict[str, float]:
    """Per keep the engine allows, the aim's figure at the table the keep leads to.

    `surest`: the chance of ending the turn with a tile; `best`: the expected swing.
    """
    figures = {}
    for face in table.rules.faces:
        try:
            after, events = table.play(Move("keep", face=face))
        except IllegalMove:
            continue
        failed = any(isinstance(event, TurnFailed) for event in events)
        outlook = None if failed else analyse(after).outlook
        if aim == "surest":
            figures[face] = 0.0 if outlook is None else outlook.success
        else:
            top = table.top(table.current)
            lost = -table.rules.worms(top) if top is not None else 0.0
            figures[face] = lost if outlook is None else outlook.expected_swing
    return figures


def engine_value(question: dict[str, Any]) -> Any:
    """The right answer's value, recomputed from the question's table alone."""
    kind = question["kind"]
    table = table_of(question)
    if kind == "take":
        tiles = takeable(table)
        if not tiles:
            _, events = table.play(STOP)
            assert any(isinstance(event, TurnFailed) for event in events)
        return tiles
    if kind == "failed":
        _, events = parse(question["table"]).replay()
        assert any(isinstance(event, TurnFailed) for event in events)
        returned = [e.tile for e in events if isinstance(e, TileReturned)]
        flipped = [e.tile for e in events if isinstance(e, TileFlipped)]
        return {"returned": (returned or [None])[0], "flipped": (flipped or [None])[0]}
    if kind == "steal":
        asked = question["choices"][0]["value"]
        try:
            _, events = table.play(Move("take", tile=asked["tile"]))
        except IllegalMove:
            allowed = False
        else:
            took = next(e for e in events if isinstance(e, TookTile))
            allowed = took.source == asked["from_seat"]
        return {**asked, "allowed": allowed}
    if kind == "keep":
        figures = keep_figures(table, question["aim"])
        best = max(figures, key=figures.__getitem__)
        return int(best) if best.isdigit() else best
    if kind == "bust":
        return analyse(table).bust
    assert kind == "end"
    assert table.over
    return list(table.winners())


def check(question: dict[str, Any]) -> None:
    """Everything a question must be: right answer from the engine, distinct choices, a rule."""
    choices = question["choices"]
    values = [choice["value"] for choice in choices]
    assert 0 <= question["answer"] < len(choices)
    assert len(choices) >= 2
    assert all(values.count(value) == 1 for value in values), values
    texts = [choice["text"] for choice in choices]
    assert len(set(texts)) == len(texts), texts
    right = values[question["answer"]]
    expected = engine_value(question)
    if question["kind"] == "bust":
        assert right == pytest.approx(expected, abs=1e-12)
        assert all(0 < value < 1 for value in values)
    else:
        assert right == expected
    if question["kind"] == "keep":
        table = table_of(question)
        aim = question["aim"]
        figures = keep_figures(table, aim)
        key = "chance" if aim == "surest" else "swing"
        for choice in choices:
            face = str(choice["value"])
            assert choice[key] == (pytest.approx(figures[face]) if face in figures else None)
        ranked = sorted(figures.values(), reverse=True)
        assert ranked[0] - ranked[1] >= MARGIN[aim]  # no near tie is asked
        if aim == "best":  # the best move is the one every page recommends
            assert analyse(table).recommended.move.face == str(right)
    assert RULE_PAGES[question["rule"]] == question["page"]
    assert question["why"] and question["prompt"]


@pytest.fixture(scope="module")
def quizzes() -> dict[tuple[str, str], dict[str, Any]]:
    return {(code, level): quiz(code, COUNT, level) for code in CODES for level in KINDS}


@pytest.mark.parametrize("level", list(KINDS))
def test_every_answer_agrees_with_the_engine(
    quizzes: dict[tuple[str, str], dict[str, Any]], level: str
) -> None:
    seen = set()
    for code in CODES:
        for question in quizzes[code, level]["questions"]:
            check(question)
            seen.add((question["kind"], question["rule"]))
    kinds = {kind for kind, _ in seen}
    assert kinds == set(KINDS[level])
    if level == "experienced":  # every case the quiz asks about comes up over these codes
        assert {rule for _, rule in seen} == set(RULE_PAGES)


def test_the_checks_catch_a_wrong_answer(quizzes: dict[tuple[str, str], dict[str, Any]]) -> None:
    # Without this, a check that accepted anything would pass the test above vacuously.
    for question in quizzes["CM2-B", "experienced"]["questions"]:
        wrong = {**question, "answer": (question["answer"] + 1) % len(question["choices"])}
        with pytest.raises(AssertionError):
            check(wrong)


def test_a_first_lesson_keeps_to_stops_steals_and_failed_turns_on_small_tables(
    quizzes: dict[tuple[str, str], dict[str, Any]],
) -> None:
    for code in CODES:
        for question in quizzes[code, "first"]["questions"]:
            assert question["kind"] in ("take", "steal", "failed")
            assert question["table"]["rules"] == "standard"
            assert question["table"]["players"] <= 3


def test_the_tables_are_mid_game_and_parse_back(
    quizzes: dict[tuple[str, str], dict[str, Any]],
) -> None:
    stealable = 0
    for (code, level), quiz in quizzes.items():
        built_quiz = questions(read_setup(code, level, str(COUNT)))
        for question, built in zip(quiz["questions"], built_quiz, strict=True):
            assert table_of(question) == built.table
            table = built.table
            if question["kind"] == "end":
                assert table.over
                continue
            assert len(table.middle) >= 3
            if table.face_down:  # flipped tiles were the highest of the middle when flipped
                assert min(table.face_down) > max(table.middle) or question["kind"] == "take"
            others = [seat for seat in range(table.players) if seat != table.current]
            stealable += any(table.top(seat) is not None for seat in others)
    assert stealable > len(quizzes) * COUNT // 3


def test_the_same_code_asks_the_same_questions_in_every_language() -> None:
    quizzes = {lang: quiz("CM2-B", 18, "experienced", lang) for lang in LANGS}

    def facts(question: dict[str, Any]) -> tuple[Any, ...]:
        values = [choice["value"] for choice in question["choices"]]
        return question["kind"], question["table"], values, question["answer"], question["rule"]

    english = [facts(question) for question in quizzes["en"]["questions"]]
    for lang in ("fr", "nl"):
        assert [facts(question) for question in quizzes[lang]["questions"]] == english
        for mine, theirs in zip(
            quizzes[lang]["questions"], quizzes["en"]["questions"], strict=True
        ):
            assert mine["prompt"] != theirs["prompt"]
            assert mine["why"] != theirs["why"]
    for question in quizzes["fr"]["questions"]:
        if question["kind"] == "bust":
            assert question["choices"][question["answer"]]["text"] == percent(
                question["choices"][question["answer"]]["value"], "fr"
            )


def test_a_code_gives_the_same_quiz_every_time_and_a_longer_quiz_begins_with_it() -> None:
    ten = quiz_json(read_code("groep-7-e10"), "nl")
    assert quiz_json(read_code(" GROEP-7-E10 "), "nl") == ten  # a code is read in any case
    assert quiz_json(read_code("groep-7-e4"), "nl")["questions"] == ten["questions"][:4]
    assert quiz_json(read_code("groep-8-e10"), "nl")["questions"] != ten["questions"]
    assert quiz_json(read_code("groep-7-b10"), "nl")["questions"] != ten["questions"]


def test_the_seed_does_not_depend_on_the_interpreter_s_string_hashing() -> None:
    script = (
        "import json; from pickomino.lessons.quiz import quiz_json, read_code; "
        "print(json.dumps(quiz_json(read_code('6E-E6'), 'en')))"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": seed},
            cwd=ROOT,
        ).stdout
        for seed in ("1", "2")
    }
    assert runs == {json.dumps(quiz_json(read_code("6E-E6"), "en")) + "\n"}


def test_every_rule_is_worded_and_links_a_page() -> None:
    keys = {page.key for page in PAGES}
    for rule, page in RULE_PAGES.items():
        assert page in keys, rule
        for lang in LANGS:
            assert f"quiz.rule.{rule}" in strings(lang)


def test_bad_settings_are_refused_with_a_code() -> None:
    for call, code in (
        (lambda: read_code("no spaces"), "bad_code"),
        (lambda: read_code(""), "bad_code"),
        (lambda: read_code("X" * 21), "bad_code"),
        (lambda: read_code("X-E0"), "bad_count"),
        (lambda: read_code(f"X-B{MAX_COUNT + 1}"), "bad_count"),
        (lambda: read_setup("X", None, "0"), "bad_count"),
        (lambda: read_setup("X", "expert"), "bad_level"),
        (lambda: read_setup("X-E5", "first"), "conflict"),
        (lambda: read_setup("X-E5", None, "6"), "conflict"),
    ):
        with pytest.raises(QuizError) as refused:
            call()
        assert refused.value.code == code
        assert f"quiz.error.{code}" in strings("en")


def test_the_command_prints_the_quiz(cli: Callable[..., Ran]) -> None:
    ran = cli("quiz", "--code", "CM2-B", "--count", "3", "--level", "experienced", "--lang", "fr")
    assert (ran.returncode, ran.stderr) == (0, "")
    assert json.loads(ran.stdout) == quiz("CM2-B", 3, "experienced", "fr")
    carried = cli("quiz", "--code", "cm2-b-e3", "--lang", "fr")
    assert json.loads(carried.stdout) == json.loads(ran.stdout)  # the code alone says the same
    default = json.loads(cli("quiz", "--code", "CM2-B").stdout)
    assert (default["level"], default["lang"], len(default["questions"])) == ("first", "en", 10)
    assert default["code"] == "CM2-B-B10"


@pytest.mark.parametrize(
    "args",
    [
        ["--code", "bad code"],
        ["--code", "x" * 21],
        ["--code", "X", "--count", "0"],
        ["--code", "X", "--count", str(MAX_COUNT + 1)],
        ["--code", "X", "--level", "expert"],
        ["--code", "X-E5", "--count", "6"],
        ["--code", "X", "--lang", "de"],
    ],
)
def test_bad_settings_exit_2_with_one_line(cli: Callable[..., Ran], args: list[str]) -> None:
    ran = cli("quiz", *args)
    assert ran.returncode == 2
    assert ran.stdout == ""
    assert ran.stderr.count("\n") == 1 and ran.stderr.startswith("error: ")


@pytest.mark.parametrize(
    ("args", "named"),
    [(["--code", "X", "--count", "ten"], "--count"), (["--count", "3"], "--code")],
)
def test_a_mistyped_option_exits_2_with_one_line(
    args: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["quiz", *args])
    out, err = capsys.readouterr()
    assert (exited.value.code, out) == (2, "")
    assert err.count("\n") == 1 and named in err


def test_the_real_command_runs_and_refuses() -> None:
    done = run_process("quiz", "--code", "6E", "--count", "2", "--lang", "nl")
    assert done.returncode == 0
    assert json.loads(done.stdout) == quiz_json(Setup("6E", "first", 2), "nl")
    bad = run_process("quiz", "--code", "6E", "--level", "hard")
    assert (bad.returncode, bad.stdout, bad.stderr.count("\n")) == (2, "", 1)


def replay_under(question: dict[str, Any], rules: str) -> dict[str, Any]:
    """What the failed turn of `question` does with the tiles under another rules preset."""
    _, events = parse({**question["table"], "rules": rules}).replay()
    returned = [e.tile for e in events if isinstance(e, TileReturned)]
    flipped = [e.tile for e in events if isinstance(e, TileFlipped)]
    return {"returned": (returned or [None])[0], "flipped": (flipped or [None])[0]}


def test_the_wrong_choices_include_the_common_mistakes(
    quizzes: dict[tuple[str, str], dict[str, Any]],
) -> None:
    found: dict[str, int] = {}
    for quiz in quizzes.values():
        for question in quiz["questions"]:
            values = [choice["value"] for choice in question["choices"]]
            table = table_of(question)
            rule = question["rule"]
            mistake = None
            if rule == "next_lower":  # "a total that is not a tile in the middle fails the turn"
                mistake = []
            elif rule == "no_worm":  # "21 points or more is enough": the tiles a worm would give
                mistake = sorted({o.tile for o in table.board().options(table.total, True)})
            elif rule == "own_top":  # one's own top tile taken again
                mistake = sorted({*values[question["answer"]], table.total})
            elif rule == "fail_spared":  # "the highest tile is always turned face down"
                mistake = replay_under(question, "short")
            elif rule == "fail_empty":  # "no tile to put back, so nothing changes"
                mistake = replay_under(question, "rulebook-empty-stack")
            elif question["kind"] == "keep":  # a value already set aside, kept again
                assert table.rolled is not None
                again = {face for face in table.rolled if face in table.kept}
                mistake = next((v for v in values if str(v) in again), None) if again else None
                assert (mistake is None) == (not again)
            elif rule == "bust_odds":  # "any value rolled again fails the turn"
                k, n = len(set(table.kept)), table.in_hand
                repeat = 1 - ((6 - k) / 6) ** n
                if round(repeat, 3) == round(values[question["answer"]], 3):
                    continue  # with one die the slip gives the right figure
                mistake = next((v for v in values if round(v, 3) == round(repeat, 3)), repeat)
            if mistake is not None:
                assert mistake in values, (rule, values, mistake)
                assert mistake != values[question["answer"]]
                found[rule] = found.get(rule, 0) + 1
    assert set(found) >= {
        "next_lower",
        "no_worm",
        "own_top",
        "fail_spared",
        "fail_empty",
        "bust_odds",
    }
