"""Build the odds notebook in English, French and Dutch, and an exercise sheet per language.

One source, so the three notebooks cannot drift: the code cells and their checks live once, in
`notebooks/cells.py`, and each language's prose, figure titles and printed lines in
`content/<lang>/notebook.md` (named parts, as the app's Learn pages). This script puts them
together, formats the code as ruff would, and writes the notebooks without outputs; from each
notebook it takes the exercise cells and writes the sheet (the questions without their answers)
as Markdown and HTML with nbconvert, printable from a browser. `tests/test_notebook.py` fails when
a committed file differs from what this script builds.

    uv run --group notebook python notebooks/build.py           # write every file
    uv run --group notebook python notebooks/build.py --check   # exit 1 if a file is stale
"""

from __future__ import annotations

import argparse
import io
import re
import shutil
import subprocess
import sys
import tokenize
import tomllib
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter, MarkdownExporter

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "notebooks"
CELLS = HERE / "cells.py"
CONTENT = ROOT / "content"
LANGS = ("en", "fr", "nl")
NOTEBOOKS = {"en": HERE / "odds.ipynb", "fr": HERE / "odds-fr.ipynb", "nl": HERE / "odds-nl.ipynb"}
SHEETS = HERE / "exercises"
MARK = re.compile(r"^# %% (md|code) ([a-z0-9_]+)(?: \[([a-z ]+)\])?$", re.MULTILINE)
PART = re.compile(r"^<!--\s*part:\s*([a-z0-9_]+)\s*-->\s*$", re.MULTILINE)
LABEL = re.compile(r"\b([TL])\[\"([a-z0-9_]+)\"\]")
PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; max-width: 46em; margin: 2em auto; line-height: 1.5; }}
h2, h3 {{ break-after: avoid; }}
p {{ break-inside: avoid; }}
.anchor-link {{ display: none; }}
@media print {{ .celltag_exercise p {{ margin-bottom: 6em; }} }}  /* room to write the answers */
</style>
<script>window.MathJax = {{ tex: {{ inlineMath: [["$", "$"]] }} }};</script>
<script async src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"></script>
</head>
<body>
{body}
</body>
</html>
"""
"""A plain page around nbconvert's `basic` body: print-friendly, formulas by MathJax if online."""


@dataclass(frozen=True)
class Cell:
    """One cell of the template: a prose part named `name`, or shared code."""

    kind: str  # "md" or "code"
    name: str
    tags: tuple[str, ...]
    code: str


def template() -> list[Cell]:
    """The cells of `notebooks/cells.py`, in order (its opening comment is left out)."""
    text = CELLS.read_text(encoding="utf-8")
    marks = list(MARK.finditer(text))
    cells = []
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(text)
        tags = tuple((mark.group(3) or "").split())
        cells.append(Cell(mark.group(1), mark.group(2), tags, text[mark.end() : end].strip()))
    return cells


def parts(lang: str) -> dict[str, str]:
    """The named parts of `content/<lang>/notebook.md` (read here, not through the app's cache)."""
    text = (CONTENT / lang / "notebook.md").read_text(encoding="utf-8")
    marks = list(PART.finditer(text))
    found = {}
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(text)
        found[mark.group(1)] = text[mark.end() : end].strip()
    return found


def labels(lang: str) -> dict[str, str]:
    """The part `labels`: the printed lines and figure titles, a TOML table in a code fence."""
    fenced = parts(lang)["labels"]
    return tomllib.loads(fenced.removeprefix("```toml").removesuffix("```"))


def comments(lang: str) -> dict[str, str]:
    """The part `comments`: each English comment or docstring of the code, in this language."""
    fenced = parts(lang)["comments"]
    return tomllib.loads(fenced.removeprefix("```toml").removesuffix("```"))


def own_words(token: tokenize.TokenInfo) -> str | None:
    """The English words of a comment or a one-line docstring, which a pupil reads.

    Labels (`# L["key"]`) and the formatter's `# fmt:` marks are not words to translate.
    """
    if token.type == tokenize.COMMENT:
        text = token.string.removeprefix("#").strip()
        return None if text.startswith(("L[", "fmt:")) else text
    if (
        token.type == tokenize.STRING
        and token.string.startswith('"""')
        and token.start[0] == token.end[0]
    ):
        return token.string.strip('"')
    return None


def words_of(code: str) -> list[str]:
    """Every comment and docstring of a template cell, as `comments()` must translate them."""
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    return [text for token in tokens if (text := own_words(token)) is not None]


