"""The practice table (the sandbox page): played by clicks, read from a link, kept, explained.

A `Practice` is everything the page shows and remembers of one learner's table: the `Sandbox`
(the history, undo and redo), the settings that travel with it in its address (presentation mode,
the hidden odds, the expert at the other seats, the seed of the rolls), the link that opened it
and the FAQ question or tip that link was about, and the store document the history is kept in
(`kept`, a "sandbox" document whose id the address holds as `?box=`). A click returns a new
`Practice` (`Clicked`) and, when the engine refuses it, the refusal in the reader's words; the table
stays as it was. Nothing here knows Streamlit: the page keeps a `Practice`'s parts in its session,
turns clicks into these methods and draws the result.

A link is read once, on arriving (`arrive`): a stored history (`?box=`) first; when it cannot be
read, the table (`?table=`) or named situation (`?scenario=`) of the address, if it has one, else
the table kept or a fresh one; a bad link or setting is refused by name, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from typing import Final, Literal

from pickomino.activities.kept import Held, Kept
from pickomino.bots import bot
from pickomino.echo import echoed
from pickomino.events import Event, TurnFailed
from pickomino.game import IllegalMove, Move, Step, Table
from pickomino.i18n import Lang, join_list, t
from pickomino.lessons.faq import question_of
from pickomino.lessons.tips import TIPS
from pickomino.narrate import UnknownFace, face_name, read_dice
from pickomino.refusals import refusal, scenario_refusal
from pickomino.sandbox import Place, Sandbox, place_tile
from pickomino.scenario import ScenarioError
from pickomino.share import SEED_HIGH, decode_table, encode_table, read_scenario, read_seed
from pickomino.store import Store, StoreError

LEARNER: Final = 0
"""The seat the learner plays when the expert plays the others."""
PARAMS: Final = ("table", "scenario", "tip", "present", "hide", "bots", "seed", "lang")
"""The URL parameters of a shared link, in the order it writes them."""
SWITCHES: Final = ("present", "hide", "bots")
"""The on/off settings a link can set (`1` on, `0` off), each a field of `Settings`."""

Link = tuple[str | None, str | None]
"""The (table, scenario) values of a link, None where it has none."""

KEPT: Final[Kept[Sandbox]] = Kept("sandbox", "sandbox.saved", Sandbox.to_data, Sandbox.from_data)
"""How a practice table's history goes into a "sandbox" document (every table and move checked
when read back, as a link's)."""


@dataclass(frozen=True)
class Settings:
    """The settings that travel with the table in its address.

    `present`: large dice and text for a projector; `hide`: the odds hidden for the class to
    answer first; `bots`: the expert plays every seat but the learner's; `seed`: the seed of the
    random rolls, so a class opening the same link rolls the same dice.
    """

    present: bool = False
    hide: bool = False
    bots: bool = False
    seed: int = 0


@dataclass(frozen=True)
class Origin:
    """What the link that opened the table was about: a FAQ question (and its case) or a tip.

    `start` is the first step of the history the link opened, compared by identity: a new table can
    be equal to it (`faq-one-value` starts from a new game) but is never that same object, while
    undo, redo and every move keep it. `answer` holds the scenario's steps after it.
    """

    kind: Literal["faq", "tip"]
    name: str
    case: str
    start: Step
    answer: tuple[Step, ...] = ()


def from_link(link: Link, seed: int) -> Sandbox:
    """The sandbox a link opens; a scenario opens at its moment, its later moves ready to redo.

    ScenarioError when the link's table or scenario cannot be read or played.
    """
    table, scenario = link
    if table is not None:
        return Sandbox.start(decode_table(table), seed)
    assert scenario is not None
    return Sandbox.replaying(read_scenario(scenario), seed)


@dataclass(frozen=True)
class Clicked:
    """The practice table after a click, and the click's refusal in the reader's words, if any."""

    practice: Practice
    refusal: str | None = None


@dataclass(frozen=True)
class Settled:
    """The practice table after reading a link or saving, what it refused, and whether a link was.

    `refusals` are in the reader's words; `refused` says the address's table or scenario was bad,
    so the page takes it out of the address.
    """

    practice: Practice
    refusals: tuple[str, ...] = ()
    refused: bool = False


