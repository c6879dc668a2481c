"""The app's store (`pickomino.store`), opened once per server from its settings.

The store imports no Streamlit, so its URL is read here: the `PICKOMINO_STORE_URL` environment
variable first (a server's own setting, and what the tests set), then the Streamlit secret of the
same name (how Community Cloud hands over a hosted PostgreSQL), else the default SQLite file
(docs/store.md). One `Store` serves every session of the server: it is safe across the script
threads, and PostgreSQL's pool is the server's. Every failure of the database reaches the pages as
a `StoreError` (`pickomino.store.StoreFault`), which they word with `refusal`: the work stays in
the session, and is written at the next change.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Final

import streamlit as st

from pickomino.i18n import Lang, t
from pickomino.store import (
    EXPIRY,
    ExpiredDocument,
    Kind,
    Store,
    StoreError,
    UnknownDocument,
    open_store,
)

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


Held = tuple[str, int]
"""A document this session wrote or read: its id and the version its next update must name."""


def write(kind: Kind, held: Held | None, data: Mapping[str, Any]) -> Held:
    """Create the document on a page's first change, then update it naming the version held.

    Every page that keeps its state in the store writes it here, after every change, so the id in
    the address finds the latest state. VersionConflict when another tab wrote first: the caller
    shows what is stored rather than a mix of both; any StoreError leaves the page's state in the
    session, which the caller says.
    """
    if held is None:
        document = store().create(kind, data)
    else:
        document = store().update(kind, held[0], data, held[1])
    return document.id, document.version


def refusal(error: StoreError, section: str, lang: Lang) -> str:
    """Why a stored document cannot be read or written, in the reader's words.

    `section` is the content section worded for what was stored (`quiz.saved`: its `expired`,
    `unknown` and `unreachable` texts); no id or URL is echoed.
    """
    if isinstance(error, ExpiredDocument):
        return t(f"{section}.expired", lang, days=EXPIRY.days)
    if isinstance(error, UnknownDocument):
        return t(f"{section}.unknown", lang)
    return t(f"{section}.unreachable", lang)
