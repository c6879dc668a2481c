"""Who is who in a room: its code, the teacher's and pupils' tokens, a pupil's nickname.

Who may do what rests on tokens, never on a name or an address: the teacher's token (in the
teacher's session and control link, never on the projected page) and each pupil's token (in the
pupil's own link) are random; the room keeps only their hashes, so a copy of the room's record
lets no one act as its teacher or its pupils.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from typing import Final

from pickomino.names import MAX_MARKS, MIN_NAME, NAME_CHARS, NameFault, name_fault, normal_name
from pickomino.rooms.errors import RoomError

CODE_LETTERS: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The letters of a room code: none that reads like another on a board (no I/1, O/0)."""
CODE_LENGTH: Final = 7
"""32^7 = 34 billion codes, and seven letters are still read off a board in a breath. Guessing
stays hopeless: with 300 rooms open, a guesser needs 32^7 / 300 = 115 million tries on average,
which at `WRONG_CODES_PER_MINUTE` (30 a minute) a server take 3.8 million minutes, about 7 years
per server (README and docs/classroom.md, "Limits")."""
TOKEN_BYTES: Final = 16


def new_code(draw: secrets.SystemRandom | None = None) -> str:
    """A fresh room code, drawn from the system's secure generator."""
    rng = draw or secrets.SystemRandom()
    return "".join(rng.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def read_code(typed: str) -> str:
    """A code as a pupil typed or scanned it (any case, spaces and hyphens ignored), or RoomError.

    A misread letter is refused here, before any look-up, and not counted as a wrong code.
    """
    normal = "".join(char for char in typed.upper() if char not in " -\t")
    if len(normal) != CODE_LENGTH or any(char not in CODE_LETTERS for char in normal):
        raise RoomError(
            "bad_code",
            f"a room code is {CODE_LENGTH} letters and digits, without I, O, 0 or 1",
            length=CODE_LENGTH,
        )
    return normal


def new_token() -> str:
    """A secret that lets its holder act: the teacher's, or one pupil's."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    """What the store keeps of a token: enough to check it, nothing to act with."""
    return hashlib.sha256(token.encode()).hexdigest()


def pupil_id(token: str) -> str:
    """A pupil's key in the room's records: a short digest of the pupil's token."""
    return digest(token)[:20]


NICKNAME_REFUSALS: Final[Mapping[NameFault, str]] = {
    "long": "long_nickname",
    "hidden": "hidden_nickname",
    "stacked": "stacked_nickname",
    "chars": "bad_nickname",
    "short": "bad_nickname",
}
"""The refusal (`room.refused.<code>`) of each thing `names.name_fault` finds wrong with a name."""


def nickname(typed: str) -> str:
    """The nickname a pupil typed, in its normal form (`names.normal_name`), or RoomError.

    Checked by the one check of names (`names.name_fault`), on the server whatever the form's
    field allowed: a value sent over the websocket arrives as sent (cut by Streamlit to the
    field's `max_chars`, `names.TYPED_CHARS`, so still too long to pass). A nickname is refused,
    never cut or filtered, so the pupil knows the name the class sees; it is shown on the board,
    in the CSV and in buttons, never read as Markdown or HTML. Whether it looks like another
    pupil's is the store's check, made as the pupil is seated (`names.name_key`).
    """
    fault = name_fault(typed)
    if fault is not None:
        raise RoomError(
            NICKNAME_REFUSALS[fault],
            f"a nickname is {MIN_NAME} to {NAME_CHARS} letters, digits, spaces, apostrophes, "
            f"dots or hyphens, with no hidden character nor more than {MAX_MARKS} accents on a "
            f"letter ({fault})",
            low=MIN_NAME,
            high=NAME_CHARS,
        )
    return normal_name(typed)
