"""The odds explorer's charts as Plotly figures, built from the odds module's answers.

Pure functions of the figures and the language (no Streamlit), so the tests read the data a chart
shows straight from its spec. Every chart is meant for a projector as much as a phone: large type,
values written on the marks, tile numbers as categories, the Okabe-Ito colour-blind-safe palette,
and meaning carried by labels and patterns as well as by colour. Each comes with a text alternative
that states its key figures, for screen readers and for anyone who cannot see the colours.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any, Final, Literal, NamedTuple

import plotly.graph_objects as go

from pickomino.game import Table
from pickomino.i18n import NARROW_NBSP, Lang, amount, chance_text, join_list, number, percent, t, tn
from pickomino.lessons.explore import BustGrid
from pickomino.narrate import face_name, move_words
from pickomino.odds import TIE, Analysis, Choice

OKABE_ITO: Final = {
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
    "black": "#000000",
}
"""Okabe and Ito's palette, told apart with every common colour-vision deficiency."""

FONT: Final = 18
"""Base type size in pixels: large enough to read from the back of a classroom.

Streamlit's chart theme replaces the layout's base font, so every text sets its size itself."""

INK: Final = "#1f1f1f"
"""The app's text colour (.streamlit/config.toml fixes the light theme): values and ticks stay
dark on white, where the theme's grey is too faint for a projector."""

CONFIG: Final[dict[str, Any]] = {"displayModeBar": False, "scrollZoom": False, "responsive": True}
"""Plotly's own toolbar is English only and zooming a bar chart helps nobody: both are off."""

BAR_ROW: Final = 56
"""Height in pixels given to each row of a horizontal bar chart."""


class Chart(NamedTuple):
    """A figure and the text alternative that says what it shows."""

    figure: go.Figure
    alt: str


TITLE_CHARS: Final = 32
"""Titles wrap after about this many characters: Plotly never wraps, and a phone is narrow."""

AXIS_CHARS: Final = 30
"""Axis titles wrap after about this many characters (a phone's plot is narrower than its title)."""


def wrap(text: str, width: int) -> str:
    """`text` broken into Plotly lines (`<br>`) of at most `width` characters where it can be."""
    return "<br>".join(textwrap.wrap(text, width)) or text


def _style(figure: go.Figure, title: str, lang: Lang, plot: int, above: int = 0) -> go.Figure:
    """Shared looks: big type, the reader's decimal mark, no zoom or drag, room for labels.

    Titles and axis titles are wrapped so that they fit a phone as well as a projector; `plot` is
    the height of the plotting area and `above` the room a legend or a top axis needs under the
    title, so the figure grows with the title's lines instead of squeezing the plot.
    """
    title = wrap(title, TITLE_CHARS)
    top = 30 + 30 * (title.count("<br>") + 1) + above
    height = plot + top + 80
    for axis in (figure.layout.xaxis, figure.layout.yaxis):
        if axis.title.text:
            axis.title.text = wrap(axis.title.text, AXIS_CHARS)
    figure.update_layout(
        title={
            "text": title,
            "font": {"size": FONT + 4},
            "yref": "container",
            # Plotly anchors a title on its first line, whatever the anchor asked: that line's
            # middle goes 30 px below the top, so further lines grow downwards into the margin.
            "y": 1 - 30 / height,
        },
        font={"size": FONT},
        height=height,
        separators=_separators(lang),
        dragmode=False,
        margin={"l": 10, "r": 10, "t": top, "b": 10},
        legend={
            "orientation": "h",
            "yanchor": "bottom",
            "y": 1.0,
            "x": 0,
            "title": None,
            "font": {"size": FONT, "color": INK},
        },
        hoverlabel={"font": {"size": FONT}},
    )
    axis = {
        "fixedrange": True,
        "automargin": True,
        "title_standoff": 8,
        "tickfont": {"size": FONT, "color": INK},
        "title_font": {"size": FONT, "color": INK},
    }
    figure.update_xaxes(**axis)
    figure.update_yaxes(**axis)
    return figure


def _separators(lang: Lang) -> str:
    """Plotly's decimal and thousands marks for the numbers it writes itself (axis ticks).

    The decimal mark comes from `number`, so ticks and labels never disagree.
    """
    decimal = number(0.5, lang, 1)[1]
    return decimal + ("," if decimal == "." else NARROW_NBSP)


