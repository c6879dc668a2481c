"""Engine events told as sentences in the reader's language.

The engine only emits data; this is the one place that turns it into words, so every page (and
later the sandbox) tells the same event the same way. The player the page speaks to is `you`;
any other seat is named by number.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pickomino.events import (
    Event,
    GameOver,
    Kept,
    NothingFlipped,
    Rolled,
    TileFlipped,
    TileReturned,
    TileSpared,
    TookTile,
    TurnFailed,
    TurnPassed,
)
from pickomino.game import Move, Table
from pickomino.i18n import Lang, join_list, t, tn
from pickomino.rules import WORM

MoveForm = Literal["button", "phrase", "bar"]
"""Where a move is named: on its button ("Set aside the 5s (3 dice)"), inside a sentence ("set aside
the 3 dice showing a 5"), or under a chart's bar ("5" over "×3")."""

_FAMILY: dict[MoveForm, str] = {
    "button": "sandbox",
    "phrase": "odds.move",
    "bar": "explorer.choice",
}


def seat_name(seat: int, lang: Lang) -> str:
    """How a seat is called: Player 1, Joueur 1, Speler 1 (seats count from 1 for people)."""
    return t("common.player", lang, n=seat + 1)


def seat_label(seat: int, lang: Lang) -> str:
    """A seat's name standing alone, as a label or a heading: capitalised ("Joueur 2").

    French seat names are written lower case ("joueur 2") so that sentences can give them their
    article ("au joueur 2", "le tour du joueur 2"); a label starts with a capital all the same.
    """
    name = seat_name(seat, lang)
    return name[:1].upper() + name[1:]


def face_name(face: str, lang: Lang) -> str:
    """A face as a word: the digit, or the reader's word for worm."""
    return t("common.worm_face", lang) if face == WORM else face


def face_shown(face: str, lang: Lang) -> str:
    """A face as what a die shows: "a worm", "a 5" (with the article each language wants)."""
    if face == WORM:
        return t("common.showing_worm", lang)
    return t("common.showing_number", lang, face=face)


def dice_text(count: int, lang: Lang) -> str:
    """A number of dice in words: "1 die", "6 dice"."""
    return tn("common.dice", count, lang)


def faces_text(faces: Iterable[str], lang: Lang) -> str:
    """Faces of a roll as text, in roll order."""
    return ", ".join(face_name(face, lang) for face in faces)


def _who(player: int, you: int | None) -> str:
    return "you" if player == you else "they"


def sentence(event: Event, lang: Lang, you: int | None = 0) -> str:
    """One event as one sentence, addressed to seat `you`."""
    match event:
        case Rolled(player=player, faces=faces, new_faces=new):
            key = f"event.rolled.{_who(player, you)}"
            if not new:
                key = f"event.rolled_bust.{_who(player, you)}"
            return t(
                key,
                lang,
                player=seat_name(player, lang),
                faces=faces_text(faces, lang),
                new=join_list([face_name(f, lang) for f in new], lang, word="or"),
            )
        case Kept(player=player, face=face, count=count, total=total, dice_left=left):
            kind = "kept" if left else "kept_last"
            return tn(
                f"event.{kind}.{_who(player, you)}",
                count,
                lang,
                player=seat_name(player, lang),
                face=face_shown(face, lang),
                total=total,
                left=dice_text(left, lang),
            )
        case TookTile(player=player, tile=tile, total=total, source=source, reason=reason):
            return t(
                f"event.took.{reason}.{_who(player, you)}",
                lang,
                player=seat_name(player, lang),
                tile=tile,
                total=total,
                victim=seat_name(source, lang) if source is not None else "",
            )
        case TurnFailed(player=player, reason=reason, total=total, lowest=lowest):
            # below every tile: told as such, with the lowest tile named
            told = "too_low" if reason == "no_tile" and total < lowest else reason
            return t(
                f"event.failed.{told}.{_who(player, you)}",
                lang,
                player=seat_name(player, lang),
                total=total,
                lowest=lowest,
            )
        case TileReturned(player=player, tile=tile):
            return t(
                f"event.returned.{_who(player, you)}",
                lang,
                player=seat_name(player, lang),
                tile=tile,
            )
        case TileFlipped(tile=tile):
            return t("event.flipped", lang, tile=tile)
        case TileSpared(tile=tile):
            return t("event.spared", lang, tile=tile)
        case NothingFlipped(player=player):
            return t(
                f"event.nothing_flipped.{_who(player, you)}", lang, player=seat_name(player, lang)
            )
        case TurnPassed(player=player):
            return t("event.passed", lang, player=seat_name(player, lang))
        case GameOver(winners=winners):
            names = [seat_name(seat, lang) for seat in winners]
            return tn("event.game_over", len(names), lang, winners=join_list(names, lang))
    raise TypeError(f"no sentence for event {event!r}")


def story(events: Sequence[Event], lang: Lang, you: int | None = 0) -> list[str]:
    """Sentences for a run of events, in order."""
    return [sentence(event, lang, you) for event in events]


def move_words(move: Move, table: Table, lang: Lang, form: MoveForm = "phrase") -> str:
    """A move open on `table`, in words of the `form` its place needs.

    The one place that words a move, so a button, the advice that recommends it and the chart
    that compares it always name it alike: the dice a keep sets aside, the seat a steal robs.
    """
    family = _FAMILY[form]
    if move.kind == "keep":
        assert table.rolled is not None
        count = table.rolled.count(move.face)
        if form == "bar":  # two short lines, so six bars fit a phone; the axis says what × counts
            return f"{face_name(move.face, lang)}<br>×{count}"
        if form == "phrase":
            return tn("odds.move.keep", count, lang, face=face_shown(move.face, lang))
        key = "sandbox.keep_worm" if move.face in table.rules.worm_faces else "sandbox.keep"
        return tn(key, count, lang, face=face_name(move.face, lang))
    if move.kind == "take":
        source = next(option.source for option in table.options() if option.tile == move.tile)
        if source is None:
            return t(f"{family}.take", lang, tile=move.tile)
        return t(f"{family}.steal", lang, tile=move.tile, player=seat_name(source, lang))
    if move.kind == "roll" and form != "bar":
        return tn(f"{family}.roll", table.in_hand, lang)
    return t(f"{family}.{move.kind}", lang)
