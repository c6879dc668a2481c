"""Drawing engine values on a page: the table, a roll, a story of events.

Pages call these so they stay thin; every word comes from content/ through `t`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import streamlit as st

from pickomino.events import (
    Event,
    Kept,
    Rolled,
    TileFlipped,
    TileReturned,
    TileSpared,
    TookTile,
    TurnFailed,
    TurnPassed,
)
from pickomino.game import IllegalMove, Table
from pickomino.i18n import Lang, join_list, t
from pickomino.lessons.examples import walk
from pickomino.narrate import Names, seat_label, seat_name, story
from pickomino.refusals import refusal
from pickomino.ui.draw import TileState, TileView, dice_row, full_row, tile_row


def html(markup: str) -> None:
    """Insert a drawing."""
    st.html(markup)


def caption_html(text: str) -> str:
    """A caption written into a drawing's own HTML, styled as Streamlit's (`frame.WRAP_CSS`).

    One element for the caption and its drawing rather than two: the browser builds every element
    of a page again on each click, and a FAQ page draws about a hundred of these pairs.
    """
    return f'<p class="pk-caption">{escape(text)}</p>'


def marks_from(events: Sequence[Event], lang: Lang) -> dict[int, tuple[TileState, str]]:
    """Tiles an event touched, with the state to draw and the word to write under them."""
    marks: dict[int, tuple[TileState, str]] = {}
    for event in events:
        if isinstance(event, TookTile):
            marks[event.tile] = ("taken", t("draw.badge_taken", lang))
        elif isinstance(event, TileReturned):
            marks[event.tile] = ("returned", t("draw.badge_returned", lang))
        elif isinstance(event, TileFlipped):
            marks[event.tile] = ("flipped", t("draw.badge_flipped", lang))
        elif isinstance(event, TileSpared):
            marks[event.tile] = ("spared", t("draw.badge_spared", lang))
    return marks


def middle_html(
    table: Table,
    lang: Lang,
    marks: dict[int, tuple[TileState, str]] | None = None,
    *,
    scale: float = 1.0,
) -> str:
    """The row of tiles (HTML): face up, face down, or an empty place where a player holds one.

    Marks of tiles a player holds are drawn on the stacks, not on their empty place in the row.
    `scale` enlarges every drawing (presentation mode on a projector).
    """
    here = set(table.middle) | set(table.face_down)
    row_marks = {tile: mark for tile, mark in (marks or {}).items() if tile in here}
    views = full_row(table.rules, table.middle, table.face_down, row_marks)
    caption = caption_html(t("draw.middle_caption", lang))
    return caption + tile_row(views, lang, width=round(50 * scale))


def middle(
    table: Table,
    lang: Lang,
    marks: dict[int, tuple[TileState, str]] | None = None,
    *,
    scale: float = 1.0,
) -> None:
    """The row of tiles, drawn (`middle_html`)."""
    html(middle_html(table, lang, marks, scale=scale))


def stacks_html(
    table: Table,
    lang: Lang,
    you: int = 0,
    marks: dict[int, tuple[TileState, str]] | None = None,
    *,
    scale: float = 1.0,
    you_key: str = "draw.you_are",
    names: Names = None,
    compact: bool = False,
) -> str:
    """Each player's stack (HTML), bottom first, the top tile named as such.

    Seat `you` is marked with the string `you_key` (by default "(you)"). `compact` writes each
    name beside its stack rather than above it, so the stacks take a line of a projector's screen.
    """
    rows = []
    for seat, stack in enumerate(table.stacks):
        name = seat_label(seat, lang, names)
        if seat == you:
            name = t(you_key, lang, player=name)
        views = []
        for depth, tile in enumerate(stack):
            state, badge = (marks or {}).get(tile, ("up", ""))
            if depth == len(stack) - 1 and not badge:
                badge = t("draw.badge_top", lang)
            views.append(TileView(tile, table.rules.worms(tile), state, badge))
        tag = "span" if compact else "p"
        content = f"<{tag}>{t('draw.no_tile', lang)}</{tag}>"
        if views:
            content = tile_row(views, lang, width=round(42 * scale))
        inline = ' style="display:flex;align-items:center;gap:0.5rem"' if compact else ""
        rows.append(f"<div{inline}><strong>{name}</strong>{content}</div>")
    gap = "0 1.5rem" if compact else "0 2rem"
    style = f"display:flex;flex-wrap:wrap;gap:{gap}"
    return f'<div class="pk-stacks" style="{style}">{"".join(rows)}</div>'


def stacks(
    table: Table,
    lang: Lang,
    you: int = 0,
    marks: dict[int, tuple[TileState, str]] | None = None,
    *,
    scale: float = 1.0,
    you_key: str = "draw.you_are",
    names: Names = None,
) -> None:
    """Each player's stack, drawn (`stacks_html`)."""
    html(stacks_html(table, lang, you, marks, scale=scale, you_key=you_key, names=names))


def kept_html(table: Table, lang: Lang, *, scale: float = 1.0) -> str:
    """The dice set aside this turn and their total (HTML)."""
    if not table.kept:
        return caption_html(t("draw.kept_none", lang))
    caption = caption_html(t("draw.kept_caption", lang, total=table.total))
    return caption + dice_row(table.kept, lang, size=round(44 * scale))


