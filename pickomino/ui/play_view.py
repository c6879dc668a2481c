"""The Play page: a whole game between people at one screen and bots, and its record in the URL.

The session holds one `match.Match`; every control answers through a callback that replaces it
(or refuses, the match kept), so drawing only reads the session. The game is written to `?game=`
(with `&seats=` and `&seed=`) after every move while it fits a link, so a reload carries on; a
link is read once, on the first run of a visit (see `ui/frame.py`: a lagging address must never be
taken for a new link).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Final, Literal, get_args

import streamlit as st

from pickomino.echo import NAME_CHARS, echoed, safe_name
from pickomino.events import TurnFailed, TurnPassed
from pickomino.game import IllegalMove, Move, Table
from pickomino.i18n import LANGS, Lang, t, tn
from pickomino.match import KINDS, PERSON, Kind, Match, Turn, Why, tie_break, verdict, why
from pickomino.narrate import (
    SeatTitle,
    move_words,
    seat_label,
    seat_name,
    seats_text,
    story,
)
from pickomino.odds import TIE, analyse
from pickomino.rules import PRESETS, preset
from pickomino.scenario import Scenario, ScenarioError
from pickomino.share import SEED_HIGH, decode_scenario, read_seed
from pickomino.ui import frame, records, show
from pickomino.ui.frame import current_lang
from pickomino.ui.odds_panel import outlook_line, panel, worms
from pickomino.ui.practice.draw import DICE_SCALE, PAGE_CSS, TILE_SCALE, offer, status
from pickomino.ui.practice.state import KEEP

MATCH: Final = "play_match"
PENDING: Final = "play_pending"
"""An opened record of an unfinished game and its seed, waiting for the seats' kinds."""
LINK: Final = "play_link"
"""The `?game=` value last read or published, so a run tells a new link from its own."""
LINK_VISIT: Final = "play_link_visit"
NOTICE: Final = "play_notice"
TICKING: Final = "play_ticking"
"""Set by the page just before it draws the pace's timer, which then knows it runs with the page."""
SEATS: Final = "play_seats"
RULES: Final = "play_rules"
SEED: Final = "play_seed"
PACE: Final = "play_pace"
ODDS: Final = "play_odds"
HINT: Final = "play_hint"
VERDICT: Final = "play_verdict"
LOG_OPEN: Final = "play_log_open"
SHARE_OPEN: Final = "play_share_open"
NEW_OPEN: Final = "play_new_open"
UPLOAD: Final = "play_upload"

Pace = Literal["step", "slow", "fast"]
PACES: Final[tuple[Pace, ...]] = get_args(Pace)
SECONDS: Final[dict[Pace, float]] = {"slow": 1.5, "fast": 0.5}
"""Time between two bot moves when they play on their own: slow enough to read each reason, or
quick enough to watch a turn go by."""


def kind_key(seat: int) -> str:
    """The set-up's choice of who plays `seat`."""
    return f"play_kind_{seat}"


def name_key(seat: int) -> str:
    """The set-up's name typed for `seat`."""
    return f"play_name_{seat}"


def open_kind_key(seat: int) -> str:
    """Who plays `seat` of an opened game that goes on."""
    return f"play_open_kind_{seat}"


# ----- names ---------------------------------------------------------------------------------


def default_name(kind: Kind, seat: int, lang: Lang) -> str:
    """The name of a seat nobody named: "Player 1" for a person, "Expert bot 2" for a bot."""
    if kind == PERSON:
        return seat_label(seat, lang)
    return t(f"play.bot_name.{kind}", lang, n=seat + 1)


