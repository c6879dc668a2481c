"""The app's words: UI strings and prose from `content/<lang>/`, and numbers in the reader's locale.

Pure Python, so the content tests and the command line can read the same texts the app shows.
Every lookup goes through `t`, which raises on an unknown key instead of showing it: a raw key on a
page is a bug the tests must catch, never something a learner should see.
"""

from __future__ import annotations

import math
import re
import string
import tomllib
from functools import cache
from pathlib import Path
from typing import Final, Literal, TypeGuard

Lang = Literal["en", "fr", "nl"]

LANGS: Final[tuple[Lang, ...]] = ("en", "fr", "nl")
DEFAULT_LANG: Final[Lang] = "en"
CONTENT_DIR: Final = Path(__file__).resolve().parent.parent / "content"

NARROW_NBSP: Final = "\u202f"
"""French typography puts a narrow no-break space before % and before : ; ? !"""

_PART_MARK: Final = re.compile(r"^<!--\s*part:\s*([a-z0-9_]+)\s*-->\s*$", re.MULTILINE)


def is_lang(value: object) -> TypeGuard[Lang]:
    """Whether `value` names one of the app's languages (and may then be used as a `Lang`)."""
    return isinstance(value, str) and value in LANGS


def lang_of_locale(locale: str | None) -> Lang | None:
    """The app language matching a browser locale such as `fr-BE` or `nl`, if there is one."""
    if not locale:
        return None
    primary = locale.replace("_", "-").split("-")[0].lower()
    return primary if is_lang(primary) else None


def settle_lang(from_url: object, remembered: object, locale: str | None) -> Lang:
    """The language to show, from the first known value among the candidates.

    The one already chosen in this session wins, then the URL's `?lang=` (a link opened in a new
    session), then the browser's locale, then English. Unknown values are skipped quietly.

    The session comes first because within a session the URL only echoes it, and late: a click sent
    just after the reader picked a language still carries the old `?lang=`.
    """
    for candidate in (remembered, from_url, lang_of_locale(locale)):
        if is_lang(candidate):
            return candidate
    return DEFAULT_LANG


def _flatten(table: dict[str, object], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict):
            flat.update(_flatten(value, key + "."))
        elif isinstance(value, str):
            flat[key] = value
        else:
            raise ValueError(f"content key {key!r} must hold text, not {type(value).__name__}")
    return flat


@cache
def strings(lang: Lang) -> dict[str, str]:
    """Every UI string of `lang`, nested TOML tables flattened to dotted keys."""
    if not is_lang(lang):
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    with (CONTENT_DIR / lang / "ui.toml").open("rb") as handle:
        return _flatten(tomllib.load(handle))


