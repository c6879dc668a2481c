"""A whole game between named seats, each a person or a bot, played one move at a time.

The Play page keeps one `Match` in the session and replaces it after every move, as the sandbox
does with its `Sandbox`: the game is plain values, so it can be tested without a page, written out
as a game record (`record`) that `python -m pickomino replay` and `review` read, and rebuilt from
one (`from_record`) to carry on playing.

The game is a `History`, the sandbox's too: rolls are drawn from a generator seeded with the
match's seed and the number of moves played (`history.roll_rng`), so the same seed and the same
choices give the same game, and a game reopened from its record (with its seed) rolls on as it
would have.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, NewType

from pickomino.bots import BOTS, bot
from pickomino.errors import CodedError
from pickomino.game import IllegalMove, Move, Step, Table, TableError
from pickomino.history import History, HistoryError
from pickomino.odds import Choice, analyse, best_move
from pickomino.review import SeatReview, review
from pickomino.rules import STANDARD, Rules
from pickomino.scenario import Scenario, ends_turn

Kind = NewType("Kind", str)
"""Who plays a seat: a person at the screen, or a bot by its registry name (`bots.BOTS`).

A word checked against `KINDS` (`seat_kinds`, `Match`), not a literal type: the kinds come from the
registry, so a new bot needs only its entry there and its text keys.
"""
PERSON: Final = Kind("person")
KINDS: Final[tuple[Kind, ...]] = (PERSON, *(Kind(name) for name in BOTS))


class MatchError(CodedError):
    """A match that cannot be set up: a kind unknown, or not one kind and one name per seat."""


def seat_kinds(record: Scenario) -> tuple[Kind, ...] | None:
    """Who played each seat of a record, if it says (`Scenario.seats`).

    MatchError for a kind the app does not know (a bot of another version, a word typed by hand).
    """
    return None if record.seats is None else _known(record.seats)


def _known(seats: Sequence[str]) -> tuple[Kind, ...]:
    """The seats' words as kinds; MatchError names the first the app does not know."""
    unknown = [seat for seat in seats if seat not in KINDS]
    if unknown:
        raise MatchError(
            "unknown_seat_kind",
            f"unknown seat kind {unknown[0]!r} (known: {', '.join(KINDS)})",
            seat=unknown[0][:40],
        )
    return tuple(Kind(seat) for seat in seats)


@dataclass(frozen=True)
class Turn:
    """One turn of the game: the seat that played it and its moves' steps.

    `first` is the index in `Match.steps` of the turn's first move; `done` says whether the dice
    have passed on (or the game ended) after it.
    """

    seat: int
    first: int
    steps: tuple[Step, ...]
    done: bool


@dataclass(frozen=True)
class Why:
    """Why a move was worth playing, from the odds: its figures, and the best other move's.

    `other` is None for a forced move (the only one open). The best other move is the best move
    among the rest (`odds.best_move`: expected swing, then expected worms), the measure the coach
    grades. `steal` says a steal is in play there, so the figures quoted include the swing.
    """

    chosen: Choice
    other: Choice | None
    steal: bool = False