@dataclass(frozen=True)
class Called:
    """How the page calls each seat: standing alone (`labels`), and inside a sentence (`said`).

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


def recorded(record: Scenario, lang: Lang) -> Called:
    """The seats of a game record called as the Play page calls them.

    A record keeps names only; a seat named with a bot's default name (in any language) is that
    bot, so a game saved in English reads "le robot expert 1" on a French page, and a name typed
    for a person is "Ana" inside a French sentence, as while the game was played.
    """
    found = record.names or ("",) * record.table.players
    kinds = [
        next(
            (
                kind
                for kind in KINDS
                if kind != PERSON and name in {default_name(kind, seat, other) for other in LANGS}
            ),
            PERSON,
        )
        for seat, name in enumerate(found)
    ]
    return calling(kinds, typed(found, kinds), lang)


def record_of(match: Match) -> Scenario:
    """The match's record, every seat named as the page shows it."""
    lang = current_lang()
    return match.record(
        [
            safe_name(name) or default_name(kind, seat, lang)
            for seat, (kind, name) in enumerate(zip(match.kinds, match.names, strict=True))
        ]
    )


def typed(names: Sequence[str] | None, kinds: Sequence[Kind]) -> tuple[str, ...]:
    """A record's names with each default name (in any language) read as no name typed.

    So a game saved in English as "Player 1" says "joueur 1" once the reader switches to French.
    """
    found = names or ("",) * len(kinds)
    return tuple(
        "" if name in {default_name(kind, seat, lang) for lang in LANGS for kind in KINDS} else name
        for seat, (name, kind) in enumerate(zip(found, kinds, strict=True))
    )


# ----- the session and the URL ---------------------------------------------------------------


def refuse(text: str) -> None:
    """Keep a refusal for the page to show once, above the game."""
    st.session_state[NOTICE] = text


def notice_here() -> None:
    """The last click's refusal, once."""
    text = st.session_state.pop(NOTICE, None)
    if text is not None:
        st.warning(text, icon=":material/block:")


def _seats_param(players: int, lang: Lang) -> tuple[tuple[Kind, ...] | None, str | None]:
    """The seats' kinds a link names (`&seats=person,expert`), if any and if they fit the game.

    Alongside, the refusal of seats that do not fit, in the reader's words: the game opens as a
    file would (asking who plays an unfinished one), and the reader is told why.
    """
    value = st.query_params.get("seats")
    if value is None:
        return None, None
    wanted = value.split(",")
    if len(wanted) != players or any(name not in KINDS for name in wanted):
        kinds = ", ".join(KINDS)
        return None, t("play.link_seats", lang, value=echoed(value), n=players, kinds=kinds)
    return tuple(next(kind for kind in KINDS if kind == name) for name in wanted), None


def _seed_param(lang: Lang) -> tuple[int, str | None]:
    """The link's seed, or a new one when it has none; a seed that cannot be read is refused."""
    value = st.query_params.get("seed")
    linked = None if value is None else read_seed(value)
    if linked is not None:
        return linked, None
    drawn = random.randrange(SEED_HIGH + 1)
    if value is None:
        return drawn, None
    return drawn, t("play.link_seed", lang, value=echoed(value), high=SEED_HIGH)


def opened(record: Scenario, kinds: Sequence[Kind] | None, seed: int) -> None:
    """Take an opened record onto the table, or keep it waiting for the seats' kinds.

    A finished game, or one whose link names its seats, goes on the table; an unfinished one
    waits for the reader to say who plays each seat now.
    """
    final, _ = record.replay()
    if kinds is None and not final.over:
        st.session_state[PENDING] = (record, seed)
        st.session_state.pop(MATCH, None)
        return
    chosen = tuple(kinds) if kinds is not None else (PERSON,) * record.table.players
    match = Match.from_record(record, chosen, seed)
    st.session_state[MATCH] = replace(match, names=typed(record.names, chosen))
    st.session_state.pop(PENDING, None)


def settle(lang: Lang) -> tuple[Match | None, list[str]]:
    """The match of this run: from a `?game=` link just opened, else the session's.

    Returns, alongside, what the link asked and could not have, in the reader's language: a game
    that cannot be opened (the game shown before kept), seats or a seed that cannot be used.
    """
    value = st.query_params.get("game")
    refusals = []
    if frame.arriving(LINK_VISIT) and value is not None and value != st.session_state.get(LINK):
        st.session_state[LINK] = value
        try:
            record = decode_scenario(value)
            kinds, seats_refused = _seats_param(record.table.players, lang)
            seed, seed_refused = _seed_param(lang)
            opened(record, kinds, seed)
        except ScenarioError as error:
            refusals.append(t("play.link_refused", lang, reason=show.scenario_refusal(error, lang)))
        else:
            refusals += [text for text in (seats_refused, seed_refused) if text is not None]
    match: Match | None = st.session_state.get(MATCH)
    publish(match)
    return match, refusals


