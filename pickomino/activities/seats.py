"""How the Play page and the review call each seat (a typed name, a bot's own name).

A record keeps the seats' names as the Play page showed them ("Expert bot 2" for a bot nobody
named) and, since records said so, who played each seat (`Scenario.seats`): the kind is data, and
a default name is read back as no name typed only when it is the default of that seat's own kind,
in any language, so a game saved in English reads "robot expert 2" on a French page. Only a record
from before the seats were said (or one written by hand) has its kinds read from its names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pickomino.i18n import LANGS, Lang, t
from pickomino.match import KINDS, PERSON, Kind, Match, MatchError, seat_kinds
from pickomino.names import safe_name
from pickomino.narrate import SeatTitle, seat_label
from pickomino.scenario import Scenario


def default_name(kind: Kind, seat: int, lang: Lang) -> str:
    """The name of a seat nobody named: "Player 1" for a person, "Expert bot 2" for a bot."""
    if kind == PERSON:
        return seat_label(seat, lang)
    return t(f"play.bot_name.{kind}", lang, n=seat + 1)


def _defaults(kind: Kind, seat: int) -> set[str]:
    """The default names of a seat of this kind, in every language."""
    return {default_name(kind, seat, lang) for lang in LANGS}


@dataclass(frozen=True)
class Called:
    """How a page calls each seat: standing alone (`labels`), and inside a sentence (`said`).

    French sentences give a seat called by a noun its article ("le joueur 2", "au robot expert 2"),
    and a player's own name none ("Ana lance", "à Ana"): inside a sentence a bot is a `SeatTitle`
    ("robot expert 2"), a typed name stays itself (`narrate.seat_name` makes it an `OwnName`).
    "" leaves an unnamed person to `narrate.seat_name`, in each sentence's own form.
    """

    labels: tuple[str, ...]
    said: tuple[str, ...]


def called(match: Match, lang: Lang) -> Called:
    """The seats' names: typed ones, a bot's default one, "" for an unnamed person."""
    return calling(match.kinds, match.names, lang)


def calling(kinds: Sequence[Kind], names: Sequence[str], lang: Lang) -> Called:
    """How seats of these kinds and names are called: a typed name, a bot's default one, or ""."""
    labels: list[str] = []
    said: list[str] = []
    for seat, (kind, name) in enumerate(zip(kinds, names, strict=True)):
        own = safe_name(name)
        bot = kind != PERSON
        if own:
            labels.append(own)
            said.append(SeatTitle(t("play.named_bot", lang, name=own)) if bot else own)
        elif bot:
            labels.append(default_name(kind, seat, lang))
            said.append(SeatTitle(t(f"play.bot_said.{kind}", lang, n=seat + 1)))
        else:
            labels.append("")
            said.append("")
    return Called(tuple(labels), tuple(said))


def kinds_of(record: Scenario) -> tuple[Kind, ...]:
    """Who played each seat of a record: as it says, else read from the seats' names.

    An older record (or one written by hand, or one naming a kind this version does not know) has
    names only: a seat named with a bot's default name (in any language) is that bot, every other
    seat a person.
    """
    try:
        said = seat_kinds(record)
    except MatchError:
        said = None
    if said is not None:
        return said
    found = record.names or ("",) * record.table.players
    return tuple(
        next(
            (kind for kind in KINDS if kind != PERSON and name in _defaults(kind, seat)),
            PERSON,
        )
        for seat, name in enumerate(found)
    )


def typed(record: Scenario) -> tuple[str, ...]:
    """A record's names as typed: a seat's default name for its own kind read as no name.

    So a game saved in English as "Player 1" says "joueur 1" once the reader switches to French,
    and a person who typed a bot's default name keeps it.
    """
    kinds = kinds_of(record)
    found = record.names or ("",) * len(kinds)
    return tuple(
        "" if name in _defaults(kind, seat) else name
        for seat, (name, kind) in enumerate(zip(found, kinds, strict=True))
    )


def recorded(record: Scenario, lang: Lang) -> Called:
    """The seats of a game record called as the Play page calls them.

    So a game saved in English reads "le robot expert 1" on a French page, and a name typed for a
    person is "Ana" inside a French sentence, as while the game was played.
    """
    return calling(kinds_of(record), typed(record), lang)


def record_of(match: Match, lang: Lang) -> Scenario:
    """The match's record, every seat named as the page shows it in `lang`, its kinds with it."""
    return match.record(
        [
            safe_name(name) or default_name(kind, seat, lang)
            for seat, (kind, name) in enumerate(zip(match.kinds, match.names, strict=True))
        ]
    )