@dataclass(frozen=True)
class Practice:
    """One learner's practice table: the history shown, its settings, its link, where it is kept.

    `link` is the (table, scenario) link last read or opened, and `linked` the sandbox it opened,
    so an example untouched since is shared by its link's own values. `came_from` is the FAQ
    question or tip that link named (read it through `origin`). `held` is the store document the
    history was last written to or read from, `written` the sandbox then written or read: a visit
    that only looks stores nothing.
    """

    box: Sandbox
    settings: Settings
    link: Link = (None, None)
    linked: Sandbox | None = None
    came_from: Origin | None = None
    held: Held | None = None
    written: Sandbox | None = None

    @classmethod
    def fresh(cls, table: Table, settings: Settings) -> Practice:
        """A practice table showing `table`, nothing to store until its first change."""
        box = Sandbox.start(table, settings.seed)
        return cls(box, settings, written=box)

    # ----- clicks ------------------------------------------------------------------------------

    def click(self, step: Callable[[Sandbox], Sandbox], lang: Lang) -> Clicked:
        """Apply a click to the sandbox; a refusal leaves the table as it was.

        With the expert playing the other seats, their turns follow the click at once.
        """
        try:
            box = step(self.box)
            if self.settings.bots:
                box = box.autoplay(bot("expert"), LEARNER)
        except IllegalMove as error:
            return Clicked(self, t("common.refused", lang, reason=refusal(error, lang)))
        except ScenarioError as error:
            return Clicked(self, scenario_refusal(error, lang))
        return Clicked(replace(self, box=box))

    def play(self, move: Move, lang: Lang) -> Clicked:
        """A move clicked: roll, keep, take or stop."""
        return self.click(lambda box: box.play(move), lang)

    def roll_typed(self, typed: str, lang: Lang) -> Clicked:
        """Roll the dice a teacher typed (read by `narrate.read_dice`: "V V 5 5" or "ww55")."""
        rules = self.box.table.rules
        try:
            faces = read_dice(typed, rules)
        except UnknownFace as error:
            allowed = join_list([face_name(f, lang) for f in rules.faces], lang, word="or")
            words = t("sandbox.teacher.bad_face", lang, face=echoed(error.char), faces=allowed)
            return Clicked(self, words)
        if not faces:
            return Clicked(self, t("sandbox.teacher.no_dice", lang))
        return self.click(lambda box: box.roll(faces), lang)

    def move_tile(self, tile: int, place: Place, lang: Lang) -> Clicked:
        """Move a tile where a teacher chose: an edit in the history, undone like a move."""
        return self.click(lambda box: box.edit(place_tile(box.table, tile, place)), lang)

    def new_table(self, table: Table, lang: Lang) -> Clicked:
        """Start over on `table` (the new-table form's, or a new game of the table just over)."""
        return self.click(lambda box: Sandbox.start(table, self.settings.seed), lang)

    def reseed(self, seed: int, lang: Lang) -> Clicked:
        """Roll from `seed` from here on, so a class repeats the same dice."""
        again = replace(self, settings=replace(self.settings, seed=seed))
        return again.click(lambda box: box.reseed(seed), lang)

    def undo(self, lang: Lang) -> Clicked:
        """Step back; with the expert playing, past its moves, which the learner did not choose."""
        bots = self.settings.bots
        return self.click(lambda box: box.undo_to(LEARNER) if bots else box.undo(), lang)

    def redo(self, lang: Lang) -> Clicked:
        """Step forward; with the expert playing, past its moves, to the learner's next decision."""
        bots = self.settings.bots
        return self.click(lambda box: box.redo_to(LEARNER) if bots else box.redo(), lang)

    def reset(self, lang: Lang) -> Clicked:
        """Back to the first table kept, the history kept for redo."""
        return self.click(Sandbox.reset, lang)

    def with_bots(self, on: bool, lang: Lang) -> Clicked:
        """The expert switched on or off; switched on, it plays its turns at once."""
        return replace(self, settings=replace(self.settings, bots=on)).click(_same, lang)

    def reveal(self) -> Practice:
        """The hidden odds shown (the class has answered)."""
        return replace(self, settings=replace(self.settings, hide=False))

    # ----- what the page tells ------------------------------------------------------------------

    def told(self) -> tuple[Event, ...]:
        """The events to tell: the last click's, and with the expert playing, its turns after it."""
        if not self.box.can_undo:
            return ()
        return self.box.events_since(LEARNER) if self.settings.bots else self.box.events

    def failure(self) -> tuple[Table, tuple[Event, ...]] | None:
        """The table before the move that failed a turn among the moves told, and its events.

        The learner's own failure first: with the expert playing, its turns follow in the same
        click.
        """
        box = self.box
        position = box.position
        found = None
        while position > 0:
            step = box.history[position]
            if any(isinstance(event, TurnFailed) for event in step.events):
                found = (box.history[position - 1].table, step.events)
            if not self.settings.bots or box.history[position - 1].table.current == LEARNER:
                break
            position -= 1
        return found

    @property
    def origin(self) -> Origin | None:
        """The question or tip the table came from, until the learner makes a new table.

        Forgotten for good then: a new table (or game) starts another history, whatever it shows.
        """
        found = self.came_from
        if found is not None and self.box.history[0] is not found.start:
            return None
        return found

    def banner(self, lang: Lang) -> tuple[Literal["faq", "tip"], str] | None:
        """The FAQ question or tip the link opened, said above the table: the learner knows why."""
        found = self.origin
        if found is None:
            return None
        if found.kind == "faq":
            question = t(f"faq.q_{found.name}", lang)
            case = t(f"faq.case.{found.case}", lang)
            return "faq", t("sandbox.from_faq", lang, question=question, case=case)
        return "tip", t("sandbox.from_tip", lang, tip=t(f"tips.{found.name}", lang))

    @property
    def replaying(self) -> bool:
        """Whether Redo replays a FAQ answer's own moves (none of the learner's played yet)."""
        found = self.origin
        return found is not None and bool(found.answer) and self.box.history[1:] == found.answer

    def redo_words(self, lang: Lang) -> str:
        """'Replay the answer' while the table is on a FAQ answer's own moves, else 'Redo'."""
        return t("sandbox.replay" if self.replaying else "sandbox.redo", lang)

    # ----- the address and the store ------------------------------------------------------------

    def travelling(self) -> dict[str, str | None]:
        """The URL parameters that travel with the table: None for one the URL should not hold.

        The seed always travels, since every roll not typed by a teacher is drawn from it: a class
        opening the same link rolls the same dice.
        """
        found = self.origin
        settings = self.settings
        return {
            "tip": found.name if found is not None and found.kind == "tip" else None,
            "present": "1" if settings.present else None,
            "hide": "1" if settings.hide else None,
            "bots": "1" if settings.bots else None,
            "seed": str(settings.seed),
        }

    def address(self, shown: Collection[str], refused: bool = False) -> dict[str, str | None]:
        """The parameters the page's address should hold now (None: take it out).

        The stored history's id and the settings that travel with the table; not the table, so the
        address stays the same while the learner plays (Back leaves the page). Until the first
        change is stored, only the parameters the address already `shown` are written (corrected
        if refused): the id and the settings then go in together, one history entry for Back to
        step over. A link `refused` leaves the address in the same step.
        """
        wanted = {"box": None if self.held is None else self.held[0], **self.travelling()}
        if self.held is None:
            wanted = {key: value for key, value in wanted.items() if key in shown}
        if refused:
            wanted.update(table=None, scenario=None)
        return wanted

    def shared(self, lang: str | None, *, hide: bool | None = None) -> dict[str, str]:
        """The parameters of a link that opens this table with its settings, with no store.

        The table travels in the link itself, so a copy handed to a class opens it on any server;
        an example untouched since its link opened is shared by that link's own values (a FAQ
        situation by name, its answer ready to replay). `hide` sets the odds hidden or shown in
        the link, whatever the page shows; `lang` is the address's own language, if it has one.
        """
        table, scenario = self.link
        untouched = self.box == self.linked
        wanted = {
            "table": table if untouched else encode_table(self.box.table),
            "scenario": scenario if untouched else None,
            **self.travelling(),
            "lang": lang,
        }
        if hide is not None:
            wanted["hide"] = "1" if hide else None
        return {key: value for key in PARAMS if (value := wanted.get(key))}

    def save(self, store: Store, lang: Lang) -> Settled:
        """Store the history if it changed since last written or read; what the store refused.

        The document is created on the first change. When another tab wrote first, what is stored
        is shown instead (not a mix of both), and said; when the store refuses, the history stays
        here, unsaved, and a refused write is said once, not tried again until the next change.
        """
        if self.box == self.written:
            return Settled(self)
        saved = KEPT.save(store, self.held, self.box)
        now = replace(self, box=saved.value, held=saved.held, written=saved.value)
        return Settled(now, () if saved.problem is None else (KEPT.words(saved.problem, lang),))


