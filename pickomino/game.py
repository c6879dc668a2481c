"""The table and its transitions.

A `Table` is immutable. Every move is a method that checks the rules, then returns a new table and
the events that explain it; a move the rules forbid raises `IllegalMove` before anything is built,
so the table a caller holds is never half-changed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Final, Literal, get_args

from pickomino.errors import CodedError
from pickomino.events import (
    Event,
    FailReason,
    GameOver,
    Kept,
    NothingFlipped,
    Rolled,
    TakeReason,
    TileFlipped,
    TileReturned,
    TileSpared,
    TookTile,
    TurnFailed,
    TurnPassed,
)
from pickomino.rules import STANDARD, Rules


class IllegalMove(CodedError):
    """A move the rules forbid; `code` names the broken rule and `params` its numbers."""

    section = "errors.engine"


class TableError(CodedError):
    """A table no game can reach (`Table.check`); `code` names what is wrong and `params` where.

    Kept apart from `IllegalMove`: the table was set up wrongly (by a record, a link, a teacher's
    edit, a page's controls or a quiz's deal), no rule of play was broken.
    """

    section = "errors.scenario"


class ChanceError(CodedError):
    """A roll asked to draw its dice without a generator to draw them from.

    Every random roll names its generator (a seed's, a bot's, the page's), so a game can be played
    again die for die; a fresh unseeded one slipped in by default would break that silently.
    """


ChanceOutcome = tuple[tuple[str, ...], Fraction]
"""One outcome of a roll: the faces shown, as a multiset in die order, and its exact chance."""


@cache
def roll_outcomes(rules: Rules, dice: int) -> tuple[ChanceOutcome, ...]:
    """Every way `dice` dice can fall, each multiset of faces once, with its exact chance.

    The chance node of a turn, as OpenSpiel's games list theirs: the engine's draw (`draw_faces`)
    follows this law (a test enumerates the draw to prove it) and the odds sum over this list, so
    the odds can never count other dice than the game rolls. Exact fractions, so the chances add
    up to 1 exactly and the odds round them once. Every face of a die is equally likely (`Rules`),
    so an outcome's chance is its multinomial count of orders over `faces ** dice`.
    """
    faces = rules.faces
    found: list[ChanceOutcome] = []
    for shown in combinations_with_replacement(faces, dice):
        orders = factorial(dice) // prod(factorial(n) for n in Counter(shown).values())
        found.append((shown, Fraction(orders, len(faces) ** dice)))
    return tuple(found)


def draw_faces(rules: Rules, dice: int, rng: random.Random) -> tuple[str, ...]:
    """The faces `dice` dice show when rolled, each die drawn in turn from `rng`.

    Drawn die by die rather than picked from `roll_outcomes`: the faces a seed gives are the ones
    every seeded link, stored game, quiz code and README example was made with, and a pick from the
    list would change them (and the order the dice show in). The law is the list's all the same.
    """
    return tuple(rng.choice(rules.faces) for _ in range(dice))


class MoveTextError(CodedError):
    """Text that is not a move's short form (`Move.from_text`); `code` names what is wrong."""


@dataclass(frozen=True)
class TakeOption:
    """A tile the current total may take, where it lies (`source` None: the middle) and why."""

    tile: int
    source: int | None
    reason: TakeReason


@dataclass(frozen=True)
class Board:
    """What the end of a turn can reach: the face-up middle and the opponents' top tiles.

    The odds module asks the board which totals take which tiles, the engine asks it when a player
    stops; one function answers both, so the odds can never disagree with the rules.
    """

    rules: Rules
    middle: tuple[int, ...]
    steal_targets: tuple[tuple[int, int], ...]
    own_top: int | None

    def options(self, total: int, has_worm: bool) -> tuple[TakeOption, ...]:
        """Every tile that stopping on `total` may take, middle first, highest first."""
        if not has_worm:
            return ()
        lower = sorted((tile for tile in self.middle if tile <= total), reverse=True)
        if not self.rules.any_lower_tile:
            lower = lower[:1]
        found = [
            TakeOption(tile, None, "exact" if tile == total else self._lower_reason())
            for tile in lower
        ]
        if self.rules.stealing:
            found += [
                TakeOption(top, seat, "steal") for seat, top in self.steal_targets if top == total
            ]
        return tuple(found)

    @property
    def at_stake(self) -> int:
        """The worms a failed turn costs: those of the player's own top tile, which goes back."""
        return self.rules.worms(self.own_top) if self.own_top is not None else 0

    def _lower_reason(self) -> TakeReason:
        return "lower_choice" if self.rules.any_lower_tile else "next_lower"


MoveKind = Literal["roll", "keep", "take", "stop"]


@dataclass(frozen=True)
class Move:
    """One move: roll (showing `faces`, or None to draw them), keep `face`, take `tile`, or stop.

    Bots, the sandbox, the odds, scenarios and the coach all name moves with this one value, so a
    move chosen anywhere can be played, compared with another one or written to a game record. A
    kind outside these four is refused when the move is made, so a misspelt move can never fall
    through to another one when it is played.
    """

    kind: MoveKind
    faces: tuple[str, ...] | None = None
    face: str = ""
    tile: int = 0

    def __post_init__(self) -> None:
        if self.kind not in get_args(MoveKind):
            raise ValueError(f"unknown move {self.kind!r} (known: {', '.join(get_args(MoveKind))})")

    def text(self) -> str:
        """The move's short text form, which `from_text` reads back as the same move.

        `roll` (faces still to draw), `roll 1134555W` (the faces shown, in die order, one
        character each), `keep W`, `take 27` (from the middle or stolen: the table knows which),
        `stop`. As python-chess's `Move.uci()`, it names a move in a test, a CSV or a log without
        the JSON of a game record.
        """
        if self.kind == "roll":
            return "roll" if self.faces is None else "roll " + "".join(self.faces)
        if self.kind == "keep":
            return f"keep {self.face}"
        if self.kind == "take":
            return f"take {self.tile}"
        return "stop"

    @classmethod
    def from_text(cls, text: str) -> Move:
        """The move `text` names in the form `text()` writes; MoveTextError says what is wrong.

        Read strictly (lowercase words, one space between them), so each move has one text. The
        rules are not checked here: a face or tile the table refuses is refused when played.
        """
        word, space, rest = text.partition(" ")
        shown = text[:40]
        if word not in get_args(MoveKind):
            raise MoveTextError(
                "move_unknown",
                f"{shown!r} is not a move (write roll, roll 1134555W, keep W, take 27 or stop)",
                text=shown,
            )
        needs_rest = word in ("keep", "take")
        if " " in rest or (word == "stop" and space) or (needs_rest and not rest):
            raise MoveTextError(
                "move_shape",
                f"{shown!r} is not a {word} move "
                "(write roll, roll 1134555W, keep W, take 27 or stop)",
                text=shown,
                kind=word,
            )
        if word == "roll":
            return cls("roll", faces=tuple(rest) if space else None)
        if word == "keep":
            if len(rest) != 1:
                raise MoveTextError(
                    "move_face",
                    f"{shown!r}: a face is one character (1 to 5, or W), not {rest[:20]!r}",
                    text=shown,
                )
            return cls("keep", face=rest)
        if word == "take":
            if not (rest.isascii() and rest.isdigit() and len(rest) <= 3) or rest != str(int(rest)):
                raise MoveTextError(
                    "move_tile", f"{shown!r}: {rest[:20]!r} is not a tile number", text=shown
                )
            return cls("take", tile=int(rest))
        return cls("stop")


ROLL: Final = Move("roll")
"""A roll whose faces are drawn when it is played."""
STOP: Final = Move("stop")


Phase = Literal["roll", "keep", "decide", "take", "over"]
"""Where a turn stands: dice to roll (turn start), a roll waiting for a keep, a choice between
rolling on and stopping, all dice kept with a tile to take, or the game over."""


@dataclass(frozen=True)
class Table:
    """The whole game at one moment.

    Attributes:
        rules: the rule set in force.
        players: number of seats; seat `current` plays, and the dice pass to `current + 1`.
        middle: face-up tiles in the middle, ascending.
        face_down: tiles turned face down, out of the game, ascending.
        stacks: each seat's tiles, bottom first, top last.
        current: the seat whose turn it is.
        kept: the dice set aside this turn, as faces, in the order they were kept.
        rolled: the faces showing on the dice in hand while a roll waits for a keep, else None.
    """

    rules: Rules
    players: int
    middle: tuple[int, ...]
    face_down: tuple[int, ...] = ()
    stacks: tuple[tuple[int, ...], ...] = field(default=())
    current: int = 0
    kept: tuple[str, ...] = ()
    rolled: tuple[str, ...] | None = None

    @classmethod
    def new(cls, players: int, rules: Rules = STANDARD) -> Table:
        """A fresh game: every tile face up in the middle, empty stacks, seat 0 to play.

        TableError (`player_count`) when the rules are not for that many players.
        """
        return cls(rules, players, rules.tiles, (), ((),) * players).check()

    def check(self) -> Table:
        """The table itself once checked, or TableError naming the first thing no game reaches.

        The one check of a table built from parts: a record or a link (`scenario.parse`), a
        teacher's edit (`sandbox.place_tile`), a page's controls (`lessons.examples`) and a quiz's
        deal all build their tables through it, so they refuse the same boards with the same
        codes. The codes and their numbers are the app's `errors.scenario.*` texts.
        """
        rules, players = self.rules, self.players
        if not rules.min_players <= players <= rules.max_players:
            raise TableError(
                "player_count",
                f"{rules.name} is played by {rules.min_players} to {rules.max_players} players, "
                f"not {players}",
                players=players,
                low=rules.min_players,
                high=rules.max_players,
            )
        if len(self.stacks) != players:
            raise TableError(
                "stack_count",
                f"expected {players} stacks (one per player), not {len(self.stacks)}",
                players=players,
                count=len(self.stacks),
            )
        seen = [*self.middle, *self.face_down, *(tile for stack in self.stacks for tile in stack)]
        for tile in seen:
            if tile not in rules.tiles:
                raise TableError(
                    "not_a_tile",
                    f"{tile} is not a tile of the {rules.name} rules "
                    f"({rules.tiles[0]}-{rules.tiles[-1]})",
                    tile=tile,
                    low=rules.tiles[0],
                    high=rules.tiles[-1],
                )
        for tile in rules.tiles:
            if seen.count(tile) != 1:
                missing = tile not in seen
                where = "is missing" if missing else "is in more than one place"
                raise TableError(
                    "tile_missing" if missing else "tile_repeated",
                    f"tile {tile} {where} (every tile must be in exactly one place: the middle, "
                    "face down or one stack)",
                    tile=tile,
                )
        if not 0 <= self.current < players:
            raise TableError(
                "not_a_seat",
                f"{self.current} is not a seat from 0 to {players - 1}",
                seat=self.current,
                last=players - 1,
            )
        if len(self.kept) > rules.dice:
            raise TableError(
                "too_many_kept",
                f"{len(self.kept)} dice kept but the game has {rules.dice}",
                count=len(self.kept),
                dice=rules.dice,
            )
        if (self.kept or self.rolled is not None) and self.over:
            raise TableError(
                "turn_after_end",
                "the game is over (no face-up tile in the middle), so no turn can be under way",
            )
        if self.rolled is not None:
            if len(self.rolled) != self.in_hand:
                raise TableError(
                    "rolled_count",
                    f"{len(self.rolled)} faces rolled but {self.in_hand} dice are in hand",
                    count=len(self.rolled),
                    in_hand=self.in_hand,
                )
            if not self.keepable():
                raise TableError(
                    "rolled_bust",
                    "every face of the roll is already kept, so the turn has failed",
                )
        return self

    # ----- reading the table -------------------------------------------------------------------

    @property
    def in_hand(self) -> int:
        """Dice not yet kept this turn."""
        return self.rules.dice - len(self.kept)

    @property
    def total(self) -> int:
        """Points of the dice kept this turn."""
        return self.rules.total(self.kept)

    @property
    def has_worm(self) -> bool:
        """Whether a worm is kept, without which no tile can be taken."""
        return self.rules.has_worm(self.kept)

    @property
    def over(self) -> bool:
        """The game ends when no face-up tile is left in the middle."""
        return not self.middle

    @property
    def phase(self) -> Phase:
        """Which kind of move the table waits for."""
        if self.over:
            return "over"
        if self.rolled is not None:
            return "keep"
        if not self.kept:
            return "roll"
        return "take" if self.in_hand == 0 else "decide"

    def top(self, seat: int) -> int | None:
        """The top tile of `seat`'s stack, the only one that can be stolen or lost."""
        stack = self.stacks[seat]
        return stack[-1] if stack else None

    def board(self) -> Board:
        """The targets of the current player's turn."""
        targets = tuple(
            (seat, top)
            for seat in range(self.players)
            if seat != self.current and (top := self.top(seat)) is not None
        )
        return Board(self.rules, self.middle, targets, self.top(self.current))

    def options(self) -> tuple[TakeOption, ...]:
        """The tiles stopping now would take (empty: stopping fails the turn)."""
        if self.phase not in ("decide", "take"):
            return ()
        return self.board().options(self.total, self.has_worm)

    def keepable(self) -> tuple[str, ...]:
        """Faces of the waiting roll not kept yet this turn, in die order."""
        if self.rolled is None:
            return ()
        return tuple(f for f in self.rules.faces if f in self.rolled and f not in self.kept)

    def scores(self) -> tuple[int, ...]:
        """Worms held by each seat."""
        return tuple(sum(self.rules.worms(tile) for tile in stack) for stack in self.stacks)

    def winners(self) -> tuple[int, ...]:
        """Seats in first place once the game is over (empty before).

        Most worms wins; among equal worms the highest tile wins; seats tied with no tile at all
        share first place, since nothing can separate them.
        """
        if not self.over:
            return ()
        scores = self.scores()
        best = max(scores)
        tied = [seat for seat in range(self.players) if scores[seat] == best]
        holding = [seat for seat in tied if self.stacks[seat]]
        if not holding:
            return tuple(tied)
        return (max(holding, key=lambda seat: max(self.stacks[seat])),)

    def chance_outcomes(self) -> tuple[ChanceOutcome, ...]:
        """What a roll now can show, with the chance of each (`roll_outcomes` for the dice in hand).

        Empty when the table waits for no roll (a keep, a take, the end of the game).
        """
        if self.phase not in ("roll", "decide"):
            return ()
        return roll_outcomes(self.rules, self.in_hand)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every move open now, in the order the odds list them.

        Keeps in die order; or the tiles on offer (as `Board.options` lists them), then stopping
        when no tile is, then rolling the dice in hand. A roll is listed without faces: `play`
        draws them. Empty once the game is over.
        """
        phase = self.phase
        if phase == "keep":
            return tuple(Move("keep", face=face) for face in self.keepable())
        if phase in ("over", "roll"):
            return (ROLL,) if phase == "roll" else ()
        options = self.options()
        moves = [Move("take", tile=option.tile) for option in options]
        if not options:
            moves.append(STOP)
        if phase == "decide":
            moves.append(ROLL)
        return tuple(moves)

    def play(self, move: Move, rng: random.Random | None = None) -> tuple[Table, tuple[Event, ...]]:
        """Play `move` through the rules; a roll without faces draws them from `rng`.

        The one way every player moves, so that a bot, a learner's click and a replayed record
        obey the same checks (IllegalMove when the rules forbid the move; ChanceError for a roll
        to draw with no `rng`).
        """
        if move.kind == "roll":
            return self.roll(move.faces, rng)
        if move.kind == "keep":
            return self.keep(move.face)
        if move.kind == "take":
            return self.take(move.tile)
        return self.stop()

    # ----- moves -----------------------------------------------------------------------------

    def roll(
        self, faces: Sequence[str] | None = None, rng: random.Random | None = None
    ) -> tuple[Table, tuple[Event, ...]]:
        """Roll the dice in hand, showing `faces` (teacher mode, scenarios) or drawn from `rng`.

        A roll with no face that is not kept yet fails the turn at once. ChanceError when the
        faces are to be drawn and there is no `rng` to draw them from.
        """
        self._expect(("roll", "decide"), "roll")
        if faces is None:
            if rng is None:
                raise ChanceError(
                    "no_generator",
                    "a roll without faces needs a random generator to draw them from",
                )
            faces = draw_faces(self.rules, self.in_hand, rng)
        shown = tuple(faces)
        for face in shown:
            if face not in self.rules.faces:
                raise IllegalMove(
                    "unknown_face",
                    f"{face!r} is not a face of the {self.rules.name} dice",
                    face=face,
                )
        if len(shown) != self.in_hand:
            raise IllegalMove(
                "dice_count",
                f"a roll shows the {self.in_hand} dice in hand, not {len(shown)}",
                expected=self.in_hand,
                got=len(shown),
            )
        rolled = replace(self, rolled=shown)
        event = Rolled(self.current, shown, rolled.keepable())
        if not event.new_faces:
            return self._fail((event,), "bust")
        return rolled, (event,)

    def keep(self, face: str) -> tuple[Table, tuple[Event, ...]]:
        """Set aside every die of the waiting roll that shows `face`.

        Keeping the last dice with nothing to take fails the turn, since no choice is left.
        """
        self._expect(("keep",), "keep")
        assert self.rolled is not None
        if face in self.kept:
            raise IllegalMove(
                "face_already_kept", f"{face} is already kept this turn: keep a new face", face=face
            )
        if face not in self.rolled:
            raise IllegalMove("face_not_rolled", f"no die of this roll shows {face}", face=face)
        count = self.rolled.count(face)
        after = replace(self, kept=self.kept + (face,) * count, rolled=None)
        event = Kept(self.current, face, count, after.total, after.in_hand)
        if after.in_hand == 0 and not after.options():
            return after._fail((event,), after._stop_reason())
        return after, (event,)

    def take(self, tile: int) -> tuple[Table, tuple[Event, ...]]:
        """Stop and take `tile`, which must be one of `options()`."""
        self._expect(("decide", "take"), "take")
        options = self.options()
        chosen = next((option for option in options if option.tile == tile), None)
        if chosen is None:
            raise IllegalMove(
                "tile_not_takeable",
                self._why_not(tile, options),
                tile=tile,
                total=self.total,
                options=tuple(option.tile for option in options),
            )
        stacks = list(self.stacks)
        if chosen.source is None:
            middle = tuple(t for t in self.middle if t != tile)
        else:
            middle = self.middle
            stacks[chosen.source] = stacks[chosen.source][:-1]
        stacks[self.current] = (*stacks[self.current], tile)
        event = TookTile(self.current, tile, self.total, chosen.source, chosen.reason)
        after = replace(self, middle=middle, stacks=tuple(stacks))
        return after._pass_turn((event,))

    def stop(self) -> tuple[Table, tuple[Event, ...]]:
        """Stop without taking a tile, which fails the turn; allowed only when none can be taken."""
        self._expect(("decide", "take"), "stop")
        options = self.options()
        if options:
            raise IllegalMove(
                "tile_can_be_taken",
                f"a total of {self.total} with a worm can take "
                + ", ".join(str(option.tile) for option in options)
                + ": take a tile instead of stopping empty-handed",
                total=self.total,
                options=tuple(option.tile for option in options),
            )
        return self._fail((), self._stop_reason())

    # ----- helpers ---------------------------------------------------------------------------

    def _expect(self, phases: tuple[Phase, ...], move: str) -> None:
        phase = self.phase
        if phase in phases:
            return
        messages = {
            "over": "the game is over: no face-up tile is left in the middle",
            "keep": "a roll is waiting: keep one face of it first",
            "roll": "a turn starts with a roll: roll the dice first",
            "take": "all dice are kept: take a tile",
            "decide": "nothing waits to be kept: roll the dice first",
        }
        if move == "roll" and phase == "take":
            message = "no dice are left in hand: take a tile"
        else:
            message = messages[phase]
        raise IllegalMove(f"not_now_{phase}", f"cannot {move} now: {message}", move=move)

    def _stop_reason(self) -> FailReason:
        return "no_tile" if self.has_worm else "no_worm"

    def _why_not(self, tile: int, options: tuple[TakeOption, ...]) -> str:
        if not self.has_worm:
            return f"no worm is kept, so no tile can be taken (total {self.total})"
        if not options:
            return f"no tile can be taken with a total of {self.total}"
        allowed = ", ".join(str(option.tile) for option in options)
        if tile == self.top(self.current):
            return f"{tile} is your own top tile; with {self.total} you may take {allowed}"
        return f"{tile} cannot be taken with a total of {self.total}; you may take {allowed}"

    def _fail(
        self, before: tuple[Event, ...], reason: FailReason
    ) -> tuple[Table, tuple[Event, ...]]:
        """Apply a failed turn: return the top tile, turn the highest face down, pass the dice."""
        events: list[Event] = [
            *before,
            TurnFailed(self.current, reason, self.total, self.has_worm, self.rules.tiles[0]),
        ]
        stacks = list(self.stacks)
        middle = self.middle
        returned = self.top(self.current)
        if returned is not None:
            stacks[self.current] = stacks[self.current][:-1]
            middle = tuple(sorted((*middle, returned)))
            events.append(TileReturned(self.current, returned))
        face_down = self.face_down
        highest = middle[-1]
        if returned is None and not self.rules.flip_without_return:
            events.append(NothingFlipped(self.current))
        elif returned == highest and self.rules.spare_returned_highest:
            events.append(TileSpared(highest))
        else:
            middle = middle[:-1]
            face_down = tuple(sorted((*face_down, highest)))
            events.append(TileFlipped(highest))
        after = replace(self, middle=middle, face_down=face_down, stacks=tuple(stacks))
        return after._pass_turn(tuple(events))

    def _pass_turn(self, before: tuple[Event, ...]) -> tuple[Table, tuple[Event, ...]]:
        following = (self.current + 1) % self.players
        after = replace(self, current=following, kept=(), rolled=None)
        if after.over:
            return after, (*before, GameOver(after.scores(), after.winners()))
        return after, (*before, TurnPassed(following))


@dataclass(frozen=True)
class Step:
    """A table and how it was reached, so a history can be redrawn, told and written out.

    `move` is the move played (None for a starting table or a teacher's edit), `events` what it did.
    """

    table: Table
    events: tuple[Event, ...] = ()
    move: Move | None = None
