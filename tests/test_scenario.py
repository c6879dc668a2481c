"""The scenario format and `python -m pickomino replay`: round trips, replays, bad input."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from pickomino import bots
from pickomino.__main__ import main
from pickomino.game import ROLL, STOP, Move
from pickomino.scenario import (
    MAX_ACTIONS,
    MAX_NESTING,
    MAX_TURNS,
    ScenarioError,
    action_json,
    dump,
    loads,
    parse,
    scenario_json,
    table_json,
)
from pickomino.share import MAX_FILE_BYTES
from pickomino.ui.records import read_record
from tests.cli import Ran, run_process

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "content" / "scenarios").glob("*.json"))


def run(data: object, cli: Callable[..., Ran]) -> Ran:
    """Run `replay -` on `data` (a JSON value, or raw text): exit code, stdout, stderr."""
    text = data if isinstance(data, str) else json.dumps(data)
    return cli("replay", "-", stdin=text)


# ----- every shipped scenario replays --------------------------------------------------------


def test_scenarios_are_shipped() -> None:
    assert len(SCENARIOS) >= 5


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_scenario_replays_and_round_trips(path: Path) -> None:
    final, _ = loads(path.read_text(encoding="utf-8")).replay()
    again = parse(table_json(final)).table
    assert again == final


EXPECTED = {
    "rule-next-lower-own-top": {"stacks": [[23, 21], []], "current": 1},
    "rule-next-lower-gap": {"stacks": [[28], []], "face_down": [29, 30, 31]},
    "rule-returned-highest-stays": {"middle": list(range(21, 31)), "stacks": [[], [], []]},
    "rule-steal-exact": {"stacks": [[], [26], [30]], "scores": [0, 2, 3]},
    "rule-no-worm-no-tile": {"stacks": [[], []], "face_down": [36], "current": 0},
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_rule_scenarios_reach_the_rulebook_outcome(name: str) -> None:
    final, _ = loads((ROOT / "content" / "scenarios" / f"{name}.json").read_text()).replay()
    out = dump(final)
    for key, value in EXPECTED[name].items():
        assert out[key] == value, key


# ----- the command line ----------------------------------------------------------------------


def test_replay_prints_the_table_with_scores(cli: Callable[..., Ran]) -> None:
    code, out, err = run(
        {
            "players": 2,
            "actions": [
                {"roll": ["W", "W", 5, 5, 5, 4, 4, 1]},
                {"keep": 5},
                {"roll": ["W", "W", 3, 2, 1]},
                {"keep": "W"},
                {"take": 25},
            ],
        },
        cli,
    )
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["stacks"] == [[25], []]
    assert result["scores"] == [2, 0]
    assert result["current"] == 1
    assert result["over"] is False
    assert result["winners"] == []
    assert "rolled" not in result
    assert set(result) == {
        "rules", "players", "middle", "face_down", "stacks", "current", "kept",
        "scores", "over", "winners",
    }  # fmt: skip


def test_replay_reports_a_waiting_roll(cli: Callable[..., Ran]) -> None:
    code, out, _ = run(
        {"players": 3, "kept": ["W", "W"], "actions": [{"roll": [1, 1, 2, 3, 4, "W"]}]},
        cli,
    )
    assert code == 0
    result = json.loads(out)
    assert result["kept"] == ["W", "W"]
    assert result["rolled"] == [1, 1, 2, 3, 4, "W"]


def test_replay_ends_a_game_and_names_the_winner(cli: Callable[..., Ran]) -> None:
    code, out, _ = run(
        {
            "players": 2,
            "middle": [23],
            "face_down": [t for t in range(21, 37) if t not in (23, 30)],
            "stacks": [[30], []],
            "current": 1,
            "kept": ["W", "W", "W", 4, 4],
            "actions": [{"take": 23}],
        },
        cli,
    )
    assert code == 0
    result = json.loads(out)
    assert result["over"] is True
    assert result["winners"] == [0]


def test_names_are_kept_and_optional() -> None:
    assert parse({"players": 2, "names": ["Ann", "Bob"]}).names == ("Ann", "Bob")
    assert parse({"players": 2}).names is None


def test_a_scenario_written_out_reads_back_the_same() -> None:
    written = {
        "players": 3,
        "names": ["Ann", "Bob", "Cy"],
        "kept": ["W"],
        "actions": [{"roll": [1, 1, 2, 3, 4, 5, "W"]}, {"keep": 5}, {"roll": [5, 5, 5, 5, 5, 5]}],
        "at": 2,
    }
    scenario = parse(written)
    assert parse(scenario_json(scenario)) == scenario
    assert scenario_json(scenario)["actions"] == written["actions"]
    assert action_json(ROLL) == {"roll": None}  # the decision to roll, as the coach reports it
    assert action_json(STOP) == {"stop": True}


def test_replay_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"players": 4}))
    # The one real `python -m pickomino replay` process; the others call main().
    done = run_process("replay", str(path))
    assert done.returncode == 0
    assert json.loads(done.stdout)["stacks"] == [[], [], [], []]


BAD = [
    ("not json", "[1, 2", "not valid JSON"),
    ("nested too deeply", "[" * 100_000 + "]" * 100_000, "not valid JSON: nested too deeply"),
    ("number too long", '{"players": ' + "2" * 5000 + "}", "not valid JSON: a number has too"),
    ("not an object", [1, 2], "one JSON object"),
    ("missing players", {}, "'players' is missing"),
    ("players not a number", {"players": "two"}, "key 'players': expected a whole number"),
    ("too many players", {"players": 8}, "key 'players'"),
    ("too few players", {"players": 1}, "not 1"),
    ("unknown key", {"players": 2, "tiles": []}, "key 'tiles' is unknown"),
    ("unknown rules", {"players": 2, "rules": "chess"}, "unknown rules preset 'chess'"),
    ("tile twice", {"players": 2, "face_down": [21], "middle": list(range(21, 37))}, "tile 21"),
    ("tile missing", {"players": 2, "middle": [21, 22]}, "tile 23 is missing"),
    ("not a tile", {"players": 2, "face_down": [40]}, "40 is not a tile"),
    ("stacks count", {"players": 3, "stacks": [[], []]}, "expected 3 stacks"),
    ("stacks not list", {"players": 2, "stacks": 5}, "key 'stacks': expected a list"),
    ("current out", {"players": 2, "current": 2}, "key 'current': 2 is not a seat"),
    ("bad face", {"players": 2, "kept": [6]}, "key 'kept': 6 is not a face"),
    ("too many kept", {"players": 2, "kept": [1] * 9}, "9 dice kept"),
    ("rolled count", {"players": 2, "kept": ["W"], "rolled": [1, 2]}, "7 dice are in hand"),
    ("rolled busts", {"players": 2, "kept": ["W"], "rolled": ["W"] * 7}, "already kept"),
    ("over with kept", {"players": 2, "face_down": list(range(21, 37)), "kept": [1]}, "over"),
    ("actions not list", {"players": 2, "actions": {}}, "key 'actions': expected a list"),
    ("action shape", {"players": 2, "actions": [{"roll": [1], "keep": 1}]}, "action 0: expected"),
    ("unknown action", {"players": 2, "actions": [{"jump": 1}]}, "unknown action"),
    ("stop false", {"players": 2, "actions": [{"stop": False}]}, "unknown action"),
    ("bad roll face", {"players": 2, "actions": [{"roll": [7] * 8}]}, "action 0 (roll): 7"),
    ("short roll", {"players": 2, "actions": [{"roll": [1]}]}, "action 0 (roll): a roll shows"),
    (
        "keep unrolled",
        {"players": 2, "actions": [{"roll": [1] * 8}, {"keep": 2}]},
        "action 1 (keep): no die of this roll shows 2",
    ),
    (
        "take untakeable",
        {"players": 2, "kept": ["W", "W", "W", 5, 5], "actions": [{"take": 30}]},
        "action 0 (take): 30 cannot be taken with a total of 25",
    ),
    (
        "stop with a tile",
        {"players": 2, "kept": ["W", "W", "W", 5, 5], "actions": [{"stop": True}]},
        "action 0 (stop): a total of 25",
    ),
    (
        "take before roll",
        {"players": 2, "actions": [{"take": 21}]},
        "action 0 (take): cannot take now",
    ),
    ("names not a list", {"players": 2, "names": "Ann"}, "key 'names': expected a list"),
    ("names count", {"players": 3, "names": ["Ann", "Bob"]}, "key 'names': expected 3 names"),
    ("name blank", {"players": 2, "names": ["Ann", " "]}, "key 'names': \" \" is not a name"),
    ("name not text", {"players": 2, "names": ["Ann", 7]}, "key 'names': 7 is not a name"),
    ("moment past the actions", {"players": 2, "at": 1}, "key 'at': 1 is not a number of actions"),
    ("moment before the start", {"players": 2, "at": -1}, "from 0 to 0"),
    ("moment not a number", {"players": 2, "at": "end"}, "key 'at': expected a whole number"),
    (
        "too many actions",  # refused by their count alone: not one of them is read
        {"players": 2, "actions": [{"jump": 1}] * (MAX_ACTIONS + 1)},
        "key 'actions': 10,001 actions, but a record holds at most 10,000",
    ),
    (
        "too many turns",  # each turn fails at once with no tile: nothing is flipped, it never ends
        {
            "players": 2,
            "rules": "rulebook-empty-stack",
            "actions": [{"roll": [1] * 8}, {"keep": 1}] * (MAX_TURNS + 1),
        },
        f"action {2 * MAX_TURNS}: a record holds at most 2,000 turns",
    ),
]


@pytest.mark.parametrize(("case", "data", "message"), BAD, ids=[b[0] for b in BAD])
def test_invalid_input_exits_2_with_one_line(
    case: str,
    data: object,
    message: str,
    cli: Callable[..., Ran],
) -> None:
    code, out, err = run(data, cli)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert message in err


def test_missing_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["replay", "/nonexistent/scenario.json"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert "cannot read /nonexistent/scenario.json" in err


def test_a_file_that_is_not_utf8_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"players": 2, "rules": "tr\u00e8s"}'.encode("latin-1"))
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == f"error: cannot read {path}: not UTF-8 text\n"


def test_a_directory_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["odds", str(tmp_path)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith(f"error: cannot read {tmp_path}: ") and err.count("\n") == 1


def test_an_endless_file_is_refused_unread_by_every_command(cli: Callable[..., Ran]) -> None:
    """`/dev/zero` has no end: read whole, it ended in a MemoryError traceback."""
    refused = "error: cannot read /dev/zero: it is larger than 1,000,000 bytes\n"
    for command in ("replay", "odds", "review"):
        assert cli(command, "/dev/zero") == (2, "", refused)
    endless = cli("odds", "-", stdin=b"\0" * (MAX_FILE_BYTES + 1))
    assert endless == (2, "", refused.replace("/dev/zero", "standard input"))
    # The real process: its own exit status and streams, no traceback.
    done = run_process("review", "/dev/zero")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", refused)


def test_a_file_is_refused_one_byte_past_the_pages_limit(
    tmp_path: Path, cli: Callable[..., Ran]
) -> None:
    """The command line reads files as the pages read uploads (`share.read_file`)."""
    text = json.dumps({"players": 2})
    path = tmp_path / "padded.json"
    path.write_text(text + " " * (MAX_FILE_BYTES - len(text)))
    assert cli("replay", str(path)).returncode == 0
    path.write_text(text + " " * (MAX_FILE_BYTES - len(text) + 1))
    code, out, err = cli("replay", str(path))
    assert (code, out) == (2, "")
    assert err == f"error: cannot read {path}: it is larger than 1,000,000 bytes\n"
    with pytest.raises(ScenarioError) as upload:
        read_record(path.read_bytes())
    assert upload.value.code == "too_big" and upload.value.params == {"mb": 1}


def test_a_file_with_a_byte_order_mark_opens_as_without_it(
    tmp_path: Path, cli: Callable[..., Ran]
) -> None:
    """Windows Notepad wrote a mark before UTF-8 text: the pages opened such a file, the command
    line refused it as "not valid JSON"."""
    record = bots.record_game([bots.cautious, bots.expert], random.Random(4))
    text = json.dumps(scenario_json(record))
    plain, marked = tmp_path / "plain.json", tmp_path / "marked.json"
    plain.write_text(text, encoding="utf-8")
    marked.write_bytes(b"\xef\xbb\xbf" + text.encode())
    for command in ("replay", "review"):
        expected = cli(command, str(plain))
        assert expected.returncode == 0
        assert cli(command, str(marked)) == expected
        assert cli(command, "-", stdin=marked.read_bytes()) == expected
    assert read_record(marked.read_bytes()) == record


def test_nesting_is_refused_past_its_limit_whatever_python_reads() -> None:
    """The same texts are refused on every Python: json's own limit moved in 3.13."""
    at_limit = "[" * MAX_NESTING + "]" * MAX_NESTING
    with pytest.raises(ScenarioError, match="is one JSON object"):
        loads(at_limit)
    for text in ("[" * (MAX_NESTING + 1), "[" * 3000, '{"names": ' + "[" * MAX_NESTING + "{}"):
        with pytest.raises(ScenarioError, match=f"nested too deeply \\(more than {MAX_NESTING}"):
            loads(text)
    in_names = json.dumps({"players": 2, "names": ["[" * 3000, "{[\\]}" * 100]})
    assert loads(in_names).names == ("[" * 3000, "{[\\]}" * 100)


