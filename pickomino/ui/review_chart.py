"""The game review's chart: each seat's worms given up, added up turn after turn (Plotly).

Pure like `charts` (no Streamlit), in its looks: its type sizes, the Okabe-Ito palette, no zoom,
and a text alternative. The lines are told apart by their dash and their markers as well as by
their colour, and each carries the seat's name in the legend, so no one needs the colours.
"""

from __future__ import annotations

from typing import Final

import plotly.graph_objects as go

from pickomino.i18n import Lang, join_list, t
from pickomino.narrate import Names, seat_label
from pickomino.review import Review
from pickomino.ui.charts import INK, OKABE_ITO, Chart, _style
from pickomino.ui.odds_panel import worms

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
