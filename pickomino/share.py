"""Tables in links (`?table=`, `?game=`, `?scenario=NAME`) and scenarios in files.

A link holds a scenario as URL-safe base64, or a shipped scenario's name; a file is read the same
way by the pages' uploads and the command line (`read_file`). A teacher copies a link and a class
opens exactly the same table, so encoding must round-trip and every malformed link or file must
fail with a message that says what is wrong, never with a crash.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from functools import cache
from typing import Any, BinaryIO, Final

from pickomino.game import Table
from pickomino.i18n import CONTENT_DIR
from pickomino.scenario import Scenario, ScenarioError, loads, scenario_json, table_json

SCENARIO_DIR: Final = CONTENT_DIR / "scenarios"
_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")
MAX_LINK_CHARS = 12_000
"""Longer link values are refused before decoding. A table needs a few hundred characters; a whole
game of seven seats up to about 7,500 (measured over 30 seeded bot games); a longer game is shared
by downloading its record. The server refuses an address over about 16 KiB with a bare HTTP 400
before the app runs (docs/deploy.md, "How long an address can be"): a link the app writes stays
under that with room for the other parameters and the browser's headers."""
MAX_FILE_BYTES: Final = 1_000_000
"""Larger files are refused unread, by the pages (Streamlit refuses them first,
`server.maxUploadSize`) and the command line: a real game of 7 seats takes about 10 kB saved, the
longest record `scenario.MAX_ACTIONS` allows 541 kB (tests/test_share_records.py)."""
SEED_HIGH: Final = 999_999
"""The largest seed a teacher can type, or a link can set."""
_SEED = re.compile(r"[0-9]{1,9}")
"""A seed as typed or linked: plain digits, few enough to read before comparing to `SEED_HIGH`."""


def read_seed(value: str) -> int | None:
    """The seed a link or a form gives (spaces around it ignored), None if it is not one.

    The one reader of seeds, so the sandbox, the Play page and their links take the same ones.
    """
    text = value.strip()
    return int(text) if _SEED.fullmatch(text) and int(text) <= SEED_HIGH else None


def _encode(data: dict[str, Any]) -> str:
    """Scenario JSON, compact, in URL-safe base64 without padding."""
    text = json.dumps(data, separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def encode_scenario(scenario: Scenario) -> str:
    """The scenario (a game record, say) as a `?game=` value."""
    return _encode(scenario_json(scenario))


def game_link(record: Scenario) -> str | None:
    """The `?game=` value of the record, or None when it is too long for a link."""
    value = encode_scenario(record)
    return value if len(value) <= MAX_LINK_CHARS else None


def decode_scenario(value: str) -> Scenario:
    """The scenario a link value holds; ScenarioError says what is wrong with a malformed one."""
    if len(value) > MAX_LINK_CHARS:
        raise ScenarioError(
            "too_long",
            f"the table in the link is too long ({len(value)} characters)",
            length=len(value),
            high=MAX_LINK_CHARS,
        )
    cleaned = value.strip()
    try:
        raw = base64.b64decode(cleaned + "=" * (-len(cleaned) % 4), altchars=b"-_", validate=True)
        text = raw.decode("utf-8-sig")
    except (binascii.Error, ValueError):
        raise ScenarioError(
            "not_base64", "the table in the link is not URL-safe base64 text"
        ) from None
    return loads(text)


def read_file(stream: BinaryIO, name: str) -> Scenario:
    """The scenario in file `name`, read from `stream` up to one byte past `MAX_FILE_BYTES`.

    The one reader of files, for an upload (its bytes) and the command line (a file, standard
    input, even `/dev/zero`): past the limit the file is refused unread, so an endless or huge one
    costs no memory. A byte-order mark, which some editors put at the start of a UTF-8 file
    (Windows Notepad did), is read as no text: JSON has no place for it.
    """
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ScenarioError(
            "too_big",
            f"cannot read {name}: it is larger than {MAX_FILE_BYTES:,} bytes",
            mb=MAX_FILE_BYTES // 1_000_000,
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ScenarioError("not_text", f"cannot read {name}: not UTF-8 text") from None
    return loads(text)


def encode_table(table: Table) -> str:
    """The table alone (no moves) as a `?table=` value."""
    return _encode(table_json(table))


def decode_table(value: str) -> Table:
    """The table a `?table=` value describes, after replaying its actions if it has any."""
    table, _ = decode_scenario(value).replay()
    return table


def scenario_names() -> tuple[str, ...]:
    """Names of the shipped scenarios, for `?scenario=NAME` links."""
    return tuple(sorted(path.stem for path in SCENARIO_DIR.glob("*.json")))


def read_scenario(name: str) -> Scenario:
    """A shipped scenario, its table and its moves; unknown or unsafe names are refused by name.

    The one loader of named scenarios, for links, the Learn pages' examples and the tests.
    """
    if not _NAME.fullmatch(name) or name not in scenario_names():
        raise ScenarioError(
            "unknown_scenario", f"there is no scenario called {name!r}", name=json.dumps(name)
        )
    return _parsed(name)


@cache
def _parsed(name: str) -> Scenario:
    """A shipped scenario parsed once: the Learn pages draw the same ones at every run."""
    return loads((SCENARIO_DIR / f"{name}.json").read_text(encoding="utf-8"))


def load_scenario(name: str) -> Table:
    """The table a shipped scenario reaches once its moves are replayed."""
    table, _ = read_scenario(name).replay()
    return table
