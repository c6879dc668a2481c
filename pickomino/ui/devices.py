"""What the pages played from several devices share: a link handed over, a cookie, held taps.

The room's board and the Table page both hand a link to someone at another device: drawn as a QR
code for a phone to scan (`qr_image`), and copied by a button (`copy_button`) that works where the
page is opened at the laptop's network address over plain http, where `st.code`'s copy icon does
nothing (the browser's clipboard API needs https or localhost).

A seat taken at another device is kept in a cookie of its browser (`write_cookies`, read back by
`cookie`), so the seat's link opened in a new tab, which starts a new session, gives it back: the
room's pupil and teacher, and a table's player.

A phone's connection comes and goes, and a server restarts: a page's buttons are held after a
lost connection until the page has run on the server again (`hold_taps`), so no tap is dropped
in silence, on a pupil's phone as at a table.

A module of its own rather than `common`: `common` draws a table to play on (the sandbox's and the
Play page's); this is the plumbing of a page another device joins, which the room's pages and the
Table page import without the table-drawing they do not all need. Shared, so it imports no page's
package (`tests/test_boundaries.py`).
"""

from __future__ import annotations

import base64
import functools
import io
import re
import secrets
from datetime import timedelta
from html import escape
from typing import Final

import segno
import streamlit as st

from pickomino.i18n import Lang, t
from pickomino.names import TYPED_CHARS


def nickname_input(key: str, lang: Lang) -> None:
    """The field where a pupil or a friend types the nickname the others will see.

    Streamlit cuts a typed value to `max_chars`; a longer one sent past the form (over the
    websocket) is refused by the one rule of names (`rooms.nickname`).
    """
    st.text_input(
        t("room.join.nickname", lang),
        key=key,
        max_chars=TYPED_CHARS,
        help=t("room.join.nickname_help", lang),
    )


def qr_svg(link: str) -> str:
    """The link as a QR code, an SVG drawn in Python (no image service sees the link)."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=8, border=2, xmldecl=False)
    return out.getvalue().decode()


def qr_image(link: str, alt: str) -> str:
    """The link's QR code as an image (class `pk-qr`, which each page sizes), described by `alt`."""
    return f'<img class="pk-qr" alt="{escape(alt)}" src="{_qr_data(link)}">'


@functools.lru_cache(maxsize=64)
def _qr_data(link: str) -> str:
    """The QR code as a data address, made once per link: a polled page draws it every second."""
    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(link).encode()).decode()


COPY_JS: Final = """<style>
button.pk-copy {
  font: inherit; padding: 0.35rem 0.8rem; border-radius: 0.5rem; cursor: pointer;
  border: 1px solid rgba(49, 51, 63, 0.3); background: white; color: inherit;
}
button.pk-copy:focus-visible { outline: 2px solid #0072b2; outline-offset: 1px; }
</style>
<script>
if (!window.pkCopy) {
  window.pkCopy = true;
  document.addEventListener("click", (event) => {
    const button = event.composedPath().find((e) => e.matches?.("button.pk-copy"));
    if (button === undefined) return;
    const link = button.dataset.link;
    const done = () => { button.textContent = button.dataset.done; };
    const byHand = () => {
      const area = document.createElement("textarea");
      area.value = link;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      const copied = document.execCommand("copy");
      area.remove();
      if (copied) done();
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link).then(done, byHand);
    } else {
      byHand();
    }
  });
}
</script>"""
"""A copy button's look and its click: Streamlit takes a button's `onclick` out of the page's HTML,
so one listener of the whole page, installed once per tab, copies the link of whichever copy button
is clicked. The clipboard API needs a secure page (https, or the laptop's own localhost); a page
opened at the laptop's network address (http) copies by the browser's older "copy" command."""


def copy_html(link: str, label: str, done: str) -> str:
    """A button that copies `link`, saying `label`, then `done` once copied (`COPY_JS`).

    The link is written into the page for the button to copy, not drawn on the screen.
    """
    return (
        f'<button class="pk-copy" type="button" data-link="{escape(link)}" '
        f'data-done="{escape(done)}">{escape(label)}</button>{COPY_JS}'
    )


