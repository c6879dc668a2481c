"""The advice on a turn in sentences: the best move, the surest tile when it differs, and why.

Every page that advises a move (the sandbox, the Play page's hints, the classroom's board after a
reveal) says it with these functions, so one table gets the same advice wherever it is shown.
"""

from __future__ import annotations

from typing import Literal

from pickomino.figures import worms
from pickomino.game import Table
from pickomino.i18n import Lang, amount, chance_text, t
from pickomino.narrate import move_words
from pickomino.odds import Analysis, Choice, best_move

Aim = Literal["best", "success"]
"""What a move is marked for: the best move (the recommendation), or the surest tile."""


def best_for(analysis: Analysis, aim: Aim) -> Choice:
    """The move best for `aim`: the odds module's best move, or the highest chance of a tile."""
    return analysis.recommended if aim == "best" else analysis.best("success")


def _runner_up(analysis: Analysis, best: Choice, aim: Aim) -> Choice:
    """The best of the other moves for `aim`, to compare the advice with."""
    others = tuple(choice for choice in analysis.choices if choice is not best)
    return best_move(others) if aim == "best" else max(others, key=lambda c: c.outlook.success)


def _line(
    analysis: Analysis, table: Table, aim: Aim, lang: Lang, words: str = "odds"
) -> tuple[str, bool]:
    """One aim's advice, its best move against the next best; True when the two are equal.

    `words` is the section of content/ the sentence comes from: the full one (`odds`) or its one
    line for a projector (`sandbox.short`, the move without its figures). The best move is
    weighed in worms, or in worms against the others where a steal is in play.
    """
    best = best_for(analysis, aim)
    other = _runner_up(analysis, best, aim)
    shown = {
        "move": move_words(best.move, table, lang),
        "other": move_words(other.move, table, lang),
        "worms": worms(best.outlook.expected_worms, lang),
        "other_worms": worms(other.outlook.expected_worms, lang),
        "swing": worms(best.outlook.expected_swing, lang),
        "other_swing": worms(other.outlook.expected_swing, lang),
        "success": chance_text(best.outlook.success, lang),
        "other_success": chance_text(other.outlook.success, lang),
    }
    figure = "swing" if analysis.steal_in_play else "worms"
    name = figure if aim == "best" else "tile"
    mine = figure if aim == "best" else "success"
    tied = shown[mine] == shown[f"other_{mine}"]
    # the best move's figure said with its noun: "1.51 worms", "1,51 ver"
    shown["worms"] = amount("common.worms", best.outlook.expected_worms, lang)
    shown["swing"] = amount("common.worms", best.outlook.expected_swing, lang)
    if tied:
        return t(f"{words}.equal_{name}", lang, **shown), True
    if aim == "success":
        return t(f"{words}.recommend_tile", lang, **shown), False
    both = "both" if serves_both(analysis, lang) else "best"
    suffix = "_swing" if analysis.steal_in_play else ""
    return t(f"{words}.recommend_{both}{suffix}", lang, **shown), False


def serves_both(analysis: Analysis, lang: Lang) -> bool:
    """Whether the best move is also among the surest, as the figures show them.

    Then one piece of advice serves both aims, and no ring is drawn beside the star.
    """
    surest = chance_text(best_for(analysis, "success").outlook.success, lang)
    return chance_text(analysis.recommended.outlook.success, lang) == surest


def advice(analysis: Analysis, table: Table, lang: Lang, *, short: bool = False) -> list[str]:
    """The advice in sentences: the best move, the surest tile when it differs, why steals count.

    The two aims can disagree (three fives bring more worms, two worms make a tile surer): a
    learner told only one of them would find a tip and the sandbox contradicting each other, so
    when they disagree both are said, each opening with its aim; only the best move is starred.
    Where a steal is in play, the best move may bring fewer worms than another move, so the
    advice says in plain words why a steal counts twice. Equal figures are said to be equal
    rather than given as a reason. `short` leaves the figures out (each move's line beside its
    button gives them), so the advice takes a line per aim on a projector.
    """
    if len(analysis.choices) == 1:
        only = move_words(analysis.recommended.move, table, lang)
        return [t("odds.recommend_only", lang, move=only)]
    words = "sandbox.short" if short else "odds"
    for_best, tied = _line(analysis, table, "best", lang, words)
    said = [for_best]
    if tied or not serves_both(analysis, lang):
        said.append(_line(analysis, table, "success", lang, words)[0])
    if analysis.steal_in_play:
        said.append(t("odds.steal_twice", lang))
    return said


def recommendation(analysis: Analysis, table: Table, lang: Lang, *, short: bool = False) -> str:
    """The advice as one Markdown block, a paragraph per sentence."""
    return "\n\n".join(advice(analysis, table, lang, short=short))


def tiles_table(analysis: Analysis, lang: Lang) -> str:
    """The chance to end the turn on each tile value or more, and on exactly it (Markdown)."""
    head = (
        f"| {t('odds.col_tile', lang)} | {t('odds.col_at_least', lang)} "
        f"| {t('odds.col_exactly', lang)} |\n| ---: | ---: | ---: |"
    )
    rows = [
        f"| {tile} | {chance_text(low, lang)} | {chance_text(exact, lang)} |"
        for tile, low, exact in zip(
            analysis.tiles, analysis.outlook.at_least, analysis.outlook.exactly, strict=True
        )
    ]
    return "\n".join([head, *rows])
