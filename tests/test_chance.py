"""The roll's chance outcomes: one list the engine's draw follows and the odds sum over."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, product
from math import comb

import pytest

from pickomino.events import Rolled
from pickomino.game import ROLL, ChanceError, Table, roll_outcomes
from pickomino.odds import _rolls
from pickomino.rules import PRESETS, STANDARD, Rules
from tests.tables import table


class Scripted(random.Random):
    """A generator whose every draw below a bound is the next number of `script`.

    `Random.choice` picks `seq[self._randbelow(len(seq))]`, and a seeded generator's
    `_randbelow(n)` is uniform over `range(n)`; scripting it runs the engine's own draw through
    every sequence of picks, each as likely as the others.
    """

    def __init__(self, script: tuple[int, ...]) -> None:
        super().__init__(0)
        self.script = script
        self.used = 0
        self.bounds: list[int] = []

    def _randbelow(self, n: int) -> int:
        self.bounds.append(n)
        picked = self.script[self.used]
        self.used += 1
        return picked


def in_hand(dice: int) -> Table:
    """A table waiting for the roll of `dice` dice (worms kept for the others)."""
    if dice == STANDARD.dice:
        return Table.new(2)
    return table(kept=["W"] * (STANDARD.dice - dice))


def drawn_law(dice: int) -> dict[tuple[str, ...], Fraction]:
    """The law of the faces `Table.play(ROLL, rng)` shows, found by enumerating every draw."""
    faces = len(STANDARD.faces)
    law: Counter[tuple[str, ...]] = Counter()
    start = in_hand(dice)
    for script in product(range(faces), repeat=dice):
        rng = Scripted(script)
        _, events = start.play(ROLL, rng)
        assert rng.used == dice and rng.bounds == [faces] * dice  # one uniform pick per die
        shown = next(event.faces for event in events if isinstance(event, Rolled))
        law[tuple(sorted(shown, key=STANDARD.faces.index))] += 1
    return {shown: Fraction(count, faces**dice) for shown, count in law.items()}


@pytest.mark.parametrize("dice", [1, 2, 3, 4, 5])
def test_the_engine_draws_the_dice_by_the_listed_law(dice: int) -> None:
    assert drawn_law(dice) == dict(roll_outcomes(STANDARD, dice))


def test_a_scripted_draw_shows_its_picks_in_die_order() -> None:
    # The enumeration above sees the engine's faces, not a copy: a script of picks shows them.
    _, events = in_hand(3).play(ROLL, Scripted((5, 0, 3)))
    assert next(e.faces for e in events if isinstance(e, Rolled)) == ("W", "1", "4")


@pytest.mark.parametrize("rules", PRESETS.values(), ids=PRESETS.keys())
def test_each_multiset_of_faces_is_listed_once_and_the_chances_add_up_to_one(rules: Rules) -> None:
    faces = len(rules.faces)
    for dice in range(rules.dice + 1):
        listed = roll_outcomes(rules, dice)
        shown = [faces_shown for faces_shown, _ in listed]
        assert len(set(shown)) == len(shown) == comb(dice + faces - 1, faces - 1)
        assert all(len(s) == dice and set(s) <= set(rules.faces) for s in shown)
        assert sum(chance for _, chance in listed) == 1


def test_eight_dice_show_eight_worms_once_in_six_to_the_eighth() -> None:
    listed = dict(roll_outcomes(STANDARD, 8))
    assert listed[("W",) * 8] == Fraction(1, 6**8)
    assert listed[("1", "2", "3", "4", "5", "W", "W", "W")] == Fraction(8 * 7 * 6 * 5 * 4, 6**8)


def test_a_table_lists_the_outcomes_of_the_roll_it_waits_for() -> None:
    decide = in_hand(5)
    assert decide.phase == "decide"
    assert decide.chance_outcomes() == roll_outcomes(STANDARD, 5)
    assert Table.new(2).chance_outcomes() == roll_outcomes(STANDARD, 8)
    waiting = table(kept=["W"], rolled=["1", "2", "3", "4", "5", "5", "5"])
    assert waiting.phase == "keep" and waiting.chance_outcomes() == ()


def test_a_roll_to_draw_without_a_generator_is_refused_by_code() -> None:
    start = Table.new(2)
    with pytest.raises(ChanceError) as refused:
        start.play(ROLL)
    assert refused.value.code == "no_generator"
    with pytest.raises(ChanceError):
        start.roll()
    assert start.play(ROLL, random.Random(1))[0].rolled is not None


def test_the_odds_see_the_same_law_through_any_faces_left_to_keep() -> None:
    # The odds sum the list through its first `live` faces, one batch for every state with as many:
    # summed through any other set of faces not kept, the law is the same.
    rules = STANDARD
    faces = rules.faces
    for dice in range(1, rules.dice + 1):
        for live in range(len(faces) + 1):
            counts, weights, bust = _rolls(rules, dice, live)
            expected = {
                tuple(int(n) for n in row): w for row, w in zip(counts, weights, strict=True)
            }
            for chosen in combinations(faces, live):
                law: dict[tuple[int, ...], Fraction] = {}
                for shown, chance in roll_outcomes(rules, dice):
                    key = tuple(shown.count(face) for face in chosen)
                    law[key] = law.get(key, Fraction(0)) + chance
                assert float(law.pop((0,) * live, Fraction(0))) == bust
                assert {key: float(c) for key, c in law.items()} == {
                    key: w for key, w in expected.items() if w
                }
