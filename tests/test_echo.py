"""The one sanitiser of echoed input: nothing a reader sends can format, link or mislead."""

from __future__ import annotations

import html
import re
import unicodedata

import pytest

from pickomino.echo import (
    ECHO_CHARS,
    LOOKALIKES,
    NAME_CHARS,
    WORD_JOINER,
    echoed,
    name_fault,
    name_key,
    normal_name,
    plain,
    safe_name,
)

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


def test_a_player_name_keeps_letters_of_any_script_and_nothing_that_formats() -> None:
    assert safe_name("Anne-Marie O'Neil") == "Anne-Marie O'Neil"
    assert safe_name("Zoë Ωμέγα हिन्दी 李") == "Zoë Ωμέγα हिन्दी 李"  # marks (virama) kept
    assert safe_name("**Bo** <b>[x](y)") == "Bo bxy"
    assert safe_name(f"Ana{RLO}\u200d") == "Ana"
    assert safe_name("x" * 50) == "x" * NAME_CHARS
    assert safe_name("___") == ""


REAL_NAMES = [
    "Zoé",
    "Ana-Lou",
    "Jan de Vries",
    "Ben.K",
    "O'Neil",
    "Anne-Marie O’Neil",
    "François",
    "Zoë Ωμέγα हिन्दी 李",
    "Nguyễn Thị",
    "ที่ดี",  # Thai: two marks on one letter
    "Дмитрий",
    "Jo 2",
]
HOSTILE_NAMES = {
    "\u3164\u3164\u3164": "hidden",  # Hangul fillers
    "\u115fAna": "hidden",
    "Ana\uffa0": "hidden",
    "An\u200ba": "hidden",
    "Ana\u2060": "hidden",
    "\u2800\u2800Ana": "hidden",  # braille blanks
    "Ana\u034f": "hidden",  # combining grapheme joiner
    "Z\u0338\u0322\u031bo\u0336\u0321e\u0337\u031b": "stacked",
    "Ana \u0301\u0301": "stacked",  # marks on a space
    "A" * (NAME_CHARS + 1): "long",
    "A" * 200: "long",
    "e" + "\u0301" * 100: "long",
    "**Bo**": "chars",
    "Ana\tLou": "chars",
    "x": "short",
    "'-.": "short",
}


@pytest.mark.parametrize("name", REAL_NAMES)
def test_a_real_name_passes_the_check_and_the_filter_unchanged(name: str) -> None:
    assert name_fault(name) is None
    assert normal_name(name) == name
    assert safe_name(name) == name


@pytest.mark.parametrize(("name", "fault"), HOSTILE_NAMES.items())
def test_a_hostile_name_is_refused_for_what_is_wrong_and_filtered_to_what_is_right(
    name: str, fault: str
) -> None:
    assert name_fault(name) == fault
    kept = safe_name(name)
    assert name_fault(kept) in (None, "short")  # the filter keeps only what the check accepts
    assert len(kept) <= NAME_CHARS


def test_a_name_is_written_in_its_normal_form_before_it_is_checked() -> None:
    assert normal_name("Ａｎａ") == "Ana"  # fullwidth
    assert normal_name("𝐀𝐧𝐚") == "Ana"  # mathematical bold
    assert normal_name("Zoe\u0301") == "Zoé" == unicodedata.normalize("NFC", "Zoé")
    assert normal_name("  Ana\u00a0\u3000 Lou ") == "Ana Lou"
    assert name_fault("e" + "\u0301\u0301") == "short"  # é and one more mark: one letter
    assert name_fault("Ａｎａ") is None


@pytest.mark.parametrize(
    ("name", "twin"),
    [
        ("Ana", "\u0410na"),  # Cyrillic capital A
        ("Ana", "An\u0430"),  # Cyrillic small a
        ("Ana", "\u0391n\u03b1"),  # Greek capital alpha, small alpha
        ("Ana", "Ａｎａ"),
        ("Ana", "ANA"),
        ("Zoé", "Zoe"),
        ("Zoé", "ZOË"),
        ("O'Neil", "O’Neil"),
        ("Pepe", "\u0420\u0435\u0440\u0435"),  # all Cyrillic
        ("Kyo", "\u039a\u0443\u03bf"),  # Greek K, Cyrillic y, Greek o
    ],
)
def test_names_that_look_alike_have_one_key(name: str, twin: str) -> None:
    assert name_key(name) == name_key(twin)


@pytest.mark.parametrize(
    ("name", "other"),
    [("Ana", "Anna"), ("Lia", "Ila"), ("Ana Lou", "Ana-Lou"), ("Ben", "\u0432en"), ("Ida", "Lda")],
)
def test_names_that_look_different_have_different_keys(name: str, other: str) -> None:
    assert name_key(name) != name_key(other)


def test_every_look_alike_is_a_letter_or_the_apostrophe_read_as_its_ascii_twin() -> None:
    for source, target in LOOKALIKES.items():
        char = chr(source)
        assert isinstance(target, int) and chr(target).isascii()
        assert unicodedata.name(char).split()[0] in ("CYRILLIC", "GREEK", "LATIN", "RIGHT")
        assert not char.isascii()
        assert unicodedata.category(chr(target)) in ("Lu", "Ll", "Po")
