"""The game review's charts: each seat's worms given up, and its chance of winning (Plotly).

Pure like `charts` (no Streamlit), in its looks: its type sizes, the Okabe-Ito palette, no zoom,
and a text alternative. The lines are told apart by their dash and their markers as well as by
their colour, and each carries the seat's name in the legend, so no one needs the colours.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import plotly.graph_objects as go

from pickomino.figures import worms
from pickomino.i18n import Lang, chance_text, join_list, t
from pickomino.narrate import Names, games_in_ten, seat_label
from pickomino.review import Review
from pickomino.ui.charts import INK, OKABE_ITO, Chart, _style
from pickomino.value import DecisionChance

COLOURS: Final = ("blue", "orange", "green", "purple", "vermillion", "sky", "black")
"""One Okabe-Ito colour per seat (at most seven), the yellow left out: too faint on white."""
DASHES: Final = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot", "solid")
SYMBOLS: Final = ("circle", "square", "diamond", "triangle-up", "x", "star", "cross")
PLOT: Final = 320
"""Height of the plotting area in pixels."""


def cost_lines(graded: Review, lang: Lang, names: Names = None) -> Chart:
    """One line per seat: the worms it gave up against the expert's moves, from turn 0 to the end.

    A seat's line only climbs on its own turns, so it is drawn as steps: flat over the others'
    turns, up at the end of a costly one. The x axis counts turns from 1, as the page does.
    """
    figure = go.Figure()
    turns = list(range(graded.turns + 1))  # 0: before the first turn, nothing given up yet
    for seat in graded.seats:
        name = seat_label(seat.seat, lang, names)
        values = [0.0, *graded.cumulative(seat.seat)]
        figure.add_scatter(
            x=turns,
            y=values,
            name=name,
            mode="lines+markers",
            line={
                "shape": "hv",
                "width": 3,
                "color": OKABE_ITO[COLOURS[seat.seat]],
                "dash": DASHES[seat.seat],
            },
            marker={"symbol": SYMBOLS[seat.seat], "size": 7},
            customdata=[worms(value, lang) for value in values],
            hovertemplate=t(
                "review_page.chart.hover", lang, player=name, turn="%{x}", worms="%{customdata}"
            )
            + "<extra></extra>",
        )
    top = max((seat.total_cost for seat in graded.seats), default=0.0)
    figure.update_xaxes(title=t("review_page.chart.x", lang), rangemode="tozero")
    figure.update_yaxes(
        title=t("review_page.chart.y", lang),
        range=[0, max(top, 0.5) * 1.1],
        zeroline=True,
        zerolinewidth=2,
        zerolinecolor=INK,
    )
    _style(figure, t("review_page.chart.title", lang), lang, PLOT, above=30 * len(graded.seats))
    return Chart(figure, cost_alt(graded, lang, names))


def cost_alt(graded: Review, lang: Lang, names: Names = None) -> str:
    """Each seat's total by the end and its costliest turn, in words."""
    items = []
    for seat in graded.seats:
        player = seat_label(seat.seat, lang, names)
        per_turn = graded.per_turn(seat.seat)
        if not seat.total_cost:
            items.append(t("review_page.chart.alt_item_none", lang, player=player))
            continue
        costliest = max(range(graded.turns), key=lambda turn: per_turn[turn])
        items.append(
            t(
                "review_page.chart.alt_item",
                lang,
                player=player,
                total=worms(seat.total_cost, lang),
                turn=costliest + 1,
                cost=worms(per_turn[costliest], lang),
            )
        )
    return t("review_page.chart.alt", lang, turns=graded.turns, items=join_list(items, lang))


def seat_chances(
    chances: Sequence[DecisionChance], turns: Sequence[int], start: Sequence[float]
) -> tuple[dict[int, float], ...]:
    """Per seat, its chance of winning by turn: `start` at turn 0, then after each of its turns.

    `turns[i]` is the turn (from 1) of the record's move i. A turn of several decisions counts its
    last one, as a chess engine's graph shows the evaluation after each move, not each thought.
    """
    found = tuple({0: chance} for chance in start)
    for chance in chances:
        found[chance.seat][turns[chance.index]] = chance.after
    return found


def chance_lines(
    chances: Sequence[DecisionChance],
    turns: Sequence[int],
    start: Sequence[float],
    lang: Lang,
    names: Names = None,
) -> Chart:
    """One line per seat: its chance of winning after each of its turns, from 0 to 100 %.

    Drawn straight from point to point (the chance moves on the others' turns too, unseen here),
    with the same colour, dash and marker per seat as the worms chart.
    """
    figure = go.Figure()
    series = seat_chances(chances, turns, start)
    items = []
    for seat, points in enumerate(series):
        name = seat_label(seat, lang, names)
        values = list(points.values())
        figure.add_scatter(
            x=list(points),
            y=values,
            name=name,
            mode="lines+markers",
            line={"width": 3, "color": OKABE_ITO[COLOURS[seat]], "dash": DASHES[seat]},
            marker={"symbol": SYMBOLS[seat], "size": 7},
            customdata=[chance_text(value, lang, 0) for value in values],
            hovertemplate=t(
                "review_page.chances.hover", lang, player=name, turn="%{x}", chance="%{customdata}"
            )
            + "<extra></extra>",
        )
        first, last = games_in_ten(values[0], lang), games_in_ten(values[-1], lang)
        items.append(t("review_page.chances.alt_item", lang, player=name, first=first, last=last))
    figure.update_xaxes(title=t("review_page.chances.x", lang), rangemode="tozero")
    figure.update_yaxes(
        title=t("review_page.chances.y", lang), range=[0, 1.05], tickformat=".0%", dtick=0.25
    )
    _style(figure, t("review_page.chances.title", lang), lang, PLOT, above=30 * len(series))
    alt = t(
        "review_page.chances.alt", lang, turns=max(turns, default=0), items=join_list(items, lang)
    )
    return Chart(figure, alt)