def _percent_axis(lang: Lang, top: float = 1.0) -> dict[str, Any]:
    """An axis from 0 to 100 % with the reader's notation (ticks written out, not formatted)."""
    ticks = [0.0, 0.25, 0.5, 0.75, 1.0]
    return {
        "range": [0, top],
        "tickvals": ticks,
        "ticktext": [percent(tick, lang, 0) for tick in ticks],
    }


# ----- bust chance by dice in hand and faces kept -----------------------------------------------


def bust_heatmap(grid: BustGrid, lang: Lang, mark: tuple[int, int] | None = None) -> Chart:
    """The bust chance for each number of dice in hand (rows) and of faces kept (columns).

    `mark` is (dice in hand, faces kept) of the table being explored: its cell is outlined and
    named in the alt text.
    """
    rows = [str(n) for n in grid.dice]
    columns = [str(k) for k in grid.kept_faces]
    z = [[grid.chances[k][i] for k in range(len(columns))] for i in range(len(rows))]
    text = [["" if v is None else chance_text(v, lang, sign=False) for v in row] for row in z]
    hover = [["" if v is None else chance_text(v, lang) for v in row] for row in z]
    figure = go.Figure(
        go.Heatmap(
            x=columns,
            y=rows,
            z=z,
            text=text,
            customdata=hover,
            texttemplate="%{text}",
            textfont={"size": FONT},
            colorscale="Cividis",
            zmin=0,
            zmax=1,
            xgap=3,
            ygap=3,
            showscale=False,
            hoverongaps=False,
            hovertemplate=t(
                "explorer.bust.hover", lang, dice="%{y}", kept="%{x}", chance="%{customdata}"
            )
            + "<extra></extra>",
        )
    )
    if mark is not None:
        dice, kept = mark
        row = grid.dice.index(dice)
        figure.add_shape(
            type="rect",
            x0=kept - 0.5,
            x1=kept + 0.5,
            y0=row - 0.5,
            y1=row + 0.5,
            line={"color": OKABE_ITO["vermillion"], "width": 5},
        )
    figure.update_xaxes(type="category", title=t("explorer.bust.x", lang), side="top")
    figure.update_yaxes(type="category", title=t("explorer.bust.y", lang), autorange="reversed")
    _style(figure, t("explorer.bust.title", lang), lang, 52 * len(rows), above=70)
    return Chart(figure, bust_alt(grid, lang, mark))


def bust_alt(grid: BustGrid, lang: Lang, mark: tuple[int, int] | None) -> str:
    """The heatmap in words: the rule, a few landmarks, and the explored table's own cell."""
    faces = len(grid.kept_faces)
    last = grid.kept_faces[-1]
    text = t(
        "explorer.bust.alt",
        lang,
        faces=faces,
        one=chance_text(grid.chances[last][0] or 0.0, lang),
        kept=last,
    )
    if mark is not None:
        dice, kept = mark
        value = grid.chances[kept][grid.dice.index(dice)]
        if value is not None:
            here = t(
                "explorer.bust.alt_here",
                lang,
                dice=dice,
                kept=kept,
                chance=chance_text(value, lang),
            )
            text = f"{text} {here}"
    return text


# ----- reaching each tile -----------------------------------------------------------------------


def reach_bars(analysis: Analysis, lang: Lang) -> Chart:
    """For each tile, the best chance of ending the turn on a total at least / exactly that."""
    tiles = [str(tile) for tile in analysis.tiles]
    outlook = analysis.outlook
    figure = go.Figure()
    for name, values, colour, pattern in (
        ("at_least", outlook.at_least, OKABE_ITO["blue"], ""),
        ("exactly", outlook.exactly, OKABE_ITO["orange"], "/"),
    ):
        label = t(f"explorer.reach.{name}", lang)
        figure.add_bar(
            name=label,
            y=tiles,
            x=list(values),
            orientation="h",
            text=[chance_text(value, lang) for value in values],
            textposition="outside",
            constraintext="none",
            cliponaxis=False,
            textfont={"size": FONT - 2, "color": INK},
            marker={
                "color": colour,
                "pattern": {"shape": pattern, "fgcolor": "#ffffff", "fillmode": "overlay"},
            },
            hovertemplate=f"{t('explorer.reach.tile', lang)} %{{y}} · {label}: %{{text}}"
            + "<extra></extra>",
        )
    figure.update_yaxes(type="category", title=t("explorer.reach.y", lang), autorange="reversed")
    figure.update_xaxes(title=t("explorer.reach.x", lang), **_percent_axis(lang, 1.22))
    figure.update_layout(barmode="group", bargap=0.2, bargroupgap=0.0)
    _style(figure, t("explorer.reach.title", lang), lang, BAR_ROW * len(tiles), above=40)
    return Chart(figure, reach_alt(analysis, lang))


