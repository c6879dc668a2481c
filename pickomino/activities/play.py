"""The game on the Play page: one `Match`, changed by clicks, opened from links, kept in the store.

`PlayGame` holds what a session knows of its game: the match (or an opened record waiting for the
seats' kinds), the stored document it writes to, and the link it was opened from. Every change is
a method returning the next `PlayGame` and, when refused, why in the reader's words; the page keeps
the value in its session and draws it.

Clicks. A control is drawn for a position of the game (its number of moves; None for the set-up),
as a store write names the version it was made on. A click that arrives once the game has moved on
(a quick double click, a click as the page redraws, a timer that fires as a person's click moves
the bots on) is refused with its reason and changes nothing: the table it was meant for is gone,
and the move might now be another seat's.

Links and the store. The game is kept in the store (a "game" document whose id the address holds
as `?match=`), written after every change with the reader's settings (`kept.Kept`), so a reload,
Back and Forward or a tab reopened finds it however long it is, with whose turn it is, the names
and the odds shown as they were. The address stays the same while the game is played: the browser
adds a history entry for every change of it. The self-contained link (`?game=` with `&seed=`),
which outlives any store and opens on any server, is made on request, where the game fits one. A
link is read on the first run of a visit only, and stores nothing: its game is stored at its first
change, so visits alone never add documents. A stored game comes first; when it cannot be read,
the page says so and offers the way on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, get_args

from pickomino.activities.kept import Held, Kept
from pickomino.activities.seats import Called, kinds_of, record_of, typed
from pickomino.echo import echoed
from pickomino.events import Event, TurnPassed
from pickomino.figures import outlook_line
from pickomino.game import IllegalMove, Move, Table
from pickomino.i18n import Lang, amount, t, tn
from pickomino.match import (
    KINDS,
    PERSON,
    Kind,
    Match,
    MatchError,
    Turn,
    Why,
    seat_kinds,
    tie_break,
    verdict,
)
from pickomino.narrate import games_in_ten, move_words, seat_label, seat_name, seats_text, story
from pickomino.odds import TIE
from pickomino.refusals import refusal, scenario_refusal
from pickomino.rules import preset
from pickomino.scenario import Scenario, ScenarioError
from pickomino.share import SEED_HIGH, decode_scenario, game_link, read_seed
from pickomino.store import Store, StoreError, VersionConflict
from pickomino.value import win_chance

Pace = Literal["step", "slow", "fast"]
PACES: Final[tuple[Pace, ...]] = get_args(Pace)

Settings = tuple[bool, bool, bool, bool, Pace]
"""The reader's settings kept with the game: the odds, the hint, the coach, the chance of winning,
the bots' pace."""
Found = tuple[bool | None, bool | None, bool | None, bool | None, Pace | None]
"""Settings read from the store, None where the stored game says nothing usable (the reader's own
setting then stays)."""

Position = int | None
"""The number of moves of the game a control was drawn for; None: drawn with no game."""

Waiting = tuple[Scenario, int]
"""An opened record of an unfinished game and the seed it rolls on, waiting for the seats' kinds."""

Params = Mapping[str, str | None]
"""Address parameters: a value to write, None to take out."""


def fresh_seed() -> int:
    """A seed for a game nobody chose one for."""
    return random.randrange(SEED_HIGH + 1)


def read_settings(found: object) -> Found:
    """Settings as the store keeps them; anything that is not a setting reads as none.

    A game stored before the chance of winning had its toggle holds one toggle fewer: the ones it
    has are read, the chance's is left to the reader.
    """
    nothing: Found = (None, None, None, None, None)
    if not isinstance(found, list) or len(found) not in (4, 5):
        return nothing
    *toggles, chosen = found
    odds, hint, coach, chances = (
        value if isinstance(value, bool) else None for value in (*toggles, None)[:4]
    )
    pace = next((p for p in PACES if p == chosen), None)
    return odds, hint, coach, chances, pace


def merged(found: Found, settings: Settings) -> Settings:
    """The reader's settings with those a stored game says put over them."""
    odds, hint, coach, chances, pace = found
    return (
        settings[0] if odds is None else odds,
        settings[1] if hint is None else hint,
        settings[2] if coach is None else coach,
        settings[3] if chances is None else chances,
        settings[4] if pace is None else pace,
    )


def _encode(value: tuple[Match, Found]) -> dict[str, Any]:
    """What the store keeps of a game: the match (its record, names and seed) and the settings."""
    found, settings = value
    return {"match": found.to_data(), "settings": list(settings)}


