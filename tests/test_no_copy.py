"""The app's texts are written in its own words: no run of eight words copied from a seed text.

The seed texts live outside the repository (`../shared/seeds/`, beside the checkout, as in CI), so
the test is skipped with a message where they are absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pickomino.i18n import CONTENT_DIR, LANGS

SEEDS = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"
RUN = 8
SEEDS_OF = {"en": ("001",), "fr": ("000", "003", "004"), "nl": ("002", "004")}
"""Which seed files are written in each language (004 is French with a few Dutch lines)."""


def words(text: str) -> list[str]:
    """Lower-case words with apostrophes and no-break spaces folded: typography hides no copy."""
    text = text.replace("’", "'").replace("\u202f", " ").replace("\u00a0", " ")
    return re.findall(r"[\w']+", text.lower())


def runs(text: str) -> set[tuple[str, ...]]:
    found = words(text)
    return {tuple(found[i : i + RUN]) for i in range(len(found) - RUN + 1)}


def test_words_and_runs_fold_typography() -> None:
    assert words("L’ordre : «\u202fici\u202f»") == ["l'ordre", "ici"]
    assert len(runs("one two three four five six seven eight nine")) == 2


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"seed texts not found at {SEEDS}")
@pytest.mark.parametrize("lang", LANGS)
def test_no_sentence_is_copied_from_the_seed_texts(lang: str) -> None:
    seeds = [path for path in SEEDS.glob("*.txt") if path.name[:3] in SEEDS_OF[lang]]
    assert seeds, f"no seed text for {lang} in {SEEDS}"
    copied_from = set().union(*(runs(path.read_text(encoding="utf-8")) for path in seeds))
    copies = [
        f"{path.relative_to(CONTENT_DIR)}: {' '.join(run)}"
        for path in sorted((CONTENT_DIR / lang).iterdir())
        for run in sorted(runs(path.read_text(encoding="utf-8")) & copied_from)
    ]
    assert not copies, "copied from the seed texts:\n" + "\n".join(copies)