def reach_alt(analysis: Analysis, lang: Lang) -> str:
    """The chance of any tile, and the tile each chance is likeliest to land on exactly."""
    outlook = analysis.outlook
    likeliest = max(range(len(analysis.tiles)), key=lambda i: outlook.exactly[i])
    reachable = [
        tile for tile, chance in zip(analysis.tiles, outlook.at_least, strict=True) if chance > 0
    ]
    return t(
        "explorer.reach.alt",
        lang,
        success=chance_text(outlook.success, lang),
        tile=analysis.tiles[likeliest],
        exactly=chance_text(outlook.exactly[likeliest], lang),
        highest=reachable[-1] if reachable else "—",
    )


# ----- keeping each face of a roll --------------------------------------------------------------


def keep_words(face: str, count: int, lang: Lang) -> dict[str, str]:
    """A keep in words: the face, and how many dice show it."""
    return {"face": face_name(face, lang), "dice": tn("explorer.keep.dice", count, lang)}


Measure = Literal["success", "expected_worms"]
"""What the keep chart compares: the chance of taking a tile, or the worms gained on average."""


def _measure_text(value: float, measure: Measure, lang: Lang) -> str:
    return chance_text(value, lang) if measure == "success" else number(value, lang, 2)


def keep_bars(analysis: Analysis, table: Table, lang: Lang, measure: Measure) -> Chart:
    """For each face the waiting roll of `table` lets you keep, the best `measure` after it.

    Late in a turn every keep may already make a tile sure, so the expected worms tell the keeps
    apart where the chance cannot. The best bar is drawn cross-hatched and starred, so it stands
    out without relying on its colour.
    """
    assert table.rolled is not None
    keeps = [choice for choice in analysis.choices if choice.move.kind == "keep"]
    counts = [table.rolled.count(choice.move.face) for choice in keeps]
    labels = [move_words(choice.move, table, lang, "bar") for choice in keeps]
    values = [getattr(choice.outlook, measure) for choice in keeps]
    best = max(values)
    starred = [value >= best - TIE for value in values]
    texts = [_measure_text(value, measure, lang) for value in values]
    figure = go.Figure(
        go.Bar(
            x=labels,
            y=values,
            text=[f"★ {text}" if star else text for text, star in zip(texts, starred, strict=True)],
            textposition="outside",
            constraintext="none",
            cliponaxis=False,
            textfont={"size": FONT, "color": INK},
            marker={
                "color": [OKABE_ITO["green"] if s else OKABE_ITO["sky"] for s in starred],
                "pattern": {
                    "shape": ["x" if s else "" for s in starred],
                    "fgcolor": "#ffffff",
                    "fillmode": "overlay",
                },
            },
            hovertemplate="%{x}: %{text}<extra></extra>",
        )
    )
    figure.update_xaxes(type="category", title=t("explorer.keep.x", lang), tickangle=0)
    if measure == "success":
        figure.update_yaxes(
            title=t(f"explorer.keep.y_{measure}", lang), **_percent_axis(lang, 1.15)
        )
    else:
        low, high = min(0.0, *values), max(0.0, *values)
        span = max(high - low, 1.0)
        figure.update_yaxes(
            title=t(f"explorer.keep.y_{measure}", lang),
            range=[low - 0.15 * span if low < 0 else 0, high + 0.15 * span],
            zeroline=True,
            zerolinewidth=2,
            zerolinecolor=OKABE_ITO["black"],
        )
    _style(figure, t(f"explorer.keep.title_{measure}", lang), lang, 320, above=20)
    words = [keep_words(c.move.face, n, lang) for c, n in zip(keeps, counts, strict=True)]
    return Chart(figure, keep_alt(words, texts, measure, lang))