def _decode(data: Mapping[str, Any]) -> tuple[Match, Found]:
    """A stored game, its record checked move by move as a link's (ScenarioError, MatchError)."""
    return Match.from_data(data["match"]), read_settings(data.get("settings"))


GAME: Final[Kept[tuple[Match, Found]]] = Kept("game", "play.saved", _encode, _decode)


def moved_on(lang: Lang) -> str:
    """The refusal of a click made on an earlier moment of the game, said for any control."""
    return t("play.stale", lang, reason=t("play.stale_moved", lang))


def seats_refusal(value: str, players: int, lang: Lang) -> str:
    """Why seats that do not fit the game were not used, quoting them as given."""
    kinds = ", ".join(KINDS)
    return t("play.link_seats", lang, value=echoed(value), n=players, kinds=kinds)


def _linked_seats(
    value: str | None, players: int, lang: Lang
) -> tuple[tuple[Kind, ...] | None, str | None]:
    """The seats' kinds a link names (`&seats=person,expert`), if any and if they fit the game.

    Links made before records said who played each seat carry them here. Alongside, the refusal
    of seats that do not fit, in the reader's words: the game opens as a file would (asking who
    plays an unfinished one), and the reader is told why.
    """
    if value is None:
        return None, None
    wanted = value.split(",")
    if len(wanted) != players or any(name not in KINDS for name in wanted):
        return None, seats_refusal(value, players, lang)
    return tuple(Kind(name) for name in wanted), None


def _linked_seed(value: str | None, lang: Lang) -> tuple[int, str | None]:
    """The link's seed, or a new one when it has none; a seed that cannot be read is refused."""
    linked = None if value is None else read_seed(value)
    if linked is not None:
        return linked, None
    drawn = fresh_seed()
    if value is None:
        return drawn, None
    return drawn, t("play.link_seed", lang, value=echoed(value), high=SEED_HIGH)


def _game(found: Match | None) -> Match:
    """The match a click on the game was drawn for: there is one, since the game was shown."""
    if found is None:
        raise MatchError("no_game", "no game is played now")
    return found


@dataclass(frozen=True)
class SetUp:
    """What the set-up says: who plays each seat and their names, the rules, a seed as typed."""

    kinds: tuple[Kind, ...]
    names: tuple[str, ...]
    rules: str
    seed: str = ""


@dataclass(frozen=True)
class Address:
    """What the page's address asks: a stored game (`match`), or a link's record, seats and seed."""

    match: str | None = None
    game: str | None = None
    seats: str | None = None
    seed: str | None = None


@dataclass(frozen=True)
class Clicked:
    """A click's outcome: the game to show, and why the click was refused (None: it was played)."""

    game: PlayGame
    refusal: str | None = None


