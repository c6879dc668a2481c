"""Where the Play page keeps its game (`activities.play.PlayGame`) and settings in the session.

Every key the page's modules share is named once here. The game is read by `game` and written by
`put` alone, so what replaces it is easy to find: the clicks (`clicks`) and the run that reads the
address (`links`). Each of its parts has a key of its own, the match under `MATCH`, so drawing
reads the match alone, and a test sets one up as a session would hold it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import streamlit as st

from pickomino.activities.play import PACES, Pace, PlayGame, Settings
from pickomino.i18n import LANGS, t
from pickomino.match import KINDS, PERSON, Kind, Match
from pickomino.rules import PRESETS
from pickomino.ui import frame

MATCH: Final = "play_match"
PENDING: Final = "play_pending"
"""An opened record of an unfinished game and its seed, waiting for the seats' kinds."""
LINK: Final = "play_link"
"""The `?game=` value last read, so a run tells a new link from one already opened."""
LINK_VISIT: Final = "play_link_visit"
STORED: Final = "play_stored"
"""The stored game's id and version (`activities.kept.Held`), once the match has been saved."""
LINKED: Final = "play_linked"
"""The match a `?game=` link opened and the parameters that open it again, until it is stored."""
WRITTEN: Final = "play_written"
"""The (match, settings) last written to or read from the store, or opened by a link (which
holds them until they change)."""
NOTICE: Final = "play_notice"
TICKING: Final = "play_ticking"
"""Set by the page just before it draws the pace's timer, which then knows it runs with the page."""
SEATS: Final = "play_seats"
RULES: Final = "play_rules"
SEED: Final = "play_seed"
PACE: Final = "play_pace"
ODDS: Final = "play_odds"
HINT: Final = "play_hint"
VERDICT: Final = "play_verdict"
CHANCES: Final = "play_chances"
LOG_OPEN: Final = "play_log_open"
SHARE_OPEN: Final = "play_share_open"
NEW_OPEN: Final = "play_new_open"
UPLOAD: Final = "play_upload"

SECONDS: Final[dict[Pace, float]] = {"slow": 1.5, "fast": 0.5}
"""Time between two bot moves when they play on their own: slow enough to read each reason, or
quick enough to watch a turn go by."""

TOGGLES: Final = (ODDS, HINT, VERDICT, CHANCES)


def kind_key(seat: int) -> str:
    """The set-up's choice of who plays `seat`."""
    return f"play_kind_{seat}"


def name_key(seat: int) -> str:
    """The set-up's name typed for `seat`."""
    return f"play_name_{seat}"


def open_kind_key(seat: int) -> str:
    """Who plays `seat` of an opened game that goes on."""
    return f"play_open_kind_{seat}"


def match() -> Match | None:
    """The session's match, None before a game starts."""
    found: Match | None = st.session_state.get(MATCH)
    return found


def game() -> PlayGame:
    """The session's game, read from its keys."""
    state = st.session_state
    return PlayGame(
        match(),
        state.get(PENDING),
        state.get(STORED),
        state.get(WRITTEN),
        state.get(LINKED),
        state.get(LINK),
    )


def put(changed: PlayGame) -> None:
    """Keep `changed` as the session's game; the one place that writes it."""
    parts = {
        MATCH: changed.match,
        PENDING: changed.waiting,
        STORED: changed.held,
        WRITTEN: changed.written,
        LINKED: changed.linked,
        LINK: changed.link,
    }
    frame.keep_parts(parts)


def refuse(text: str) -> None:
    """Keep a refusal for the page to show once, above the game."""
    st.session_state[NOTICE] = text


def read_choice(key: str, options: Sequence[str], word: str) -> str:
    """A worded choice from the session, read by its words in any language if sent in words.

    A click sent right after a language switch carries the words the browser showed
    (`frame.worded`); it is read back by them, and kept.
    """
    chosen = str(st.session_state.get(key, options[0]))
    if chosen not in options:
        titled = (o for o in options for lang in LANGS if t(word.format(o), lang) == chosen)
        chosen = next(titled, options[0])
        st.session_state[key] = chosen
    return chosen


def chosen_kind(seat: int, key: str | None = None) -> Kind:
    """Who the set-up says plays `seat`: a person at seat 1, the expert elsewhere, by default."""
    name = key or kind_key(seat)
    st.session_state.setdefault(name, PERSON if seat == 0 else "expert")
    found = read_choice(name, KINDS, "play.kind.{}")
    return Kind(found)


def chosen_rules() -> str:
    """The rules preset the set-up names."""
    return read_choice(RULES, list(PRESETS), "variants.{}.title")


def pace() -> Pace:
    """How the bots' moves go by: one per click (step), or on their own, slow or fast."""
    st.session_state.setdefault(PACE, "slow")
    found = read_choice(PACE, PACES, "play.pace.{}")
    return next(p for p in PACES if p == found)


def settings() -> Settings:
    """The settings the reader chose, as the store keeps them beside the game."""
    odds, hint, verdict, chances = (bool(st.session_state.get(key)) for key in TOGGLES)
    return odds, hint, verdict, chances, pace()


def set_settings(chosen: Settings) -> None:
    """Show `chosen` (a stored game's own settings): only the ones that differ are written."""
    for key, now, value in zip((*TOGGLES, PACE), settings(), chosen, strict=True):
        if now != value:
            st.session_state[key] = value
