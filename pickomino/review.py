"""The coach: every decision of a game record graded against the move the expert would play.

A decision is a point where the seat to play had more than one legal move: a keep with two faces
or more to choose from, rolling on or stopping, a choice between tiles. Forced moves (the roll that
starts a turn, a keep with one new face, the only tile on offer) are not decisions: they cost
nothing by construction, and counting them would make every player look more accurate the more
forced moves the dice dealt.

Each decision compares the move played with the best one, both with the odds module's figures
for that table (`expected_swing`, `expected_worms`, `success`). The best move is the odds module's
(`Analysis.recommended`, which the expert plays and the pages star: highest expected swing, then
expected worms, then the first listed), so a bot playing the expert never loses a worm here. The
cost is the expected swing given up, best minus played: never negative, and 0 for a move as good
as the best in swing (within `odds.TIE`).

Labels, from the cost in worms of expected swing:

| label | cost |
| --- | --- |
| best | 0 |
| good | < 0.05 |
| inaccuracy | < 0.2 |
| mistake | < 0.5 |
| blunder | >= 0.5 |

Checked against the decisions of the heuristic and cautious bots playing the expert (`uv run
python benchmarks/review.py --costs 40`: 40 seeded two-player games each, seats swapping). The
expert's own 6,756 decisions all cost 0. Of the bots' decisions most are the expert's move (89% of
the heuristic's 3,040, 82% of cautious's 3,396); the costly ones (332 and 597) cost, at their
10th / 25th / 50th / 75th / 90th percentiles, 0.03 / 0.10 / 0.29 / 0.65 / 1.01 worms for the
heuristic and 0.05 / 0.13 / 0.34 / 0.72 / 1.19 for cautious. So the starting thresholds are kept:
`good` holds the near-ties at the bottom of that range (15% and 10% of the costly decisions),
`inaccuracy`, `mistake` and `blunder` each about a quarter to a third (26 / 25 / 34% for the
heuristic, 25 / 28 / 36% for cautious), and the labels rank the bots as the tournaments do:
cautious blunders on 6.4% of its decisions, the heuristic on 3.7%. A blunder, half a worm of
swing or more in one decision, is large next to the 3.8 worms a game the heuristic gives up over
all its decisions (cautious 8.1), which is about its measured gap to the expert (6.85 against
10.85 mean worms, docs/coach.md, "Bots").

Accuracy is the share of a seat's decisions labelled best or good (cost below 0.05 worms): a
figure from 0 to 1 that a learner can read as "how often did I play (about) the expert's move"
(0.91 for the heuristic, 0.84 for cautious over those games, 1 for the expert). A mean cost would
let one blunder outweigh many good moves; the share says how often, the total cost how much.

The page's chart draws each seat's cost added up turn by turn (`Review.cumulative`), and its list
of decisions worth a look (`worth_a_look`) starts from the costliest: since the labels are ranges
of cost, costliest first is also blunders first, then mistakes, then inaccuracies.

One analysis per decision; `odds` caches its solution per board (32 boards) and a board lasts a
whole turn, so reviewing a game costs about one solve per turn; each table is analysed once, so a
cache per table would gain nothing.

What a review costs is bounded before it starts (`reviewable`): a solve per distinct board, at most
`MAX_BOARDS`, and a graded decision per action, at most `MAX_DECISIONS`. Real games stay far
below (`benchmarks/records.py`): the bots' games of 2 to 7 seats under every preset asked for at
most 58 boards and 439 decisions; a game of random legal moves of 3,786 actions 55 boards and
2,906 decisions (the longest of 6,000 such games took 4,622 actions). A record crafted to ask for
a new board at every turn, at those bounds, is reviewed in the seconds the README's Figures table
gives; one over them is refused at once. A review keeps under 1,000 bytes a decision (pickled, as
Streamlit's cache keeps it), so under 6 MB.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from itertools import accumulate
from typing import Final, Literal

from pickomino.game import Move, Phase, Table
from pickomino.odds import TIE, Choice, analyse, solved_board
from pickomino.scenario import Scenario, ScenarioError, ends_turn
from pickomino.value import DecisionChance, best_chance, in_ten, move_chances

MAX_BOARDS: Final = 200
"""The most distinct boards (`odds.solved_board`) a reviewed record may ask the odds to solve, each
a backward pass of 15 to 60 ms: real games ask for fewer than 60."""
MAX_DECISIONS: Final = 6_000
"""The most decisions a reviewed record may hold: the bots' games hold under 500, the longest games
of random moves about 3,500; this bounds a review's memory (under 6 MB) as well as its time."""

Label = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
LABELS: Final[tuple[Label, ...]] = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS: Final[tuple[tuple[Label, float], ...]] = (
    ("good", 0.05),
    ("inaccuracy", 0.2),
    ("mistake", 0.5),
)
"""Each label but best and blunder with the cost (expected swing given up) it stays below."""