def copy_button(link: str, label: str, done: str) -> None:
    """Draw the button that copies `link` (`copy_html`), as wide as its words, as a button is."""
    st.html(copy_html(link, label, done), width="content", unsafe_allow_javascript=True)


def cookie(name: str) -> str | None:
    """A cookie the browser sent with this session's connection (AppTest has none to send)."""
    value = st.context.cookies.get(name)
    return value if isinstance(value, str) and value else None


def write_cookies(cookies: dict[str, str], kept: timedelta) -> None:
    """Write `cookies` into this browser, kept for `kept`.

    The site's own (SameSite=Strict), sent by the browser with Streamlit's connection. Names
    and values are codes, ids and tokens, written into a script: anything but their letters
    writes nothing.
    """
    if not all(re.fullmatch(r"[A-Za-z0-9_-]+", name + value) for name, value in cookies.items()):
        return
    age = int(kept.total_seconds())
    script = "".join(
        f"document.cookie = '{name}={value}; path=/; max-age={age}; SameSite=Strict';"
        for name, value in cookies.items()
    )
    st.html(f"<script>{script}</script>", unsafe_allow_javascript=True)


REJOINING: Final = "pk-rejoining"
"""The class the page wears from a lost connection until the new run has drawn the buttons."""

TAP_GUARD: Final = """<style>
.{rejoining} [class*="st-key-{keys}"] button {{ pointer-events: none; opacity: 0.4; }}
[data-testid="stElementContainer"]:has([data-pk-run]) {{ display: none; }}
</style>
<span hidden data-pk-run="{run}" data-pk-held="{keys}"></span>
<script>
if (!window.pkTapGuard) {{
  window.pkTapGuard = true;
  const root = document.documentElement;
  const mark = () => document.querySelector("[data-pk-run]");
  const drawn = () => mark()?.dataset.pkRun ?? null;
  let before = null;
  new MutationObserver(() => {{
    const state = document.querySelector("[data-testid=stApp]")?.dataset.testConnectionState;
    if (state && state !== "CONNECTED") {{
      if (!root.classList.contains("{rejoining}")) before = drawn();
      root.classList.add("{rejoining}");
    }} else if (![null, before].includes(drawn())) {{
      root.classList.remove("{rejoining}");
    }}
  }}).observe(document, {{subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-test-connection-state", "data-pk-run"]}});
  document.addEventListener("click", (event) => {{
    const held = mark()?.dataset.pkHeld;
    if (held && root.classList.contains("{rejoining}")
        && event.target.closest(`[class*="st-key-${{held}}"] button`)) {{
      event.preventDefault();
      event.stopPropagation();
    }}
  }}, true);
}}
</script>"""
"""Keeps the buttons whose key starts with `keys` inactive after a lost connection until the
page's new run has drawn them, so no tap is lost in silence.

Streamlit makes its buttons active again the moment the page reconnects, but the page's first run
comes 0.1 to 1.6 s later; a restarted server does not know the old page's fragment until then,
and drops a tap on it without a word (a tap right after reconnecting was lost 3 times in 3).
As its fragment polls, Streamlit's page reruns whole on reconnecting; that run draws this element
after the fragment (so the server knows the fragment once the browser sees it) with a mark new on
every run. Until the page shows a mark other than the one it showed when the connection dropped,
the held buttons are dimmed and take no tap or key. A page whose connection state Streamlit does
not say is never held. The listener is installed once per tab and reads which buttons it holds
from the page's mark, so a tab gone from a room's phone to a table holds the table's."""


def hold_taps(keys: str) -> None:
    """Hold the buttons whose key starts with `keys` after a lost connection (`TAP_GUARD`).

    Drawn by the page's whole run after its polled fragment, never inside it.
    """
    st.html(
        TAP_GUARD.format(rejoining=REJOINING, keys=keys, run=secrets.token_hex(6)),
        unsafe_allow_javascript=True,
    )
