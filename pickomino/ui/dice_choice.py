"""The roll drawn as the choices themselves: one button per value, the dice drawn on it.

A learner sets dice aside by value, so a roll is shown as its groups of equal dice, and each group
is the button that sets it aside: the dice, the move and (when the odds are shown) what it leads to
sit together, on a phone as on a projector. Each group is a plain `st.button` whose name says the
value, the count and the total it brings, so keyboards, screen readers, `AppTest` (by the button's
key) and the browser tests (by its name) use it as any other button; the dice are painted by this
module's style on the button's `::before`, a picture with no words of its own.

Why native buttons and not a custom component: a component's clicks cannot be made under `AppTest`,
which drives every sandbox and Play page test, and it would be one more frame for the browser to
build on each run; a button per group costs the elements the move's row cost before.

Shared by every page that offers a roll (the sandbox and the Play page, through
`common.offer`); it holds no game logic: the moves come from `Table.legal_moves`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import streamlit as st

from pickomino.figures import outlook_line
from pickomino.game import Move, Table
from pickomino.i18n import Lang, t
from pickomino.narrate import dice_text, face_name, move_words
from pickomino.odds import Analysis
from pickomino.ui.draw import die_source

Click = Callable[[Move], None]
"""What a move's button calls with its move."""

GROUP_CSS: Final = """<style>
.st-key-{prefix}_groups {{ flex-wrap: wrap; gap: 0.5rem; }}
.st-key-{prefix}_groups > * {{ flex: 1 1 0; max-width: 100%; }}
.st-key-{prefix}_groups button {{
  flex-direction: column; gap: 0.3rem; padding: 0.45rem 0.5rem; width: 100%;
}}
.st-key-{prefix}_groups button::before {{
  content: ""; display: block; flex: none; height: var(--pk-die, 2.4rem);
  background: left center / var(--pk-die, 2.4rem) var(--pk-die, 2.4rem) space;
}}
.st-key-{prefix}_groups button p {{ display: block; line-height: 1.3; }}
.st-key-{prefix}_groups button p + p {{ font-size: 0.8rem; font-weight: 400; margin-top: 0.2rem; }}
@media (max-width: 640px) {{
  [data-testid="stMain"] .st-key-{prefix}_groups button {{ padding: 0.3rem 0.35rem; }}
  [data-testid="stMain"] .st-key-{prefix}_groups button p {{
    font-size: 0.7rem; line-height: 1.25;
  }}
}}
</style>"""
"""A roll's groups side by side, wrapping on a narrow screen; each group's
dice painted above its words (`_PICTURE` sets each group's picture and width); what the move leads
to written small under its name, in the same button. On a phone, smaller still, on every page that
offers a roll, so the groups stay on the first screen."""

_PICTURE: Final = (
    '.st-key-{key} button::before {{ background-image: url("{source}"); '
    "width: calc({count} * var(--pk-die, 2.4rem) + {gaps} * 0.25rem); }}\n"
    ".st-key-{key} {{ min-width: max(var(--pk-group, 7.5rem), "
    "calc({count} * var(--pk-die, 2.4rem) + {gaps} * 0.25rem + 0.8rem)); }}"
)


def _css_source(face: str, faded: bool) -> str:
    """A die's address for a style sheet.

    No `<` is left in it: Streamlit's sanitiser would take it for markup inside the style element
    and drop the element whole.
    """
    return die_source(face, faded).replace("<", "%3C").replace(">", "%3E")


def outlook(move: Move, analysis: Analysis | None, marks: dict[Move, str], lang: Lang) -> str:
    """What a move leads to, for under or beside its button.

    Its mark (★, ◎) first; nothing while the odds are hidden.
    """
    if analysis is None:
        return ""
    line = outlook_line(analysis.choice(move).outlook, lang, swing=analysis.steal_in_play)
    return f"**{marks[move]}** · {line}" if move in marks else line


def label(move: Move, table: Table, lang: Lang) -> str:
    """A keep's button name: the move in its button words and the total it brings."""
    assert table.rolled is not None and move.face is not None
    total = table.rules.total((*table.kept, *[move.face] * table.rolled.count(move.face)))
    return t("dice_choice.gives", lang, move=move_words(move, table, lang, "button"), total=total)


def groups(
    table: Table,
    analysis: Analysis | None,
    marks: dict[Move, str],
    lang: Lang,
    click: Click,
    *,
    prefix: str,
    best: Move | None,
) -> None:
    """The waiting roll as one button per value, in the order the roll shows them.

    A value set aside earlier in the turn is still drawn, faded and disabled, so the whole roll
    shows and the learner sees why it is not offered. `best` is the advised move, the one primary
    button, with a star.
    """
    rolled = table.rolled
    assert rolled is not None
    faces = list(dict.fromkeys(rolled))
    keys = {face: f"{prefix}_{'kept' if face in table.kept else 'keep'}_{face}" for face in faces}
    pictures = [
        _PICTURE.format(
            key=keys[face],
            source=_css_source(face, face in table.kept),
            count=rolled.count(face),
            gaps=rolled.count(face) - 1,
        )
        for face in faces
    ]
    st.html(GROUP_CSS.format(prefix=prefix) + "<style>" + "\n".join(pictures) + "</style>")
    # One button per group, its odds in its own label: each element a click sends again costs the
    # browser a redraw ([speed](../../docs/speed.md)), and a group, its button and its odds line
    # were three.
    with st.container(horizontal=True, key=f"{prefix}_groups"):
        for face in faces:
            if face in table.kept:
                st.button(
                    t(
                        "dice_choice.kept",
                        lang,
                        face=face_name(face, lang),
                        dice=dice_text(rolled.count(face), lang),
                    ),
                    key=keys[face],
                    disabled=True,
                    width="stretch",
                )
                continue
            move = Move("keep", face=face)
            line = outlook(move, analysis, marks, lang)
            st.button(
                label(move, table, lang) + (f"\n\n{line}" if line else ""),
                key=keys[face],
                icon=":material/star:" if move == best else None,
                type="primary" if move == best else "secondary",
                on_click=click,
                args=(move,),
                width="stretch",
            )
