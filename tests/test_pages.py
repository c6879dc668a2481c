"""The app's one list of pages (`pickomino.pages`), read without Streamlit: what every link,
switch and address to a page relies on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pickomino.pages import PAGES, SECTIONS, PageSpec, spec_of

ROOT = Path(__file__).resolve().parent.parent


def test_every_page_file_is_listed_once_and_every_listed_file_exists() -> None:
    files = [spec.file for spec in PAGES]
    on_disk = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "app_pages").glob("*.py"))
    assert sorted(files) == on_disk
    assert len(set(files)) == len(files)


def test_keys_and_paths_name_one_page_each_in_no_language() -> None:
    keys = [spec.key for spec in PAGES]
    paths = [spec.url_path for spec in PAGES]
    assert len(set(keys)) == len(keys) and len(set(paths)) == len(paths)
    # a path is the same in every language, so a link shared across languages opens the same page
    assert all(re.fullmatch("[a-z]+", path) for path in paths)
    # /home is the navigation's alias of the welcome page: no page may take that path
    assert "home" not in paths and spec_of("home").url_path == "welcome"


def test_every_section_is_known_and_holds_a_page() -> None:
    assert {spec.section for spec in PAGES} == set(SECTIONS)


@pytest.mark.parametrize("spec", PAGES, ids=lambda spec: spec.key)
def test_a_page_is_found_by_its_key(spec: PageSpec) -> None:
    assert spec_of(spec.key) is spec


def test_a_key_no_page_has_is_refused_where_it_is_written() -> None:
    with pytest.raises(KeyError):
        spec_of("sandbox.py")