def _same(box: Sandbox) -> Sandbox:
    return box


def read_settings(
    settings: Settings, query: Mapping[str, str], lang: Lang
) -> tuple[Settings, list[str]]:
    """The link's settings over `settings`, each checked; what could not be read, by name.

    A value that cannot be read changes nothing (the address is then corrected).
    """
    refusals = []
    for param in SWITCHES:
        value = query.get(param)
        if value in ("0", "1"):
            settings = replace(settings, **{param: value == "1"})
        elif value is not None:
            refusals.append(t(f"sandbox.link_setting.{param}", lang, value=echoed(value)))
    value = query.get("seed")
    linked_seed = None if value is None else read_seed(value)
    if linked_seed is not None:
        settings = replace(settings, seed=linked_seed)
    elif value is not None:
        refusals.append(t("sandbox.link_setting.seed", lang, value=echoed(value), high=SEED_HIGH))
    return settings, refusals


def _origin(box: Sandbox, scenario: str | None, tip: str | None, opened: Sandbox) -> Origin | None:
    """The FAQ question or the tip a link names, for a history `box` that began with `opened`.

    The answer's moves come from the link itself (`opened`), and the origin follows `box`'s first
    step, as it follows the link's own. A tip unknown to `TIPS` names nothing.
    """
    question = question_of(scenario) if scenario is not None else None
    if question is not None:
        assert scenario is not None
        return Origin("faq", question, scenario, box.history[0], opened.history[1:])
    if tip in TIPS:
        return Origin("tip", tip, "", box.history[0])
    return None