def publish(match: Match | None) -> None:
    """Put the game in the URL (`?game=`, `&seats=`, `&seed=`) while it fits a link, else none."""
    wanted: dict[str, str | None] = {"game": None, "seats": None, "seed": None}
    if match is not None:
        value = records.game_link(record_of(match))
        if value is not None:
            wanted = {"game": value, "seats": ",".join(match.kinds), "seed": str(match.seed)}
    elif PENDING in st.session_state:
        return  # the opened link stays in the URL until the game goes on
    frame.publish(wanted)
    st.session_state[LINK] = wanted["game"]


# ----- what the controls do ------------------------------------------------------------------


def _read(key: str, options: Sequence[str], word: str) -> str:
    """A worded choice from the session, read by its words in any language if sent in words.

    A click sent right after a language switch carries the words the browser showed
    (`frame.worded`); it is read back by them, and kept.
    """
    chosen = str(st.session_state.get(key, options[0]))
    if chosen not in options:
        titled = (o for o in options for lang in LANGS if t(word.format(o), lang) == chosen)
        chosen = next(titled, options[0])
        st.session_state[key] = chosen
    return chosen


def chosen_kind(seat: int, key: str | None = None) -> Kind:
    """Who the set-up says plays `seat`: a person at seat 1, the expert elsewhere, by default."""
    name = key or kind_key(seat)
    st.session_state.setdefault(name, PERSON if seat == 0 else "expert")
    found = _read(name, KINDS, "play.kind.{}")
    return next(kind for kind in KINDS if kind == found)


def chosen_rules() -> str:
    """The rules preset the set-up names."""
    return _read(RULES, list(PRESETS), "variants.{}.title")


def start() -> None:
    """Start the game the set-up describes; a seed that cannot be read is refused by name."""
    lang = current_lang()
    typed_seed = str(st.session_state.get(SEED, "")).strip()
    seed = read_seed(typed_seed) if typed_seed else random.randrange(SEED_HIGH + 1)
    if seed is None:
        refuse(t("play.bad_seed", lang, seed=echoed(typed_seed), high=SEED_HIGH))
        return
    count = int(st.session_state.get(SEATS, 2))
    kinds = [chosen_kind(seat) for seat in range(count)]
    names = [str(st.session_state.get(name_key(seat), "")).strip() for seat in range(count)]
    try:
        st.session_state[MATCH] = Match.new(kinds, names, seed, preset(chosen_rules()))
    except IllegalMove as error:
        refuse(t("common.refused", lang, reason=show.refusal(error, lang)))
        return
    st.session_state.pop(PENDING, None)


def go_on() -> None:
    """Carry on the opened game with the seats' kinds the reader chose."""
    record, seed = st.session_state[PENDING]
    kinds = [chosen_kind(seat, open_kind_key(seat)) for seat in range(record.table.players)]
    opened(record, kinds, seed)


def again() -> None:
    """The same seats at a fresh table, with a new seed."""
    match: Match = st.session_state[MATCH]
    st.session_state[MATCH] = match.again(random.randrange(SEED_HIGH + 1))


def set_up() -> None:
    """Leave the game for the set-up (its seats kept there for the next one)."""
    match: Match | None = st.session_state.pop(MATCH, None)
    st.session_state.pop(PENDING, None)
    if match is None:
        return
    st.session_state[SEATS] = match.start.players
    st.session_state[RULES] = match.start.rules.name
    for seat, (kind, name) in enumerate(zip(match.kinds, match.names, strict=True)):
        st.session_state[kind_key(seat)] = kind
        st.session_state[name_key(seat)] = name


