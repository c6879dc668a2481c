"""The exact figures behind the tips, from the odds module.

One function feeds the Tips page, so the situations a tip is checked on are written once, here,
and tested against the published figures.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal, NamedTuple

from pickomino.game import ROLL, Move, Table
from pickomino.odds import Analysis, Outlook, analyse
from pickomino.rules import STANDARD, WORM


class Figure(NamedTuple):
    """One number a tip quotes: a chance (shown as a percentage) or a number of worms."""

    value: float
    kind: Literal["chance", "worms"]


TIPS = ("worms_early", "low_tile", "neighbour", "three_worms")
"""The tips of the rule texts, in their order."""


def _first_roll(*faces: str) -> Table:
    """A new two-player game whose first roll shows `faces`."""
    return Table.new(2, STANDARD).roll(faces)[0]


def _held_by(seat: int, tile: int, kept: tuple[str, ...] = ()) -> Table:
    """A new two-player game where `seat` holds `tile`, seat 0 to play with `kept` set aside."""
    stacks = tuple((tile,) if holder == seat else () for holder in range(2))
    middle = tuple(t for t in STANDARD.tiles if t != tile)
    return replace(Table.new(2, STANDARD), middle=middle, stacks=stacks, kept=kept)


def tip_tables(tip: str) -> tuple[Table, ...]:
    """The situations a tip is checked on, in the order `tip_figures` reads them.

    The Tips page links each of them into the sandbox, so the learner can play on from there.
    """
    if tip == "worms_early":
        return (_first_roll(WORM, WORM, "5", "5", "5", "4", "3", "1"),)
    if tip == "three_worms":
        return (_first_roll(WORM, WORM, WORM, "5", "5", "5", "2", "1"),)
    if tip == "low_tile":  # your top tile is 26 (two worms, lost if the turn fails)
        return (
            _held_by(0, 26, (WORM, WORM, "3", "3", "3", "1", "1")),
            _held_by(0, 26, (WORM, WORM, "5", "5", "2")),
        )
    if tip == "neighbour":
        return (_held_by(1, 30),)
    raise ValueError(f"unknown tip {tip!r} (known: {', '.join(TIPS)})")


def tip_advice(tip: str) -> tuple[Move | None, ...]:
    """The move the tip's words advise at each of its tables (None where it names no move).

    The sandbox a tip links to stars the best move; where the two differ the Tips page says why
    before the link (`examples.star_elsewhere`), so a learner never meets a star that contradicts
    the tip without a word.
    """
    keep_worms = Move("keep", face=WORM)
    advice: dict[str, tuple[Move | None, ...]] = {
        "worms_early": (keep_worms,),
        "three_worms": (keep_worms,),
        # the last die: take the low tile; three dice in hand: roll on
        "low_tile": (Move("take", tile=21), ROLL),
        "neighbour": (None,),  # a turn to start: the only move is the roll
    }
    if tip not in advice:
        raise ValueError(f"unknown tip {tip!r} (known: {', '.join(TIPS)})")
    return advice[tip]


def tip_figures(tip: str) -> dict[str, Figure]:
    """The probabilities and expectations a tip quotes, under best play for each figure."""
    tables = tip_tables(tip)
    if tip in ("worms_early", "three_worms"):
        # Both aims, since the sandbox the tip links to shows both: the surest tile, most worms.
        analysis = analyse(tables[0])
        worm, five = (analysis.choice(Move("keep", face=face)).outlook for face in (WORM, "5"))
        return {
            "worm": Figure(worm.success, "chance"),
            "five": Figure(five.success, "chance"),
            "worm_worms": Figure(worm.expected_worms, "worms"),
            "five_worms": Figure(five.expected_worms, "worms"),
        }
    if tip == "low_tile":
        few, many = (analyse(table) for table in tables)
        take_few, take_many = (
            _take(table, analysis) for table, analysis in zip(tables, (few, many), strict=True)
        )
        return {
            "take": Figure(take_few.expected_worms, "worms"),
            "roll": Figure(few.choice(ROLL).outlook.expected_worms, "worms"),
            "roll_success": Figure(few.choice(ROLL).outlook.success, "chance"),
            "take_many": Figure(take_many.expected_worms, "worms"),
            "many": Figure(many.choice(ROLL).outlook.expected_worms, "worms"),
        }
    outlook = analyse(tables[0]).outlook
    index = STANDARD.tiles.index(30)
    return {
        "exactly": Figure(outlook.exactly[index], "chance"),
        "at_least": Figure(outlook.at_least[index], "chance"),
    }


def _take(table: Table, analysis: Analysis) -> Outlook:
    """The figures of stopping now with the highest tile on offer."""
    return analysis.choice(Move("take", tile=table.options()[0].tile)).outlook
