"""What the Play page shows: the set-up, whose turn it is, the table, the moves, the reasons.

Every control here answers through a callback of `clicks`, each given the position of the game it
is drawn for, so a click that arrives once the game has moved on is refused; drawing only reads
the session (and takes a refusal once it is shown).
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from pickomino.activities.play import (
    PACES,
    Position,
    chances_words,
    reason_words,
    score_lines,
    shown_turn,
    tie_break_words,
    turn_lines,
    verdict_words,
    winner_words,
)
from pickomino.activities.seats import Called, called, default_name, record_of, typed
from pickomino.events import TurnFailed
from pickomino.game import Table
from pickomino.i18n import Lang, t
from pickomino.match import KINDS, PERSON, Match, why
from pickomino.names import NAME_CHARS
from pickomino.narrate import master_words, seat_label
from pickomino.odds import analyse
from pickomino.pages import PAGES
from pickomino.review import master_otherwise
from pickomino.rules import PRESETS
from pickomino.scenario import Scenario
from pickomino.ui import frame, records, show
from pickomino.ui.common import DICE_SCALE, KEEP, TABLE_CSS, TILE_SCALE, offer, status
from pickomino.ui.odds_panel import panel
from pickomino.ui.play.clicks import (
    again,
    bots_play,
    go_on,
    person_move,
    set_up,
    start,
    tick,
)
from pickomino.ui.play.clicks import (
    open_file as opened_file,
)
from pickomino.ui.play.links import share_link
from pickomino.ui.play.state import (
    CHANCES,
    HINT,
    LOG_OPEN,
    NEW_OPEN,
    NOTICE,
    ODDS,
    PACE,
    PENDING,
    RULES,
    SEATS,
    SECONDS,
    SEED,
    SHARE_OPEN,
    TICKING,
    UPLOAD,
    VERDICT,
    chosen_kind,
    kind_key,
    name_key,
    open_kind_key,
    pace,
)


def notice_here() -> None:
    """The last click's refusal, once."""
    text = st.session_state.pop(NOTICE, None)
    if text is not None:
        st.warning(text, icon=":material/block:")


def ticker(match: Match) -> None:
    """While a bot is to play at a slow or fast pace, a timer that plays its next move.

    A fragment that reruns on its own every few seconds, with the position the page drew
    (`clicks.tick`). Never drawn while a person is to play or the game is over.
    """
    chosen = pace()
    if chosen == "step" or match.to_play in (None, PERSON):
        return
    st.session_state[TICKING] = True
    st.fragment(tick, run_every=SECONDS[chosen])(len(match.steps))


def style() -> None:
    """A table's compact page, as the sandbox's, so the moves show beside the table on a laptop."""
    st.html(TABLE_CSS)


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


def open_file(lang: Lang, drawn: Position = None) -> None:
    """Open a saved game: a finished one shows its end, an unfinished one asks for the seats.

    `drawn`: the position of the game shown beside the file picker, which the file replaces.
    """
    record = records.upload(lang, UPLOAD)
    if record is not None:
        opened_file(record, drawn)
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
    names = typed(record)
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


def bot_buttons(match: Match, lang: Lang) -> None:
    """While a bot is to play: what it waits for, and the buttons that move the bots on.

    Drawn where the person's moves are drawn on their turn, so the one control that moves the game
    on sits by the table, on a phone as on a laptop.
    """
    drawn = len(match.steps)
    chosen = pace()
    st.caption(t(f"play.bot_waiting.{'step' if chosen == 'step' else 'auto'}", lang))
    with st.container(horizontal=True, gap="small"):
        st.button(
            t("play.next", lang),
            key="play_next",
            icon=":material/skip_next:",
            on_click=bots_play,
            args=(drawn, False),
        )
        st.button(
            t("play.skip" if match.has_person else "play.run_end", lang),
            key="play_skip",
            icon=":material/fast_forward:",
            on_click=bots_play,
            args=(drawn, True),
        )


