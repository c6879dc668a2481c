"""A move's figures in the reader's words: its chance of a tile, its worms, its swing.

The odds panel, the Play page's reasons, the review and the classroom's projector quote a move's
figures; they are worded here once, so a figure reads the same on every page.
"""

from __future__ import annotations

from pickomino.i18n import Lang, amount, chance_text, number, t
from pickomino.odds import Outlook


def worms(value: float, lang: Lang) -> str:
    """An expected number of worms: two decimals, the reader's decimal mark and minus sign."""
    return number(value, lang, 2)


def outlook_line(
    outlook: Outlook, lang: Lang, template: str = "odds.outlook", *, swing: bool = False
) -> str:
    """The figures that sum up a move: chance of a tile, expected worms (and the swing).

    `template` words them for where they stand: a line beside a button by default, or the
    words a sentence needs ("a tile 89% of the time, 1.51 worms on average"). `swing` adds what
    the move is worth against the others, for a table where a steal is in play
    (`Analysis.steal_in_play`): there the best move is chosen on that figure, so it is shown.
    """
    return t(
        f"{template}_swing" if swing else template,
        lang,
        success=chance_text(outlook.success, lang),
        worms=amount("common.worms", outlook.expected_worms, lang),
        swing=worms(outlook.expected_swing, lang),
    )
