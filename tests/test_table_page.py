"""The Table page through AppTest: a host's table, seats claimed by link, moves, spectators.

Every session is its own AppTest run against one store (a SQLite file of the test's own), as
sessions of one server, or of two, would be: what one changes, the others read on their next run.
"""

from __future__ import annotations

import base64
import time
from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from pickomino.activities.play import score_lines, winner_words
from pickomino.activities.seats import calling
from pickomino.activities.table import SEAT_COOKIE, Tables
from pickomino.bots import strategy
from pickomino.i18n import LANGS, Lang, t
from pickomino.share import decode_scenario
from pickomino.ui import devices, pulse, storage
from pickomino.ui.devices import copy_html, qr_svg
from pickomino.ui.table import draw, state
from tests.test_app import opened, shown_text

PAGE = "app_pages/table.py"
PLAYS = strategy("heuristic")


@pytest.fixture(autouse=True)
def own_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A store no other test sees, opened afresh (the app keeps one per process)."""
    monkeypatch.setenv(storage.URL_SETTING, f"sqlite:///{tmp_path}/store.sqlite3")
    storage.store.clear()
    state.moves.clear()
    yield
    storage.store().close()
    storage.store.clear()


def tables(ahead: float = 0.0) -> Tables:
    """The app's tables as a test reaches them, at the time `ahead` seconds from now."""
    return Tables(storage.store(), lambda: time.time() + ahead, None)


def host(seats: int = 2, lang: str = "en", timer: int | None = None, hints: bool = True) -> AppTest:
    """A host's session that opened a table of `seats` seats with the form."""
    at = opened(PAGE, lang)
    at.selectbox(key=state.SEATS).set_value(seats)
    at.selectbox(key=state.TIMER).set_value(timer)
    at.toggle(key=state.HINTS).set_value(hints)
    return at.button(key="table_open").click().run()


def links(at: AppTest) -> list[str]:
    """The seat links the host's page shows, each as the `seat` value of its address."""
    found = [parse_qs(urlsplit(str(code.value)).query) for code in at.code]
    return [query["seat"][0] for query in found if "seat" in query]


def claimed(id: str, link: str, name: str, lang: str = "en") -> AppTest:
    """A player's session that opened a seat's link and sat down as `name`."""
    at = opened(PAGE, lang, table=id, seat=link)
    at.text_input(key=state.NAME_INPUT).set_value(name)
    return at.button(key="table_claim").click().run()


def elsewhere(at: AppTest, **params: str) -> AppTest:
    """The same session opening the Table page again with another address (a new visit)."""
    at.switch_page("app_pages/home.py").run()
    at.query_params.clear()
    at.query_params["lang"] = "en"
    for key, value in params.items():
        at.query_params[key] = value
    return at.switch_page(PAGE).run()


def move_buttons(at: AppTest) -> list[str]:
    """The keys of the buttons that play a move (`table_<number>_...`)."""
    keys = [str(b.key) for b in at.button]
    return [key for key in keys if key.startswith("table_") and key.split("_")[1].isdigit()]


def pair(hints: bool = True) -> tuple[AppTest, str, AppTest, AppTest]:
    """A host's table of two with Ana and Bob seated: the host, its id, Ana's and Bob's pages."""
    at = host(hints=hints)
    id = str(at.query_params["table"])
    first, second = links(at)
    ana = claimed(id, first, "Ana")
    bob = claimed(id, second, "Bob")
    return at, id, ana.run(), bob


def test_the_host_opens_a_table_and_sees_a_link_per_seat_and_one_to_watch() -> None:
    at = host(3)
    assert not at.exception
    id = str(at.query_params["table"])
    assert "host" in at.query_params
    sent = links(at)
    assert len(sent) == 3 and len(set(sent)) == 3
    watch = [str(code.value) for code in at.code if "seat=" not in str(code.value)]
    assert len(watch) == 1 and parse_qs(urlsplit(watch[0]).query) == {"table": [id]}
    assert {b.key for b in at.button} >= {"table_bot_0", "table_bot_1", "table_bot_2"}
    at.run()  # a reload of the host's page shows the same links again
    assert links(at) == sent


def test_each_empty_seats_link_shows_with_its_qr_code_and_a_copy_button() -> None:
    at = host(3)
    before = [str(code.value) for code in at.code if "seat=" in str(code.value)]
    claimed(str(at.query_params["table"]), links(at)[0], "Ana")
    at.run()
    bodies = " ".join(str(h.proto.body) for h in at.main.get("html"))
    addresses = [str(code.value) for code in at.code if "seat=" in str(code.value)]
    assert addresses == before[1:]
    for address in addresses:
        assert base64.b64encode(qr_svg(address).encode()).decode() in bodies
        assert f'data-link="{escape(address)}"' in bodies
    assert bodies.count('class="pk-copy"') == 2  # the claimed seat's link is gone, its QR too
    assert base64.b64encode(qr_svg(before[0]).encode()).decode() not in bodies


