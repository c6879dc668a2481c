"""Where the practice table keeps its state in the session, and the settings read from there.

The table itself is an `activities.practice.Practice`; the session holds its parts under the keys
named here (the settings under their widgets' own keys), `practice` puts them together for a run
or a click and `keep` puts a changed one back. Every key the sandbox's modules share is named once
here, so the links, the clicks and the drawing agree on them; the settings are read through these
functions, each with the default a fresh session starts from.
"""

from __future__ import annotations

import random
from typing import Final, Literal

import streamlit as st

from pickomino.activities.practice import Practice, Settings
from pickomino.game import Table
from pickomino.i18n import LANGS, t
from pickomino.rules import PRESETS, Rules, preset
from pickomino.ui import frame

BOX: Final = "sandbox"
LINK: Final = "sandbox_link"  # the (table, scenario) link values the URL holds, as last seen or set
LINKED: Final = "sandbox_linked"  # the `Sandbox` that link opened, shared by the link's own values
STORED: Final = "sandbox_stored"  # the stored history's id and version (`kept.Held`), once saved
WRITTEN: Final = "sandbox_written"  # the `Sandbox` last written to or read from the store
LINK_VISIT: Final = "sandbox_link_visit"  # the visit whose link has been read
NOTICE: Final = "sandbox_notice"  # a refusal from the last click and where to show it, once
ORIGIN: Final = "sandbox_origin"  # the FAQ question or tip the link that opened the table named
HIDE: Final = "sandbox_hide_odds"
PRESENT: Final = "sandbox_present"
SEED: Final = "sandbox_seed"
PLAYERS: Final = "sandbox_players"
RULES: Final = "sandbox_rules"
DICE: Final = "sandbox_dice"
EDIT_TILE: Final = "sandbox_edit_tile"
EDIT_PLACE: Final = "sandbox_edit_place"
BOTS: Final = "sandbox_bots"
ABOUT_OPEN: Final = "sandbox_about_open"
TEACHER_OPEN: Final = "sandbox_teacher_open"
NEW_OPEN: Final = "sandbox_new_open"
SHARE_OPEN: Final = "sandbox_share_open"
SETTING_KEYS: Final = {"present": PRESENT, "hide": HIDE, "bots": BOTS, "seed": SEED}
"""Each field of `Settings` and the key of its widget."""


def seed() -> int:
    """The seed of random rolls, chosen once per session unless a teacher sets it."""
    if SEED not in st.session_state:
        st.session_state[SEED] = random.randrange(10_000)
    return int(st.session_state[SEED])


def fresh_rules() -> Rules:
    """The rules chosen for a fresh table.

    A click sent in the moment after a language switch still carries the choice in the words the
    browser showed ("Standard game" on a page now French; see `frame.worded`): it is read back by
    its title in any language, and kept, rather than taken for a preset's name.
    """
    chosen = st.session_state.get(RULES, "standard")
    if chosen not in PRESETS:
        titled = (
            name
            for name in PRESETS
            for lang in LANGS
            if t(f"variants.{name}.title", lang) == chosen
        )
        chosen = next(titled, "standard")
        st.session_state[RULES] = chosen
    return preset(chosen)


def fresh_table() -> Table:
    """A new game with the number of players and the rules chosen for a fresh table."""
    return Table.new(int(st.session_state.get(PLAYERS, 2)), fresh_rules())


def bots() -> bool:
    """Whether the expert plays every seat but the learner's."""
    return bool(st.session_state.get(BOTS))


def settings() -> Settings:
    """The settings the session holds, each under its widget's key (the seed chosen once)."""
    return Settings(
        present=bool(st.session_state.get(PRESENT)),
        hide=bool(st.session_state.get(HIDE)),
        bots=bots(),
        seed=seed(),
    )


def practice() -> Practice | None:
    """The session's practice table, None before its first run."""
    box = st.session_state.get(BOX)
    if box is None:
        return None
    parts = (LINK, LINKED, ORIGIN, STORED, WRITTEN)
    link, linked, origin, held, written = (st.session_state.get(key) for key in parts)
    return Practice(box, settings(), link or (None, None), linked, origin, held, written)


def keep(practice: Practice) -> None:
    """Put a practice table in the session: its parts, and the settings it changed.

    A setting is written only when it changed, so a widget's key is set only by a link read on
    arriving or by a click's callback, never after the widget is drawn.
    """
    parts = {
        BOX: practice.box,
        LINK: practice.link,
        LINKED: practice.linked,
        ORIGIN: practice.origin,
        STORED: practice.held,
        WRITTEN: practice.written,
    }
    frame.keep_parts(parts)
    was = settings()
    for field, key in SETTING_KEYS.items():
        value = getattr(practice.settings, field)
        if value != getattr(was, field):
            st.session_state[key] = value


Where = Literal["table", "dice", "board"]
"""Where a refusal is shown: above the table, or under the teacher's tool that was refused (far
below the table: a teacher on a projector would see nothing happen)."""


def refuse(text: str, where: Where) -> None:
    """Keep a refusal for the page to show once, beside the control that was refused."""
    st.session_state[NOTICE] = (text, where)
