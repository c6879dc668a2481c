"""Time the app in Chromium: each click of a scripted sandbox turn, and the load of every page.

Run with `uv run python benchmarks/browser.py [--repeats N] [--only clicks|pages|floor|elements]`.
It starts `streamlit run` on a free port of 127.0.0.1 and Debian's Chromium (as the browser tests
do, through `tests/browser.py`), so the figures include the websocket, React's rendering, the layout
and the decoding of every drawing: what a reader waits for, not only the server's share (that one is
`benchmarks/app.py`).

Clicks, two ways, in normal mode (1280 x 800) and in presentation mode (1024 x 768, a projector):
- a teacher's: each repetition opens `/sandbox?lang=en` in a fresh browser context, opens the
  teacher tools, and plays the turn of `benchmarks/app.py` with the dice typed by hand (roll
  WW555431, keep the worms, roll 555442, keep the fives, take 25), so every repetition plays the
  same turn. Typing the dice is not timed; the clicks are, with the teacher tools open.
- a learner's: each repetition opens `/sandbox?lang=en&seed=LEARNER_SEED` (the seed draws every
  roll, so every repetition plays the same game) with the teacher tools folded, as a learner finds
  the page, and clicks LEARNER_CLICKS times the move the advice marks (Roll while it is the only
  move).

Settled: the app is connected, no script runs, the element the action must bring is shown (the
next move's button, the next player's status, the page's title) and every image has loaded; then
the page must stay unchanged for QUIET_S with no request in flight, and the time is that of its
last change (a DOM mutation or an image load), measured in the page from the click event's
timestamp (from the navigation's start for a page opened by its address). The script state alone
is not enough: it flips to "running" only when the server's first answer arrives, so right after
a click the old page still reads as settled, and parts of Streamlit's frontend load lazily after
the script has finished. Beside the time: the script runs the action caused (each starts with a
`new_session` message), the server's messages and their size, and the CPU time of the page's main
thread and of the server process, which a loaded machine inflates less than the wall time.

Pages: every url path of `pickomino/pages.py`'s PAGES three ways: opened in a fresh context
(nothing cached), opened again in the same context (the browser's cache warm), and reached by its
sidebar link from another page (how a reader goes from page to page). The census beside it
(elements under the main block, element containers, images, bytes of their `src`) says what the
browser had to build.

Floor: the same clicks and the same page loads (cold and cached) on the smallest Streamlit app
there is (a button and the line of text it changes, `FLOOR_APP`), served and measured the same way:
what any Streamlit page costs on this machine before the app adds anything, so the app's figures
can be read against it. Elements: the floor's clicks again with 20 or 50 more elements of one kind
(`ELEMENTS`), to tell what each element a page redraws adds to a click.

Under Community Cloud's limits: `--cores C [--memory-mb 690]` runs the app's server (not the
floor's) in a CPU quota and a memory limit (`benchmarks/cgroup.py`, root).

Compare: `--app DIR` serves another checkout of the app (an older commit, say) and measures it the
same way, to set figures before and after a change side by side.

Bounded: every wait gives up after 60 s, and the whole run stops early (with what it has) after
`--budget` seconds.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

from benchmarks.cgroup import add_arguments, describe, maybe_limited  # noqa: E402
from pickomino.i18n import t, tn  # noqa: E402
from pickomino.narrate import face_name, seat_name  # noqa: E402
from pickomino.pages import PAGES  # noqa: E402
from tests.browser import READY, RUN_NUMBER, WAIT_MS, chromium, streamlit_server  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CLICK_MEDIAN_MS = 150
CLICK_WORST_MS = 400
PAGE_MS = 1000
LANG = "en"
LABEL = "button p"
"""A button's label without its icon (a Material icon is a ligature: its name is text)."""

PROBE = """(() => {
  const bench = { clicks: [], changed: 0 };
  window.__bench = bench;
  const changed = () => { bench.changed = performance.now(); };
  document.addEventListener("click", (event) => bench.clicks.push(event.timeStamp), true);
  document.addEventListener("load", changed, true);
  new MutationObserver(changed).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
})();"""
"""Installed before the app's own scripts: the time of every click, and the time of the last change
of the page (a DOM mutation or a loaded image)."""

