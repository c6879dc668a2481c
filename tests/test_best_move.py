"""One best move everywhere: every place that names a best move names the same one for a table.

The odds module's `Analysis.recommended` is the definition (the highest expected swing, then the
most expected worms); the expert plays it, the coach grades against it, the sandbox and the Play
page star it, the hint names it, the explorer's chart stars it, the command line prints it, and
the Tips and FAQ pages say so before a link whose star marks another move than their words.
These tests read each place as its reader meets it (a button's type, a chart's star, a printed
JSON, a review's verdict) on tables where the two measures disagree: steals, own top tiles lost,
three players.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

import pytest
from streamlit.testing.v1 import AppTest

from pickomino.bots import StrategyBot, autoplay, expert, heuristic, played, random_move
from pickomino.game import Move, Table
from pickomino.i18n import LANGS, t
from pickomino.lessons.examples import star_elsewhere
from pickomino.lessons.faq import QUESTIONS, answer
from pickomino.lessons.tips import TIPS, tip_advice, tip_tables
from pickomino.match import Match
from pickomino.narrate import move_words
from pickomino.odds import analyse
from pickomino.review import review
from pickomino.scenario import Scenario, table_json
from pickomino.share import encode_table
from pickomino.ui.charts import choice_bars
from pickomino.ui.common import advised
from tests import tables
from tests.cli import Ran
from tests.test_app import opened, shown_text

ISSUE = tables.table(stacks=[[], [27]], kept=["W", "W", "W", 5, 5, 2])
"""The table a learner met: 27 points, the rival's 27 on top; roll on for worms, steal for swing."""


def steal_tables(count: int, seed: int, players: int) -> Iterator[Table]:
    """Decisions of random games where the two measures point at different moves."""
    rng = random.Random(seed)
    state = Table.new(players)
    found = 0
    while found < count:
        if state.over:
            state = Table.new(players)
        if state.phase in ("decide", "take", "keep") and len(state.legal_moves()) > 1:
            analysis = analyse(state)
            if analysis.recommended != analysis.best("expected_worms"):
                found += 1
                yield state
        state, _ = random_move(state, rng, roll_on=0.7)


DISAGREE = [
    ISSUE,
    # own top tile 28 (3 worms) at stake with two dice left: rolling on risks it for the rival's
    # 29, worth it in swing (a steal counts twice), not in worms (27 is sure)
    tables.table(stacks=[[28], [29]], kept=["W", "W", 5, 5, 5, 3], current=0),
    *steal_tables(3, seed=19, players=2),
    *steal_tables(3, seed=23, players=3),
]


def test_the_tables_do_test_a_disagreement() -> None:
    # Without tables where the most worms and the best swing differ, every check below would pass
    # for the old recommendation too: every table of the list must disagree.
    for table in DISAGREE:
        analysis = analyse(table)
        assert analysis.recommended.move != analysis.best("expected_worms").move, (
            table.stacks,
            table.kept,
        )
    own_top = DISAGREE[1]
    assert own_top.top(0) == 28 and Move("roll") in own_top.legal_moves()
    assert analyse(own_top).recommended.move == Move("roll")
    assert any(table.players == 3 for table in DISAGREE)
    assert analyse(ISSUE).recommended.move == Move("take", tile=27)


@pytest.mark.parametrize("table", DISAGREE, ids=lambda table: f"{table.players}p{table.kept}")
def test_expert_coach_chart_and_cli_name_the_recommendation(
    table: Table, cli: Callable[..., Ran]
) -> None:
    analysis = analyse(table)
    best = analysis.recommended
    assert best.move != analysis.best("expected_worms").move, "not a table where they disagree"
    assert best.outlook.expected_swing == max(c.outlook.expected_swing for c in analysis.choices)
    assert expert(table) == best.move
    # the coach: playing the best move costs nothing, any move worse in swing costs
    for choice in analysis.choices:
        # a roll is written with the faces it showed, as a game record holds it (`bots.played`)
        record = Scenario(table, (played(table, choice.move, random.Random(1)).move,))
        (decision,) = review(record).decisions
        assert decision.best.move == best.move
        worse = choice.outlook.expected_swing < best.outlook.expected_swing - 1e-9
        assert (decision.cost > 0) == worse
    # the explorer's chart stars it (a take or decide point: the chart of stopping or rolling)
    if table.phase != "keep":
        (bars,) = choice_bars(analysis, table, "en").figure.to_plotly_json()["data"]
        starred = [i for i, text in enumerate(bars["text"]) if text.startswith("★")]
        assert starred == [analysis.choices.index(best)]
    # the command line prints it as its recommendation
    ran = cli("odds", "-", stdin=json.dumps(table_json(table)))
    printed = json.loads(ran.stdout)["recommendation"]
    assert printed["action"] == best.move.kind
    assert printed.get("tile", 0) == best.move.tile
    assert str(printed.get("face", "")) in ("", best.move.face)


