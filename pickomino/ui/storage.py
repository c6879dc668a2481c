"""The app's store (`pickomino.store`), opened once per server from its settings.

The store imports no Streamlit, so its URL is read here: the `PICKOMINO_STORE_URL` environment
variable first (a server's own setting, and what the tests set), then the Streamlit secret of the
same name (how Community Cloud hands over a hosted PostgreSQL), else the default SQLite file
(docs/store.md). One `Store` serves every session of the server: it is safe across the script
threads, and PostgreSQL's pool is the server's. Every failure of the database reaches the pages as
a `StoreError` (`pickomino.store.StoreFault`), which each activity words (`activities/kept.py`):
the work stays in the session, and is written at the next change.
"""

from __future__ import annotations

import os
from typing import Final

import streamlit as st

from pickomino.store import Store, open_store

URL_SETTING: Final = "PICKOMINO_STORE_URL"


def setting(name: str) -> str | None:
    """A setting of the server: the environment variable `name`, else the secret `name`, or None.

    The environment is a server's own (and what the tests set); the secrets are how Community
    Cloud hands settings over.
    """
    found = os.environ.get(name)
    if found:
        return found
    try:
        secret = st.secrets.get(name)
    except FileNotFoundError:  # no secrets file at all: Streamlit's own subclass of it
        return None
    return str(secret) if secret else None


def store_url() -> str | None:
    """The store's URL from the environment or the secrets, None for the default SQLite file."""
    return setting(URL_SETTING)


@st.cache_resource(show_spinner=False)
def store() -> Store:
    """The server's store, made on first use (BadStoreUrl when the URL names no store).

    It connects on its own first use, not here, so that a database down when the server starts,
    or lost since, refuses each use with a StoreError (the page says its work is unsaved) and is
    used again once it is back, without a restart.
    """
    return open_store(store_url(), connect=False)