@dataclass(frozen=True)
class Settled:
    """A run's game, once its address is read and its change stored.

    With it, the settings to show (a stored game brings its own) and what could not be done, in
    the reader's words.
    """

    game: PlayGame
    settings: Settings
    refusals: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayGame:
    """What a session knows of its game on the Play page.

    `match` is the game on the table (None: the set-up, or `waiting`); `held` the stored document
    it is written to; `written` the (match, settings) last written to or read from the store, or
    opened by a link, which holds them until they change; `linked` the match a `?game=` link opened
    and the parameters that open it again, until it is stored; `link` the `?game=` value last read,
    so a new link is told from one already opened.
    """

    match: Match | None = None
    waiting: Waiting | None = None
    held: Held | None = None
    written: tuple[Match, Settings] | None = None
    linked: tuple[Match, Params] | None = None
    link: str | None = None

    @property
    def position(self) -> Position:
        """The position of the game, as its controls are drawn for it."""
        return None if self.match is None else len(self.match.steps)

    # ----- clicks -------------------------------------------------------------------------------

    def change(
        self,
        drawn: Position,
        step: Callable[[PlayGame], PlayGame],
        lang: Lang,
        stale: str | None = None,
    ) -> Clicked:
        """The game after `step`, if it is still at the position `drawn`, else why not.

        A position that moved on is refused with `stale` (by default: that click was for an
        earlier moment, the game has moved on); a move the rules refuse, or a move for a seat the
        click may not play, keeps the game as it was.
        """
        said = stale if stale is not None else moved_on(lang)
        if self.position != drawn:
            return Clicked(self, said)
        try:
            return Clicked(step(self))
        except IllegalMove as error:
            return Clicked(self, t("common.refused", lang, reason=refusal(error, lang)))
        except MatchError:
            return Clicked(self, said)

    def _playing(
        self, drawn: Position, play: Callable[[Match], Match], lang: Lang, stale: str | None = None
    ) -> Clicked:
        """`change` for a click on the game shown: the match after `play`."""
        return self.change(
            drawn, lambda now: replace(now, match=play(_game(now.match))), lang, stale
        )

    def person_move(self, move: Move, drawn: int, lang: Lang) -> Clicked:
        """A person's click on a move, drawn when the game had `drawn` moves.

        A stale click is refused with the rules' reason when the move is no longer open, which
        says more than "the game moved on" (a face already set aside, a tile already taken).
        """
        stale = None
        if self.match is not None and len(self.match.steps) != drawn:
            try:
                self.match.table.play(move, random.Random(0))
            except IllegalMove as error:
                stale = t("play.stale", lang, reason=refusal(error, lang))
        return self._playing(drawn, lambda found: found.person_move(move), lang, stale)

    def bots_play(self, drawn: int, until_person: bool, lang: Lang) -> Clicked:
        """The bots play one move, or until a person is to play (or the end)."""

        def bots(found: Match) -> Match:
            if found.to_play is None:
                raise MatchError("match_over", "the game is over")
            return found.until_person() if until_person else found.bot_move()

        return self._playing(drawn, bots, lang)

    def tick(self, drawn: int, lang: Lang) -> Clicked:
        """The bots' timer: one bot move, refused as a timer left from an earlier moment."""
        return self._playing(drawn, Match.bot_move, lang, t("play.stale_tick", lang))

    def again(self, drawn: int, lang: Lang) -> Clicked:
        """The same seats at a fresh table, with a new seed."""
        return self._playing(drawn, lambda found: found.again(fresh_seed()), lang)

    def start(self, setup: SetUp, lang: Lang) -> Clicked:
        """Start the game the set-up describes; a seed that cannot be read is refused by name."""
        typed_seed = setup.seed.strip()
        seed = read_seed(typed_seed) if typed_seed else fresh_seed()
        if seed is None:
            return Clicked(self, t("play.bad_seed", lang, seed=echoed(typed_seed), high=SEED_HIGH))
        names = [name.strip() for name in setup.names]
        rules = preset(setup.rules)
        return self.change(
            None,
            lambda now: replace(
                now, match=Match.new(setup.kinds, names, seed, rules), waiting=None
            ),
            lang,
        )

    def go_on(self, kinds: Sequence[Kind], lang: Lang) -> Clicked:
        """Carry on the opened game with the seats' kinds the reader chose."""
        waiting = self.waiting
        if waiting is None:  # carried on already, by a click just before this one
            return Clicked(self, moved_on(lang))
        record, seed = waiting
        return self.change(None, lambda now: now.opened(record, kinds, seed), lang)

    def open_file(self, record: Scenario, drawn: Position, lang: Lang) -> Clicked:
        """A saved game opened in place of the one drawn (`drawn`): its end, or who plays now."""
        return self.change(drawn, lambda now: now.opened(record, None, fresh_seed()), lang)

    def set_up(self, drawn: int, lang: Lang) -> Clicked:
        """Leave the game for the set-up; the next game is stored under a new id."""
        return self.change(
            drawn, lambda now: replace(now, match=None, waiting=None, held=None, written=None), lang
        )

    def opened(self, record: Scenario, kinds: Sequence[Kind] | None, seed: int) -> PlayGame:
        """The game an opened record puts on the table, or waiting for the seats' kinds.

        A finished game, or one whose record or link says who plays each seat, goes on the table;
        an unfinished one that does not say waits for the reader to choose. Another game from
        here: it is stored under a new id at its first save, not over the game opened before.
        """
        final, _ = record.replay()
        if kinds is None and not final.over:
            return replace(self, match=None, waiting=(record, seed), held=None)
        chosen = tuple(kinds) if kinds is not None else kinds_of(record)
        found = Match.from_record(record, chosen, seed, typed(record))
        return replace(self, match=found, waiting=None, held=None)

    # ----- links and the store --------------------------------------------------------------------

    def open_link(
        self, address: Address, settings: Settings, lang: Lang
    ) -> tuple[PlayGame, tuple[str, ...]]:
        """The game of a `?game=` link; what it asked and could not have, in the reader's words.

        A link that cannot be read changes nothing but the link last read: the game shown
        before stays.
        """
        value = address.game
        if value is None:
            return self, ()
        read = replace(self, link=value, linked=None)
        try:
            record = decode_scenario(value)
            players = record.table.players
            kinds, seats_refused = _linked_seats(address.seats, players, lang)
            seats = None if kinds is None else address.seats
            if kinds is None and seats_refused is None:
                try:
                    kinds = seat_kinds(record)
                except MatchError:
                    seats_refused = seats_refusal(",".join(record.seats or ()), players, lang)
            seed, seed_refused = _linked_seed(address.seed, lang)
            found = read.opened(record, kinds, seed)
        except ScenarioError as error:
            return read, (t("play.link_refused", lang, reason=scenario_refusal(error, lang)),)
        if found.match is not None:  # the link holds it: stored at its first change, not on a visit
            params = {"game": value, "seats": seats, "seed": str(seed)}
            found = replace(found, linked=(found.match, params), written=(found.match, settings))
        return found, tuple(text for text in (seats_refused, seed_refused) if text is not None)

    def restore(self, store: Store, stored: str, settings: Settings) -> Settled:
        """The game stored under `stored`, now the one this session writes to, with its settings.

        StoreError when the document cannot be read; UnknownDocument too when what it holds is not
        a game the rules accept.
        """
        loaded = GAME.load(store, stored)
        found, said = loaded.value
        now = merged(said, settings)
        restored = replace(self, match=found, waiting=None, held=loaded.held, written=(found, now))
        return Settled(restored, now)

    def save(self, store: Callable[[], Store], settings: Settings, lang: Lang) -> Settled:
        """Store the game if it or the settings changed since last written or read.

        The document is created when a game starts, so its id goes into the address with the
        game. When another tab wrote first, what is stored is shown instead (not a mix of both),
        and said; when the store refuses, the session keeps the game, and the page says a reload
        would lose it. A refused write is said once, not tried again until the game changes.
        """
        if self.match is None or (self.match, settings) == self.written:
            return Settled(self, settings)
        now = (self.match, settings)
        tried = replace(self, written=now)
        try:
            saved = GAME.save(store(), self.held, now)
        except StoreError as error:  # the store could not even be opened
            return Settled(tried, settings, (GAME.words(error, lang),))
        if saved.problem is None:
            return Settled(replace(tried, held=saved.held), settings)
        said = (GAME.words(saved.problem, lang),)
        if not isinstance(saved.problem, VersionConflict):
            return Settled(tried, settings, said)
        found, stored = saved.value
        theirs = merged(stored, settings)
        shown = replace(tried, match=found, waiting=None, held=saved.held, written=(found, theirs))
        return Settled(shown, theirs, said)

    def settle(
        self,
        store: Callable[[], Store],
        address: Address,
        arriving: bool,
        settings: Settings,
        lang: Lang,
    ) -> Settled:
        """The game of this run: stored, from a `?game=` link just arrived with, or the session's.

        The address is read on the first run of a visit only (`arriving`): a click's lagging
        address must never be taken for a new link. Alongside, what the address asked and could
        not have and what the store refused: a stored game that cannot be read, a link's game that
        cannot be opened (the game shown before kept), seats or a seed that cannot be used. The
        game is then stored if it or the settings changed.
        """
        refusals: tuple[str, ...] = ()
        game, restored = self, False
        wanted = address.match
        if arriving and wanted is not None and (self.held is None or self.held[0] != wanted):
            try:
                found = self.restore(store(), wanted, settings)
            except StoreError as error:
                refusals += (GAME.words(error, lang),)
            else:
                game, settings, restored = found.game, found.settings, True
        if arriving and not restored and address.game not in (None, game.link):
            game, said = game.open_link(address, settings, lang)
            refusals += said
        saved = game.save(store, settings, lang)
        return Settled(saved.game, saved.settings, refusals + saved.refusals)

    def address(self) -> Params | None:
        """The address's parameters for this game; None: leave it as it is.

        The stored game's id, and no link: the address stays the same during play. An opened
        record waiting for the seats' kinds keeps its link until the game goes on; a link's game
        not stored yet (nothing has changed it) keeps its link too, with the seed its dice roll
        with and the seats only if the link's were used, so a reload opens the same game.
        """
        if self.match is None and self.waiting is not None:
            return None
        if self.held is None and self.linked is not None and self.linked[0] == self.match:
            return {"match": None, **self.linked[1]}
        stored = self.held[0] if self.held is not None and self.match is not None else None
        return {"match": stored, "game": None, "seats": None, "seed": None}

    def share(self, lang: Lang) -> dict[str, str] | None:
        """The parameters of a link that opens this game where it is now, on any server.

        The record travels in the link itself (who plays each seat with it), with the seed that
        rolls on; None when there is no game, or it is too long for a link.
        """
        if self.match is None:
            return None
        value = game_link(record_of(self.match, lang))
        return None if value is None else {"game": value, "seed": str(self.match.seed)}


