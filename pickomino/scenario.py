"""The scenario format: one JSON object that describes a table and, optionally, moves to replay.

The same format feeds the engine tests, the FAQ demos, teachers' links and the command line, so a
situation written once can be tested, shown and shared. Parsing is strict: every problem is
reported with the key or the action that causes it, since a teacher typing a table by hand needs to
know exactly what to fix.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from pickomino.errors import CodedError
from pickomino.events import Event
from pickomino.game import IllegalMove, Move, Step, Table, TableError
from pickomino.names import blank
from pickomino.rules import Rules, preset

TABLE_KEYS = ("rules", "players", "middle", "face_down", "stacks", "current", "kept", "rolled")
KEYS = (*TABLE_KEYS, "names", "seats", "actions", "at")
MAX_ACTIONS: Final = 10_000
"""The most actions a record may hold, refused by `parse` before any is read. Real games are far
shorter: over 100 seeded games a size of 2 to 7 seats under every preset (`uv run python
benchmarks/records.py`), the longest bot game took 679 actions (the expert, rulebook-empty-stack)
and the longest game of random legal moves 3,786 (`bots.random_move`, rulebook-empty-stack, where a
failed turn with no tile turns nothing over; 4,622 over 1,000 such games a size). A record at the
cap replays in 0.1 s."""
MAX_NESTING: Final = 32
"""The deepest nesting of lists and objects `loads` reads. A scenario nests 3 deep (the record, its
list of actions, an action); the limit is checked before decoding so that every Python refuses the
same texts with the same message: json's own limit is the interpreter's recursion limit, and 3.13's
decoder reads a 3,000-deep nesting that 3.11's refuses."""
_JSON_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]')
"""A JSON string (its brackets are text, not nesting; the closing quote may be missing in a broken
text) or one bracket."""
MAX_TURNS: Final = 2_000
"""The most turns a record may hold, refused by `Scenario.steps` (a turn's end is known only by
replaying): the longest measured games took 81 turns (bots) and 720 (random legal moves; 856 over
1,000 such games a size)."""


class ScenarioError(CodedError):
    """A scenario that cannot be read or replayed; the message names the key or action at fault.

    Kept apart from `IllegalMove` because a bad table is the writer's mistake, not a player's: the
    app says it with its own strings and then shows a fresh table.
    """

    section = "errors.scenario"


@dataclass(frozen=True)
class Scenario:
    """A parsed scenario: the starting table, the moves to replay on it, and a moment.

    `at` counts the moves that lead to the moment a link opens at: the question a FAQ situation
    asks comes after a roll, and a link opening before it showed what looked like a new table.
    `names` are the seats' names, one per player, when the scenario records a game between named
    players (None: the seats have only their numbers). `seats` says who played each seat, a
    person or which bot (`match.KINDS`), when the Play page wrote the record (None in a record
    from before it said so, or written by hand): the page then knows its bots without guessing
    them from their names.
    """

    table: Table
    moves: tuple[Move, ...]
    at: int = 0
    names: tuple[str, ...] | None = None
    seats: tuple[str, ...] | None = None

    def steps(self) -> Iterator[Step]:
        """Each move played in turn, with the table after it; a refused move names its index.

        The one replay of a record: `History` builds the Play page's and the sandbox's steps from
        it, the Learn pages draw each step, the command line and `replay` keep the last table. A
        record of more than `MAX_TURNS` turns is refused (`too_many_turns`) when its turn after
        the last is reached.
        """
        step = Step(self.table)
        turns = 1
        for index, move in enumerate(self.moves):
            if index and ends_turn(step):
                turns += 1
                if turns > MAX_TURNS:
                    raise ScenarioError(
                        "too_many_turns",
                        f"action {index}: a record holds at most {MAX_TURNS:,} turns "
                        "(a real game about a hundred)",
                        index=index,
                        limit=MAX_TURNS,
                    )
            try:
                table, events = step.table.play(move)
            except IllegalMove as error:
                raise ScenarioError(
                    "action_refused",
                    f"action {index} ({move.kind}): {error}",
                    index=index,
                    refusal=error,
                ) from error
            step = Step(table, events, move)
            yield step

    def replay(self) -> tuple[Table, tuple[Event, ...]]:
        """The table after every move, and all events in order."""
        table = self.table
        events: list[Event] = []
        for step in self.steps():
            table = step.table
            events.extend(step.events)
        return table, tuple(events)


