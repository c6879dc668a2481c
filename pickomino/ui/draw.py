"""Dice and tiles as SVG images, each with a text alternative for screen readers.

Pure string building (no Streamlit import), so the drawings can be tested and reused by any page.
A drawing holds no words and no size, so a page of 300 dice and tiles repeats a few dozen image
addresses (built once each), and the words are each image's `alt`, in the reader's language.
Colours follow the Okabe-Ito palette and every state a colour shows is also written as a badge
under the tile, so nothing is told by colour alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from typing import Final, Literal

from pickomino.i18n import Lang, t, tn
from pickomino.rules import WORM, Rules

TileState = Literal["up", "down", "gone", "option", "taken", "returned", "flipped", "spared"]
"""How a tile is drawn: face up, face down, an empty slot, or marked by what just happened to it."""

_SVG_NS: Final = "http://www.w3.org/2000/svg"
_INK: Final = "#1f1f1f"
_WORM_BODY: Final = "#e07a8f"
_WORM_EDGE: Final = "#8a3346"
_TILE_FACE: Final = "#f6ecd2"
_TILE_BACK: Final = "#5b4636"
_MARK: Final[dict[str, str]] = {
    "option": "#0072B2",  # blue
    "taken": "#009E73",  # bluish green
    "returned": "#E69F00",  # orange
    "flipped": "#D55E00",  # vermillion
    "spared": "#CC79A7",  # reddish purple
}
_MARK_TEXT: Final[dict[str, str]] = {
    "option": "#0072B2",
    "taken": "#007A5A",
    "returned": "#8F6000",
    "flipped": "#A84300",
    "spared": "#9E4A78",
}
"""The same hues darkened for the words under the tiles: text needs 4.5:1 against white, and the
outline colours read at 2.25:1 (orange) to 3.86:1 (vermillion); the blue already reads at 5.2:1."""

_PIPS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    "1": ((50, 50),),
    "2": ((28, 28), (72, 72)),
    "3": ((26, 26), (50, 50), (74, 74)),
    "4": ((28, 28), (72, 28), (28, 72), (72, 72)),
    "5": ((26, 26), (74, 26), (50, 50), (26, 74), (74, 74)),
}


_WORM_SPOTS: Final[dict[int, tuple[tuple[int, int, float], ...]]] = {
    1: ((20, 88, 0.6),),
    2: ((22, 68, 0.56), (22, 110, 0.56)),
    3: ((8, 72, 0.4), (52, 72, 0.4), (30, 114, 0.4)),
    4: ((8, 72, 0.4), (52, 72, 0.4), (8, 114, 0.4), (52, 114, 0.4)),
}
"""Where the worms of a tile sit (x, y, scale), by how many there are: one to four."""


_WORM_PATH: Final = "M10 42C22 14 38 14 48 34S72 56 88 24"
_WORM: Final = (
    f'<g fill="none" stroke="{_WORM_EDGE}" stroke-linecap="round">'
    f'<path d="{_WORM_PATH}" stroke-width="19"/>'
    f'<path d="{_WORM_PATH}" stroke="{_WORM_BODY}" stroke-width="13"/>'
    '<path d="M40 22L52 30" stroke-width="3"/><path d="M24 22L30 32M62 44L68 36" stroke-width="2"/>'
    '<circle cx="86" cy="22" r="4.2" fill="#ffffff" stroke="none"/>'
    f'<circle cx="87" cy="21.5" r="2.2" fill="{_INK}" stroke="none"/></g>'
)
"""A wriggling worm (outlined body, ring, eye) in a 100 x 60 box at the origin."""


def _placed(x: float, y: float, scale: float) -> str:
    return f'transform="translate({x} {y}) scale({scale})"'


def worm_shape(x: float, y: float, scale: float) -> str:
    """A wriggling worm fitted in a 100 x 60 box at (x, y)."""
    return f"<g {_placed(x, y, scale)}>{_WORM}</g>"


def _svg(view_box: str, body: str, *, faded: bool = False) -> str:
    """A drawing with no size of its own.

    The `<img>` that shows it sets the size, so one drawing serves every size (presentation mode,
    the smaller stacks) and a page repeats the same few images.
    """
    opacity = ' opacity="0.45"' if faded else ""
    return f'<svg xmlns="{_SVG_NS}" viewBox="{view_box}"{opacity}>{body}</svg>'


def face_label(face: str, lang: Lang) -> str:
    """What a screen reader says for one die."""
    if face == WORM:
        return t("draw.die_worm", lang)
    return t("draw.die_number", lang, face=face)


def die_svg(face: str, *, faded: bool = False) -> str:
    """One die showing `face`: pips for 1-5, a worm for the worm face.

    No words: what the die shows is said by the `alt` of its image, in the reader's language.
    """
    if face == WORM:
        inner = worm_shape(6, 22, 0.88)
    else:
        inner = "".join(
            f'<circle cx="{cx}" cy="{cy}" r="9" fill="{_INK}"/>' for cx, cy in _PIPS[face]
        )
    body = (
        f'<rect x="3" y="3" width="94" height="94" rx="18" fill="#ffffff" stroke="{_INK}" '
        f'stroke-width="5"/>{inner}'
    )
    return _svg("0 0 100 100", body, faded=faded)


@dataclass(frozen=True)
class TileView:
    """One tile to draw and the short badge that names its state in words."""

    tile: int
    worms: int
    state: TileState = "up"
    badge: str = ""


def tile_label(view: TileView, lang: Lang) -> str:
    """What a screen reader says for one tile: its number, its worms, its state."""
    if view.state == "gone":
        text = t("draw.tile_gone", lang, tile=view.tile)
    elif view.state == "down":
        text = t("draw.tile_down", lang, tile=view.tile)
    else:
        text = t("draw.tile_up", lang, tile=view.tile, worms=tn("common.worms", view.worms, lang))
    return f"{text}. {view.badge}" if view.badge else text


def tile_svg(view: TileView) -> str:
    """A tile: its number on top, its worms stacked below; face down it shows only its back.

    The badge is not drawn here (it is written under the image), and a tile of several worms
    draws one worm and places copies of it (`<use>`), a third of the markup.
    """
    if view.state == "gone":
        body = (
            '<rect x="5" y="5" width="90" height="150" rx="12" fill="none" stroke="#9a9a9a" '
            'stroke-width="4" stroke-dasharray="10 8"/>'
            f'<text x="50" y="92" font-size="34" text-anchor="middle" fill="#8a8a8a" '
            f'font-family="sans-serif">{view.tile}</text>'
        )
        return _svg("0 0 100 160", body)
    if view.state in ("down", "flipped"):
        edge = _MARK.get(view.state, _INK)
        body = (
            f'<rect x="5" y="5" width="90" height="150" rx="12" fill="{_TILE_BACK}" '
            f'stroke="{edge}" stroke-width="{8 if view.state == "flipped" else 4}"/>'
            '<path d="M20 20 L80 140 M80 20 L20 140" stroke="#8b735f" stroke-width="5"/>'
            f'<text x="50" y="92" font-size="30" text-anchor="middle" fill="#d9c9b6" '
            f'font-family="sans-serif" font-weight="bold">{view.tile}</text>'
        )
        return _svg("0 0 100 160", body)
    edge = _MARK.get(view.state, _INK)
    stroke = 9 if view.state in _MARK else 4
    spots = _WORM_SPOTS[min(max(view.worms, 1), 4)]
    worms = f'<defs><g id="w">{_WORM}</g></defs>' + "".join(
        f'<use href="#w" {_placed(x, y, scale)}/>' for x, y, scale in spots
    )
    body = (
        f'<rect x="5" y="5" width="90" height="150" rx="12" fill="{_TILE_FACE}" stroke="{edge}" '
        f'stroke-width="{stroke}"/>'
        f'<text x="50" y="48" font-size="40" text-anchor="middle" fill="{_INK}" '
        f'font-family="sans-serif" font-weight="bold">{view.tile}</text>'
        f'<line x1="16" y1="60" x2="84" y2="60" stroke="{_INK}" stroke-width="3"/>{worms}'
    )
    return _svg("0 0 100 160", body)


def data_uri(svg: str) -> str:
    """An SVG as a `data:` URI, percent-encoded rather than base64.

    A third shorter than base64 for this markup, and the browser reads it without decoding. Double
    quotes become single ones (the URI sits in a double-quoted attribute; the drawings quote no
    text), and `%` and `#` are escaped (`#` would start the URI's fragment).
    """
    return "data:image/svg+xml," + svg.replace("%", "%25").replace("#", "%23").replace('"', "'")


@cache
def die_source(face: str, faded: bool) -> str:
    """A die's image address, built once per face: a FAQ page shows about 300 dice and tiles."""
    return data_uri(die_svg(face, faded=faded))


@cache
def tile_source(tile: int, worms: int, state: TileState) -> str:
    """A tile's image address, built once per tile and state (the badge is not in the drawing)."""
    return data_uri(tile_svg(TileView(tile, worms, state)))


def as_image(source: str, label: str, width: int, height: int) -> str:
    """An image with alt text: one `<img>` per die or tile, so each has its own text alternative.

    The app's HTML sanitiser drops inline SVG elements but keeps images; `alt` is what screen
    readers read.
    """
    return (
        f'<img src="{source}" alt="{escape(label)}" '
        f'width="{width}" height="{height}" style="display:block">'
    )


_ROW_STYLE: Final = (
    "display:flex;flex-wrap:wrap;gap:{gap}px;align-items:flex-start;margin:0.25rem 0 0.75rem 0"
)
_CELL_STYLE: Final = (
    "display:flex;flex-direction:column;align-items:center;min-width:{width}px;"
    "font-size:0.85rem;line-height:1.15;text-align:center"
)


def _cell(image: str, words: str, width: int) -> str:
    """One die or tile of a row, its caption or badge under it; a bare image without words.

    In the row's flex box the image alone is laid out as its cell would be, and a FAQ page of 300
    drawings builds 300 fewer elements.
    """
    if not words:
        return image
    return f'<div style="{_CELL_STYLE.format(width=width)}">{image}{words}</div>'


def dice_row(
    faces: Sequence[str],
    lang: Lang,
    *,
    faded: Sequence[bool] = (),
    captions: Sequence[str] = (),
    size: int = 52,
) -> str:
    """A row of dice (HTML): faded ones are dice a rule sets apart, captions are written below."""
    cells = []
    for i, face in enumerate(faces):
        source = die_source(face, bool(faded[i]) if i < len(faded) else False)
        die = as_image(source, face_label(face, lang), size, size)
        caption = escape(captions[i]) if i < len(captions) else ""
        cells.append(_cell(die, f"<span>{caption}</span>" if caption else "", size))
    gap = 12 if captions else 6
    return f'<div style="{_ROW_STYLE.format(gap=gap)}">{"".join(cells)}</div>'


def tile_row(views: Sequence[TileView], lang: Lang, *, width: int = 58) -> str:
    """A row of tiles (HTML) that wraps on a narrow screen, badges written under the tiles."""
    cells = []
    for view in views:
        colour = _MARK_TEXT.get(view.state, _INK)
        badge = (
            f'<span style="color:{colour};font-weight:700">{escape(view.badge)}</span>'
            if view.badge
            else ""
        )
        source = tile_source(view.tile, view.worms, view.state)
        image = as_image(source, tile_label(view, lang), width, round(width * 1.6))
        cells.append(_cell(image, badge, width))
    return f'<div class="pk-tiles" style="{_ROW_STYLE.format(gap=8)}">{"".join(cells)}</div>'


def full_row(
    rules: Rules,
    middle: Sequence[int],
    face_down: Sequence[int] = (),
    marks: dict[int, tuple[TileState, str]] | None = None,
) -> list[TileView]:
    """Every tile of the rules in order, face up, face down or an empty place, or as `marks` say."""
    views = []
    for tile in rules.tiles:
        plain: TileState = "up" if tile in middle else "down" if tile in face_down else "gone"
        state, badge = (marks or {}).get(tile, (plain, ""))
        views.append(TileView(tile, rules.worms(tile), state, badge))
    return views
