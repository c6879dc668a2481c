"""Engine events, and its refusals, told as sentences in the reader's language.

The engine only emits data; this is the one place that turns it into words, so every page (and
every activity, `pickomino.activities`) tells the same event or refusal the same way. The player
the page speaks to is `you`; any other seat is named by number, or by its own name in a game
between named players.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pickomino.errors import CodedError
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
from pickomino.i18n import LANGS, Lang, OwnName, join_list, t, tn
from pickomino.names import safe_name
from pickomino.review import chance_verdict
from pickomino.rules import WORM, Rules
from pickomino.value import DecisionChance, in_ten

MoveForm = Literal["button", "phrase", "told", "bar"]
"""Where a move is named: on its button ("Set aside the 5s (3 dice)"), inside a sentence said to
the player ("set aside the 3 dice showing a 5", French "vous arrêter"), inside a sentence told of
anyone, a bot or the expert (`told`: French "s'arrêter", Dutch "in de hand"), or under a chart's
bar ("5" over "×3")."""

_FAMILY: dict[MoveForm, str] = {
    "button": "sandbox",
    "phrase": "odds.move",
    "told": "odds.move",
    "bar": "explorer.choice",
}


Names = Sequence[str] | None
"""The seats' own names in a game between named players (None: "Player 1" and so on).