# ----- explanations -------------------------------------------------------------------------------


def reason_words(reason: Why, table: Table, lang: Lang, names: Called) -> str:
    """A move's reason in words: its figures against the best other move's."""
    move = move_words(reason.chosen.move, table, lang, "told", names.said)
    if reason.other is None:
        return t("play.why_forced", lang, move=move)
    worse = reason.other.outlook.expected_swing > reason.chosen.outlook.expected_swing + TIE
    return t(
        "play.why_worse" if worse else "play.why",
        lang,
        move=move,
        line=outlook_line(reason.chosen.outlook, lang, "play.figures", swing=reason.steal),
        other=move_words(reason.other.move, table, lang, "told", names.said),
        other_line=outlook_line(reason.other.outlook, lang, "play.figures", swing=reason.steal),
    )


def chances_words(match: Match, lang: Lang, names: Called) -> str:
    """The chance of winning of the seat to play, with the best moves from here, in plain words.

    Told who plays: the same table is not the same chance against the cautious bot and the expert.
    """
    table = match.table
    player = seat_name(table.current, lang, names.said)
    chance = win_chance(table, match.kinds)
    return t("play.chances.line", lang, player=player, chance=games_in_ten(chance, lang))


def shown_turn(match: Match) -> Turn | None:
    """The turn to tell beside the table: the one under way, or the one just over."""
    turns = [turn for turn in match.turns() if turn.steps]
    if not turns:
        return None
    return turns[-1]


