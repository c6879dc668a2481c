"""The sandbox's widgets: one practice table in the session, its settings in the URL, clicks.

The practice table is an `activities.practice.Practice`, which knows no Streamlit. Every click runs
a callback that turns it into one of its methods before the page is drawn again, so the page only
reads one value and draws it. After each run the URL holds the stored history (`?box=`) and the
settings that travel with the table; a link the page has not seen yet (`?table=` or `?scenario=`)
replaces the table, and a bad one is refused with its reason and a fresh table.

One module per job, each importing only those before it:

- `state`: where the sandbox lives in the session, and the settings read from there;
- `links`: the sandbox of a run (from a link, the session or fresh) and links to it;
- `clicks`: the callbacks that answer a click, and the refusals they keep for the page;
- `draw`: the toolbar, the moves, the teacher's tools and the rest of what the page shows.
"""