A name is a player's own ("Léa", which takes no article in French); a `SeatTitle` is a seat
called by a noun ("robot expert 2", which does: "le robot expert 2")."""


class SeatTitle(str):
    """A seat called by a noun phrase ("robot expert 2"), not by a player's own name.

    French sentences give it its article ("le robot expert 2 lance"), as they do "le joueur 2".
    """


def seat_name(seat: int, lang: Lang, names: Names = None) -> str:
    """How a sentence calls a seat: its own name, or Player 1, joueur 1, Speler 1 (from 1).

    An own name comes back as an `OwnName`, so that French drops the article the sentence gives a
    numbered seat ("Léa lance", "le joueur 2 lance"); a `SeatTitle` keeps it. A name with nothing
    left once made safe falls back to the seat's number.
    """
    given = names[seat] if names is not None else ""
    own = safe_name(given)
    if not own:
        return t("common.player", lang, n=seat + 1)
    return SeatTitle(own) if isinstance(given, SeatTitle) else OwnName(own)


def seat_label(seat: int, lang: Lang, names: Names = None) -> str:
    """A seat's name standing alone, as a label or a heading: capitalised ("Joueur 2").

    French seat names are written lower case ("joueur 2") so that sentences can give them their
    article ("au joueur 2", "le tour du joueur 2"); a label starts with a capital all the same.
    A player's own name is shown as typed.
    """
    name = seat_name(seat, lang, names)
    if names is not None and safe_name(names[seat]):
        return name
    return name[:1].upper() + name[1:]


def seats_text(seats: Iterable[int], lang: Lang, names: Names = None) -> str:
    """Seats listed inside a sentence: "Player 1 and Ana", "le joueur 1 et Ana".

    Each seat is said as a sentence says it, with its French article when it is called by a noun.
    """
    said = [t("common.seat_in_list", lang, player=seat_name(seat, lang, names)) for seat in seats]
    return join_list(said, lang)


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


class UnknownFace(CodedError):
    """A character typed for a die that is no face of these dice (`char`, as typed)."""

    def __init__(self, char: str) -> None:
        super().__init__("unknown_face_typed", f"{char!r} is not a face of these dice", char=char)
        self.char = char


def worm_letters() -> frozenset[str]:
    """The letters read as a worm in dice typed by hand: W, and V for the French "ver".

    The first letter of each language's word for the worm, so a teacher types it as they say it.
    """
    return frozenset({WORM} | {t("common.worm_face", lang)[:1].upper() for lang in LANGS})


def read_dice(typed: str, rules: Rules) -> tuple[str, ...]:
    """The faces of dice typed by hand, in order: one character per die, in either case.

    Spaces and commas are ignored ("W W 5 5", "ww55" and "w,w,5,5" read alike); a worm may be
    written with any of `worm_letters` when the dice have a worm face. The first character that
    is no face raises `UnknownFace`; nothing typed reads as no dice (the caller says so).
    """
    faces: list[str] = []
    for char in typed.replace(",", "").replace(" ", ""):
        face = char.upper()
        if face in worm_letters() and WORM in rules.faces:
            face = WORM
        if face not in rules.faces:
            raise UnknownFace(char)
        faces.append(face)
    return tuple(faces)


def _who(player: int, you: int | None) -> str:
    return "you" if player == you else "they"


def sentence(event: Event, lang: Lang, you: int | None = 0, names: Names = None) -> str:
    """One event as one sentence, addressed to seat `you`, the seats called by `names`."""
    match event:
        case Rolled(player=player, faces=faces, new_faces=new):
            key = f"event.rolled.{_who(player, you)}"
            if not new:
                key = f"event.rolled_bust.{_who(player, you)}"
            return t(
                key,
                lang,
                player=seat_name(player, lang, names),
                faces=faces_text(faces, lang),
                new=join_list([face_name(f, lang) for f in new], lang, word="or"),
            )
        case Kept(player=player, face=face, count=count, total=total, dice_left=left):
            kind = "kept" if left else "kept_last"
            return tn(
                f"event.{kind}.{_who(player, you)}",
                count,
                lang,
                player=seat_name(player, lang, names),
                face=face_shown(face, lang),
                total=total,
                left=dice_text(left, lang),
            )
        case TookTile(player=player, tile=tile, total=total, source=source, reason=reason):
            return t(
                f"event.took.{reason}.{_who(player, you)}",
                lang,
                player=seat_name(player, lang, names),
                tile=tile,
                total=total,
                victim=seat_name(source, lang, names) if source is not None else "",
            )
        case TurnFailed(player=player, reason=reason, total=total, lowest=lowest):
            # below every tile: told as such, with the lowest tile named
            told = "too_low" if reason == "no_tile" and total < lowest else reason
            return t(
                f"event.failed.{told}.{_who(player, you)}",
                lang,
                player=seat_name(player, lang, names),
                total=total,
                lowest=lowest,
            )
        case TileReturned(player=player, tile=tile):
            return t(
                f"event.returned.{_who(player, you)}",
                lang,
                player=seat_name(player, lang, names),
                tile=tile,
            )
        case TileFlipped(tile=tile):
            return t("event.flipped", lang, tile=tile)
        case TileSpared(tile=tile):
            return t("event.spared", lang, tile=tile)
        case NothingFlipped(player=player):
            return t(
                f"event.nothing_flipped.{_who(player, you)}",
                lang,
                player=seat_name(player, lang, names),
            )
        case TurnPassed(player=player):
            return t("event.passed", lang, player=seat_name(player, lang, names))
        case GameOver(winners=winners):
            if len(winners) == 1:  # "Le joueur 2 l'emporte", "Léa l'emporte"
                return tn("event.game_over", 1, lang, winners=seat_name(winners[0], lang, names))
            return tn(
                "event.game_over", len(winners), lang, winners=seats_text(winners, lang, names)
            )
    raise TypeError(f"no sentence for event {event!r}")


def story(
    events: Sequence[Event], lang: Lang, you: int | None = 0, names: Names = None
) -> list[str]:
    """Sentences for a run of events, in order."""
    return [sentence(event, lang, you, names) for event in events]


def move_words(
    move: Move, table: Table, lang: Lang, form: MoveForm = "phrase", names: Names = None
) -> str:
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
        if form in ("phrase", "told"):
            return tn("odds.move.keep", count, lang, face=face_shown(move.face, lang))
        key = "sandbox.keep_worm" if move.face in table.rules.worm_faces else "sandbox.keep"
        return tn(key, count, lang, face=face_name(move.face, lang))
    if move.kind == "take":
        source = next(option.source for option in table.options() if option.tile == move.tile)
        if source is None:
            return t(f"{family}.take", lang, tile=move.tile)
        return t(f"{family}.steal", lang, tile=move.tile, player=seat_name(source, lang, names))
    if form == "told" and move.kind in ("roll", "stop"):  # the only ones said to "you"
        family = "odds.move.told"
    if move.kind == "roll" and form != "bar":
        return tn(f"{family}.roll", table.in_hand, lang)
    return t(f"{family}.{move.kind}", lang)


def games_in_ten(chance: float, lang: Lang) -> str:
    """A chance of winning in plain words: "about 7 games in 10", "almost every game".

    0 and 10 in 10 would read as never and always, which a chance short of certain is not.
    """
    count = in_ten(chance)
    if count == 0:
        return t("chances.almost_none", lang)
    if count == 10:
        return t("chances.almost_all", lang)
    return tn("chances.games", count, lang)


def games_cost(change: float, lang: Lang) -> str:
    """What a move cost in chance of winning, in plain words: "about 2 games in 10".

    A cost that rounds to no game is still said ("less than 1 game in 10"): it was not nothing.
    """
    count = in_ten(-change)
    return tn("chances.games", count, lang) if count > 0 else t("chances.under_one", lang)


def chance_words(found: DecisionChance, lang: Lang, names: Names = None) -> str:
    """A graded decision's chances of winning, with the best move and after the move played.

    Where the figures shown do not fall though the worms grade the move worth a look, the
    sentence says that the two disagree and why (`review.chance_verdict`).
    """
    verdict = chance_verdict(found)
    return t(
        "review_page.chances.line" if verdict == "falls" else f"review_page.chances.{verdict}",
        lang,
        player=seat_name(found.seat, lang, names),
        before=games_in_ten(found.before, lang),
        after=games_in_ten(found.after, lang),
    )


def master_words(move: Move, reason: str, table: Table, lang: Lang, names: Names = None) -> str:
    """Why the master bot would play `move` rather than the star, for the seat to play at `table`.

    `reason` is `review.master_otherwise`'s: "ahead", "behind" or "other".
    """
    return t(
        f"chances.master.{reason}",
        lang,
        move=move_words(move, table, lang, "told", names),
        player=seat_name(table.current, lang, names),
    )
