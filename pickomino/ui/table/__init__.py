"""The Table page's widgets: a game between devices (`activities.table`), opened, claimed, drawn.

Everything a table is and does lives in `activities.table` (Streamlit-free); here the page reads
who the reader is from the address, hands the clicks to `Tables`, and draws what a `View` holds.
A host opens a table and sends a link per seat; a seat's link asks a nickname once, then plays
that seat from any device; the table's own address, with no seat, lets anyone watch.

One module per job, each importing only those before it:

- `state`: the server's `Tables`, the session's keys, who the reader is (`Reader`) from the
  address, and the refusals in words;
- `clicks`: the callbacks that open a table, claim a seat, give one to a bot and play a move;
- `draw`: the host's form and links, the nickname form, and the table as a seat or a spectator
  sees it, polled so another device's move shows within a second; the game itself is drawn by
  the shared `ui/table_game`, as a room's board draws one of its tables large.
"""
