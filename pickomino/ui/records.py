"""Game records in the app: download, upload, `?game=` links, and a game handed to its review.

A record is a scenario (`scenario.Scenario`): the fresh table, the seats' names and every move,
each roll with its faces, so `python -m pickomino replay` and `review` read the same file the page
writes. The Play and Review pages share these, so a file saved from one opens in the other.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Final, NoReturn

import streamlit as st

from pickomino.echo import echoed
from pickomino.i18n import Lang, t
from pickomino.pages import spec_of
from pickomino.refusals import scenario_refusal
from pickomino.scenario import Scenario, ScenarioError, scenario_json
from pickomino.share import MAX_FILE_BYTES, read_file

HANDED: Final = "records_handed"
"""The record a page hands to the review page (a `Scenario`), read there once."""
FILE_NAME: Final = "pickomino-game.json"


def record_text(record: Scenario) -> str:
    """The record as the JSON file a player downloads (one action per line, to read or diff)."""
    data = scenario_json(record)
    actions = data.pop("actions")
    head = json.dumps(data, indent=1)[:-2]
    lines = ",\n  ".join(json.dumps(action) for action in actions)
    return f'{head},\n "actions": [\n  {lines}\n ]\n}}\n'


def read_record(data: bytes) -> Scenario:
    """The record an uploaded file holds, its moves checked; ScenarioError names what is wrong.

    Read as the command line reads a file (`share.read_file`: the size limit, a byte-order mark).
    Every move is replayed here, so a move against the rules is refused with the file, in the same
    words on every page that opens one (replayed later, it raised a traceback on the Play page).
    """
    record = read_file(io.BytesIO(data), "the file")
    record.replay()
    return record


def download(record: Scenario, lang: Lang, key: str, words: str = "records") -> None:
    """A button saving the record as a file (no rerun: the game on the page stays as it is).

    `words` is the content section whose `download` and `download_help` name what is saved: a
    game on the Play page, a sandbox's moves (`sandbox.record`), in the same file format.
    """
    st.download_button(
        t(f"{words}.download", lang),
        record_text(record),
        file_name=FILE_NAME,
        mime="application/json",
        key=key,
        on_click="ignore",
        icon=":material/download:",
        help=t(f"{words}.download_help", lang),
    )


UPLOAD_CSS: Final = """<style>
.st-key-{key} [data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] p,
.st-key-{key} [data-testid="stFileUploaderDropzoneInstructions"] span {{ font-size: 0 }}
.st-key-{key} [data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"]
  p::after {{ content: "{button}"; font-size: 1rem }}
.st-key-{key} [data-testid="stFileUploaderDropzoneInstructions"] span::after {{
  content: "{limit}"; font-size: 0.875rem }}
</style>"""
"""The file picker's own words in the reader's language: Streamlit writes "Upload" and "200MB per
file" in English whatever the page's language, and 200 MB is not the limit (`upload` refuses a
file over `share.MAX_FILE_BYTES`). Streamlit's words are only shrunk to nothing, not hidden:
hidden, they left the button without a name for accessibility checkers (axe), which do not read
the words put after them."""


def _css_text(text: str) -> str:
    """`text` as a CSS string's content (a quote or a backslash would end it early)."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def upload(
    lang: Lang, key: str, check: Callable[[Scenario], Scenario] | None = None
) -> Scenario | None:
    """A file picker in the reader's language; a newly chosen file's record, once (else None).

    Streamlit hands the same file to every run while it stays in the picker: only the first run
    that sees it opens it, so a later click does not bring an old game back. A refused file is
    named with its reason where the picker is: a file that cannot be read, or one `check` refuses
    (the Review page's: a game too long to review).
    """
    limit = t("review_page.upload_limit", lang, mb=MAX_FILE_BYTES // 1_000_000)
    button = t("review_page.upload_button", lang)
    st.html(UPLOAD_CSS.format(key=key, button=_css_text(button), limit=_css_text(limit)))
    chosen = st.file_uploader(
        t("records.upload", lang), type=["json"], key=key, help=t("records.upload_help", lang)
    )
    seen_key = f"{key}_seen"
    if chosen is None or st.session_state.get(seen_key) == chosen.file_id:
        return None
    st.session_state[seen_key] = chosen.file_id
    try:
        record = read_record(chosen.getvalue())
        return record if check is None else check(record)
    except ScenarioError as error:
        st.error(
            t(
                "records.refused",
                lang,
                name=echoed(chosen.name),
                reason=scenario_refusal(error, lang),
            ),
            icon=":material/error:",
        )
        return None


def to_review(record: Scenario, lang: Lang, seat: int | None = None) -> NoReturn:
    """Open the review page on this record (it reads `HANDED` once), seen from `seat` if given."""
    st.session_state[HANDED] = record
    params = {"lang": lang} if seat is None else {"lang": lang, "seat": str(seat + 1)}
    st.switch_page(spec_of("review").file, query_params=params)


def handed() -> Scenario | None:
    """The record another page handed over, taken (so a later run does not open it again)."""
    record: Scenario | None = st.session_state.pop(HANDED, None)
    return record
