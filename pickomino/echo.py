"""What the reader sent, said back: a name, a class code, a seed, a file name, a link's value.

Every such string is quoted in messages drawn as Markdown (`st.error`, `st.markdown`, labels) or
written into HTML and SVG drawings. Quoted as given, a crafted link or file name put a link, an
image the browser fetched, or bold text into a refusal, and a right-to-left override (U+202E)
made a refusal read as another sentence ("Class closed. Go to evil.example"). So every echoed
string goes through `echoed` (or `safe_name`, for a player's name), which works in both kinds of
text at once.

A name is also checked here, once for every place that takes one (`name_fault`), and compared by
its look (`name_key`): in a room, a nickname that reads like another pupil's, or like nothing,
would let one pupil pass for another.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Iterator
from typing import Final, Literal

ECHO_CHARS: Final = 60
"""An echoed value is cut to this many characters, and an ellipsis added: enough to recognise a
seed, a code or a file name; a value of 150,000 characters would bury the message."""
NAME_CHARS: Final = 20
"""The longest player name kept (the set-up's name field takes no more)."""
MIN_NAME: Final = 2
"""The fewest letters or digits a checked name has: "Jo", not "J" nor ".."."""
NAME_MARKS: Final = frozenset(" '’.-")
"""The characters of a name that are neither letters, marks nor digits: "Anne-Marie", "O'Neil"."""
TYPED_CHARS: Final = 4 * NAME_CHARS
"""Past this many characters as typed, a name is too long whatever it composes to: a name of 20
letters, each with two accents typed apart ("e" then its marks), is 60. The join form's field takes
this many: Streamlit cuts a value sent to a field's `max_chars`, even one sent past the browser,
so a field of `NAME_CHARS` would cut a name of 200 to 20 where it must be refused."""
MAX_MARKS: Final = 2
"""The most combining marks one letter carries once composed (NFC): "é" or Vietnamese "ệ" is a
single character then, Thai "ที่" carries two marks, a Devanagari letter one or two. Past this,
marks stack into "zalgo" text that spills over the lines around it."""
HIDDEN: Final = frozenset(
    [
        *(0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0),
        *range(0x180B, 0x1810),
        *range(0xFE00, 0xFE10),
        *range(0xE0100, 0xE01F0),
    ]
)
"""Code points drawn as nothing that Unicode files as letters, marks or symbols, not as format
characters: the Hangul fillers (U+3164 made a nickname of blanks), the combining grapheme joiner,
Khmer's inherent vowels, the variation selectors, and the braille blank. With the format characters
(category Cf) they are the "default ignorable" code points a name could otherwise hold, and the
blank that looks like a space."""
LOOKALIKES: Final = str.maketrans(
    "АВЕКМНОРСТХУЅІЈԚԜҮҺӀ"  # Cyrillic capitals
    "аеорсухѕіјԁһԛԝӏүгпь"  # Cyrillic small letters
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ"  # Greek capitals
    "οαικνρυχϲϳη"  # Greek small letters
    "ıɑɡɩ’",  # Latin letters of other shapes, the typographic apostrophe
    "ABEKMHOPCTXYSIJQWYHIaeopcyxsijdhqwlyrnbABEZHIKMNOPTYXoaikvpuxcjniagi'",
)
"""Letters of the Cyrillic and Greek alphabets drawn like a Latin letter, to that letter, in the
spirit of Unicode's confusables (TR39), for the scripts a class here writes in: "Аna" with a
Cyrillic А reads as "Ana". Capitals and small letters apart, as they look apart (Cyrillic "в" is
no "b"). Within the Latin alphabet nothing is mapped: "I" and "l" look alike in some fonts, but
"Ida" and "Lda" are told apart by their case, and mapping them would make "Lia" and "Ila" one."""

NameFault = Literal["long", "hidden", "stacked", "chars", "short"]
"""What is wrong with a name, the first thing found: too long, holding a character drawn as
nothing, marks stacked on a letter, a character no name needs, too few letters."""
WORD_JOINER: Final = "\u2060"
"""Drawn as nothing, it keeps a web address or an e-mail in a message from becoming a link."""
_ESCAPED: Final = {
    ord(char): (WORD_JOINER if char in ":@" else "") + f"&#{ord(char)};"
    for char in string.punctuation
}
"""Every ASCII punctuation character as a numeric character reference, and a word joiner before
each `:` and `@`.

Markdown reads a character reference as the character itself and never as syntax (CommonMark:
"`&#42;foo&#42;` is `*foo*`", not emphasis), and so does HTML: the one escaping shows `*`, `[`,
`<` literally in both. Backslashes would show in HTML; `html.escape` leaves Markdown. But
Streamlit's Markdown turns web addresses and e-mails in the text it has read into links, and
`:name:` into an emoji, references or not (seen in Chromium: `http://evil.example` in a refusal
became a link): the word joiner, drawn as nothing, breaks `http://`, `a@b.c` and `:name:`, and
`_WWW_DOT` breaks `www.`. The only character `echoed` adds, it changes neither the words nor
their direction."""
_WWW_DOT: Final = re.compile(r"(?<=www)\.", re.IGNORECASE)
r"""The dot of `www.`, the one dot Streamlit's Markdown links from (its pattern is
`www(?=\.)`, in any case), given a word joiner before it. Any other dot is left alone, so a
nickname such as "Ben.K" copied from the board is what the pupil typed, with nothing hidden."""


def plain(value: str, limit: int = ECHO_CHARS) -> str:
    """`value` with no control or format character, cut to `limit` characters and an ellipsis.

    Format characters (Unicode category Cf: bidirectional overrides, zero-width joiners) change how
    the text around them reads without showing; other controls (line breaks, NUL) and unassigned
    or private code points have no place in one line of a message. Whitespace becomes a space.
    """
    kept = "".join(
        " " if char.isspace() else char
        for char in value
        if char.isspace() or not unicodedata.category(char).startswith("C")
    )
    return kept if len(kept) <= limit else kept[:limit] + "…"


def echoed(value: str, limit: int = ECHO_CHARS) -> str:
    """`value` safe to quote in Markdown or HTML: `plain`, and shown literally where it is drawn."""
    return _WWW_DOT.sub(WORD_JOINER + ".", plain(value, limit)).translate(_ESCAPED)


def normal_name(typed: str) -> str:
    """A name in its one written form: NFKC, every run of spaces one space, none at the ends.

    NFKC writes fullwidth "Ａｎａ" and mathematical "𝐀𝐧𝐚" as "Ana", a no-break or ideographic
    space as a space, and composes "e" typed with its accent into "é": what is checked, shown and
    compared is what the reader sees. Line breaks and tabs stay, for `name_fault` to refuse: a
    one-line field sends none.
    """
    return " ".join(part for part in unicodedata.normalize("NFKC", typed).split(" ") if part)


def _verdicts(name: str) -> Iterator[tuple[str, NameFault | None]]:
    """Each character of a normal name and what is wrong with it there (None: it is kept).

    A mark is kept only on a letter or digit, and only up to `MAX_MARKS` on one.
    """
    marks = 0
    on_letter = False
    for char in name:
        kind = unicodedata.category(char)
        if ord(char) in HIDDEN or kind == "Cf":
            yield char, "hidden"
        elif kind[0] == "M":
            marks += 1
            yield char, None if on_letter and marks <= MAX_MARKS else "stacked"
        elif char in NAME_MARKS or kind[0] in "LN":
            marks = 0
            on_letter = kind[0] in "LN"
            yield char, None
        else:
            on_letter = False
            yield char, "chars"


def name_fault(typed: str) -> NameFault | None:
    """What is wrong with a typed name, or None: the one check of a name wherever one is taken.

    Letters and marks of any script, digits, spaces, apostrophes, dots and hyphens, `MIN_NAME` to
    `NAME_CHARS` characters once written in its normal form (`normal_name`). A name drawn as
    nothing, or spilling over the lines around it, could pass for no one or for anyone.
    """
    if len(typed) > TYPED_CHARS:
        return "long"
    name = normal_name(typed)
    if len(name) > NAME_CHARS:
        return "long"
    fault = next((fault for _, fault in _verdicts(name) if fault is not None), None)
    if fault is None and sum(unicodedata.category(char)[0] in "LN" for char in name) < MIN_NAME:
        return "short"
    return fault


def safe_name(name: str) -> str:
    """A name a player typed or a record holds, safe to show anywhere, even as plain text.

    The name in its normal form, keeping what `name_fault` accepts (letters and marks of any
    script, digits, spaces, apostrophes, dots and hyphens), cut to `NAME_CHARS`: a name is also
    shown where no escaping is read (a choice's words, a file), so it is filtered rather than
    escaped. Nothing else can format, link, hide or turn the text around it.
    """
    kept = "".join(char for char, fault in _verdicts(normal_name(name[:TYPED_CHARS])) if not fault)
    return " ".join(kept[:NAME_CHARS].split())


def name_key(name: str) -> str:
    """What a name looks like, to tell names apart by sight: two names with one key look alike.

    Compared in its normal form, without accents or other marks (a board shows "Zoe" and "Zoé"
    alike at a glance), its Cyrillic and Greek look-alikes read as Latin letters (`LOOKALIKES`),
    in any case. Names that differ only in their spaces' places still differ.
    """
    bare = "".join(
        char
        for char in unicodedata.normalize("NFD", normal_name(name))
        if unicodedata.category(char)[0] != "M"
    )
    return bare.translate(LOOKALIKES).casefold().translate(LOOKALIKES)