def placeholders(text: str) -> set[str]:
    """The `{name}` fields a text expects, so the tests can compare languages."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


class OwnName(str):
    """A player's own name ("Léa"), as a sentence calls that seat.

    French gives a seat called by a noun its article ("le joueur 2 lance", "au joueur 2", "le tour
    du joueur 2") but a player's own name none ("Léa lance", "à Léa", "le tour d’Ana"): when a
    parameter is an `OwnName`, `t` reads the French article just before its placeholder as the
    name needs it. English and Dutch write the same words either way.
    """


_FR_ARTICLE: Final = re.compile(r"\b(le|Le|au|Au|du|Du) \{(\w+)\}")
_FR_WITHOUT_ARTICLE: Final = {"le": "", "au": "à ", "du": "de "}
_VOWELS: Final = frozenset("aeiouyhàâäéèêëîïôöûüœ")


def _own_name_articles(text: str, params: dict[str, object]) -> str:
    """French `text` with the article before each own name's placeholder dropped or untied.

    "Le {player} lance" gives "Léa lance", "au {player}" "à Léa", "du {player}" "de Léa", or
    "d’Ana" before a vowel; a seat called by a noun ("joueur 2") keeps "le joueur 2".
    """

    def untie(found: re.Match[str]) -> str:
        word, field = found.group(1), found.group(2)
        name = params.get(field)
        if not isinstance(name, OwnName):
            return found.group(0)
        lead = _FR_WITHOUT_ARTICLE[word.lower()]
        if lead == "de " and name[:1].lower() in _VOWELS:
            lead = "d’"
        if word[0].isupper():
            lead = lead[:1].upper() + lead[1:]
        return f"{lead}{{{field}}}"

    return _FR_ARTICLE.sub(untie, text)


def t(key: str, lang: Lang, **params: object) -> str:
    """The string `key` in `lang`, with `{placeholders}` filled from `params`.

    A French article before a player's own name (an `OwnName` parameter) is read as the name
    needs it: "Le {player} lance" is "Léa lance".
    """
    table = strings(lang)
    if key not in table:
        raise KeyError(f"no UI string {key!r} in content/{lang}/ui.toml")
    text = table[key]
    if lang == "fr" and any(isinstance(value, OwnName) for value in params.values()):
        text = _own_name_articles(text, params)
    return text.format(**params) if params or placeholders(text) else text


def plural_form(count: int, lang: Lang) -> str:
    """`one` or `other`: French uses the singular for 0 and 1, English and Dutch for 1 only."""
    if lang == "fr":
        return "one" if count in (0, 1) else "other"
    return "one" if count == 1 else "other"


def tn(key: str, count: int, lang: Lang, **params: object) -> str:
    """The plural-aware string `key.one` / `key.other`, with `{n}` set to `count`."""
    return t(f"{key}.{plural_form(count, lang)}", lang, n=count, **params)


def decimal_plural_form(value: float, lang: Lang, decimals: int) -> str:
    """`one` or `other` for `value` shown with `decimals` decimals (`number`).

    French reads the whole part of the number shown, as it reads a count: "0,50 ver", "1,99 ver",
    "2,00 vers". English and Dutch put any number shown with decimals in the plural: "1.00 worms",
    "0,50 wormen". One rule for every average the app says, the quiz's and the review's alike.
    """
    if decimals == 0 or lang == "fr":
        return plural_form(math.floor(round(abs(value), decimals)), lang)
    return "other"


def amount(key: str, value: float, lang: Lang, decimals: int = 2) -> str:
    """`value` with its noun, from the plural string `key` ("1.03 worms", "1,03 ver", "2,31 vers").

    `{n}` is the number as the reader writes it (`number`); the form is `decimal_plural_form`'s.
    """
    form = decimal_plural_form(value, lang, decimals)
    return t(f"{key}.{form}", lang, n=number(value, lang, decimals))


def markdown_files(lang: Lang) -> list[str]:
    """Names (without `.md`) of the prose files of `lang`."""
    return sorted(path.stem for path in (CONTENT_DIR / lang).glob("*.md"))


@cache
def markdown(name: str, lang: Lang) -> dict[str, str]:
    """The parts of the prose file `name`, keyed by their `<!-- part: key -->` marks.

    Pages interleave prose with live examples, so one file per page is cut into named parts; the
    names are shared by the three languages and only the text between the marks is translated.
    """
    path = CONTENT_DIR / lang / f"{name}.md"
    if not path.is_file():
        raise KeyError(f"no prose file content/{lang}/{name}.md")
    text = path.read_text(encoding="utf-8")
    marks = list(_PART_MARK.finditer(text))
    if not marks:
        return {"body": text.strip()}
    parts: dict[str, str] = {}
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(text)
        parts[mark.group(1)] = text[mark.end() : end].strip()
    return parts


def prose(name: str, part: str, lang: Lang, **params: object) -> str:
    """One part of a prose file, with `{placeholders}` filled when `params` are given."""
    parts = markdown(name, lang)
    if part not in parts:
        raise KeyError(f"no part {part!r} in content/{lang}/{name}.md")
    return parts[part].format(**params) if params else parts[part]


def number(value: float, lang: Lang, decimals: int = 0) -> str:
    """`value` with the reader's decimal mark (12.5 / 12,5) and a true minus sign.

    A value that rounds to zero loses its sign: a float error of -1e-17 worms, or a chance of
    -0.0, must not read as a loss of "−0.00".
    """
    text = f"{value:.{decimals}f}"
    if text.startswith("-") and not text.strip("-0."):
        text = text[1:]
    text = text.replace("-", "\u2212")
    return text.replace(".", ",") if lang in ("fr", "nl") else text


def percent(probability: float, lang: Lang, decimals: int = 1) -> str:
    """A probability as a percentage: `12.5%`, French `12,5 %` (narrow no-break space), `12,5%`."""
    shown = number(probability * 100, lang, decimals)
    return f"{shown}{NARROW_NBSP}%" if lang == "fr" else f"{shown}%"


def chance_text(probability: float, lang: Lang, decimals: int = 1, *, sign: bool = True) -> str:
    """A chance as every page writes it: a percentage never rounded to a certainty it is not.

    A possible event that rounds to nothing reads `<0.1%` rather than `0.0%`, a near-certain one
    that rounds to all `>99.9%` rather than `100.0%` (`<1%` and `>99%` with no decimals): a learner
    should not read "never" or "always" off a rounding. Only an impossible event reads `0.0%`,
    only a certain one `100.0%`.

    The decimal mark and the space before % are the reader's (`percent`); `sign=False` leaves out
    the % sign, for cells too narrow for it whose title says "in %". A share that is no chance (of
    the votes, of the decisions graded) is a plain `percent`.
    """

    def shown(value: float) -> str:
        return percent(value, lang, decimals) if sign else number(value * 100, lang, decimals)

    text = shown(probability)
    step = 10.0 ** -(decimals + 2)  # the smallest chance written: 0.1% with one decimal
    if probability > 0 and text == shown(0.0):
        return f"<{shown(step)}"
    if probability < 1 and text == shown(1.0):
        return f">{shown(1 - step)}"
    return text


def join_list(items: list[str], lang: Lang, word: str = "and") -> str:
    """`a, b and c` with the reader's word for "and" (and no serial comma in French or Dutch).

    `word="or"` joins alternatives of which only one can be had: `a, b or c`.
    """
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {t(f'common.{word}', lang)} {items[-1]}"