def translated(lang: str, code: str) -> str:
    """The code with its comments and docstrings in `lang` (a KeyError names one not translated)."""
    if lang == "en":
        return code
    table = comments(lang)
    lines = code.splitlines(keepends=True)
    tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    for token in reversed(tokens):  # from the end, so earlier columns stay where they were
        text = own_words(token)
        if text is None:
            continue
        (row, start), (_, end) = token.start, token.end
        line = lines[row - 1]
        if token.type == tokenize.STRING:
            lines[row - 1] = f'{line[:start]}"""{table[text]}"""{line[end:]}'
            continue
        lines[row - 1] = f"{line[:start]}# {table[text]}{line[end:]}"
        code_before = line[:start].rstrip()
        if code_before.strip() and len(lines[row - 1].rstrip("\n")) > 100:
            # A longer translation would make ruff wrap the code: the comment goes above it.
            indent = line[: len(line) - len(line.lstrip())]
            lines[row - 1] = f"{indent}# {table[text]}\n{code_before}\n"
    return "".join(lines)


def literal(kind: str, text: str) -> str:
    """A label as Python: `T` a string (an f-string when it has fields), `L` the text as code."""
    if kind == "L":
        return text
    # Written out rather than repr(), which would turn the no-break spaces into \xa0 escapes.
    quoted = '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return f"f{quoted}" if "{" in text else quoted


def code_in(lang: str, code: str) -> str:
    """The shared code with each `T["key"]` / `L["key"]` replaced by the language's label."""
    words = labels(lang)
    code = translated(lang, code)
    return LABEL.sub(lambda match: literal(match.group(1), words[match.group(2)]), code)


def formatted(notebook: str) -> str:
    """The notebook as `ruff format` leaves it (the checks in CI run ruff on the notebooks)."""
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    done = subprocess.run(
        [ruff, "format", "--stdin-filename", "notebook.ipynb", "-"],
        input=notebook,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return done.stdout


def notebook(lang: str) -> str:
    """The notebook in `lang`, as committed: no outputs, ids named after the template's cells."""
    prose = parts(lang)
    cells = []
    for cell in template():
        metadata = {"tags": list(cell.tags)} if cell.tags else {}
        if cell.kind == "md":
            new = nbformat.v4.new_markdown_cell(prose[cell.name], metadata=metadata)
        else:
            new = nbformat.v4.new_code_cell(code_in(lang, cell.code), metadata=metadata)
        new.id = cell.name.replace("_", "-")
        cells.append(new)
    book = nbformat.v4.new_notebook(
        cells=cells,
        metadata={
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
    )
    nbformat.validate(book)
    return formatted(nbformat.writes(book) + "\n")


def sheet(lang: str, text: str) -> nbformat.NotebookNode:
    """The exercise sheet of a built notebook: its heading part, then the exercise cells only."""
    built = nbformat.reads(text, as_version=4)
    questions = [cell for cell in built.cells if "exercise" in cell.metadata.get("tags", [])]
    heading = nbformat.v4.new_markdown_cell(parts(lang)["sheet"])
    heading.id = "sheet"  # a fixed id, so that the same sources build the same page
    return nbformat.v4.new_notebook(cells=[heading, *questions], metadata=built.metadata)


def sheets(lang: str, text: str) -> dict[Path, str]:
    """The sheet as Markdown (read on the repository's site) and as a page to print."""
    questions = sheet(lang, text)
    markdown, _ = MarkdownExporter().from_notebook_node(questions)
    body, _ = HTMLExporter(template_name="basic").from_notebook_node(questions)
    title = parts(lang)["sheet"].splitlines()[0].lstrip("# ")
    stem = NOTEBOOKS[lang].stem.replace("odds", "odds-exercises")
    return {
        SHEETS / f"{stem}.md": markdown.strip() + "\n",
        SHEETS / f"{stem}.html": PAGE.format(lang=lang, title=title, body=body.strip()),
    }


def files() -> dict[Path, str]:
    """Every file this script writes, with its text."""
    built: dict[Path, str] = {}
    for lang in LANGS:
        text = notebook(lang)
        built[NOTEBOOKS[lang]] = text
        built.update(sheets(lang, text))
    return built


def main() -> int:
    """Write the files, or with `--check` say which committed file differs from its build."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale")
    check = parser.parse_args().check
    stale = []
    for path, text in files().items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(path.relative_to(ROOT))
            if not check:
                path.parent.mkdir(exist_ok=True)
                path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'stale' if check else 'wrote'}: {path}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
