"""Content parity and the i18n helpers: every language says everything, in its own conventions."""

import ast
import re
from typing import get_args

import pytest

from pickomino.game import Phase
from pickomino.i18n import (
    CONTENT_DIR,
    LANGS,
    NARROW_NBSP,
    _flatten,
    join_list,
    lang_of_locale,
    markdown,
    markdown_files,
    number,
    percent,
    placeholders,
    prose,
    settle_lang,
    strings,
    t,
    tn,
)


def test_every_language_has_the_same_ui_keys() -> None:
    keys = {lang: set(strings(lang)) for lang in LANGS}
    for lang in LANGS:
        assert keys[lang] == keys["en"], (
            f"{lang}: missing {sorted(keys['en'] - keys[lang])}, "
            f"extra {sorted(keys[lang] - keys['en'])}"
        )


def test_every_ui_string_has_the_same_placeholders() -> None:
    for key, text in strings("en").items():
        for lang in LANGS:
            assert placeholders(strings(lang)[key]) == placeholders(text), (lang, key)


def test_every_language_has_the_same_prose_files_parts_and_placeholders() -> None:
    names = markdown_files("en")
    assert names, "no prose at all in content/en"
    for lang in LANGS:
        assert markdown_files(lang) == names, lang
        for name in names:
            parts = markdown(name, lang)
            assert set(parts) == set(markdown(name, "en")), (lang, name)
            for part, text in parts.items():
                assert text.strip(), (lang, name, part)
                expected = placeholders(markdown(name, "en")[part])
                assert placeholders(text) == expected, (lang, name, part)


def test_no_ui_string_is_empty_or_left_in_english() -> None:
    for lang in ("fr", "nl"):
        same = [
            key
            for key, text in strings(lang).items()
            if text == strings("en")[key] and len(text) > 12
        ]
        assert same == [], f"{lang} strings identical to English: {same}"
        assert all(text.strip() for text in strings(lang).values())


def test_french_typography_puts_no_breaking_space_before_high_punctuation() -> None:
    for path in sorted((CONTENT_DIR / "fr").iterdir()):
        text = path.read_text(encoding="utf-8")
        bad = re.findall(r".{0,20} [:;?!»].{0,5}|.{0,5}« .{0,20}", text)
        assert bad == [], f"{path.name}: breaking space before punctuation in {bad[:3]}"


def test_lookup_fills_placeholders_and_refuses_unknown_keys() -> None:
    assert t("common.player", "nl", n=3) == "Speler 3"
    with pytest.raises(KeyError, match=r"no\.such\.key"):
        t("no.such.key", "en")
    with pytest.raises(ValueError, match="unknown language"):
        strings("de")  # type: ignore[arg-type]


def test_prose_lookups_name_what_is_missing() -> None:
    name = markdown_files("en")[0]
    part = next(iter(markdown(name, "en")))
    assert prose(name, part, "en") == markdown(name, "en")[part]
    with pytest.raises(
        KeyError, match=re.escape(f"no part 'no_such_part' in content/en/{name}.md")
    ):
        prose(name, "no_such_part", "en")
    with pytest.raises(KeyError, match=re.escape("no prose file content/fr/no_such_page.md")):
        markdown("no_such_page", "fr")


def test_a_ui_file_holding_a_non_text_value_is_refused_by_key() -> None:
    assert _flatten({"a": {"b": "x"}, "c": "y"}) == {"a.b": "x", "c": "y"}
    with pytest.raises(ValueError, match=re.escape("content key 'a.n' must hold text, not int")):
        _flatten({"a": {"n": 3}})


def test_every_plural_has_both_forms_with_the_same_fields() -> None:
    """A key with a `.one` form has its `.other`, and both expect the same fields but `{n}`.

    (`.other` alone is an ordinary name, as in `room.bot.other`; `.one` makes a plural.)
    """
    for lang in LANGS:
        table = strings(lang)
        plurals = {key.removesuffix(".one") for key in table if key.endswith(".one")}
        assert len(plurals) > 30
        for key in plurals:
            assert f"{key}.other" in table, (lang, key)
            one, other = table[f"{key}.one"], table[f"{key}.other"]
            assert placeholders(one) - {"n"} == placeholders(other) - {"n"}, (lang, key)


