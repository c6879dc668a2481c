"""The address the board gives the phones (`pickomino.reach`), and where the page finds its inputs.

A board opened at localhost projected a QR code no phone could open; the choice is a pure function
of the address the host set, the page's own address and this computer's network address.
"""

from __future__ import annotations

import pytest
from streamlit import net_util
from streamlit.testing.v1.util import patch_config_options

from pickomino.reach import Reach, choose, on_this_machine
from pickomino.ui import frame

LAN = "192.168.1.23"
CLOUD = "https://NAME.streamlit.app"
JOIN = {"room": "ABCD234"}


def test_the_public_address_the_host_set_wins_over_the_page_and_the_network() -> None:
    reach = choose(CLOUD, "http://localhost:8501/", LAN)
    assert reach == Reach(CLOUD, "public")
    assert reach.link("join", JOIN) == f"{CLOUD}/join?room=ABCD234"


def test_a_public_address_keeps_its_path_and_loses_its_last_slash() -> None:
    reach = choose("https://school.example:8443/pickomino/", "https://other.example/", None)
    assert reach.link("join", JOIN) == "https://school.example:8443/pickomino/join?room=ABCD234"


@pytest.mark.parametrize(
    "public", ["NAME.streamlit.app", "ftp://files.example", "https://", "https://a.example?x=1",
               "https://a.example#top", "https://a.example:port"]
)  # fmt: skip
def test_a_public_address_that_is_no_web_address_is_set_aside_and_said(public: str) -> None:
    reach = choose(public, "http://localhost:8501/", LAN)
    assert reach == Reach(f"http://{LAN}:8501", "network", bad_setting=True)


def test_a_page_on_localhost_gives_the_network_address_with_the_same_port() -> None:
    reach = choose(None, "http://localhost:8501/", LAN)
    assert reach == Reach(f"http://{LAN}:8501", "network")
    assert reach.reachable
    assert reach.link("room", {"room": "ABCD234", "control": "t"}) == (
        f"http://{LAN}:8501/room?room=ABCD234&control=t"
    )


def test_a_page_on_localhost_keeps_the_path_in_front_of_the_apps_pages() -> None:
    reach = choose(None, "http://localhost:8501/pickomino/", LAN)
    assert reach.link("join", JOIN) == f"http://{LAN}:8501/pickomino/join?room=ABCD234"


def test_a_page_on_localhost_without_a_port_gets_none() -> None:
    assert choose(None, "http://localhost/", LAN).base == f"http://{LAN}"


@pytest.mark.parametrize("network", [None, "127.0.0.1"])  # 127.0.0.1: Streamlit's "none found"
def test_a_page_on_127_0_0_1_with_no_network_address_is_kept_and_warned_of(
    network: str | None,
) -> None:
    reach = choose(None, "http://127.0.0.1:8501/", network)
    assert reach == Reach("http://127.0.0.1:8501", "loopback")
    assert not reach.reachable


def test_a_page_on_a_real_host_is_kept_as_it_is() -> None:
    reach = choose(None, "https://pickomino.school.example/classes/", LAN)
    assert reach == Reach("https://pickomino.school.example/classes", "page")
    assert choose(None, f"http://{LAN}:8501/", "10.0.0.4").base == f"http://{LAN}:8501"


def test_a_page_on_ipv6_loopback_gives_the_network_address() -> None:
    assert choose(None, "http://[::1]:8501/", LAN).base == f"http://{LAN}:8501"
    assert choose(None, "http://[::1]:8501/", "2001:db8::5").base == "http://[2001:db8::5]:8501"
    assert not choose(None, "http://[::1]:8501/", None).reachable


def test_a_public_address_on_this_computer_is_warned_of_too() -> None:
    reach = choose("http://localhost:8501", "http://localhost:8501/", LAN)
    assert reach == Reach("http://localhost:8501", "loopback")


def test_an_unknown_page_address_gives_paths() -> None:
    assert choose(None, None, LAN).link("join", JOIN) == "/join?room=ABCD234"


@pytest.mark.parametrize(
    ("host", "local"),
    [("localhost", True), ("LOCALHOST.", True), ("app.localhost", True), ("127.4.5.6", True),
     ("::1", True), ("0.0.0.0", True), ("", True), (LAN, False), ("example.com", False),
     ("localhost.example.com", False), ("2001:db8::5", False)],
)  # fmt: skip
def test_what_names_this_computer(host: str, local: bool) -> None:
    assert on_this_machine(host) is local


@pytest.mark.parametrize(
    ("bound", "found"),
    [(None, "internal"), ("0.0.0.0", "internal"), ("::", "internal"), ("127.0.0.1", "127.0.0.1"),
     (LAN, LAN), ("unix:///tmp/app.sock", None)],
)  # fmt: skip
def test_the_network_address_is_the_one_the_server_listens_on(
    bound: str | None, found: str | None
) -> None:
    """As `streamlit run` prints it: its own guess when it listens on every address."""
    with patch_config_options({"server.address": bound}):
        expected = net_util.get_internal_ip() if found == "internal" else found
        assert frame.network_address() == expected