def starred(at: AppTest, prefix: str) -> list[str]:
    """The keys of the primary (starred) move buttons the page shows."""
    return [b.key for b in at.button if b.key.startswith(prefix) and b.proto.type == "primary"]


def move_key(prefix: str, move: Move) -> str:
    if move.kind == "keep":
        return f"{prefix}_keep_{move.face}"
    return f"{prefix}_take_{move.tile}" if move.kind == "take" else f"{prefix}_{move.kind}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_sandbox_stars_the_best_move_and_says_why_a_steal_counts_twice(lang: str) -> None:
    at = opened("app_pages/sandbox.py", lang, table=encode_table(ISSUE))
    assert not at.exception
    best = analyse(ISSUE).recommended.move
    assert starred(at, "sandbox_") == [move_key("sandbox", best)]
    shown = shown_text(at)
    assert t("odds.mark_best", lang) in shown  # type: ignore[arg-type]
    assert t("odds.steal_twice", lang) in str(at.success[0].value)  # type: ignore[arg-type]
    assert move_words(best, ISSUE, lang) in str(at.success[0].value)  # type: ignore[arg-type]


def test_the_play_page_hint_and_star_name_the_best_move() -> None:
    at = opened("app_pages/play.py", "en")
    at.session_state["play_match"] = Match.at(ISSUE, ("person", "expert"), ("Ana", ""), 5)
    at.session_state["play_odds"] = True
    at.session_state["play_hint"] = True
    at = at.run()
    assert not at.exception
    best = analyse(ISSUE).recommended.move
    assert starred(at, "play_") == [move_key("play", best)]
    (hint,) = [str(info.value) for info in at.info if "the expert would" in str(info.value)]
    assert best == Move("take", tile=27)
    assert hint.startswith("Hint: the expert would steal tile 27 from Expert bot 2 (a tile 100.0%")
    assert "worth 4.00 counting what the others lose" in hint  # the steal counted twice


@pytest.mark.parametrize("seed", [3, 8])
@pytest.mark.parametrize("players", [2, 3])
def test_a_game_played_by_following_the_star_is_graded_with_no_mistake(
    seed: int, players: int
) -> None:
    """Seat 0 clicks the starred move at every decision (as the sandbox and the Play page mark
    it); the others play the rule of thumb. The review then finds no decision of seat 0 costly."""
    star = t("odds.mark_best", "en")

    def follow_the_star(table: Table) -> Move:
        marks = advised(analyse(table), "en")
        (move,) = [move for move, mark in marks.items() if mark == star] or table.legal_moves()
        return move

    seats = [StrategyBot("star", follow_the_star), *[StrategyBot("heuristic", heuristic)] * 2]
    steps = autoplay(Table.new(players), seats[:players], random.Random(f"star/{seed}"))
    moves = [step.move for step in steps if step.move is not None]
    graded = review(Scenario(Table.new(players), tuple(moves))).seats[0].decisions
    assert len(graded) > 10
    assert [d.cost for d in graded] == [0.0] * len(graded)


def linked() -> Iterator[tuple[str, str, Table, Move | None]]:
    """Each situation a Tips or FAQ link opens: its page, what its link's address holds, the
    table it opens and the move its page's words advise there."""
    for tip in TIPS:
        for table, move in zip(tip_tables(tip), tip_advice(tip), strict=True):
            yield "tips", f"table={encode_table(table)}&tip={tip}", table, move
    for _, scenarios in QUESTIONS:
        for name in scenarios:
            yield ("faq", f"scenario={name}&", *answer(name))


def in_order(at: AppTest) -> list[object]:
    """The page's elements in the order the reader meets them."""
    found: list[object] = []

    def walk(node: object) -> None:
        children = getattr(node, "children", None)
        if children:
            for key in sorted(children):
                walk(children[key])
        else:
            found.append(node)

    walk(at.main)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_tip_and_faq_link_agrees_with_the_star_or_the_page_says_why_first(
    lang: str,
) -> None:
    pages = {kind: in_order(opened(f"app_pages/{kind}.py", lang)) for kind in ("tips", "faq")}
    explained = 0
    for kind, address, table, advice in linked():
        elements = pages[kind]
        (at,) = [
            i
            for i, element in enumerate(elements)
            if getattr(element, "type", "") == "page_link"
            and element.proto.query_string.startswith(address)
        ]
        before = elements[at - 1]
        note = before.value if getattr(before, "type", "") == "caption" else ""
        best = analyse(table).recommended.move
        if advice is None or best == advice:  # the star agrees, or nothing is advised
            assert advice is not None or len(table.legal_moves()) == 1, address
            assert "★" not in note, address
            continue
        explained += 1
        elsewhere = star_elsewhere(table, advice)
        assert elsewhere is not None and elsewhere[1].move == advice
        assert "★" in note and move_words(best, table, lang) in note, address  # type: ignore[arg-type]
        assert move_words(advice, table, lang) in note, address  # type: ignore[arg-type]
    assert explained >= 2  # the worms tip and some FAQ answers: the check above is not vacuous
