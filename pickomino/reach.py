"""The address the pupils' phones open: the board's join link and QR code, the control link.

A teacher who starts the app on a laptop opens it at `http://localhost:8501`, the first address
`streamlit run` prints. That address means "this very device" to whatever opens it, so a phone
that scanned a QR code of it reached nothing, and nobody said why. The address is chosen here,
with no Streamlit (the page reads the three inputs, `ui/frame.reach`), in this order:

1. the public address the host set (`PICKOMINO_PUBLIC_URL`), when it reads as a web address;
2. the page's own address, when its host is a real one (a school server, a hosted app);
3. the page being on this computer (localhost, 127.0.0.1, ::1): the same address with this
   computer's network address as host, which `streamlit run` prints as its "Network URL",
   keeping the port and any path in front of the app's pages;
4. else the page's own address, which phones cannot open: the board warns (`Reach.reachable`).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal
from urllib.parse import SplitResult, urlencode, urlsplit

Source = Literal["public", "page", "network", "loopback"]
"""Where the address comes from; "loopback" is one that leads to this computer only."""


@dataclass(frozen=True)
class Reach:
    """The app's address for other devices, where it came from, and a setting it had to skip."""

    base: str
    """The app's address without a trailing "/" (empty when the page's own is unknown: the links
    are then paths, as under AppTest)."""
    source: Source
    bad_setting: bool = False
    """The public address was set but is no web address, so it was not used."""

    @property
    def reachable(self) -> bool:
        """Whether a phone on the network can open the address (as far as can be told here)."""
        return self.source != "loopback"

    def link(self, page: str, params: Mapping[str, str]) -> str:
        """The address of the app's page `page` with the query `params`."""
        return f"{self.base}/{page}?{urlencode(params)}"


def on_this_machine(host: str | None) -> bool:
    """Whether `host` names the device it is opened on (localhost, 127.x.x.x, ::1, 0.0.0.0)."""
    if not host:
        return True
    name = host.lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def _web_address(text: str) -> SplitResult | None:
    """`text` read as an http(s) address with a host and no query, or None."""
    parts = urlsplit(text.strip())
    try:
        parts.port  # noqa: B018 -- raises ValueError on a port that is no number
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    if parts.query or parts.fragment:
        return None
    return parts


def choose(public: str | None, page: str | None, network: str | None) -> Reach:
    """The address to give other devices, from what the host set, the page's, the network's.

    `public`: the address the host set, if any (the app's address, as `https://NAME.streamlit.app`
    or `https://school.example/pickomino`). `page`: the page's address as Streamlit gives it
    (`st.context.url`, the page's own name taken off, so everything up to its last "/" is the
    app's), None when unknown. `network`: this computer's address on its network, None when it has
    none.
    """
    bad_setting = False
    if public:
        parts = _web_address(public)
        if parts is not None:
            source: Source = "loopback" if on_this_machine(parts.hostname) else "public"
            return Reach(parts.geturl().rstrip("/"), source)
        bad_setting = True
    if not page:
        return Reach("", "page", bad_setting)
    parts = urlsplit(page)
    path = parts.path.rsplit("/", 1)[0]
    own = f"{parts.scheme}://{parts.netloc}{path}"
    if not on_this_machine(parts.hostname):
        return Reach(own, "page", bad_setting)
    if network is None or on_this_machine(network):
        return Reach(own, "loopback", bad_setting)
    host = f"[{network}]" if ":" in network else network
    port = f":{parts.port}" if parts.port is not None else ""
    return Reach(f"{parts.scheme}://{host}{port}{path}", "network", bad_setting)