SHOWN = """([ready, tag, text]) => document.querySelector(ready)
  && [...document.images].every((image) => image.complete)
  && (tag === null
      || [...document.querySelectorAll(tag)]
        .some((found) => found.innerText.trim().startsWith(text)))"""
"""The app is idle, every image has loaded, and an element `tag` reads `text` (if given), or `text`
and more: a set-aside's button adds the total it brings."""

QUIET_S = 0.6
"""How long the page must stay unchanged, with no request in flight, to count as settled: lazily
loaded parts of Streamlit's frontend (the HTML element's sanitiser, for one) arrive after the
script has finished, so "idle" alone comes too early."""

CENSUS = """() => {
  const main = document.querySelector("[data-testid='stMain']");
  const images = [...main.querySelectorAll("img")];
  return {
    elements: main.querySelectorAll("*").length,
    blocks: main.querySelectorAll("[data-testid='stElementContainer']").length,
    images: images.length,
    bytes: images.reduce((sum, image) => sum + image.getAttribute("src").length, 0),
  };
}"""


@dataclass(frozen=True)
class Step:
    """One click of the scripted turn: what to type first, what to click, what must then show."""

    name: str
    click: str
    expect_tag: str
    expect: str
    dice: str = ""
    in_hand: int = 0


def turn() -> list[Step]:
    """The scripted turn of `benchmarks/app.py`, as button labels in English."""
    roll_set = t("sandbox.teacher.roll_set", LANG)
    keep_worms = tn("sandbox.keep_worm", 2, LANG)
    keep_fives = tn("sandbox.keep", 3, LANG, face=face_name("5", LANG))
    take = t("sandbox.take", LANG, tile=25)
    return [
        Step("roll", roll_set, LABEL, keep_worms, dice="WW555431", in_hand=8),
        Step("keep", keep_worms, LABEL, tn("sandbox.roll", 6, LANG)),
        Step("roll", roll_set, LABEL, keep_fives, dice="555442", in_hand=6),
        Step("keep", keep_fives, LABEL, take),
        Step("take", take, "h2", t("sandbox.status.roll", LANG, player=seat_name(1, LANG))),
    ]


@dataclass(frozen=True)
class Counts:
    """Running totals of a tab, read before and after an action: the difference is its cost."""

    clicks: int = 0
    runs: int = 0
    messages: int = 0
    received: int = 0
    browser_cpu: float = 0.0
    server_cpu: float = 0.0
    run: str | None = None
    """The number the page's last drawn run ends with (`ui.frame.finish_run`), if any."""


@dataclass(frozen=True)
class Timed:
    """What one action cost: ms to settled, script runs, server messages, CPU on both sides."""

    ms: float
    runs: int
    messages: int
    kilobytes: float
    browser_cpu: float
    server_cpu: float


def server_cpu_ms(url: str) -> float:
    """CPU time (user + system) the Streamlit server at `url` has used so far, from /proc."""
    port = url.rsplit(":", 1)[1]
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
            if b"streamlit" in b" ".join(argv) and port.encode() in argv:
                fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
                return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")
        except OSError:
            continue
    raise LookupError(f"no streamlit process serves port {port}")