def label(cost: float) -> Label:
    """The label of a decision that gave up `cost` worms of expected swing."""
    if cost == 0:
        return "best"
    return next((name for name, below in THRESHOLDS if cost < below), "blunder")


@dataclass(frozen=True)
class Decision:
    """One decision of a seat, the move played and the expert's, each with its odds figures.

    Attributes:
        seat: the seat that decided.
        turn: the game's turn, counted from 0 at the record's start (all seats' turns).
        index: the index in the record's `actions` of the move played.
        phase: the table's phase then (`keep`, `decide` or `take`).
        played, best: the choices of the odds module for the move played and the expert's move;
            a roll is the decision to roll, without the faces it then showed.
        cost: best minus played in expected swing, 0 when the move played is as good.
    """

    seat: int
    turn: int
    index: int
    phase: Phase
    played: Choice
    best: Choice
    cost: float

    @property
    def label(self) -> Label:
        """The decision's label (see the module's table)."""
        return label(self.cost)


@dataclass(frozen=True)
class SeatReview:
    """One seat's decisions and what they add up to; `name` from the record's `names`, if any.

    `mean_cost` and `accuracy` (share of decisions labelled best or good) are None for a seat
    with no decision, which has nothing to average.
    """

    seat: int
    name: str | None
    decisions: tuple[Decision, ...]

    @property
    def counts(self) -> dict[Label, int]:
        """How many decisions got each label, every label listed."""
        labels = [decision.label for decision in self.decisions]
        return {name: labels.count(name) for name in LABELS}

    @property
    def total_cost(self) -> float:
        """Expected swing given up over the game."""
        return sum(decision.cost for decision in self.decisions)

    @property
    def mean_cost(self) -> float | None:
        """Expected swing given up per decision."""
        return self.total_cost / len(self.decisions) if self.decisions else None

    @property
    def accuracy(self) -> float | None:
        """Share of decisions within the `good` threshold of the best move."""
        if not self.decisions:
            return None
        counts = self.counts
        return (counts["best"] + counts["good"]) / len(self.decisions)


@dataclass(frozen=True)
class Review:
    """Every decision of a record in order, per seat (all seats, in seat order), and its turns.

    `turns` counts the turns the record holds, the last one counted even if it is not over.
    """

    decisions: tuple[Decision, ...]
    seats: tuple[SeatReview, ...]
    turns: int

    def per_turn(self, seat: int) -> tuple[float, ...]:
        """The cost of seat `seat`'s decisions in each turn, turn 0 first (0 in the others')."""
        costs = [0.0] * self.turns
        for decision in self.seats[seat].decisions:
            costs[decision.turn] += decision.cost
        return tuple(costs)

    def cumulative(self, seat: int) -> tuple[float, ...]:
        """The cost of seat `seat`'s decisions added up at the end of each turn, turn 0 first.

        Every seat has a value at every turn (unchanged over the others' turns), so the seats'
        series share one axis of turns.
        """
        return tuple(accumulate(self.per_turn(seat)))


WORTH_A_LOOK: Final[tuple[Label, ...]] = ("inaccuracy", "mistake", "blunder")
"""The labels of the decisions a learner should look at again; best and good ones are fine."""


def worth_a_look(graded: Review) -> tuple[Decision, ...]:
    """The decisions labelled in `WORTH_A_LOOK`, costliest first (equal costs in game order)."""
    found = [decision for decision in graded.decisions if decision.label in WORTH_A_LOOK]
    return tuple(sorted(found, key=lambda decision: -decision.cost))


def reviewable(record: Scenario) -> Scenario:
    """The record, once replayed and found within what the coach reviews in seconds.

    ScenarioError names what is wrong: a move against the rules (from `Scenario.steps`), more than
    `MAX_BOARDS` boards to solve (`too_long_to_review`) or more than `MAX_DECISIONS` decisions
    (`too_many_decisions`). The replay costs a small part of the review (no odds are worked out),
    so a page or the command line refuses a costly record before spending anything on it.
    """
    boards = set()
    decisions = 0
    table = record.table
    for step in record.steps():
        if len(table.legal_moves()) > 1:
            decisions += 1
            boards.add(solved_board(table))
        table = step.table
    if len(boards) > MAX_BOARDS:
        raise ScenarioError(
            "too_long_to_review",
            f"the coach would work out the odds of {len(boards)} different boards, and it works "
            f"out at most {MAX_BOARDS} (a real game fewer than 60)",
            count=len(boards),
            limit=MAX_BOARDS,
        )
    if decisions > MAX_DECISIONS:
        raise ScenarioError(
            "too_many_decisions",
            f"the record holds {decisions:,} decisions, and the coach grades at most "
            f"{MAX_DECISIONS:,} (a real game a few hundred)",
            count=decisions,
            limit=MAX_DECISIONS,
        )
    return record


