"""The Play page's widgets: one game (`activities.play.PlayGame`) in the session, drawn, clicked.

The game, its clicks, its links, its store and its explanations live in `activities.play`, and how
it calls each seat in `activities.seats`; here the page keeps the game in the session, hands it the
address and the clicks, and draws it. Drawing only reads the session (and takes a refusal once it
is shown).

One module per job, each importing only those before it:

- `state`: where the page keeps the game and the settings in the session;
- `links`: the game of a run, from the address and the store, and the address written back;
- `clicks`: the callbacks that answer a click or the bots' timer, and the refusals they keep;
- `draw`: the set-up, the table, the moves, the bots' reasons and the rest of what the page shows.
"""
