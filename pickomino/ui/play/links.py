"""The Play page's address: read once a visit into the game (`PlayGame.settle`), written after.

The game and its store live in `activities.play`; here the page hands it the address and the
server's store, keeps what comes back in the session, and writes the address the game asks for.
A link is read on the first run of a visit only (see `ui/frame.py`: a lagging address must never
be taken for a new link).
"""

from __future__ import annotations

import streamlit as st

from pickomino.activities.play import Address
from pickomino.i18n import Lang
from pickomino.match import Match
from pickomino.ui import frame, storage
from pickomino.ui.play.state import LINK_VISIT, game, put, set_settings, settings


def settle(lang: Lang) -> tuple[Match | None, tuple[str, ...]]:
    """The match of this run, and what the address asked and the store refused, in words."""
    params = st.query_params
    address = Address(
        params.get("match"), params.get("game"), params.get("seats"), params.get("seed")
    )
    arriving = frame.arriving(LINK_VISIT)
    settled = game().settle(storage.store, address, arriving, settings(), lang)
    put(settled.game)
    set_settings(settled.settings)
    wanted = settled.game.address()
    if wanted is not None:
        frame.publish(wanted)
    return settled.game.match, settled.refusals


def share_link(lang: Lang) -> str | None:
    """The address that opens the session's game where it is now, on any server, in this language.

    None when the game is too long for a link.
    """
    params = game().share(lang)
    if params is None:
        return None
    shown = st.query_params.get("lang")
    return frame.page_address({**params, **({"lang": shown} if shown else {})})
