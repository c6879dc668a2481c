"""The match of a run, read from the store, a link or the session; and the link that shares it.

The session's `Match` is kept in the store (a "game" document whose id the address holds as
`?match=`), written after every change with the reader's settings, so a reload, Back and Forward
or a tab reopened from the history finds the game, however long, with whose turn it is, the names
and the odds shown as they were. The address stays the same while the game is played: the browser
adds a history entry for every change of it, and rewriting the game after every move left Back
stuck on the page. The self-contained link (`?game=` with `&seed=`), which outlives any store and
opens on any server, is made on request (`share_link`), where the game fits one.

A link is read once, on the first run of a visit (see `ui/frame.py`: a lagging address must never
be taken for a new link), and stores nothing: its game is stored at its first change (a move, a
setting), so visits alone never add documents. A stored game comes first, and when it cannot be
read, the page says so and offers the way on: the link's game if the address has one, else a new
game or a saved file.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import streamlit as st

from pickomino.echo import echoed
from pickomino.i18n import Lang, t
from pickomino.match import KINDS, Kind, Match, MatchError, seat_kinds
from pickomino.scenario import Scenario, ScenarioError
from pickomino.share import SEED_HIGH, decode_scenario, read_seed
from pickomino.store import StoreError, UnknownDocument, VersionConflict
from pickomino.ui import frame, records, show, storage
from pickomino.ui.play.names import kinds_of, record_of, typed
from pickomino.ui.play.state import (
    LINK,
    LINK_VISIT,
    LINKED,
    PENDING,
    STORED,
    WRITTEN,
    Settings,
    match,
    put,
    set_settings,
    settings,
)

SECTION = "play.saved"
"""The content section that words what the store refused for a game."""


def _seats_param(players: int, lang: Lang) -> tuple[tuple[Kind, ...] | None, str | None]:
    """The seats' kinds a link names (`&seats=person,expert`), if any and if they fit the game.

    Links made before records said who played each seat carry them here. Alongside, the refusal
    of seats that do not fit, in the reader's words: the game opens as a file would (asking who
    plays an unfinished one), and the reader is told why.
    """
    value = st.query_params.get("seats")
    if value is None:
        return None, None
    wanted = value.split(",")
    if len(wanted) != players or any(name not in KINDS for name in wanted):
        return None, seats_refusal(value, players, lang)
    return tuple(Kind(name) for name in wanted), None


def seats_refusal(value: str, players: int, lang: Lang) -> str:
    """Why seats that do not fit the game were not used, quoting them as given."""
    kinds = ", ".join(KINDS)
    return t("play.link_seats", lang, value=echoed(value), n=players, kinds=kinds)


def _seed_param(lang: Lang) -> tuple[int, str | None]:
    """The link's seed, or a new one when it has none; a seed that cannot be read is refused."""
    value = st.query_params.get("seed")
    linked = None if value is None else read_seed(value)
    if linked is not None:
        return linked, None
    drawn = random.randrange(SEED_HIGH + 1)
    if value is None:
        return drawn, None
    return drawn, t("play.link_seed", lang, value=echoed(value), high=SEED_HIGH)


def opened(record: Scenario, kinds: Sequence[Kind] | None, seed: int) -> Match | None:
    """The match an opened record puts on the table, or None while it waits for the seats' kinds.

    A finished game, or one whose record or link says who plays each seat, goes on the table; an
    unfinished one that does not say waits (`PENDING`) for the reader to choose. Another game from
    here: it is stored under a new id at its first save, not over the game opened before.
    """
    final, _ = record.replay()
    st.session_state.pop(STORED, None)
    if kinds is None and not final.over:
        st.session_state[PENDING] = (record, seed)
        return None
    st.session_state.pop(PENDING, None)
    chosen = tuple(kinds) if kinds is not None else kinds_of(record)
    return Match.from_record(record, chosen, seed, typed(record.names, chosen))


def _open_link(value: str, lang: Lang) -> list[str]:
    """Open the game of a `?game=` link; what it asked and could not have, in the reader's words."""
    try:
        record = decode_scenario(value)
        kinds, seats_refused = _seats_param(record.table.players, lang)
        seats = None if kinds is None else st.query_params.get("seats")
        if kinds is None and seats_refused is None:
            try:
                kinds = seat_kinds(record)
            except MatchError:
                said = ",".join(record.seats or ())
                seats_refused = seats_refusal(said, record.table.players, lang)
        seed, seed_refused = _seed_param(lang)
        found = opened(record, kinds, seed)
        put(found)
        if found is not None:  # the link holds it: stored at its first change, not on a visit
            st.session_state[LINKED] = found, {"game": value, "seats": seats, "seed": str(seed)}
            st.session_state[WRITTEN] = (found, settings())
    except ScenarioError as error:
        return [t("play.link_refused", lang, reason=show.scenario_refusal(error, lang))]
    return [text for text in (seats_refused, seed_refused) if text is not None]