class Tab:
    """A page of its own browser context, with what it costs counted.

    Requests in flight (for "settled"), the server's messages (each script run starts with a
    `new_session` message, so a click that caused two runs shows two), the page's main-thread CPU
    time (Chrome's ThreadTime metric) and the server's CPU time.
    """

    def __init__(self, browser: Browser, url: str, width: int, height: int) -> None:
        self.url = url
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.context.add_init_script(PROBE)
        self.page = self.context.new_page()
        self.in_flight = 0
        self.runs = self.messages = self.received = 0
        self.page.on("request", lambda _: self._count(1))
        self.page.on("requestfinished", lambda _: self._count(-1))
        self.page.on("requestfailed", lambda _: self._count(-1))
        self.page.on("websocket", lambda socket: socket.on("framereceived", self._received))
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("Performance.enable", {"timeDomain": "threadTicks"})

    def _count(self, change: int) -> None:
        self.in_flight += change

    def _received(self, payload: bytes | str) -> None:
        if isinstance(payload, str):
            return
        message = ForwardMsg()
        message.ParseFromString(payload)
        self.messages += 1
        self.received += len(payload)
        self.runs += message.WhichOneof("type") == "new_session"

    def counts(self) -> Counts:
        """The totals now, to measure the next action from."""
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        thread = next(m["value"] for m in metrics if m["name"] == "ThreadTime")
        return Counts(
            self.page.evaluate("window.__bench.clicks.length"),
            self.runs,
            self.messages,
            self.received,
            thread * 1000,
            server_cpu_ms(self.url),
            self.page.evaluate(RUN_NUMBER),
        )

    def settle(self, before: Counts, tag: str | None, text: str = "", *, click: bool) -> Timed:
        """Wait until `text` is shown and the page is settled; time its last change.

        From the first click after `before` (from the navigation's start if not `click`) to the
        last DOM change or image load before a quiet spell of QUIET_S with nothing in flight. With
        no `tag`, waits for a script run after `before` instead of an element.
        """
        waited = time.monotonic() + WAIT_MS / 1000
        while tag is None and self.runs == before.runs:
            if time.monotonic() > waited:
                raise TimeoutError("no script run came")
            self.page.wait_for_timeout(20)
        if tag is None:
            # No text to wait for: the run's own number drawn, as the browser tests wait
            # (`tests.browser.answered`). The server's first message can come before the page
            # says a script runs, and a page quiet since before the click then looked settled
            # with nothing of the run drawn (a click timed at -752 ms, and the next click aimed
            # at a button the run then replaced).
            self.page.wait_for_function(
                f"({RUN_NUMBER}) !== null && ({RUN_NUMBER}) !== {json.dumps(before.run)}",
                polling="raf",
                timeout=WAIT_MS,
            )
        self.page.wait_for_function(SHOWN, arg=[READY, tag, text], polling="raf", timeout=WAIT_MS)
        while True:
            now, changed = self.page.evaluate("[performance.now(), window.__bench.changed]")
            if self.in_flight == 0 and now - changed >= QUIET_S * 1000:
                break
            if time.monotonic() > waited:
                raise TimeoutError(f"the page never stayed still after showing {text!r}")
            self.page.wait_for_timeout(100)
        after = self.counts()
        since = self.page.evaluate(f"window.__bench.clicks[{before.clicks}]") if click else 0.0
        return Timed(
            changed - since,
            after.runs - before.runs,
            after.messages - before.messages,
            (after.received - before.received) / 1000,
            # A page opened by its address is a new document: Chrome's count starts again.
            after.browser_cpu - before.browser_cpu if click else math.nan,
            after.server_cpu - before.server_cpu,
        )

    def close(self) -> None:
        self.context.close()


def open_sandbox(browser: Browser, url: str, present: bool) -> Tab:
    """The sandbox at its first roll, teacher tools open, in presentation mode if asked."""
    tab = Tab(browser, url, *((1024, 768) if present else (1280, 800)))
    before = tab.counts()
    tab.page.goto(f"{url}/sandbox?lang={LANG}")
    tab.settle(before, "h1", title("sandbox"), click=False)
    if present:
        before = tab.counts()
        tab.page.get_by_text(t("sandbox.present", LANG), exact=True).click()
        tab.settle(before, None, click=True)
    before = tab.counts()
    tab.page.locator("summary").filter(has_text=t("sandbox.teacher.title", LANG)).click()
    tab.settle(before, None, click=True)
    return tab


LEARNER_SEED = 7
LEARNER_CLICKS = 10
ADVISED = "[data-testid='stMain'] [data-testid='stBaseButton-primary']"
"""The move the advice marks: the one primary button of the main area."""