def keep_alt(
    words: Sequence[dict[str, str]], texts: Sequence[str], measure: Measure, lang: Lang
) -> str:
    """Every keep with its figure, in the bars' order."""
    pairs = [
        t("explorer.keep.alt_item", lang, value=text, **keep)
        for keep, text in zip(words, texts, strict=True)
    ]
    return t(f"explorer.keep.alt_{measure}", lang, keeps=join_list(pairs, lang))


# ----- rolling on or stopping -------------------------------------------------------------------


def _choice_colour(choice: Choice) -> str:
    if choice.move.kind == "take":
        return OKABE_ITO["blue"] if choice.source is None else OKABE_ITO["purple"]
    return OKABE_ITO["orange"] if choice.move.kind == "roll" else OKABE_ITO["vermillion"]


def choice_bars(analysis: Analysis, table: Table, lang: Lang) -> Chart:
    """What each move open after a keep is worth: every tile on offer, stopping, rolling.

    The bars show the measure the best move is chosen on, so the starred, hatched bar is the
    longest: the expected worms, or where a steal is in play the worms against the others (a
    steal counting twice, `Analysis.steal_in_play`). A failed turn loses the top tile's worms,
    so values can be negative.
    """
    choices = list(analysis.choices)
    swing = analysis.steal_in_play
    words = "_swing" if swing else ""
    labels = [move_words(choice.move, table, lang, "bar") for choice in choices]
    worms = [c.outlook.expected_swing if swing else c.outlook.expected_worms for c in choices]
    chosen = [choice == analysis.recommended for choice in choices]
    figure = go.Figure(
        go.Bar(
            y=labels,
            x=worms,
            orientation="h",
            text=[
                f"★ {number(w, lang, 2)}" if star else number(w, lang, 2)
                for w, star in zip(worms, chosen, strict=True)
            ],
            textposition="outside",
            constraintext="none",
            cliponaxis=False,
            textfont={"size": FONT, "color": INK},
            customdata=[
                [chance_text(choice.outlook.success, lang), amount("common.worms", w, lang)]
                for choice, w in zip(choices, worms, strict=True)
            ],
            marker={
                "color": [_choice_colour(choice) for choice in choices],
                "pattern": {
                    "shape": ["x" if s else "" for s in chosen],
                    "fgcolor": "#ffffff",
                    "fillmode": "overlay",
                },
            },
            hovertemplate=t(
                f"explorer.choice.hover{words}",
                lang,
                worms="%{customdata[1]}",
                chance="%{customdata[0]}",
            )
            + "<extra></extra>",
        )
    )
    low = min(0.0, *worms)
    high = max(0.0, *worms)
    span = max(high - low, 1.0)
    figure.update_xaxes(
        title=t(f"explorer.choice.x{words}", lang),
        range=[low - 0.3 * span if low < 0 else 0, high + 0.35 * span],
        zeroline=True,
        zerolinewidth=2,
        zerolinecolor=OKABE_ITO["black"],
    )
    figure.update_yaxes(type="category", autorange="reversed")
    _style(figure, t(f"explorer.choice.title{words}", lang), lang, 70 * len(choices))
    return Chart(figure, choice_alt(analysis, labels, worms, lang))


def choice_alt(
    analysis: Analysis, labels: Sequence[str], worms: Sequence[float], lang: Lang
) -> str:
    """Each move's bar (`worms`, as `choice_bars` draws it) and chance of a tile; the best."""
    words = "_swing" if analysis.steal_in_play else ""
    items = [
        t(
            f"explorer.choice.alt_item{words}",
            lang,
            choice=label,
            worms=amount("common.worms", value, lang),
            chance=chance_text(choice.outlook.success, lang),
        )
        for label, value, choice in zip(labels, worms, analysis.choices, strict=True)
    ]
    best = labels[analysis.choices.index(analysis.recommended)]
    return t("explorer.choice.alt", lang, choices=join_list(items, lang), best=best)
