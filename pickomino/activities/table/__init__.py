"""Tables: a game of Pickomino between players each on their own device, watched by anyone.

A host opens a table of 2 to 7 seats and sends each seat's link to a friend, or a teacher deals a
room's pupils into tables of 2 to 4; bots fill the seats the host gives them, and play their turns
at once. Everything a table is lives in one store document (kind "table"), changed only through
`Tables.change`: each change is made on the table as stored now, and redone when another writer
(a second tab, a second server, the timer's poll) came first. So a move is applied once whoever
sends it twice, and a move made on a table that has moved on is refused by its number.

Who is who rests on tokens, as in rooms (`rooms.codes`): the table keeps only their digests. A
host's table has a link per seat, derived from the host's token (`seat_links`), so the host can
always send them again; a link claims its seat once, for a nickname (`rooms.nickname`), and gives
the player a token of their own, which is what plays the seat from then on: the same link opened
by someone else is refused, and a player holding one seat is refused another's. A room's table is
played by its pupils' own room tokens.

The dice are fair: the table's seed is drawn from the system's secure generator when it is opened,
the game's rolls are drawn from it (`match.Match`, `history.roll_rng`), and nothing a seat or a
spectator reads holds it (`View`) until the game is over, when the record carries it
(`Finished`), so the game replays exactly. No roll's faces are taken from a player.

The pages (the Table page, `ui/table/`, and the room's board, `ui/room/tables.py`) draw `View`
for a seat or a spectator and `BoardLine` for a room's board, poll `Tables.advance` for the turn
timer, and word the log (`Line.words`) and every refusal (`TableRefused`: `table.refused.<code>`
in content/) in each reader's language. No Streamlit here.

- `sitting`: the table as stored (`Sitting`), its limits, and who may do what at it;
- `deal`: a room's pupils dealt into tables, at random or by hand;
- `view`: what a seat, a spectator and a room's board see, and the game's log;
- `tables`: `Tables`, the tables in a store, every change made on the table as stored.

Every name is also importable from `pickomino.activities.table` itself.
"""

from pickomino.activities.table.deal import Deal, deal_at_random, deal_by_hand
from pickomino.activities.table.sitting import (
    ATTEMPTS,
    BOT,
    KEPT,
    MAX_SEATS,
    MAX_TABLES,
    MIN_SEATS,
    MOVES_PER_MINUTE,
    ROOM_SEATS,
    SEAT_COOKIE,
    TIMER_SECONDS,
    TIMERS,
    Seat,
    Sitting,
    TableRefused,
    advance,
    check_host,
    check_settings,
    check_start,
    claim,
    give_bot,
    held,
    new_seed,
    play,
    seat_links,
    started,
)
from pickomino.activities.table.tables import (
    DECODED,
    DECODED_TABLES,
    Decoded,
    Now,
    Opened,
    Tables,
)
from pickomino.activities.table.view import (
    BoardLine,
    Finished,
    Line,
    View,
    board_line,
    log_of,
    next_number,
    view_of,
)

__all__ = [
    "ATTEMPTS",
    "BOT",
    "DECODED",
    "DECODED_TABLES",
    "KEPT",
    "MAX_SEATS",
    "MAX_TABLES",
    "MIN_SEATS",
    "MOVES_PER_MINUTE",
    "ROOM_SEATS",
    "SEAT_COOKIE",
    "TIMERS",
    "TIMER_SECONDS",
    "BoardLine",
    "Deal",
    "Decoded",
    "Finished",
    "Line",
    "Now",
    "Opened",
    "Seat",
    "Sitting",
    "TableRefused",
    "Tables",
    "View",
    "advance",
    "board_line",
    "check_host",
    "check_settings",
    "check_start",
    "claim",
    "deal_at_random",
    "deal_by_hand",
    "give_bot",
    "held",
    "log_of",
    "new_seed",
    "next_number",
    "play",
    "seat_links",
    "started",
    "view_of",
]
