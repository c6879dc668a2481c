"""The Play page's widgets: one `Match` in the session, kept in the store, changed by clicks.

Every control answers through a callback of `clicks`, which changes the match through one function
that checks the position the control was drawn for; drawing only reads the session. The game is
kept in the store under a short id (`?match=` in the address), written after every change, so a
reload, Back and Forward or a tab reopened finds it however long it is; the self-contained link
(`?game=`) is made on request, where the game fits one.

One module per job, each importing only those before it:

- `state`: where the page keeps its state in the session, and the settings read from there;
- `names`: how the page calls each seat (a typed name, a bot's name), and a match's record;
- `links`: the match of a run (stored, from a link, or the session's) and links to it;
- `clicks`: the callbacks that answer a click or the bots' timer, and the refusals they keep;
- `draw`: the set-up, the table, the moves, the bots' reasons and the rest of what the page shows.
"""