def _recalled(box: Sandbox, link: Link, tip: str | None, seed: int) -> Origin | None:
    """After a reload, the question or tip of the link the stored history began with.

    The address keeps the link beside `?box=`; its banner comes back only while the stored history
    still begins with the link's own steps up to its moment (a new table made since is no longer
    the question's, even one equal to its first).
    """
    try:
        opened = None if link == (None, None) else from_link(link, seed)
    except ScenarioError:
        opened = None
    moment = 0 if opened is None else opened.position + 1
    if opened is None or box.history[:moment] != opened.history[:moment]:
        return None
    return _origin(box, link[1], tip, opened)


def arrive(
    before: Practice | None,
    settings: Settings,
    query: Mapping[str, str],
    fresh: Table,
    store: Store,
    lang: Lang,
) -> Settled:
    """The practice table a reader arriving with this address gets, and what it refused.

    `before` is the table the session kept (None on its first visit), `settings` those the session
    holds, `query` the address's parameters, `fresh` the table a fresh start shows. The link's
    settings are read first (the seed rolls the link's dice); then a stored history (`?box=`) it
    does not hold yet; when that cannot be read, the table or scenario of the address if it is not
    the one already open; a bad one is refused, and a fresh table shown. Nothing is saved here.
    """
    settings, settings_refused = read_settings(settings, query, lang)
    link: Link = (query.get("table"), query.get("scenario"))
    tip = query.get("tip")
    box = None if before is None else before.box
    opened = (None, None) if before is None else before.link
    linked = None if before is None else before.linked
    origin = None if before is None else before.came_from
    held = None if before is None else before.held
    written = None if before is None else before.written
    refusals = []
    stored = query.get("box")
    restored = refused = False
    if stored is not None and (held is None or held[0] != stored):
        try:
            loaded = KEPT.load(store, stored)
        except StoreError as error:
            refusals.append(KEPT.words(error, lang))
        else:
            restored = True
            box = written = loaded.value
            held = loaded.held
            if read_seed(query.get("seed") or "") is None:  # the rolls go on from its seed
                settings = replace(settings, seed=box.seed)
            opened, linked = link, None  # the history holds that link's table and moves since
            origin = _recalled(box, link, tip, settings.seed)
    if not restored and link != (None, None) and link != opened:
        try:
            box = from_link(link, settings.seed)
        except ScenarioError as error:
            reason = scenario_refusal(error, lang)
            refusals.append(t("sandbox.link_refused", lang, reason=reason))
            box = Sandbox.start(fresh, settings.seed)
            linked = origin = None
            refused = True
        else:
            opened, linked = link, box
            origin = _origin(box, link[1], tip, box)
        # another history from here: stored under a new id at its first change, not over the old
        held, written = None, box
    refusals += settings_refused
    if box is None:
        box = written = Sandbox.start(fresh, settings.seed)
    elif box.seed != settings.seed:  # the link set another seed for the table kept
        box = box.reseed(settings.seed)
    practice = Practice(box, settings, opened, linked, origin, held, written)
    return Settled(practice, tuple(refusals), refused)
