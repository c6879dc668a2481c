"""What the reader sent, said back: a name, a class code, a seed, a file name, a link's value.

Every such string is quoted in messages drawn as Markdown (`st.error`, `st.markdown`, labels) or
written into HTML and SVG drawings. Quoted as given, a crafted link or file name put a link, an
image the browser fetched, or bold text into a refusal, and a right-to-left override (U+202E)
made a refusal read as another sentence ("Class closed. Go to evil.example"). So every echoed
string goes through `echoed` (or `names.safe_name`, for a player's name), which works in both
kinds of text at once. What a name may hold is `pickomino.names`'s to say.
"""

from __future__ import annotations

import re
import string
import unicodedata
from typing import Final

ECHO_CHARS: Final = 60
"""An echoed value is cut to this many characters, and an ellipsis added: enough to recognise a
seed, a code or a file name; a value of 150,000 characters would bury the message."""
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