def person_move(move: Move, drawn: int) -> None:
    """A person's click on a move, drawn when the game had `drawn` moves.

    A click from an earlier moment (a quick double click, a click as the page redraws) is refused
    with its reason: the table it was meant for is gone, and the move might now be another seat's.
    """
    lang = current_lang()
    match: Match | None = st.session_state.get(MATCH)
    if match is None:
        return
    if len(match.steps) != drawn or match.to_play != PERSON:
        reason = t("play.stale_moved", lang)
        try:
            match.table.play(move, random.Random(0))
        except IllegalMove as error:
            reason = show.refusal(error, lang)
        refuse(t("play.stale", lang, reason=reason))
        return
    try:
        st.session_state[MATCH] = match.play(move)
    except IllegalMove as error:
        refuse(t("common.refused", lang, reason=show.refusal(error, lang)))


def bots_play(drawn: int, until_person: bool) -> None:
    """The bots play one move, or until a person is to play (or the end); a stale click: nothing.

    A second click on "Next move" sent before the page showed the first one's move is not a
    second move the reader has seen coming, so it is dropped.
    """
    match: Match | None = st.session_state.get(MATCH)
    if match is None or len(match.steps) != drawn or match.to_play in (None, PERSON):
        return
    st.session_state[MATCH] = match.until_person() if until_person else match.bot_move()


def pace() -> Pace:
    """How the bots' moves go by: one per click (step), or on their own, slow or fast."""
    st.session_state.setdefault(PACE, "slow")
    found = _read(PACE, PACES, "play.pace.{}")
    return next(p for p in PACES if p == found)


def ticker(match: Match) -> None:
    """While a bot is to play at a slow or fast pace, a timer that plays its next move.

    A fragment that reruns on its own every few seconds; drawn with the page it does nothing (the
    page has just drawn the table), and on its own runs it plays one bot move and redraws the
    page. Never drawn while a person is to play or the game is over, and each run checks again.
    """
    chosen = pace()
    if chosen == "step" or match.to_play in (None, PERSON):
        return
    st.session_state[TICKING] = True
    st.fragment(_tick, run_every=SECONDS[chosen])()


def _tick() -> None:
    if st.session_state.pop(TICKING, False):
        return
    match: Match | None = st.session_state.get(MATCH)
    if match is None or pace() == "step" or match.to_play in (None, PERSON):
        return
    st.session_state[MATCH] = match.bot_move()
    st.rerun()


# ----- drawing -------------------------------------------------------------------------------


def style() -> None:
    """The sandbox's compact page, so the moves show beside the table on a laptop."""
    st.html(PAGE_CSS)


def setup_form(lang: Lang) -> None:
    """Seats (a person or a bot, with a name), the rules, a seed; the button that starts."""
    st.header(t("play.setup_title", lang), anchor=False)
    count_column, rules_column, seed_column = st.columns(3)
    count_column.selectbox(t("play.seats", lang), range(2, 8), key=SEATS, persist_state=KEEP)
    rules_column.selectbox(
        t("sandbox.rules", lang),
        list(PRESETS),
        key=frame.worded(RULES),
        persist_state=KEEP,
        format_func=lambda name: t(f"variants.{name}.title", lang),
    )
    seed_column.text_input(
        t("play.seed", lang),
        key=SEED,
        placeholder=t("play.seed_placeholder", lang),
        help=t("play.seed_help", lang),
        max_chars=6,
    )
    for seat in range(int(st.session_state.get(SEATS, 2))):
        kind = chosen_kind(seat)
        who, name = st.columns([2, 3])
        who.selectbox(
            t("play.seat_kind", lang, n=seat + 1),
            KINDS,
            key=frame.worded(kind_key(seat)),
            persist_state=KEEP,
            format_func=lambda k: t(f"play.kind.{k}", lang),
        )
        name.text_input(
            t("play.seat_name", lang, n=seat + 1),
            key=name_key(seat),
            placeholder=default_name(kind, seat, lang),
            max_chars=NAME_CHARS,
        )
    st.button(
        t("play.start", lang),
        key="play_start",
        type="primary",
        icon=":material/play_arrow:",
        on_click=start,
    )


