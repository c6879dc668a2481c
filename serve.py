"""The app served with its own routes, so a waiting phone polls without a Streamlit run.

`streamlit run serve.py` serves `app.py` as `streamlit run app.py` does, and answers a room's
pulse and a table's version over plain HTTP (`pickomino.ui.pulse`).

`app.py` stays the script (and the tests' entry, `AppTest.from_file("app.py")`); Streamlit finds
`app` here by reading this file, then serves it with uvicorn in this process.
"""

from __future__ import annotations

import streamlit as st

from pickomino.rooms import Limit
from pickomino.ui import pulse
from pickomino.ui.room.live import now
from pickomino.ui.storage import store

pulse.serve()
app = st.App("app.py", routes=pulse.routes(store, now, Limit(pulse.PULSES_PER_ADDRESS)))