def test_a_copy_button_holds_its_link_escaped_and_says_its_words() -> None:
    made = copy_html("http://10.0.0.5:8501/table?table=a&seat=b", "Copy <it>", "Copied")
    assert 'data-link="http://10.0.0.5:8501/table?table=a&amp;seat=b"' in made
    assert ">Copy &lt;it&gt;</button>" in made and 'data-done="Copied"' in made
    assert "window.pkCopy" in made  # the listener that copies it comes with it


def test_a_seat_claimed_with_a_nickname_is_kept_by_a_reload() -> None:
    at = host()
    id = str(at.query_params["table"])
    first, _ = links(at)
    ana = claimed(id, first, "Ana")
    assert not ana.exception
    assert "seat" not in ana.query_params and "player" in ana.query_params
    assert t("table_page.you_are", "en", name="Ana") in shown_text(ana)
    waiting = t("table_page.waiting", "en", taken=1, seats=2)
    assert waiting in shown_text(ana)
    again = opened(PAGE, "en", table=id, player=str(ana.query_params["player"]))  # a reload
    assert t("table_page.you_are", "en", name="Ana") in shown_text(again)
    at.run()
    assert len(links(at)) == 1  # the host sees the claimed seat's link no more


def test_a_nickname_is_checked_as_in_rooms() -> None:
    at = host()
    id = str(at.query_params["table"])
    ana = claimed(id, links(at)[0], "x")
    assert t("room.refused.bad_nickname", "en", low=2, high=20) in [e.value for e in ana.error]
    assert "player" not in ana.query_params


def test_the_seat_to_move_plays_and_the_others_see_it_with_no_buttons() -> None:
    _, id, ana, bob = pair()
    assert move_buttons(ana) == ["table_0_roll"] and move_buttons(bob) == []
    assert t("table_page.your_turn", "en") in shown_text(ana)
    assert t("table_page.their_turn", "en", player="Ana") in shown_text(bob)
    ana.button(key="table_0_roll").click().run()
    assert tables().watch(id).number == 1
    assert all(key.startswith("table_1_keep") for key in move_buttons(ana))
    bob.run()
    rolled = tables().watch(id).told("en", ("Ana", "Bob"))
    assert rolled and rolled[-1] in shown_text(bob)


@pytest.mark.parametrize("hints", [True, False])
def test_the_odds_show_to_the_seat_to_move_only_when_the_host_allows_them(hints: bool) -> None:
    _, _, ana, bob = pair(hints)
    ana.button(key="table_0_roll").click().run()
    bob.run()
    assert bool(ana.metric) == hints and not bob.metric
    assert bool(ana.button(key=move_buttons(ana)[0]).label.count("\n\n")) == hints


def test_a_stale_move_is_refused_by_its_number_and_changes_nothing() -> None:
    _, id, ana, _ = pair()
    ana.button(key="table_0_roll").click().run()
    key = move_buttons(ana)[0]
    token = str(ana.query_params["player"])
    table = tables().seat(id, token).table
    assert table is not None
    tables().play(id, token, 1, PLAYS(table))  # the same seat moves from another tab
    stored = storage.store().read("table", id).version
    ana.button(key=key).click().run()  # the button drawn at move 1, tapped once more
    assert not ana.exception
    assert t("table.refused.stale_move", "en") in [i.value for i in ana.info]
    assert storage.store().read("table", id).version == stored
    assert tables().watch(id).number == 2


def test_another_seats_link_is_refused_and_the_player_watches() -> None:
    _, id, _, _ = pair()
    third = host(3)
    other = str(third.query_params["table"])
    first, second, _ = links(third)
    ana = claimed(other, first, "Ana")
    elsewhere(ana, table=other, seat=second)
    assert t("table.refused.other_seat", "en") in [e.value for e in ana.error]
    assert "seat" not in ana.query_params and move_buttons(ana) == []
    elsewhere(ana, table=other, seat=first)  # her own seat's link gives it back
    assert not ana.error and t("table_page.you_are", "en", name="Ana") in shown_text(ana)
    stranger = claimed(other, first, "Zed")  # her link opened by someone else
    assert t("table.refused.seat_taken", "en") in [e.value for e in stranger.error]
    thief = opened(PAGE, "en", table=id, player=str(ana.query_params["player"]))
    assert t("table.refused.not_seated", "en") in [e.value for e in thief.error]
    assert move_buttons(thief) == []


