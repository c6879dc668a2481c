"""The exact figures behind the tips, from the odds module.

One function feeds the Tips page, so the situations a tip is checked on are written once, here,
and tested against the published figures.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal, NamedTuple

from pickomino.game import Table
from pickomino.odds import Analysis, Outlook, analyse
from pickomino.rules import STANDARD, WORM


class Figure(NamedTuple):
    """One number a tip quotes: a chance (shown as a percentage) or a number of worms."""

    value: float
    kind: Literal["chance", "worms"]


TIPS = ("worms_early", "low_tile", "neighbour", "three_worms")
"""The tips of the rule texts, in their order."""


def _fresh(**changes: object) -> Table:
    return replace(Table.new(2, STANDARD), **changes)


def _low_tile_table(kept: tuple[str, ...]) -> Table:
    """Your top tile is 26 (two worms, lost if the turn fails); `kept` is on the table."""
    return _fresh(
        middle=tuple(tile for tile in STANDARD.tiles if tile != 26), stacks=((26,), ()), kept=kept
    )


def tip_tables(tip: str) -> tuple[Table, ...]:
    """The situations a tip is checked on, in the order `tip_figures` reads them.

    The Tips page links each of them into the sandbox, so the learner can play on from there.
    """
    if tip == "worms_early":
        return (_fresh().roll((WORM, WORM, "5", "5", "5", "4", "3", "1"))[0],)
    if tip == "three_worms":
        return (_fresh().roll((WORM, WORM, WORM, "5", "5", "5", "2", "1"))[0],)
    if tip == "low_tile":
        return (
            _low_tile_table((WORM, WORM, "3", "3", "3", "1", "1")),
            _low_tile_table((WORM, WORM, "5", "5", "2")),
        )
    if tip == "neighbour":
        return (_fresh(middle=tuple(t for t in STANDARD.tiles if t != 30), stacks=((), (30,))),)
    raise ValueError(f"unknown tip {tip!r} (known: {', '.join(TIPS)})")


def tip_figures(tip: str) -> dict[str, Figure]:
    """The probabilities and expectations a tip quotes, under best play for each figure."""
    tables = tip_tables(tip)
    if tip in ("worms_early", "three_worms"):
        after = analyse(tables[0]).keep_success
        return {"worm": Figure(after[WORM], "chance"), "five": Figure(after["5"], "chance")}
    if tip == "low_tile":
        few, many = (analyse(table) for table in tables)

        def outlook(analysis: Analysis, action: str) -> Outlook:
            return next(c.outlook for c in analysis.choices if c.action == action)

        return {
            "take": Figure(outlook(few, "take").expected_worms, "worms"),
            "roll": Figure(outlook(few, "roll").expected_worms, "worms"),
            "roll_success": Figure(outlook(few, "roll").success, "chance"),
            "take_many": Figure(outlook(many, "take").expected_worms, "worms"),
            "many": Figure(outlook(many, "roll").expected_worms, "worms"),
        }
    outlook = analyse(tables[0]).outlook
    index = STANDARD.tiles.index(30)
    return {
        "exactly": Figure(outlook.exactly[index], "chance"),
        "at_least": Figure(outlook.at_least[index], "chance"),
    }
