"""Engine events told as sentences in the reader's language.

The engine only emits data; this is the one place that turns it into words, so every page (and
later the sandbox) tells the same event the same way. The player the page speaks to is `you`;
any other seat is named by number.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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
from pickomino.i18n import Lang, join_list, t, tn
from pickomino.rules import WORM


def seat_name(seat: int, lang: Lang) -> str:
    """How a seat is called: Player 1, Joueur 1, Speler 1 (seats count from 1 for people)."""
    return t("common.player", lang, n=seat + 1)


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
                new=join_list([face_name(f, lang) for f in new], lang),
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
        case TurnFailed(player=player, reason=reason, total=total):
            return t(
                f"event.failed.{reason}.{_who(player, you)}",
                lang,
                player=seat_name(player, lang),
                total=total,
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