def settle(lang: Lang) -> tuple[Match | None, list[str]]:
    """The match of this run: stored, from a `?game=` link just opened, or the session's.

    Returns, alongside, what the address asked and could not have and what the store refused, in
    the reader's language: a stored game that cannot be read, a link's game that cannot be opened
    (the game shown before kept), seats or a seed that cannot be used. The match is then stored
    if it or the settings changed.
    """
    refusals: list[str] = []
    arriving = frame.arriving(LINK_VISIT)
    stored = st.query_params.get("match")
    held: storage.Held | None = st.session_state.get(STORED)
    restored = False
    if arriving and stored is not None and (held is None or held[0] != stored):
        try:
            _restore(stored)
        except StoreError as error:
            refusals.append(storage.refusal(error, SECTION, lang))
        else:
            restored = True
    value = st.query_params.get("game")
    if arriving and not restored and value is not None and value != st.session_state.get(LINK):
        st.session_state[LINK] = value
        st.session_state.pop(LINKED, None)
        refusals += _open_link(value, lang)
    found = match()
    refusals += _save(found, lang)
    found = match()
    publish(found)
    return found, refusals


def _restore(stored: str) -> None:
    """Take the game stored under `stored`, now the one this session writes to.

    StoreError when the document cannot be read; UnknownDocument too when what it holds is not a
    game the rules accept (its record is checked move by move, as a link's).
    """
    document = storage.store().read("game", stored)
    try:
        found = Match.from_data(document.data["match"])
    except (KeyError, TypeError, ScenarioError, MatchError):
        raise UnknownDocument("game", stored) from None
    set_settings(document.data.get("settings"))
    put(found)
    st.session_state.pop(PENDING, None)
    st.session_state[STORED] = (document.id, document.version)
    st.session_state[WRITTEN] = (found, settings())


def stored_data(found: Match, chosen: Settings) -> dict[str, Any]:
    """What the store keeps of a game: the match (its record, names and seed) and the settings."""
    return {"match": found.to_data(), "settings": list(chosen)}


def _save(found: Match | None, lang: Lang) -> list[str]:
    """Store the match if it or the settings changed since last written or read; the refusals.

    The document is created when a game starts, so its id goes into the address with the game.
    When another tab wrote first, what is stored is shown instead (not a mix of both), and said;
    when the store refuses, the session keeps the game, and the page says a reload would lose it.
    """
    if found is None:
        return []
    now = (found, settings())
    if now == st.session_state.get(WRITTEN):
        return []
    held: storage.Held | None = st.session_state.get(STORED)
    st.session_state[WRITTEN] = now  # a refused write is said once, not tried again every run
    try:
        st.session_state[STORED] = storage.write("game", held, stored_data(*now))
    except VersionConflict:
        assert held is not None
        try:
            _restore(held[0])
        except StoreError as error:
            return [storage.refusal(error, SECTION, lang)]
        return [t(f"{SECTION}.conflict", lang)]
    except StoreError as error:
        return [storage.refusal(error, SECTION, lang)]
    return []


def publish(found: Match | None) -> None:
    """Put the stored game's id in the URL, and no link: the address stays the same during play.

    An opened record waiting for the seats' kinds keeps its link in the URL until the game goes on;
    a link's game not stored yet (nothing has changed it) keeps its link too, with the seed its
    dice roll with and the seats only if the link's were used, so a reload opens the same game.
    """
    if found is None and PENDING in st.session_state:
        return
    held: storage.Held | None = st.session_state.get(STORED)
    linked: tuple[Match, dict[str, str | None]] | None = st.session_state.get(LINKED)
    if found is not None and held is None and linked is not None and linked[0] == found:
        frame.publish({"match": None, **linked[1]})
        return
    stored = held[0] if held is not None and found is not None else None
    frame.publish({"match": stored, "game": None, "seats": None, "seed": None})


def share_link(found: Match) -> str | None:
    """The address that opens this game where it is now, on any server, in this language.

    The record travels in the link itself (who plays each seat with it), with the seed that rolls
    on; None when the game is too long for a link.
    """
    value = records.game_link(record_of(found))
    if value is None:
        return None
    params = {"game": value, "seed": str(found.seed)}
    lang = st.query_params.get("lang")
    return frame.page_address({**params, **({"lang": lang} if lang else {})})


def fresh_seed() -> int:
    """A seed for a game nobody chose one for."""
    return random.randrange(SEED_HIGH + 1)