def test_every_count_built_sentence_in_the_code_is_a_plural() -> None:
    """Each key the code gives `tn` or `amount` by name has a `.one` and an `.other` form."""
    called = re.compile(r"\b(?:tn|amount)\(\s*\"([a-z_.]+)\"")
    keys = {
        key
        for folder in ("pickomino", "app_pages")
        for path in (CONTENT_DIR.parent / folder).rglob("*.py")
        for key in called.findall(path.read_text(encoding="utf-8"))
    }
    assert {"room.board.votes", "quiz.keep.others", "common.worms"} <= keys
    for lang in LANGS:
        missing = [key for key in keys if not {f"{key}.one", f"{key}.other"} <= set(strings(lang))]
        assert missing == [], lang


def test_plural_forms_follow_each_language() -> None:
    assert tn("common.worms", 1, "en") == "1 worm"
    assert tn("common.worms", 0, "en") == "0 worms"
    assert tn("common.worms", 0, "fr") == "0 ver"
    assert tn("common.worms", 2, "fr") == "2 vers"
    assert tn("common.worms", 3, "nl") == "3 wormen"
    assert tn("common.worms", 1, "fr") == "1 ver"
    assert tn("common.worms", 1, "nl") == "1 worm"


def test_numbers_use_each_locale_conventions() -> None:
    assert percent(0.125, "en") == "12.5%"
    assert percent(0.125, "fr") == f"12,5{NARROW_NBSP}%"
    assert percent(0.125, "nl") == "12,5%"
    assert number(-0.1667, "fr", 2) == "\u22120,17"
    assert number(1.4167, "en", 2) == "1.42"
    assert number(-3, "nl") == "\u22123"
    for tiny in (-1e-17, -0.0, -0.004):
        assert number(tiny, "fr", 2) == "0,00"
        assert percent(tiny / 100, "en") == "0.0%"
    assert number(-0.005001, "en", 2) == "\u22120.01"


def test_lists_join_with_each_languages_and() -> None:
    assert join_list([], "en") == ""
    assert join_list(["21"], "fr") == "21"
    for lang in LANGS:
        word = t("common.and", lang)
        assert join_list(["21", "22"], lang) == f"21 {word} 22"
        assert join_list(["21", "22", "23"], lang) == f"21, 22 {word} 23"
        either = t("common.or", lang)
        assert either != word
        assert join_list(["21", "22"], lang, word="or") == f"21 {either} 22"


@pytest.mark.parametrize(
    ("from_url", "remembered", "locale", "expected"),
    [
        ("fr", "nl", "en-US", "nl"),
        ("fr", None, "nl-NL", "fr"),
        ("xx", "nl", "fr-FR", "nl"),
        ("nl", "xx", "fr-FR", "nl"),
        (None, None, "nl-BE", "nl"),
        (None, None, "fr_CA", "fr"),
        (["fr"], None, "de-DE", "en"),
        (None, None, None, "en"),
    ],
)
def test_language_is_settled_session_then_url_then_locale_then_english(
    from_url: object, remembered: object, locale: str | None, expected: str
) -> None:
    assert settle_lang(from_url, remembered, locale) == expected


def test_locale_mapping_ignores_other_languages() -> None:
    assert lang_of_locale("de-DE") is None
    assert lang_of_locale("NL") == "nl"
    assert lang_of_locale("") is None


def raised_codes(error_class: str) -> set[str]:
    """The codes `error_class(...)` is raised with anywhere outside `pickomino/ui/`, read from code.

    The app looks each code up in its content, so a new code with no string would crash a page.
    """
    codes: set[str] = set()
    package = CONTENT_DIR.parent / "pickomino"
    for path in sorted(set(package.rglob("*.py")) - set((package / "ui").rglob("*.py"))):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == error_class
                and node.args
            ):
                continue
            first = node.args[0]
            choices = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
            for choice in choices:
                if isinstance(choice, ast.Constant) and isinstance(choice.value, str):
                    codes.add(choice.value)
                elif isinstance(choice, ast.JoinedStr):  # the one f-string code: not_now_{phase}
                    assert ast.unparse(choice) == "f'not_now_{phase}'", ast.unparse(choice)
                    codes.update(f"not_now_{phase}" for phase in get_args(Phase))
    return codes


@pytest.mark.parametrize(
    ("error_class", "section"), [("IllegalMove", "engine"), ("ScenarioError", "scenario")]
)
def test_every_refusal_code_has_a_string_in_every_language(error_class: str, section: str) -> None:
    codes = raised_codes(error_class)
    assert len(codes) > 10, codes
    for lang in LANGS:
        missing = sorted(c for c in codes if f"errors.{section}.{c}" not in strings(lang))
        assert missing == [], (lang, missing)