def ends_turn(step: Step) -> bool:
    """Whether this step passed the dice on (or ended the game): the next step starts a turn.

    The one test of a turn's end: the record's turn count, the Play page's turns and the coach's
    review all ask it.
    """
    return step.table.phase in ("roll", "over")


def _int(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(
            "not_whole_number",
            f"key {key!r}: expected a whole number, got {json.dumps(value)}",
            field=key,
        )
    return value


def _list(value: object, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise ScenarioError(
            "not_list", f"key {key!r}: expected a list, got {json.dumps(value)}", field=key
        )
    return value


def _faces(rules: Rules, value: object, key: str) -> tuple[str, ...]:
    faces = []
    for raw in _list(value, key):
        try:
            faces.append(rules.parse_face(raw))
        except ValueError as error:
            raise ScenarioError(
                "not_a_face", f"key {key!r}: {error}", field=key, face=json.dumps(raw)
            ) from None
    return tuple(faces)


def _tiles(value: object, key: str) -> tuple[int, ...]:
    """Whole numbers; whether each is a tile of the rules is the table's check (`Table.check`)."""
    return tuple(_int(raw, key) for raw in _list(value, key))


_CHECKED_KEYS: Final = {
    "player_count": "key 'players'",
    "stack_count": "key 'stacks'",
    "not_a_tile": "keys 'middle', 'face_down', 'stacks'",
    "tile_missing": "keys 'middle', 'face_down', 'stacks'",
    "tile_repeated": "keys 'middle', 'face_down', 'stacks'",
    "not_a_seat": "key 'current'",
    "too_many_kept": "key 'kept'",
    "turn_after_end": "keys 'kept', 'rolled'",
    "rolled_count": "key 'rolled'",
    "rolled_bust": "key 'rolled'",
}
"""The keys of the format that each of `Table.check`'s codes points at, for the English message."""


def _table(data: Mapping[str, Any]) -> Table:
    """Read the starting table's keys, then check it as every table is checked (`Table.check`)."""
    try:
        rules = preset(data.get("rules", "standard"))
    except ValueError as error:
        raise ScenarioError(
            "unknown_rules", f"key 'rules': {error}", name=json.dumps(data.get("rules"))
        ) from None
    if "players" not in data:
        raise ScenarioError(
            "no_players",
            f"key 'players' is missing: say how many play "
            f"({rules.min_players}-{rules.max_players})",
            low=rules.min_players,
            high=rules.max_players,
        )
    players = _int(data["players"], "players")
    # No more empty stacks than the rules have seats: a huge "players" is refused by the check.
    stacks_raw = _list(data.get("stacks", [[]] * max(0, min(players, rules.max_players))), "stacks")
    stacks = tuple(_tiles(stack, "stacks") for stack in stacks_raw)
    face_down = _tiles(data.get("face_down", []), "face_down")
    placed = [*face_down, *(tile for stack in stacks for tile in stack)]
    if "middle" in data:
        middle = _tiles(data["middle"], "middle")
    else:
        middle = tuple(tile for tile in rules.tiles if tile not in placed)
    current = _int(data.get("current", 0), "current")
    kept = _faces(rules, data.get("kept", []), "kept")
    rolled = None if data.get("rolled") is None else _faces(rules, data["rolled"], "rolled")
    table = Table(
        rules,
        players,
        tuple(sorted(middle)),
        tuple(sorted(face_down)),
        stacks,
        current,
        _group(kept),
        rolled,
    )
    try:
        return table.check()
    except TableError as error:
        raise ScenarioError(
            error.code, f"{_CHECKED_KEYS[error.code]}: {error}", **error.params
        ) from None


def _names(data: Mapping[str, Any], players: int) -> tuple[str, ...] | None:
    """The seats' names, if given: one string per player, none `names.blank`, kept as written.

    A record names every seat or none, so a review can name each; a name drawn as nothing (spaces,
    a zero-width or a Hangul filler) names no one. Shown, each goes through `names.safe_name`.
    """
    if "names" not in data:
        return None
    names = _list(data["names"], "names")
    if len(names) != players:
        raise ScenarioError(
            "name_count",
            f"key 'names': expected {players} names (one per player), got {len(names)}",
            players=players,
            count=len(names),
        )
    for name in names:
        if not isinstance(name, str) or blank(name):
            raise ScenarioError(
                "not_a_name",
                f"key 'names': {json.dumps(name)} is not a name (a non-empty string)",
                name=json.dumps(name),
            )
    return tuple(names)


SEAT_KIND_CHARS: Final = 20


def read_seats(data: Mapping[str, Any], players: int) -> tuple[str, ...] | None:
    """Who played each seat, if given: one short lowercase word per player.

    Whether each word is a kind the app knows is the Play page's check (`match.Match`), since the
    bots are not the format's: a record stays readable by a version of the app with other bots.
    """
    if "seats" not in data:
        return None
    seats = _list(data["seats"], "seats")
    if len(seats) != players:
        raise ScenarioError(
            "seat_kind_count",
            f"key 'seats': expected {players} seats (one per player), got {len(seats)}",
            players=players,
            count=len(seats),
        )
    for seat in seats:
        if (
            not isinstance(seat, str)
            or not 0 < len(seat) <= SEAT_KIND_CHARS
            or not all("a" <= char <= "z" for char in seat)
        ):
            raise ScenarioError(
                "not_a_seat_kind",
                f"key 'seats': {json.dumps(seat)[:40]} is not a seat's kind "
                f'(a lowercase word such as "person" or "expert")',
                seat=json.dumps(seat)[:40],
            )
    return tuple(seats)


def _group(kept: tuple[str, ...]) -> tuple[str, ...]:
    """Kept dice grouped by face in first-seen order, since a face is always kept all at once."""
    order = list(dict.fromkeys(kept))
    return tuple(face for face in order for _ in range(kept.count(face)))


def read_action(rules: Rules, index: int, raw: object) -> Move:
    """One item of the `actions` list as a move; ScenarioError names the item at fault."""
    where = f"action {index}"
    if not isinstance(raw, dict) or len(raw) != 1:
        raise ScenarioError(
            "bad_action",
            f'{where}: expected one of {{"roll": [...]}}, {{"keep": face}}, '
            f'{{"take": tile}}, {{"stop": true}}; got {json.dumps(raw)}',
            index=index,
        )
    ((kind, value),) = raw.items()
    try:
        if kind == "roll":
            if not isinstance(value, list):
                raise ValueError(f"expected a list of faces, got {json.dumps(value)}")
            return Move("roll", faces=tuple(rules.parse_face(raw) for raw in value))
        if kind == "keep":
            return Move("keep", face=rules.parse_face(value))
        if kind == "take":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"expected a tile number, got {json.dumps(value)}")
            return Move("take", tile=value)
        if kind == "stop" and value is True:
            return Move("stop")
    except ValueError as error:
        raise ScenarioError("bad_action", f"{where} ({kind}): {error}", index=index) from None
    raise ScenarioError("bad_action", f"{where}: unknown action {json.dumps(raw)}", index=index)


def parse(data: object) -> Scenario:
    """Read a decoded JSON value as a scenario, or raise ScenarioError naming what is wrong."""
    if not isinstance(data, dict):
        raise ScenarioError(
            "not_an_object", "a scenario is one JSON object (with at least the key 'players')"
        )
    unknown = [key for key in data if key not in KEYS]
    if unknown:
        raise ScenarioError(
            "unknown_key",
            f"key {unknown[0]!r} is unknown (known keys: {', '.join(KEYS)})",
            field=json.dumps(unknown[0]),
        )
    table = _table(data)
    names = _names(data, table.players)
    seats = read_seats(data, table.players)
    actions = _list(data.get("actions", []), "actions")
    if len(actions) > MAX_ACTIONS:
        raise ScenarioError(
            "too_many_actions",
            f"key 'actions': {len(actions):,} actions, but a record holds at most {MAX_ACTIONS:,} "
            "(a real game a few hundred)",
            count=len(actions),
            limit=MAX_ACTIONS,
        )
    moves = tuple(read_action(table.rules, index, raw) for index, raw in enumerate(actions))
    at = _int(data.get("at", 0), "at")
    if not 0 <= at <= len(moves):
        raise ScenarioError(
            "bad_at",
            f"key 'at': {at} is not a number of actions from 0 to {len(moves)}",
            at=at,
            count=len(moves),
        )
    return Scenario(table, moves, at, names, seats)


def _too_deep(text: str) -> bool:
    """Whether lists and objects in `text` nest deeper than `MAX_NESTING`, strings left out.

    Stops at the first bracket past the limit: a million `[` cost no more than a few.
    """
    depth = 0
    for match in _JSON_TOKEN.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > MAX_NESTING:
                return True
        elif token in ("]", "}"):
            depth -= 1
    return False


def loads(text: str) -> Scenario:
    """Parse scenario JSON text.

    Text from a link or standard input can be anything, so a nesting deeper than `MAX_NESTING` and
    the decoder's other failure (a number too long to convert) are refused like bad syntax rather
    than escaping as a crash.
    """
    if _too_deep(text):
        raise ScenarioError(
            "not_json", f"not valid JSON: nested too deeply (more than {MAX_NESTING} levels)"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ScenarioError("not_json", f"not valid JSON: {error}") from None
    except ValueError:  # the decoder's only other ValueError: Python's limit on integer digits
        raise ScenarioError("not_json", "not valid JSON: a number has too many digits") from None
    return parse(data)


def face_json(face: str) -> int | str:
    """A face as the format writes it: digits as numbers, the worm as "W"."""
    return int(face) if face.isdigit() else face


def dump(table: Table) -> dict[str, Any]:
    """The table in the scenario format, plus its scores, whether it is over and who won."""
    out: dict[str, Any] = {
        "rules": table.rules.name,
        "players": table.players,
        "middle": list(table.middle),
        "face_down": list(table.face_down),
        "stacks": [list(stack) for stack in table.stacks],
        "current": table.current,
        "kept": [face_json(face) for face in table.kept],
    }
    if table.rolled is not None:
        out["rolled"] = [face_json(face) for face in table.rolled]
    out["scores"] = list(table.scores())
    out["over"] = table.over
    out["winners"] = list(table.winners())
    return out


def action_json(move: Move) -> dict[str, Any]:
    """A move in the form of the `actions` list, which `parse` reads back as the same move.

    A roll whose faces are not drawn yet (the decision to roll, as the coach reports it) is
    written `{"roll": null}`; the parser refuses it in a scenario, where every roll shows its faces.
    """
    if move.kind == "roll":
        faces = None if move.faces is None else [face_json(face) for face in move.faces]
        return {"roll": faces}
    if move.kind == "keep":
        return {"keep": face_json(move.face)}
    if move.kind == "take":
        return {"take": move.tile}
    return {"stop": True}


def scenario_json(scenario: Scenario) -> dict[str, Any]:
    """The scenario as JSON that `parse` reads back as the same scenario (a game record, say).

    The starting table is written in full by `table_json`, so a record of a game started anywhere
    (not only from a fresh table) replays to the same end.
    """
    out = table_json(scenario.table)
    if scenario.names is not None:
        out["names"] = list(scenario.names)
    if scenario.seats is not None:
        out["seats"] = list(scenario.seats)
    out["actions"] = [action_json(move) for move in scenario.moves]
    if scenario.at:
        out["at"] = scenario.at
    return out


def table_json(table: Table) -> dict[str, Any]:
    """Only the keys that describe the table, so the result can be parsed back as a scenario."""
    full = dump(table)
    return {key: full[key] for key in TABLE_KEYS if key in full}
