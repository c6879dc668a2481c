"""The Learn pages' tile pickers: in the reader's language, and kept across page switches.

Left to its defaults, a Streamlit picker speaks English: "Choose an option" when empty, "Select all"
and "No results" in its list. The app cannot translate those, so every picker here gets its
placeholder and help from content/, and offers neither typing to filter (whose only answer to a
miss is "No results") nor "Select all". `persist_state="session"` keeps each value across page
switches: a learner who goes to read a rule and comes back finds the board they set.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from pickomino.i18n import Lang, t
from pickomino.ui import frame


def _tile_text(tile: int | None, lang: Lang) -> str:
    """A tile by its number, or the reader's words for an empty stack."""
    return t("taking.no_tile", lang) if tile is None else str(tile)


def top_tile(
    label: str, options: Sequence[int | None], value: int | None, *, key: str, help: str, lang: Lang
) -> int | None:
    """One tile, or None for an empty stack, chosen from `options` (`value` until changed)."""
    return st.selectbox(
        label,
        options,
        index=list(options).index(value),
        format_func=lambda tile: _tile_text(tile, lang),
        key=frame.worded(key),
        help=help,
        placeholder=t("taking.pick_tile", lang),
        filter_mode=None,
        persist_state="session",
    )


def face_up_tiles(
    label: str, options: Sequence[int], default: Sequence[int], *, key: str, help: str, lang: Lang
) -> list[int]:
    """Some of `options` (the face-up tiles of a middle), `default` until changed."""
    return st.multiselect(
        label,
        options,
        default=list(default),
        key=key,
        help=help,
        placeholder=t("taking.pick_tiles", lang),
        filter_mode=None,
        select_all=False,
        persist_state="session",
    )