def learner_clicks(browser: Browser, url: str, present: bool) -> list[Timed]:
    """LEARNER_CLICKS clicks of the advised move in a seeded sandbox, teacher tools folded."""
    tab = Tab(browser, url, *((1024, 768) if present else (1280, 800)))
    times = []
    try:
        before = tab.counts()
        tab.page.goto(f"{url}/sandbox?lang={LANG}&seed={LEARNER_SEED}{'&present=1' * present}")
        tab.settle(before, "h1", title("sandbox"), click=False)
        for _ in range(LEARNER_CLICKS):
            advised = tab.page.locator(ADVISED)
            roll = tab.page.locator(".st-key-sandbox_roll button")
            move = advised.first if advised.count() else roll
            before = tab.counts()
            move.click()
            times.append(tab.settle(before, None, click=True))
    finally:
        tab.close()
    return times


def play_turn(browser: Browser, url: str, present: bool) -> list[Timed]:
    """Each click of the scripted turn, timed; fails loudly if a click does not bring its result."""
    tab = open_sandbox(browser, url, present)
    times = []
    try:
        for step in turn():
            if step.dice:
                label = tn("sandbox.teacher.dice", step.in_hand, LANG)
                box = tab.page.get_by_role("textbox", name=label)
                box.fill(step.dice)
                before = tab.counts()
                box.press("Enter")
                tab.settle(before, None, click=False)
            before = tab.counts()
            name = re.compile("^" + re.escape(step.click))  # a set-aside adds its total
            tab.page.get_by_role("button", name=name).click()
            times.append(tab.settle(before, step.expect_tag, step.expect, click=True))
    finally:
        tab.close()
    return times


FLOOR_APP = """import streamlit as st

st.session_state.setdefault("clicks", 0)


def count():
    st.session_state.clicks += 1


st.button("Click", on_click=count)
st.markdown(f"Clicked {st.session_state.clicks} times")
"""
"""The smallest app a click can change: one button, one line of text."""

ELEMENTS: Final = (
    ("markdown, the same every click", 50, "st.markdown(f'Some **text**, number {i}')"),
    ("markdown, new every click", 50, "st.markdown(f'Text {i}, click {st.session_state.clicks}')"),
    ("buttons, the same every click", 50, "st.button(f'Button {i}', key=f'b{i}')"),
    ("expanders, folded", 20, "st.expander(f'Panel {i}')"),
)
"""Elements added to FLOOR_APP, `count` of each, written by `code` (with the loop's `i`): what one
element of each kind adds to a click."""


def floor(
    browser: Browser, clicks: int, loads: int, extra: str = ""
) -> tuple[list[Timed], dict[str, list[Timed]]]:
    """`clicks` clicks of FLOOR_APP's button, and `loads` times the page opened in a fresh context
    and again in the same one, each timed as the app's are, served with the app's own settings
    (`.streamlit/config.toml`). The first click and the first pair of loads are a warm-up.
    `extra`: code appended to the app (more elements)."""
    with tempfile.TemporaryDirectory() as root:
        (Path(root) / "app.py").write_text(FLOOR_APP + extra)
        shutil.copytree(ROOT / ".streamlit", Path(root) / ".streamlit")  # the app's server settings
        with streamlit_server(root=Path(root)) as url:
            opened: dict[str, list[Timed]] = {"cold": [], "cached": []}
            for _ in range(loads + 1 if loads else 0):  # no warm-up pair when no load is asked
                tab = Tab(browser, url, 1280, 800)
                try:
                    for times in opened.values():
                        before = tab.counts()
                        tab.page.goto(url)
                        times.append(tab.settle(before, LABEL, "Click", click=False))
                finally:
                    tab.close()
            tab = Tab(browser, url, 1280, 800)
            try:
                before = tab.counts()
                tab.page.goto(url)
                tab.settle(before, LABEL, "Click", click=False)
                clicked = []
                for number in range(1, clicks + 2):
                    before = tab.counts()
                    tab.page.get_by_role("button", name="Click").click()
                    clicked.append(tab.settle(before, "p", f"Clicked {number} times", click=True))
            finally:
                tab.close()
    return clicked[1:], {way: times[1:] for way, times in opened.items()}


