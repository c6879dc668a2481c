"""The one sanitiser of echoed input: nothing a reader sends can format, link or mislead."""

from __future__ import annotations

import html
import re

import pytest

from pickomino.echo import ECHO_CHARS, WORD_JOINER, echoed, plain

RLO = "\u202e"
HOSTILE = [
    "**x**",
    "[a](http://evil)",
    "![i](http://x/y.png)",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    ":red[Class closed] :material/lock:",
    "www.ev.il, https://ev.il, me@ev.il :smile:",
    "WWW.Ev.il (Www.ev.il)",
    "a\\*b`c`~~d~~ $x$ #h |t|",
]

ACTIVE = re.compile(r"[\\`*_\[\]()<>!#:~$|.@]")
"""Characters Markdown or HTML (or Streamlit's colours, icons and maths) could read as syntax."""
LINKED = re.compile(r"https?://|www\.|\w@\w|:\w+:", re.IGNORECASE)
"""What Streamlit's Markdown turns into a link or an emoji in text it has already read."""


def seen(shown: str) -> str:
    """The characters a reader sees of `shown` drawn as Markdown or HTML."""
    return html.unescape(shown).replace(WORD_JOINER, "")


@pytest.mark.parametrize("value", HOSTILE)
def test_markdown_and_html_are_shown_literally(value: str) -> None:
    shown = echoed(value)
    without_references = re.sub(r"&#[0-9]+;", "", shown)
    assert not ACTIVE.search(without_references), shown
    assert not LINKED.search(html.unescape(shown)), shown
    assert seen(shown) == value  # the reader sees exactly what was sent


@pytest.mark.parametrize("name", ["Ben.K", "J.-P. O'Neil", "a.b.c"])
def test_a_dotted_nickname_is_copied_from_the_board_as_typed(name: str) -> None:
    """Only the dot of `www.` gets the invisible word joiner: "Ben.K" copies as "Ben.K"."""
    shown = echoed(name)
    assert WORD_JOINER not in shown
    assert html.unescape(shown) == name


def test_format_and_control_characters_are_taken_out() -> None:
    trick = f"CM2{RLO}nigol ot elpmaxe.live ot oG .desolc ssalC"
    assert RLO not in echoed(trick)
    assert seen(echoed(trick)) == "CM2nigol ot elpmaxe.live ot oG .desolc ssalC"
    joined = "a\u200db\u200bc\u2066d\u2069e\ufefff\x00g"
    assert plain(joined) == "abcdefg"
    assert plain("two\nlines\tand\r\na tab") == "two lines and  a tab"


def test_long_input_is_cut_to_its_stated_length_with_an_ellipsis() -> None:
    assert plain("a" * ECHO_CHARS) == "a" * ECHO_CHARS
    assert plain("a" * 150_000) == "a" * ECHO_CHARS + "…"
    assert plain("abcdef", limit=3) == "abc…"
    cut = echoed("*" * 1000)
    assert seen(cut) == "*" * ECHO_CHARS + "…"