def review(record: Scenario, progress: Callable[[int], None] | None = None) -> Review:
    """Grade every decision of `record`, replayed by `Scenario.steps` (ScenarioError if refused).

    A record beyond the coach's bounds is refused first (`reviewable`), before any odds.
    A roll is graded as the decision to roll: the faces it showed are chance, not choice.
    `progress`, if given, is called with the number of actions done after each one, for a page
    to show how far a review of a long game has got.
    """
    reviewable(record)
    decisions: list[Decision] = []
    table, turn = record.table, 0
    for index, step in enumerate(record.steps()):
        assert step.move is not None  # every step of a replay has its move
        if len(table.legal_moves()) > 1:
            analysis = analyse(table)
            played = analysis.choice(replace(step.move, faces=None))
            best = analysis.recommended
            gap = best.outlook.expected_swing - played.outlook.expected_swing
            cost = 0.0 if gap <= TIE else gap
            decisions.append(Decision(table.current, turn, index, table.phase, played, best, cost))
        if ends_turn(step):
            turn += 1
        table = step.table
        if progress is not None:
            progress(index + 1)
    names = record.names or (None,) * record.table.players
    seats = tuple(
        SeatReview(seat, names[seat], tuple(d for d in decisions if d.seat == seat))
        for seat in range(record.table.players)
    )
    started = bool(record.moves) and table.phase not in ("roll", "over")
    return Review(tuple(decisions), seats, turn + int(started))


DROP: Final = 0.05
"""The least fall in chance of winning worth naming: half a game in 10, which `value.in_ten`
rounds up to one, so every fall named reads as at least "about 1 game in 10"."""


def biggest_drops(chances: Iterable[DecisionChance], count: int = 3) -> tuple[DecisionChance, ...]:
    """The `count` decisions that cost the most chance of winning, worst first (game order on ties).

    Only falls of `DROP` or more: a smaller one is the model's noise as much as the move's fault.
    """
    found = [chance for chance in chances if chance.change <= -DROP]
    return tuple(sorted(found, key=lambda chance: chance.change)[:count])


Verdict = Literal["falls", "lost", "won", "few_worms"]
"""What the chance of winning says of a decision the worms grade worth a look (`chance_verdict`)."""

DECIDED: Final = 1
"""A chance shown as this many games in 10 or fewer (or this many short of 10) is a game all but
decided: whatever the move, the worms it gives up can hardly change who wins."""


def chance_verdict(found: DecisionChance) -> Verdict:
    """Whether the chance of winning, as shown, agrees with a grade of inaccuracy or worse.

    The grade is in worms and the figure beside it in games in 10 (`value.in_ten`), and the two
    can part: worms given up when the game is all but lost (or won) change little who wins, and
    half a worm is a small part of a game's thirty. So the verdict is made on the figure shown:
    `falls` when the games in 10 shown after the move played are fewer than with the best move
    (the two agree); otherwise the chance shown did not move, and the reason is said: the game
    was all but `lost` or all but `won` already, or the worms given up were too few
    (`few_worms`) to move the chance by a game in 10.
    """
    before = in_ten(found.before)
    if in_ten(found.after) < before:
        return "falls"
    if before <= DECIDED:
        return "lost"
    if before >= 10 - DECIDED:
        return "won"
    return "few_worms"


Lead = Literal["ahead", "behind", "other"]
"""Why the master leaves the star: ahead it takes the surer move, behind the bolder one."""


@dataclass(frozen=True)
class MasterView:
    """Where the master bot would leave the starred move: its move, and the reason to say."""

    move: Move
    reason: Lead


def master_otherwise(table: Table) -> MasterView | None:
    """The master's move where it differs from the star (the expert's), with the reason in play.

    The star stays the one best move of a turn (the most worms against the others); the master
    plays for the game, and a learner is told why when it parts from the star. Ahead in worms,
    a surer move (a better chance of a tile) keeps the lead; behind, a bolder one is the best
    chance to catch up; any other case is said as playing for the whole game. None at a roll that
    starts a turn, at the end, or where the star is also the master's choice (or as good for it).
    """
    if table.phase in ("roll", "over"):
        return None
    analysis = analyse(table)
    star = analysis.recommended
    moves = move_chances(table, reply=True)  # as the master plays (`bots.master`)
    chosen, best = best_chance(moves)
    starred = next(value for move, value in moves if move == star.move)
    if chosen == star.move or best - starred <= TIE:
        return None
    surer = analysis.choice(chosen).outlook.success - star.outlook.success
    scores = table.scores()
    lead = scores[table.current] - max(s for seat, s in enumerate(scores) if seat != table.current)
    if lead > 0 and surer > 0:
        return MasterView(chosen, "ahead")
    if lead < 0 and surer < 0:
        return MasterView(chosen, "behind")
    return MasterView(chosen, "other")