@dataclass(frozen=True)
class Match:
    """A game on the Play page: its history, which says who plays each seat and their names.

    The history (`history.History`) keeps the start, every step and the seed: roll n of the game
    draws from `history.roll_rng(seed, n)`. Its `seats` are checked here as the kinds the app
    knows, one per seat, and its `names` hold one per seat ("" for none: the page names the seat).
    """

    history: History

    def __post_init__(self) -> None:
        players = self.history.start.players
        seats, names = _known(self.history.seats or ()), self.history.names or ()
        if len(seats) != players or len(names) != players:
            raise MatchError(
                "seat_count",
                f"{players} seats need {players} kinds and {players} names, "
                f"not {len(seats)} and {len(names)}",
                players=players,
                kinds=len(seats),
                names=len(names),
            )
        if self.history.dropped or self.history.edited:
            raise MatchError(
                "match_edited", "a game is played from its first table, every move by the rules"
            )

    @classmethod
    def at(cls, table: Table, kinds: Sequence[Kind], names: Sequence[str], seed: int) -> Match:
        """A game from `table`, these seats' kinds and names, rolling from `seed`."""
        return cls(History.begin(table, seed, names, kinds))

    @classmethod
    def new(
        cls,
        kinds: Sequence[Kind],
        names: Sequence[str],
        seed: int,
        rules: Rules = STANDARD,
    ) -> Match:
        """A fresh game for these seats (IllegalMove when the rules are not for that many).

        The table's own refusal (`TableError`, code `player_count`) is passed on as the Play page
        words a refused move, which is how it reaches the reader there.
        """
        try:
            table = Table.new(len(kinds), rules)
        except TableError as error:
            raise IllegalMove(error.code, str(error), **error.params) from None
        return cls.at(table, kinds, names, seed)

    @classmethod
    def from_record(
        cls,
        record: Scenario,
        kinds: Sequence[Kind],
        seed: int,
        names: Sequence[str] | None = None,
    ) -> Match:
        """The game a record holds, its moves replayed, to go on with these seats' kinds.

        `names` as typed, else the record's. ScenarioError names a move the rules refuse.
        """
        typed = tuple(names or record.names or ("",) * record.table.players)
        return cls(replace(History.of(record, seed), names=typed, seats=tuple(kinds)))

    def again(self, seed: int) -> Match:
        """The same seats and rules at a fresh table, rolling from another seed."""
        fresh = Table.new(self.start.players, self.start.rules)
        return Match.at(fresh, self.kinds, self.names, seed)

    # ----- reading the game -----------------------------------------------------------------

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """Per seat, a person or a bot (checked when the match was made)."""
        return _known(self.history.seats or ())

    @property
    def names(self) -> tuple[str, ...]:
        """Per seat, the name a player typed, "" for none."""
        return self.history.names or ()

    @property
    def seed(self) -> int:
        """The seed of the dice."""
        return self.history.seed

    @property
    def start(self) -> Table:
        """The table the game started from (a fresh table, or a record's first table)."""
        return self.history.start

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every move played so far, each with the table after it and its events."""
        return self.history.steps[1:]

    @property
    def table(self) -> Table:
        """The table now."""
        return self.history.table

    def before(self, index: int) -> Table:
        """The table step `index` was played on."""
        return self.history.steps[index].table

    @property
    def to_play(self) -> Kind | None:
        """Who is to play now: the current seat's kind, None once the game is over."""
        table = self.table
        return None if table.over else self.kinds[table.current]

    @property
    def has_person(self) -> bool:
        """Whether a person plays a seat (else the bots play the game among themselves)."""
        return PERSON in self.kinds

    def turns(self) -> tuple[Turn, ...]:
        """The game's turns in order, each with its steps (the last one perhaps under way)."""
        found: list[Turn] = []
        first = 0
        steps = self.steps
        for index, step in enumerate(steps):
            if ends_turn(step):
                seat = self.before(first).current
                found.append(Turn(seat, first, steps[first : index + 1], True))
                first = index + 1
        if first < len(steps) or not self.table.over:
            seat = self.table.current
            found.append(Turn(seat, first, steps[first:], False))
        return tuple(found)

    def record(self, names: Sequence[str] | None = None) -> Scenario:
        """The game as a record: the start table, every move (rolls with their faces), names.

        `names` are written as given (the page passes each seat's name as it shows it); without
        them the typed names, if every seat has one.
        """
        return self.history.record(names)

    def to_data(self) -> dict[str, Any]:
        """The match as JSON data that `from_data` rebuilds exactly, for the store.

        The history's one stored form (`History.to_data`), the seats' kinds and typed names in it,
        so a stored game and a stored sandbox are one format: it shows its last table.
        """
        return self.history.to_data(at=len(self.history.steps) - 1)

    @classmethod
    def from_data(cls, data: object) -> Match:
        """The match `to_data` wrote (this version or an older one: `History.from_data`).

        ScenarioError for a table or move the rules refuse, MatchError for data that is not a
        stored game (who plays each seat missing, say).
        """
        try:
            history, _ = History.from_data(data)
        except HistoryError as error:
            raise MatchError(
                "not_a_stored_game", f"not a stored game: {error}", refusal=error
            ) from None
        if history.seats is None:
            raise MatchError(
                "stored_game_seats", "not a stored game: it does not say who plays each seat"
            )
        if history.names is None:
            history = replace(history, names=("",) * history.start.players)
        return cls(history)

    # ----- playing ----------------------------------------------------------------------------

    def play(self, move: Move) -> Match:
        """Play `move` for the seat to play; a roll without faces is drawn from the seed.

        IllegalMove (the match left as it is) when the rules forbid the move now.
        """
        return Match(self.history.play(move))

    def person_move(self, move: Move) -> Match:
        """A person at the screen plays `move` for the seat to play.

        MatchError when a bot is to play (or nobody): a click is never played for a bot.
        """
        if self.to_play != PERSON:
            if self.to_play:
                raise MatchError("bot_to_play", "a bot is to play")
            raise MatchError("no_one_to_play", "no one is to play now")
        return self.play(move)

    def bot_move(self) -> Match:
        """The bot at the current seat plays its move (a turn starts with the roll it needs).

        MatchError when no bot is to play: the page never plays for a person.
        """
        kind = self.to_play
        if kind is None or kind == PERSON:
            if kind is None:
                raise MatchError("no_one_to_play", "no bot is to play now")
            raise MatchError("person_to_play", "a person is to play")
        return self.play(bot(kind).move(self.table))

    def until_person(self) -> Match:
        """The bots play until a person is to play or the game is over."""
        match = self
        while match.to_play not in (None, PERSON):
            match = match.bot_move()
        return match


def why(table: Table, move: Move) -> Why | None:
    """The odds behind `move` played on `table`; None for the roll that starts a turn.

    That roll is no choice (every turn starts with it), so nothing needs saying about it.
    """
    if table.phase in ("roll", "over"):
        return None
    analysis = analyse(table)
    chosen = analysis.choice(replace(move, faces=None))
    others = [choice for choice in analysis.choices if choice.move != chosen.move]
    if not others:
        return Why(chosen, None)
    return Why(chosen, best_move(others), analysis.steal_in_play)


def verdict(match: Match, turn: Turn, names: Sequence[str] | None = None) -> SeatReview:
    """The coach's review of one turn: its seat's decisions against the expert's moves.

    The review replays the turn from the table it started on, so it grades this turn alone.
    """
    moves = tuple(step.move for step in turn.steps if step.move is not None)
    start = match.before(turn.first)
    shown = tuple(names) if names is not None else None
    return review(Scenario(start, moves, names=shown)).seats[turn.seat]


def tie_break(table: Table) -> tuple[int, ...]:
    """The seats level on the most worms at the end when the highest tile decides between them.

    Empty when one seat has the most worms alone, before the end, or when none of the level seats
    holds a tile (they share first place: nothing separates them; `Table.winners`).
    """
    if not table.over:
        return ()
    scores = table.scores()
    level = tuple(seat for seat in range(table.players) if scores[seat] == max(scores))
    if len(level) < 2 or not any(table.stacks[seat] for seat in level):
        return ()
    return level
