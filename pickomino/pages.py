"""The app's pages, in one list: each one's file, content key, URL path, section, icon and layout.

A page's file and URL path are written here once: the navigation (`ui.frame`) builds its
`st.Page`s from this list, and every link, switch, QR code or address to a page (the sandbox's
links, the review hand-over, the room's join link and control address) names the page by its key
and reads them here (`spec_of`), so a page renamed or moved cannot leave a link behind
(`tests/test_boundaries.py`). Streamlit-free data, so the activities build their links from it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal


@dataclass(frozen=True)
class PageSpec:
    """One page of the app: its file, its content key, its fixed URL, its section, its layout."""

    file: str
    key: str
    url_path: str
    section: str
    icon: str
    layout: Literal["centered", "wide"] = "centered"


PAGES: Final[tuple[PageSpec, ...]] = (
    PageSpec("app_pages/home.py", "home", "welcome", "learn", ":material/home:"),
    PageSpec("app_pages/setup.py", "setup", "setup", "learn", ":material/grid_view:"),
    PageSpec("app_pages/turn.py", "turn", "turn", "learn", ":material/casino:"),
    PageSpec("app_pages/taking.py", "taking", "taking", "learn", ":material/back_hand:"),
    PageSpec("app_pages/failed.py", "failed", "failed", "learn", ":material/undo:"),
    PageSpec("app_pages/scoring.py", "scoring", "scoring", "learn", ":material/emoji_events:"),
    PageSpec("app_pages/faq.py", "faq", "faq", "learn", ":material/help:"),
    PageSpec("app_pages/tips.py", "tips", "tips", "learn", ":material/lightbulb:"),
    PageSpec("app_pages/mistakes.py", "mistakes", "mistakes", "learn", ":material/error:"),
    PageSpec("app_pages/variants.py", "variants", "variants", "learn", ":material/tune:"),
    PageSpec("app_pages/sandbox.py", "sandbox", "sandbox", "practice", ":material/casino:", "wide"),
    PageSpec("app_pages/play.py", "play", "play", "practice", ":material/sports_esports:", "wide"),
    PageSpec(
        "app_pages/table.py", "table", "table", "practice", ":material/table_restaurant:", "wide"
    ),
    PageSpec("app_pages/review.py", "review", "review", "practice", ":material/insights:"),
    PageSpec("app_pages/quiz.py", "quiz", "quiz", "practice", ":material/quiz:"),
    PageSpec("app_pages/room.py", "room", "room", "practice", ":material/groups:", "wide"),
    PageSpec("app_pages/join.py", "join", "join", "practice", ":material/login:"),
    PageSpec("app_pages/explorer.py", "explorer", "explorer", "explore", ":material/monitoring:"),
)
"""Every page, in reading order; a section with no page is not shown. The welcome page is served
at / (its own path is reserved and never shown), and /home opens it too (`ui.frame.navigation`)."""

_BY_KEY: Final = {spec.key: spec for spec in PAGES}


def spec_of(key: str) -> PageSpec:
    """The page whose content key is `key`: its file and URL path, for a link, switch or address.

    A key no page has is a KeyError: a link to nowhere fails where it is written, not in a browser.
    """
    return _BY_KEY[key]


SECTIONS: Final[tuple[str, ...]] = ("learn", "practice", "explore")
"""The navigation's sections in order; their titles are `section.<name>` in content/."""
