"""What a room refuses: one coded refusal, worded by the UI from `content/`."""

from __future__ import annotations

from pickomino.errors import CodedError


class RoomError(CodedError):
    """Something a room refuses; `code` names it (`room.refused.<code>` in content/)."""

    section = "room.refused"