def settings(match: Match, lang: Lang) -> None:
    """The bots' pace and the learner's toggles, under the game rather than above it.

    Above the table they took a phone's first screen (issue 23): a learner scrolled past the
    settings before seeing whose turn it was and the dice. Set once, they are not what a turn needs.
    """
    pace()  # its default set before the radio is drawn
    with st.container(
        horizontal=True, vertical_alignment="center", gap="small", key="play_settings"
    ):
        st.radio(
            t("play.pace_label", lang),
            PACES,
            key=frame.worded(PACE),
            persist_state=KEEP,
            horizontal=True,
            format_func=lambda p: t(f"play.pace.{p}", lang),
            width="content",
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
            st.toggle(
                t("play.chances.toggle", lang),
                key=CHANCES,
                persist_state=KEEP,
                help=t("play.chances.help", lang),
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


def dice(table: Table, lang: Lang, tapped: bool) -> None:
    """The dice set aside and the roll waiting, drawn just above the moves they decide.

    `tapped`: a person decides this roll, so `offer` draws it as its groups of dice, each the
    button that sets it aside (`dice_choice`); drawing it here too would show the roll twice.
    """
    show.kept(table, lang, scale=DICE_SCALE)
    if table.rolled is not None and not (tapped and table.phase == "keep"):
        show.roll(table.rolled, table.kept, lang, scale=DICE_SCALE)


def person(match: Match, names: Called, lang: Lang) -> None:
    """The person's moves as buttons (only legal ones), with the hint and the odds if asked."""
    table = match.table
    analysis = analyse(table) if st.session_state.get(ODDS) or st.session_state.get(HINT) else None
    if analysis is not None and st.session_state.get(HINT):
        best = analysis.recommended
        reason = why(table, best.move)
        if reason is not None:
            hint = t("play.hint", lang, why=reason_words(reason, table, lang, names))
            master = master_otherwise(table)
            if master is not None:
                said = master_words(master.move, master.reason, table, lang, names.said)
                hint = f"{hint} {said}"
            st.info(hint, icon=":material/lightbulb:")
    if st.session_state.get(CHANCES):
        st.caption(chances_words(match, lang, names))
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
        lines += [f"- {line}" for line in turn_lines(step.events, lang, names)]
        before = match.before(turn.first + offset)
        reason = why(before, step.move) if bot and step.move is not None else None
        if reason is not None:
            lines.append(
                f"  - *{t('play.why_said', lang, why=reason_words(reason, before, lang, names))}*"
            )
    st.markdown("\n".join(lines))
    last = turn.first + len(turn.steps) - 1
    if any(isinstance(event, TurnFailed) for event in turn.steps[-1].events):
        show.failed_turn(match.before(last), turn.steps[-1].events, lang, names=names.said)


def verdict_line(match: Match, names: Called, lang: Lang) -> None:
    """The coach's one line on the last turn a person finished, when asked for."""
    if not st.session_state.get(VERDICT):
        return
    text = verdict_words(match, lang, names)
    if text is None:
        return
    st.info(text, icon=":material/school:")


def review_ready() -> bool:
    """Whether the app has the Game review page to hand a record to."""
    return any(spec.key == "review" for spec in PAGES)


def end(match: Match, names: Called, lang: Lang) -> None:
    """The end: the winner(s), every score, the tie-break when it decided; what to do next."""
    table = match.table
    st.header(winner_words(table, lang, names), anchor=False)
    st.markdown("\n".join(f"- {line}" for line in score_lines(table, lang, names)))
    decided = tie_break_words(table, lang, names)
    if decided is not None:
        st.info(decided, icon=":material/balance:")
    with st.container(horizontal=True, gap="small"):
        st.button(
            t("play.again", lang),
            key="play_again",
            type="primary",
            icon=":material/replay:",
            on_click=again,
            args=(len(match.steps),),
        )
        if review_ready() and st.button(
            t("play.review", lang), key="play_review", icon=":material/school:"
        ):
            records.to_review(record_of(match, lang), lang)
        records.download(record_of(match, lang), lang, "play_download_end")


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
        events = [event for step in turn.steps for event in step.events]
        told = "\n".join(f"- {line}" for line in turn_lines(events, lang, names))
        st.markdown(f"**{t('play.turn_heading', lang, n=number, player=player)}**\n\n{told}")


def save_share(match: Match, lang: Lang) -> None:
    """Save the game as a file; its link, when it fits one: in a panel filled only while open."""
    fill = partial(shared, match, lang)
    frame.folded(t("play.share_title", lang), ":material/share:", SHARE_OPEN, fill)


def shared(match: Match, lang: Lang) -> None:
    """The game's file to download, and its link to copy (or why there is none)."""
    record = record_of(match, lang)
    records.download(record, lang, "play_download")
    link = share_link(lang)
    if link is None:
        st.caption(t("play.link_too_long", lang))
    else:
        st.caption(t("play.share_help", lang))
        st.code(link, language=None, wrap_lines=True)


def new_game(match: Match, lang: Lang) -> None:
    """Leave this game for a new set-up, or open a saved one: in a panel filled only while open."""
    fill = partial(leave, len(match.steps), lang)
    frame.folded(t("play.new_title", lang), ":material/add_box:", NEW_OPEN, fill)


def leave(drawn: int, lang: Lang) -> None:
    """The button to a new set-up, and the file picker for a saved game."""
    st.button(
        t("play.new_game", lang),
        key="play_new_game",
        icon=":material/add_box:",
        on_click=set_up,
        args=(drawn,),
    )
    open_file(lang, drawn)


def game(match: Match, lang: Lang) -> None:
    """The game: whose turn, the table beside the moves or the bot's reasons, then the rest.

    The rest: the settings, the log, the game's file and a new game, all under the table.
    """
    names = called(match, lang)
    heading(match, names, lang)
    table_column, decision = st.columns(2, gap="medium")
    with table_column:
        board(match, names, lang)
    with decision:
        if match.table.over:
            end(match, names, lang)
        else:
            dice(match.table, lang, tapped=match.to_play == PERSON)
        if match.to_play == PERSON:
            person(match, names, lang)
        elif not match.table.over:
            bot_buttons(match, lang)
        verdict_line(match, names, lang)
        this_turn(match, names, lang)
    if not match.table.over:
        settings(match, lang)
        ticker(match)
    log(match, names, lang)
    save_share(match, lang)
    new_game(match, lang)