def test_parse_error_is_a_value_error() -> None:
    with pytest.raises(ScenarioError):
        parse({"players": 2, "kept": ["X"]})


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        ([], "required: command"),
        (["bogus"], "invalid choice: 'bogus'"),
        (["replay"], "required: file"),
        (["odds", "a.json", "b.json"], "unrecognized arguments: b.json"),
        (["tournament", "--games", "many"], "--games: invalid int value: 'many'"),
    ],
)
def test_bad_command_line_exits_2_with_one_line(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    out, err = capsys.readouterr()
    assert (exited.value.code, out) == (2, "")
    assert err.count("\n") == 1
    assert named in err


def test_a_move_of_unknown_kind_is_refused_when_made() -> None:
    with pytest.raises(ValueError, match="unknown move 'jump'"):
        Move("jump")  # type: ignore[arg-type]


def test_a_record_at_the_caps_replays() -> None:
    """The caps refuse only what is over them: `MAX_TURNS` turns, and `MAX_ACTIONS` actions."""
    turns = parse(
        {
            "players": 2,
            "rules": "rulebook-empty-stack",
            "actions": [{"roll": [1] * 8}, {"keep": 1}] * MAX_TURNS,
        }
    )
    table, _ = turns.replay()
    assert len(turns.moves) == 2 * MAX_TURNS and table.current == 0 and not table.over
    actions = {"players": 2, "actions": [{"roll": [1] * 8}] + [{"keep": 1}] * (MAX_ACTIONS - 1)}
    assert len(parse(actions).moves) == MAX_ACTIONS  # read; its second action is then refused