def verdict_words(match: Match, lang: Lang, names: Called) -> str | None:
    """The coach's one line on the last turn a person finished; None before any."""
    done = [turn for turn in match.turns() if turn.done and match.kinds[turn.seat] == PERSON]
    if not done:
        return None
    graded = verdict(match, done[-1])
    player = seat_name(done[-1].seat, lang, names.said)
    count = len(graded.decisions)
    off = sum(1 for decision in graded.decisions if decision.cost > 0)
    if count == 0:
        return t("play.verdict_none", lang, player=player)
    if off == 0:
        return t("play.verdict_best", lang, player=player)
    return tn(
        "play.verdict_cost",
        off,
        lang,
        player=player,
        worms=amount("common.worms", graded.total_cost, lang),
        decisions=count,
    )


def turn_lines(events: Sequence[Event], lang: Lang, names: Called) -> list[str]:
    """A turn's events told line by line, the dice passing on left out (the next turn says so)."""
    return story([e for e in events if not isinstance(e, TurnPassed)], lang, None, names.said)


def score_lines(table: Table, lang: Lang, names: Called) -> list[str]:
    """At the end, every seat's worms and highest tile."""
    lines = []
    for seat, score in enumerate(table.scores()):
        stack = table.stacks[seat]
        highest = t("play.highest", lang, tile=max(stack)) if stack else t("play.no_tile", lang)
        lines.append(
            t(
                "play.score",
                lang,
                player=seat_label(seat, lang, names.labels),
                worms=tn("common.worms", score, lang),
                highest=highest,
            )
        )
    return lines


def winner_words(table: Table, lang: Lang, names: Called) -> str:
    """The end's heading: the winner(s), each as a sentence says it, the first word capitalised.

    Inside a sentence ("La partie est finie. Le joueur 1 gagne !"): each seat with its French
    article.
    """
    winners = table.winners()
    said = seats_text(winners, lang, names.said)
    return tn("play.winner", len(winners), lang, winners=said[:1].upper() + said[1:])


def tie_break_words(table: Table, lang: Lang, names: Called) -> str | None:
    """How the highest tile decided between seats level on worms at the end; None if it did not."""
    level = tie_break(table)
    if not level:
        return None
    winner = table.winners()[0]
    return t(
        "play.tie_break",
        lang,
        players=seats_text(level, lang, names.said),
        worms=tn("common.worms", table.scores()[winner], lang),
        winner=seat_name(winner, lang, names.said),
        tile=max(table.stacks[winner]),
    )
