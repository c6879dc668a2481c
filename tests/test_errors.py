"""One family of refusals: every code raised in the package is worded in every language."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import pickomino
from pickomino.bots import TournamentError, tournament
from pickomino.errors import CodedError
from pickomino.game import Table
from pickomino.history import History, HistoryError
from pickomino.i18n import LANGS, strings, t
from pickomino.match import Match, MatchError
from pickomino.narrate import UnknownFace, read_dice
from pickomino.odds import NoOdds, analyse, best_move
from pickomino.rules import STANDARD

PACKAGE = Path(pickomino.__file__).resolve().parent


def coded_classes() -> dict[str, type[CodedError]]:
    """Every `CodedError` subclass of the package, by name, once every module is imported."""
    for module in pkgutil.walk_packages(pickomino.__path__, "pickomino."):
        if not module.name.startswith("pickomino.ui"):
            importlib.import_module(module.name)
    found: dict[str, type[CodedError]] = {}
    todo = [CodedError]
    while todo:
        cls = todo.pop()
        found[cls.__name__] = cls
        todo.extend(cls.__subclasses__())
    return found


def raised_codes() -> set[tuple[str, str, str]]:
    """(file, class, code) of every coded refusal written in the package's source with a literal
    code: `SomeError("code", ...)`, and `super().__init__("code", ...)` in a class of the family.
    """
    classes = coded_classes()
    found: set[tuple[str, str, str]] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            inside = [node] if isinstance(node, ast.ClassDef) and node.name in classes else []
            for owner in inside:
                for call in ast.walk(owner):
                    if (
                        isinstance(call, ast.Call)
                        and isinstance(call.func, ast.Attribute)
                        and call.func.attr == "__init__"
                        and call.args
                        and isinstance(call.args[0], ast.Constant)
                    ):
                        found.add((path.name, owner.name, str(call.args[0].value)))
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in classes
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add((path.name, node.func.id, node.args[0].value))
    return found


def test_every_coded_refusal_is_worded_in_every_language() -> None:
    classes = coded_classes()

    def worded(name: str, code: str, lang: str) -> bool:
        keys = [f"{classes[name].section}.{code}"]
        if name == "ExampleError":  # the explorer reads the shared `errors` first (`refused`)
            keys.append(f"errors.{code}")
        return any(key in strings(lang) for key in keys)

    missing = [
        (lang, where, name, code)
        for where, name, code in sorted(raised_codes())
        for lang in LANGS
        if not worded(name, code, lang)
    ]
    assert missing == []


def test_the_scan_finds_the_refusals_of_every_layer() -> None:
    # Without this, a scan that found nothing would pass the test above vacuously.
    codes = {(name, code) for _, name, code in raised_codes()}
    expected = {
        ("IllegalMove", "tile_not_takeable"),
        ("ScenarioError", "bad_action"),
        ("ChanceError", "no_generator"),
        ("MoveTextError", "move_shape"),
        ("HistoryError", "history_steps"),
        ("MatchError", "bot_to_play"),
        ("TournamentError", "unknown_strategy"),
        ("NoOdds", "game_over"),
        ("UnknownFace", "unknown_face_typed"),
        ("QuizError", "bad_count"),
    }
    assert expected <= codes


@pytest.mark.parametrize(
    ("refuse", "kind", "code"),
    [
        (lambda: History.from_data([]), HistoryError, "not_a_history"),
        (lambda: History.from_data({"version": 2, "seed": "x"}), HistoryError, "history_not_whole"),
        (
            lambda: Match(History.begin(Table.new(2), names=("", ""), seats=("person", "nobody"))),
            MatchError,
            "unknown_seat_kind",
        ),
        (lambda: tournament(["expert", "nobody"], 1, 0), TournamentError, "unknown_strategy"),
        (lambda: tournament(["expert", "expert"], 0, 0), TournamentError, "game_count"),
        (lambda: tournament(["expert"], 1, 0), TournamentError, "tournament_players"),
        (lambda: best_move(()), NoOdds, "no_choice"),
        (lambda: read_dice("5x", STANDARD), UnknownFace, "unknown_face_typed"),
    ],
)
def test_each_layer_refuses_with_a_code_that_is_still_a_value_error(
    refuse: object, kind: type[CodedError], code: str
) -> None:
    assert callable(refuse)
    with pytest.raises(ValueError) as refused:
        refuse()
    assert isinstance(refused.value, kind) and refused.value.code == code
    for lang in LANGS:  # worded with its own numbers, no placeholder left
        text = t(refused.value.key, lang, **refused.value.params)
        assert text and not re.search(r"\{\w+\}", text)


def test_a_finished_game_has_no_odds_by_code() -> None:
    over = Table(STANDARD, 2, (), STANDARD.tiles, ((), ()))
    with pytest.raises(NoOdds) as refused:
        analyse(over)
    assert refused.value.code == "game_over" and refused.value.key == "errors.refused.game_over"