def kept(table: Table, lang: Lang, *, scale: float = 1.0) -> None:
    """The dice set aside this turn and their total, drawn."""
    html(kept_html(table, lang, scale=scale))


def situation(
    table: Table,
    lang: Lang,
    *,
    you: int = 0,
    marks: dict[int, tuple[TileState, str]] | None = None,
    show_kept: bool = True,
    scale: float = 1.0,
    you_key: str = "draw.you_are",
    compact: bool = False,
) -> None:
    """The whole table: the middle row, every stack and the dice kept.

    One element for the three: the browser builds every element again on each run, and the FAQ
    draws a dozen tables. `scale`, `you_key` and `compact` are those of `stacks_html`.
    """
    markup = middle_html(table, lang, marks, scale=scale)
    markup += stacks_html(table, lang, you, marks, scale=scale, you_key=you_key, compact=compact)
    html(markup + (kept_html(table, lang) if show_kept else ""))


def roll(
    faces: Sequence[str],
    kept_before: Sequence[str],
    lang: Lang,
    *,
    scale: float = 1.0,
    caption: str = "",
) -> None:
    """A roll, drawn (`roll_html`)."""
    html(roll_html(faces, kept_before, lang, scale=scale, caption=caption))


def roll_html(
    faces: Sequence[str],
    kept_before: Sequence[str],
    lang: Lang,
    *,
    scale: float = 1.0,
    caption: str = "",
) -> str:
    """A roll (HTML), dice showing a value already kept drawn faded; `caption` written above it."""
    faded = [face in kept_before for face in faces]
    above = caption_html(caption) if caption else ""
    return above + dice_row(faces, lang, faded=faded, size=round(52 * scale))


def tell(
    events: Sequence[Event],
    lang: Lang,
    you: int | None = 0,
    *,
    passing: bool = True,
    names: Names = None,
    title: str = "",
) -> None:
    """The events as a list of sentences, addressed to seat `you` (None: every player named).

    `passing=False` leaves out who plays next, for examples that stop at the end of one turn.
    `title`, in bold above the list, goes in the list's own element: one element fewer for the
    browser to build again on each of the sandbox's clicks.
    """
    shown = [event for event in events if passing or not isinstance(event, TurnPassed)]
    heading = f"**{title}**\n\n" if title else ""
    st.markdown(heading + "\n".join(f"- {line}" for line in story(shown, lang, you, names)))


def options_text(table: Table, lang: Lang) -> str:
    """The tiles stopping now may take, and where each one lies, joined by "or": one is taken."""
    found = [
        t("common.from_middle", lang, tile=option.tile)
        if option.source is None
        else t("common.from_player", lang, tile=option.tile, player=seat_name(option.source, lang))
        for option in table.options()
    ]
    return join_list(found, lang, word="or")


def replay(name: str, lang: Lang, *, attempt: tuple[str, str] | None = None) -> None:
    """A scenario played out: the table before, each roll and what it caused, the table after.

    `attempt` is (move kind, face): after the first move of that kind, keeping that face is tried
    and the engine's refusal shown, for the examples whose point is a move the rules forbid.
    """
    start, steps = walk(name)
    situation(start, lang)
    table = start
    for step in steps:
        move = step.move
        assert move is not None, "every step of a replayed scenario has its move"
        if move.faces is not None:
            roll(move.faces, table.kept, lang)
        if move.kind == "take" and len(table.options()) > 1:
            st.caption(t("common.options", lang, tiles=options_text(table, lang)))
        tell(step.events, lang, passing=False)
        if attempt is not None and move.kind == attempt[0]:
            try:
                step.table.keep(attempt[1])
            except IllegalMove as error:
                st.markdown(t("common.refused", lang, reason=refusal(error, lang)))
            attempt = None
        table = step.table
    situation(table, lang, marks=marks_from(steps[-1].events, lang), show_kept=False)


def failed_turn(
    before: Table,
    events: Sequence[Event],
    lang: Lang,
    *,
    scale: float = 1.0,
    names: Names = None,
) -> None:
    """A failed turn drawn, for the class to look at before the next player starts.

    The roll that failed (every die faded: its value was set aside already), the dice set aside,
    and the tiles that moved (the one put back, the one turned face down or spared). Told only in
    words, the moment was gone as soon as the next player's table was drawn.
    """
    failed = next((event for event in events if isinstance(event, TurnFailed)), None)
    if failed is None:
        return
    kept = list(before.kept)
    for event in events:
        if isinstance(event, Kept):
            kept += [event.face] * event.count
    with st.container(border=True):
        st.markdown(
            f"**{t('draw.failed_title', lang, player=seat_name(failed.player, lang, names))}**"
        )
        rolled = next((event for event in events if isinstance(event, Rolled)), None)
        if rolled is not None:
            roll(rolled.faces, kept, lang, scale=scale, caption=t("draw.failed_roll", lang))
        if kept:
            total = before.rules.total(tuple(kept))
            caption = caption_html(t("draw.kept_caption", lang, total=total))
            html(caption + dice_row(kept, lang, size=round(44 * scale)))
        marks = marks_from(events, lang)
        if marks:
            views = [
                TileView(tile, before.rules.worms(tile), state, badge)
                for tile, (state, badge) in marks.items()
            ]
            caption = caption_html(t("draw.failed_tiles", lang))
            html(caption + tile_row(views, lang, width=round(50 * scale)))