def open_file(lang: Lang) -> None:
    """Open a saved game: a finished one shows its end, an unfinished one asks for the seats."""
    record = records.upload(lang, UPLOAD)
    if record is not None:
        opened(record, None, random.randrange(SEED_HIGH + 1))
        st.rerun()


def pending_form(lang: Lang) -> bool:
    """For an opened unfinished game, who plays each seat now; False when nothing is opened."""
    waiting: tuple[Scenario, int] | None = st.session_state.get(PENDING)
    if waiting is None:
        return False
    record, _ = waiting
    st.header(t("play.opened_title", lang), anchor=False)
    st.caption(t("play.opened_help", lang, moves=len(record.moves)))
    players = record.table.players
    names = typed(record.names, (PERSON,) * players)
    for seat in range(players):
        chosen_kind(seat, open_kind_key(seat))
        name = seat_label(seat, lang, names)
        st.selectbox(
            name,
            KINDS,
            key=frame.worded(open_kind_key(seat)),
            format_func=lambda k: t(f"play.kind.{k}", lang),
        )
    st.button(
        t("play.go_on", lang),
        key="play_go_on",
        type="primary",
        icon=":material/play_arrow:",
        on_click=go_on,
    )
    return True


def heading(match: Match, names: Called, lang: Lang) -> None:
    """Whose turn it is, said to the person to play ("Ana, your turn") or naming the bot."""
    table = match.table
    if table.over:
        return
    player = seat_label(table.current, lang, names.labels)
    key = "play.your_turn" if match.to_play == PERSON else "play.bot_turn"
    st.header(t(key, lang, player=player), anchor=False)
    st.caption(status(table, lang, names=names.said))


def controls(match: Match, lang: Lang) -> None:
    """The bots' pace and the buttons that move them on; the learner's toggles."""
    drawn = len(match.steps)
    bots_to_play = match.to_play not in (None, PERSON)
    pace()  # its default set before the radio is drawn
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        st.radio(
            t("play.pace_label", lang),
            PACES,
            key=frame.worded(PACE),
            persist_state=KEEP,
            horizontal=True,
            format_func=lambda p: t(f"play.pace.{p}", lang),
            width="content",
        )
        st.button(
            t("play.next", lang),
            key="play_next",
            icon=":material/skip_next:",
            disabled=not bots_to_play,
            on_click=bots_play,
            args=(drawn, False),
        )
        st.button(
            t("play.skip" if match.has_person else "play.run_end", lang),
            key="play_skip",
            icon=":material/fast_forward:",
            disabled=not bots_to_play,
            on_click=bots_play,
            args=(drawn, True),
        )
        if match.has_person:
            for key, label in ((ODDS, "play.odds"), (HINT, "play.hint_toggle")):
                st.toggle(t(label, lang), key=key, persist_state=KEEP, width="content")
            st.toggle(
                t("play.verdict_toggle", lang),
                key=VERDICT,
                persist_state=KEEP,
                help=t("play.verdict_help", lang),
                width="content",
            )


def board(match: Match, names: Called, lang: Lang) -> None:
    """The tiles: the middle row and every stack (the seat to play marked)."""
    table = match.table
    marks = show.marks_from(match.steps[-1].events if match.steps else (), lang)
    show.middle(table, lang, marks, scale=TILE_SCALE)
    to_play = -1 if table.over else table.current
    show.stacks(
        table, lang, to_play, marks, scale=TILE_SCALE, you_key="sandbox.to_play", names=names.labels
    )


def dice(table: Table, lang: Lang) -> None:
    """The dice set aside and the roll waiting, drawn just above the moves they decide."""
    show.kept(table, lang, scale=DICE_SCALE)
    if table.rolled is not None:
        show.roll(table.rolled, table.kept, lang, scale=DICE_SCALE)