def title(path: str) -> str:
    """The title a page's h1 shows."""
    key = next(spec.key for spec in PAGES if spec.url_path == path)
    return t(f"page.{key}.title", LANG)


HOME = next(spec.url_path for spec in PAGES if spec.key == "home")


def address(url: str, path: str) -> str:
    """A page's address: the default page (home) is served at the root, not at its url path."""
    return f"{url}/{'' if path == HOME else path}?lang={LANG}"


Load = tuple[Timed, dict[str, int]]


def census(tab: Tab) -> dict[str, int]:
    """What the page built: elements under the main block, element containers, images."""
    return tab.page.evaluate(CENSUS)


def load_page(browser: Browser, url: str, path: str) -> dict[str, Load]:
    """One page three ways: opened in a fresh context (nothing cached), opened again in the same
    context (the browser's cache warm), and reached by its sidebar link from another page."""
    tab = Tab(browser, url, 1280, 800)
    found: dict[str, Load] = {}
    try:
        for way in ("cold", "cached"):
            before = tab.counts()
            tab.page.goto(address(url, path))
            found[way] = tab.settle(before, "h1", title(path), click=False), census(tab)
        other = "setup" if path == HOME else HOME
        before = tab.counts()
        tab.page.goto(address(url, other))
        tab.settle(before, "h1", title(other), click=False)
        before = tab.counts()
        nav = tab.page.locator(".st-key-frame_nav")
        nav.get_by_role("link", name=title(path), exact=True).click()
        found["link"] = tab.settle(before, "h1", title(path), click=True), census(tab)
    finally:
        tab.close()
    return found


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):6.0f} ms   worst {max(values):6.0f} ms"


def costs(timings: list[Timed]) -> str:
    """The medians of what the actions cost besides time."""
    runs = sorted({timed.runs for timed in timings})
    median = {
        name: statistics.median(getattr(timed, name) for timed in timings)
        for name in ("messages", "kilobytes", "browser_cpu", "server_cpu")
    }
    return (
        f"runs {runs}  messages {median['messages']:4.0f} ({median['kilobytes']:5.1f} kB)"
        f"  CPU browser {median['browser_cpu']:4.0f} ms, server {median['server_cpu']:4.0f} ms"
    )


def report_all(every: list[Timed]) -> None:
    """All the clicks of a series together, against the targets."""
    times = [timed.ms for timed in every]
    median, worst = statistics.median(times), max(times)
    verdict = "within" if median < CLICK_MEDIAN_MS and worst < CLICK_WORST_MS else "OVER"
    print(f"  all clicks: {summary(times)}   {costs(every)}")
    print(f"  ({verdict} the targets: median < {CLICK_MEDIAN_MS} ms, worst < {CLICK_WORST_MS} ms)")


def report_clicks(label: str, turns: list[list[Timed]]) -> None:
    every = [timed for run in turns for timed in run]
    if not every:
        return
    print(f"{label}: {len(turns)} turns, {len(every)} clicks (CPU and messages are medians)")
    for index, step in enumerate(turn()):
        column = [run[index] for run in turns if index < len(run)]
        print(f"  {index + 1}. {step.name:<5} {summary([t.ms for t in column])}   {costs(column)}")
    report_all(every)


def report_floor(clicked: list[Timed], opened: dict[str, list[Timed]]) -> None:
    print(f"floor, the smallest Streamlit app: {len(clicked)} clicks (CPU, messages: medians)")
    print(f"  all clicks: {summary([timed.ms for timed in clicked])}   {costs(clicked)}")
    for way, times in opened.items():
        print(f"  opened {way:>6}: {summary([timed.ms for timed in times])}")


def report_elements(browser: Browser, clicks: int) -> None:
    """What one more element of each kind of ELEMENTS adds to a click, against the bare floor."""
    print(f"elements added to the floor app, {clicks} clicks each (medians)")
    bare = statistics.median(timed.ms for timed in floor(browser, clicks, 0)[0])
    print(f"  {'none':<32} {bare:6.0f} ms")
    for label, count, code in ELEMENTS:
        clicked = floor(browser, clicks, 0, f"for i in range({count}):\n    {code}\n")[0]
        median = statistics.median(timed.ms for timed in clicked)
        each = (median - bare) / count
        print(
            f"  {label:<32} {median:6.0f} ms with {count}: {each:4.1f} ms each   {costs(clicked)}"
        )


