"""The one rule of a player's or a pupil's name, wherever a name is taken, kept, shown or compared.

A name comes from a field (the Play page's seats, a pupil joining a room), from a record (a game
link, a scenario file, a stored game) or from the store. What a name may hold is decided here once,
character by character (`_verdicts`), on its one written form (`normal_name`), and applied four
ways, each what its place needs:

- `name_fault` refuses: a pupil's nickname is refused rather than changed, so the pupil knows the
  name the class sees (`pickomino.rooms.nickname`);
- `safe_name` filters: every name shown (a seat, a bot, a record's names) keeps only what
  `name_fault` accepts, cut to `NAME_CHARS`, as it is also shown where nothing is escaped;
- `name_key` compares: two names that look alike are one in a room (the store's check);
- `blank` finds a name that shows nothing at all: a record (`scenario`, `history`) keeps its names
  as written, to give them back unchanged, but one drawn as nothing names no one.

A name drawn as nothing, reading like another, or spilling over the lines around it, could pass for
no one or for anyone. Imports nothing of the package and no Streamlit.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Final, Literal

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


def blank(name: str) -> bool:
    """Whether a name shows nothing: empty, or only spaces, controls and characters never drawn.

    Controls and format characters (category C: line breaks, bidirectional overrides, zero-width
    spaces) and `HIDDEN` (the Hangul fillers, the braille blank): a seat so named would be called
    by no visible name, where a record means to name it. Anything else shows, even what
    `safe_name` then leaves out ("[[" is no name to show, but it is not blank).
    """
    return all(
        char.isspace() or ord(char) in HIDDEN or unicodedata.category(char)[0] == "C"
        for char in name
    )