def why_text(reason: Why, table: Table, lang: Lang, names: Called) -> str:
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


def person(match: Match, names: Called, lang: Lang) -> None:
    """The person's moves as buttons (only legal ones), with the hint and the odds if asked."""
    table = match.table
    analysis = analyse(table) if st.session_state.get(ODDS) or st.session_state.get(HINT) else None
    if analysis is not None and st.session_state.get(HINT):
        best = analysis.recommended
        reason = why(table, best.move)
        if reason is not None:
            st.info(
                t("play.hint", lang, why=why_text(reason, table, lang, names)),
                icon=":material/lightbulb:",
            )
    drawn = len(match.steps)
    offer(
        table,
        analysis if st.session_state.get(ODDS) else None,
        lang,
        lambda move: person_move(move, drawn),
        prefix="play",
        names=names.said,
    )
    if analysis is not None and st.session_state.get(ODDS):
        with st.container(border=True):
            panel(analysis, table, lang)


def shown_turn(match: Match) -> Turn | None:
    """The turn to tell beside the table: the one under way, or the one just over."""
    turns = [turn for turn in match.turns() if turn.steps]
    if not turns:
        return None
    return turns[-1]


def this_turn(match: Match, names: Called, lang: Lang) -> None:
    """The turn under way (or just over), move by move, each bot decision with its reason."""
    turn = shown_turn(match)
    if turn is None:
        return
    player = seat_label(turn.seat, lang, names.labels)
    st.markdown(f"**{t('play.turn_done' if turn.done else 'play.turn_now', lang, player=player)}**")
    lines = []
    bot = match.kinds[turn.seat] != PERSON
    for offset, step in enumerate(turn.steps):
        events = [event for event in step.events if not isinstance(event, TurnPassed)]
        lines += [f"- {line}" for line in story(events, lang, None, names.said)]
        before = match.before(turn.first + offset)
        reason = why(before, step.move) if bot and step.move is not None else None
        if reason is not None:
            lines.append(
                f"  - *{t('play.why_said', lang, why=why_text(reason, before, lang, names))}*"
            )
    st.markdown("\n".join(lines))
    last = turn.first + len(turn.steps) - 1
    if any(isinstance(event, TurnFailed) for event in turn.steps[-1].events):
        show.failed_turn(match.before(last), turn.steps[-1].events, lang, names=names.said)


def verdict_line(match: Match, names: Called, lang: Lang) -> None:
    """The coach's one line on the last turn a person finished, when asked for."""
    if not st.session_state.get(VERDICT):
        return
    done = [turn for turn in match.turns() if turn.done and match.kinds[turn.seat] == PERSON]
    if not done:
        return
    graded = verdict(match, done[-1])
    player = seat_name(done[-1].seat, lang, names.said)
    count = len(graded.decisions)
    off = sum(1 for decision in graded.decisions if decision.cost > 0)
    if count == 0:
        text = t("play.verdict_none", lang, player=player)
    elif off == 0:
        text = t("play.verdict_best", lang, player=player)
    else:
        text = tn(
            "play.verdict_cost",
            off,
            lang,
            player=player,
            worms=worms(graded.total_cost, lang),
            decisions=count,
        )
    st.info(text, icon=":material/school:")


def review_ready() -> bool:
    """Whether the app has the Game review page to hand a record to."""
    return any(spec.file == records.REVIEW_PAGE for spec in frame.PAGES)