def test_a_seats_link_opened_in_a_new_tab_gives_the_seat_back_by_the_browsers_cookie(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new tab is a new session: AppTest sends no cookie, so the cookie Ana's page wrote is
    given as `devices.cookie` reads it."""
    at = host(3)
    id = str(at.query_params["table"])
    first, second, _ = links(at)
    ana = claimed(id, first, "Ana")
    token = str(ana.query_params["player"])
    written = "".join(str(h.proto.body) for h in ana.get("html"))
    assert f"document.cookie = '{SEAT_COOKIE}{id}={token}; path=/;" in written
    cookies = {SEAT_COOKIE + id: token}
    monkeypatch.setattr(devices, "cookie", cookies.get)
    again = opened(PAGE, "en", table=id, seat=first)  # her link, in a new tab
    assert not again.error and not again.get("form")
    assert again.query_params["player"] == token and "seat" not in again.query_params
    assert t("table_page.you_are", "en", name="Ana") in shown_text(again)
    other = opened(PAGE, "en", table=id, seat=second)  # another seat's, from her browser
    assert t("table.refused.other_seat", "en") in [e.value for e in other.error]
    assert "player" not in other.query_params
    monkeypatch.setattr(devices, "cookie", {}.get)  # another browser: the link is hers, taken
    stranger = claimed(id, first, "Zed")
    assert t("table.refused.seat_taken", "en") in [e.value for e in stranger.error]


def test_a_seats_buttons_are_held_after_a_lost_connection_until_the_page_ran_again() -> None:
    """The guard (`devices.TAP_GUARD`) holds the buttons keyed `table_...`, its mark new on every
    run of the page: the browser lets a tap through only once a run after the reconnection
    drew it."""
    _, _, ana, _ = pair()

    def marks(at: AppTest) -> list[str]:
        bodies = [str(h.proto.body) for h in at.get("html")]
        held = [body for body in bodies if f'data-pk-held="{draw.HELD}"' in body]
        return [body.split('data-pk-run="')[1].split('"')[0] for body in held]

    first = marks(ana)
    assert len(first) == 1 and all(key.startswith(draw.HELD) for key in move_buttons(ana))
    assert marks(ana.run()) != first


def test_a_spectator_sees_the_game_with_no_buttons() -> None:
    _, id, ana, _ = pair()
    ana.button(key="table_0_roll").click().run()
    watcher = opened(PAGE, "en", table=id)
    assert not watcher.exception and not watcher.error
    assert t("table_page.watching", "en") in shown_text(watcher)
    assert move_buttons(watcher) == [] and not watcher.get("form")
    assert tables().watch(id).told("en", ("Ana", "Bob"))[-1] in shown_text(watcher)


@pytest.mark.parametrize("id", ["nope", "0" * 30, "'; drop table"])
def test_a_bad_table_id_in_the_address_is_refused_by_name(id: str) -> None:
    at = opened(PAGE, "en", table=id, player="abc")
    assert not at.exception
    assert [e.value for e in at.error] == [t("table.saved.unknown", "en")]
    assert "table" not in at.query_params and "player" not in at.query_params
    assert at.button(key="table_open")  # the host's form instead


def test_the_host_gives_a_seat_to_a_bot_and_the_game_starts() -> None:
    at = host()
    id = str(at.query_params["table"])
    ana = claimed(id, links(at)[0], "Ana")
    at.button(key="table_bot_1").click().run()
    assert not at.exception and tables().watch(id).started
    assert links(at) == []
    assert move_buttons(ana.run()) == ["table_0_roll"]


def test_a_table_of_bots_alone_is_refused_to_the_host() -> None:
    at = host()
    id = str(at.query_params["table"])
    at.button(key="table_bot_0").click().run()
    at.button(key="table_bot_1").click().run()
    assert [e.value for e in at.error] == [t("table.refused.no_person", "en")]
    assert not tables().watch(id).started and len(links(at)) == 1
    assert not at.run().error  # said once


def test_the_timers_bot_move_is_said_in_the_log() -> None:
    at = host(timer=30)
    id = str(at.query_params["table"])
    first, second = links(at)
    ana = claimed(id, first, "Ana")
    claimed(id, second, "Bob")
    tables(ahead=31).advance(id)  # Ana's time ran out
    assert tables().watch(id).number == 1
    assert t("table.log.timed_you", "en") in shown_text(ana.run())


def test_the_end_shows_the_winner_the_scores_and_the_review() -> None:
    _, id, ana, bob = pair()
    tokens = [str(page.query_params["player"]) for page in (ana, bob)]
    while not (view := tables().watch(id)).over:  # each move by a fresh limit of moves
        assert view.table is not None
        tables().play(id, tokens[view.table.current], view.number, PLAYS(view.table))
    ana.run()
    assert not ana.exception and move_buttons(ana) == []
    text = shown_text(ana)
    assert t("table_page.you_are", "en", name="Ana") in text
    assert view.table is not None and view.finished is not None
    names = calling([kind for kind in view.kinds if kind is not None], view.names, "en")
    assert winner_words(view.table, "en", names) in text
    assert all(line in text for line in score_lines(view.table, "en", names))
    review = [link for link in ana.main.get("page_link") if "review" in link.proto.page]
    assert len(review) == 1
    query = parse_qs(review[0].proto.query_string)
    assert decode_scenario(query["game"][0]).moves == view.finished.record.moves
    assert query["seat"] == ["1"]  # Ana's review from her own seat
    bobs = [link for link in bob.run().main.get("page_link") if "review" in link.proto.page]
    assert parse_qs(bobs[0].proto.query_string)["seat"] == ["2"]
    watched = opened(PAGE, "en", table=id).main.get("page_link")
    spectators = [link for link in watched if "review" in link.proto.page]
    assert "seat" not in parse_qs(spectators[0].proto.query_string)  # everyone's review


@pytest.mark.parametrize("lang", LANGS)
def test_every_view_renders_in_every_language(lang: Lang) -> None:
    at = host(lang=lang)
    id = str(at.query_params["table"])
    first, second = links(at)
    ana = claimed(id, first, "Ana", lang)
    bob = claimed(id, second, "Bob", lang)
    ana.run().button(key="table_0_roll").click().run()
    for page in (at.run(), ana, bob.run(), opened(PAGE, lang, table=id)):
        assert not page.exception, [e.value for e in page.exception]
        assert t("page.table.title", lang) == page.title[0].value
        assert "{" not in shown_text(page)


def marked(at: AppTest) -> str:
    """The page's own poll of the table's version, as drawn ("" when it draws none)."""
    bodies = [str(h.proto.body) for h in at.get("html")]
    return "".join(body for body in bodies if "data-pk-pulse" in body)


@pytest.fixture
def paces(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Each fragment's `run_every`, by its function's name, as the pages draw them."""
    found: dict[str, Any] = {}
    fragment = st.fragment

    def recorded(func: Any = None, *, run_every: Any = None, **options: Any) -> Any:
        found[func.__name__] = run_every
        return fragment(func, run_every=run_every, **options)

    monkeypatch.setattr(st, "fragment", recorded)
    return found


def test_a_table_on_a_server_with_the_pulse_route_waits_on_its_version_from_its_page(
    paces: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Served from serve.py, no seat's page is polled by Streamlit: the page's script asks the
    table's version and clicks the table's hidden button once it moved from the version drawn."""
    monkeypatch.setattr(pulse, "_served", [True])
    _, id, ana, bob = pair()
    assert paces == {"_live": None}
    version = storage.store().version("table", id)
    for page, every in ((ana, 2000), (bob, 500)):  # Ana to move: only her taps change it
        assert page.button(key=pulse.MOVED_KEY) is not None
        assert f'data-pk-pulse="pulse/table/{id}" data-pk-every="{every}"' in marked(page)
        assert f'data-pk-drawn="{version}"' in marked(page)
    ana.button(key="table_0_roll").click().run()
    moved = storage.store().version("table", id)
    assert moved > version and f'data-pk-drawn="{moved}"' in marked(ana)  # its tap: no click
    rolled = tables().watch(id).told("en", ("Ana", "Bob"))[-1]
    assert rolled not in shown_text(bob)
    bob.button(key=pulse.MOVED_KEY).click().run()  # the page's script, the version moved
    assert rolled in shown_text(bob) and f'data-pk-drawn="{moved}"' in marked(bob)
    assert paces == {"_live": None}


def test_the_tables_mark_tells_no_seat_token_link_nor_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pulse, "_served", [True])
    at, id, ana, bob = pair()
    mark = marked(ana) + marked(bob) + marked(opened(PAGE, "en", table=id))
    secrets = [*links(at), str(at.query_params["host"])]
    secrets += [str(page.query_params["player"]) for page in (ana, bob)]
    secrets.append(str(tables().load(id).seed))
    assert mark and not [secret for secret in secrets if secret in mark]


@pytest.mark.parametrize("served", [True, False])
def test_a_timed_table_or_one_on_app_py_alone_is_polled_by_streamlit(
    served: bool, paces: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A timer's seconds left change every page each second: Streamlit polls it, as on a server
    without the route, and the page draws no poll of its own."""
    monkeypatch.setattr(pulse, "_served", [True] if served else [])
    at = host(timer=30 if served else None)
    id = str(at.query_params["table"])
    first, second = links(at)
    ana = claimed(id, first, "Ana")
    claimed(id, second, "Bob")
    ana.run()
    assert paces == {"_live": state.POLL_SECONDS}
    assert not marked(ana) and not [b for b in ana.button if b.key == pulse.MOVED_KEY]
    assert move_buttons(ana) == ["table_0_roll"]