def report_learner(label: str, runs: list[list[Timed]]) -> None:
    every = [timed for run in runs for timed in run]
    if not every:
        return
    print(f"clicks, a learner's, {label} mode: {len(runs)} games, {len(every)} clicks")
    report_all(every)


WAYS = ("cold", "cached", "link")


def report_pages(loads: dict[str, list[dict[str, Load]]]) -> None:
    print(
        "page loads (1280 x 800), median/worst ms to settled: cold = a fresh context, cached ="
        " the same context again, link = its sidebar link from another page"
    )
    print(
        f"  {'page':<10}" + "".join(f" {way:>13}" for way in WAYS)
        + f" {'elements':>9} {'blocks':>7} {'images':>7} {'image kB':>9}   link's costs"
    )  # fmt: skip
    for path, results in loads.items():
        if not results:
            continue
        cells = ""
        for way in WAYS:
            times = [result[way][0].ms for result in results]
            cells += f" {statistics.median(times):6.0f}/{max(times):6.0f}"
        census = results[-1]["link"][1]
        print(
            f"  {path:<10}{cells} {census['elements']:>9} {census['blocks']:>7}"
            f" {census['images']:>7} {census['bytes'] / 1000:>9.0f}"
            f"   {costs([result['link'][0] for result in results])}"
        )
    for way in WAYS:
        every = [result[way][0].ms for results in loads.values() for result in results]
        if every:
            verdict = "within" if max(every) < PAGE_MS else "OVER"
            print(f"  {way:>6}: worst {max(every):.0f} ms ({verdict} the {PAGE_MS} ms target)")


def bounded(deadline: float, repeats: int, action: Callable[[], Any]) -> list[Any]:
    """`action` run `repeats` times, fewer if the deadline passes (said on stderr)."""
    results = []
    for _ in range(repeats):
        if time.monotonic() > deadline:
            print("  (time budget spent: fewer repetitions)", file=sys.stderr)
            break
        results.append(action())
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="repetitions of each series")
    parser.add_argument(
        "--only", choices=("clicks", "pages", "floor", "elements"), help="one part only"
    )
    parser.add_argument("--budget", type=float, default=1200, help="seconds before stopping early")
    parser.add_argument(
        "--app", type=Path, default=ROOT, help="the checkout to serve (another one to compare)"
    )
    add_arguments(parser)
    options = parser.parse_args()
    deadline = time.monotonic() + options.budget
    if options.only == "floor":
        with chromium() as browser:
            report_floor(*floor(browser, 5 * options.repeats, 2 * options.repeats))
        return
    if options.only == "elements":
        with chromium() as browser:
            report_elements(browser, 4 * options.repeats)
        return
    with (
        maybe_limited(options.cores, options.memory_mb) as box,
        streamlit_server(python=box.python if box else sys.executable, root=options.app) as url,
        chromium() as browser,
    ):
        # Warm-up, not counted: imports, every page's first run, the odds of the first boards.
        play_turn(browser, url, present=False)
        for spec in PAGES:
            load_page(browser, url, spec.url_path)
        if options.only != "pages":
            for label, present in (("normal", False), ("presentation", True)):
                runs = bounded(
                    deadline,
                    options.repeats,
                    lambda present=present: play_turn(browser, url, present),
                )
                report_clicks(f"clicks, a teacher's, {label} mode", runs)
                learned = bounded(
                    deadline,
                    options.repeats,
                    lambda present=present: learner_clicks(browser, url, present),
                )
                report_learner(label, learned)
        if options.only != "clicks":
            loads = {
                spec.url_path: bounded(
                    deadline,
                    options.repeats,
                    lambda path=spec.url_path: load_page(browser, url, path),
                )
                for spec in PAGES
            }
            report_pages(loads)
        if box:
            print(describe(box, options.cores, options.memory_mb))


if __name__ == "__main__":
    main()