def end(match: Match, names: Called, lang: Lang) -> None:
    """The end: the winner(s), every score, the tie-break when it decided; what to do next."""
    table = match.table
    winners = table.winners()
    # Inside a sentence ("La partie est finie. Le joueur 1 gagne !"): each seat as a sentence says
    # it, with its French article, the first word capitalised.
    said = seats_text(winners, lang, names.said)
    said = said[:1].upper() + said[1:]
    st.header(tn("play.winner", len(winners), lang, winners=said), anchor=False)
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
    st.markdown("\n".join(f"- {line}" for line in lines))
    level = tie_break(table)
    if level:
        winner = table.winners()[0]
        st.info(
            t(
                "play.tie_break",
                lang,
                players=seats_text(level, lang, names.said),
                worms=tn("common.worms", table.scores()[winner], lang),
                winner=seat_name(winner, lang, names.said),
                tile=max(table.stacks[winner]),
            ),
            icon=":material/balance:",
        )
    with st.container(horizontal=True, gap="small"):
        st.button(
            t("play.again", lang),
            key="play_again",
            type="primary",
            icon=":material/replay:",
            on_click=again,
        )
        if review_ready() and st.button(
            t("play.review", lang), key="play_review", icon=":material/school:"
        ):
            records.to_review(record_of(match), lang)
        records.download(record_of(match), lang, "play_download_end")


def log(match: Match, names: Called, lang: Lang) -> None:
    """The game so far, newest turn first, in a panel below the table, filled only while open.

    Filled while folded, a long game's log was sent again and redrawn on every click.
    """
    fill = partial(turn_log, match, names, lang)
    frame.folded(t("play.log", lang), ":material/history:", LOG_OPEN, fill)


def turn_log(match: Match, names: Called, lang: Lang) -> None:
    """Every turn played, newest first, a heading per turn."""
    turns = [(number, turn) for number, turn in enumerate(match.turns(), 1) if turn.steps]
    if not turns:
        st.caption(t("play.log_empty", lang))
    for number, turn in reversed(turns):
        player = seat_label(turn.seat, lang, names.labels)
        events = [e for step in turn.steps for e in step.events if not isinstance(e, TurnPassed)]
        told = "\n".join(f"- {line}" for line in story(events, lang, None, names.said))
        st.markdown(f"**{t('play.turn_heading', lang, n=number, player=player)}**\n\n{told}")


def save_share(match: Match, lang: Lang) -> None:
    """Save the game as a file; its link, when it fits one: in a panel filled only while open."""
    fill = partial(shared, match, lang)
    frame.folded(t("play.share_title", lang), ":material/share:", SHARE_OPEN, fill)


def shared(match: Match, lang: Lang) -> None:
    """The game's file to download, and its link to copy (or why there is none)."""
    record = record_of(match)
    records.download(record, lang, "play_download")
    value = records.game_link(record)
    if value is None:
        st.caption(t("play.link_too_long", lang))
    else:
        st.caption(t("play.share_help", lang))
        st.code(share_link(), language=None, wrap_lines=True)


def share_link() -> str:
    """The address of this game, in this language: the page's, with its query."""
    params = {
        key: st.query_params[key]
        for key in ("game", "seats", "seed", "lang")
        if key in st.query_params
    }
    return frame.page_address(params)


def new_game(lang: Lang) -> None:
    """Leave this game for a new set-up, or open a saved one: in a panel filled only while open."""
    frame.folded(t("play.new_title", lang), ":material/add_box:", NEW_OPEN, partial(leave, lang))


def leave(lang: Lang) -> None:
    """The button to a new set-up, and the file picker for a saved game."""
    st.button(
        t("play.new_game", lang), key="play_new_game", icon=":material/add_box:", on_click=set_up
    )
    open_file(lang)


def game(match: Match, lang: Lang) -> None:
    """The game: whose turn, the pace, the table beside the moves or the bot's reasons, the log."""
    names = called(match, lang)
    heading(match, names, lang)
    if not match.table.over:
        controls(match, lang)
        ticker(match)
    table_column, decision = st.columns(2, gap="medium")
    with table_column:
        board(match, names, lang)
    with decision:
        if match.table.over:
            end(match, names, lang)
        else:
            dice(match.table, lang)
        if match.to_play == PERSON:
            person(match, names, lang)
        elif not match.table.over:
            chosen = pace()
            st.caption(t(f"play.bot_waiting.{'step' if chosen == 'step' else 'auto'}", lang))
        verdict_line(match, names, lang)
        this_turn(match, names, lang)
    log(match, names, lang)
    save_share(match, lang)
    new_game(lang)
