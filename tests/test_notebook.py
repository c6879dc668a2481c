"""The odds notebook, in English, French and Dutch, built from one source and committed clean.

The notebooks check their own claims (their cells assert the simulation, the small dynamic
programme, the published figures and every exercise's answer against the package), so running
them is the test of their mathematics. These tests run each one where a school computer would:
a fresh environment holding only the wheel, Plotly and a kernel. They also fail when a language
lags behind (a part, a label or an exercise missing, or a committed file that is not what
`notebooks/build.py` makes), when a notebook holds outputs or imports the package's internals,
and when an exercise sheet gives an answer away.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import shutil
import string
import sys
import time
from pathlib import Path
from types import ModuleType

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from pickomino.i18n import LANGS, Lang, prose
from tests.test_package import fresh_environment

ROOT = Path(__file__).resolve().parent.parent
UV = os.environ.get("UV") or shutil.which("uv")
PLOTLY = "application/vnd.plotly.v1+json"


def load_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build", ROOT / "notebooks" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build"] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


build = load_build()


def committed(lang: Lang) -> nbformat.NotebookNode:
    return nbformat.read(build.NOTEBOOKS[lang], as_version=4)


def code_cells(notebook: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def tagged(notebook: nbformat.NotebookNode, tag: str) -> list[int]:
    return [i for i, cell in enumerate(notebook.cells) if tag in cell.metadata.get("tags", [])]


def fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


# ----- one source: no language lags --------------------------------------------------------------


def test_the_three_languages_are_built() -> None:
    assert set(build.LANGS) == set(LANGS)
    assert {path.name for path in build.NOTEBOOKS.values()} == {
        "odds.ipynb",
        "odds-fr.ipynb",
        "odds-nl.ipynb",
    }


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_every_part_and_no_other(lang: Lang) -> None:
    wanted = {cell.name for cell in build.template() if cell.kind == "md"}
    wanted |= {"labels", "comments", "sheet"}
    found = set(build.parts(lang))
    assert found == wanted, f"missing {sorted(wanted - found)}, extra {sorted(found - wanted)}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_every_label_with_the_same_fields(lang: Lang) -> None:
    used = {key for cell in build.template() for _, key in build.LABEL.findall(cell.code)}
    labels, english = build.labels(lang), build.labels("en")
    used.add("see")  # the tests find the sentence after each figure by it
    assert set(labels) == used, (sorted(used - set(labels)), sorted(set(labels) - used))
    assert labels["lang"] == lang
    wrong = [key for key in labels if fields(labels[key]) != fields(english[key])]
    assert wrong == [], f"labels whose fields differ from English: {wrong}"


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_every_comment_and_docstring_is_translated_and_none_is_stale(lang: Lang) -> None:
    """A pupil reads the code's comments too: each one of the template is in the language."""
    english = {text for cell in build.template() for text in build.words_of(cell.code)}
    assert len(english) > 30
    table = build.comments(lang)
    assert set(table) == english, (sorted(english - set(table)), sorted(set(table) - english))
    code = "".join(cell.source for cell in code_cells(committed(lang)))
    left = [text for text in english if f"# {text}" in code or f'"""{text}"""' in code]
    assert set(left) <= {"2.1", "2.2", "1.1: (3/6)^2"}, left  # the same in every language


def test_the_committed_files_are_what_the_script_builds() -> None:
    stale = [
        str(path.relative_to(ROOT))
        for path, text in build.files().items()
        if not path.is_file() or path.read_text(encoding="utf-8") != text
    ]
    assert stale == [], f"run `uv run python notebooks/build.py`: {stale} differ from the build"


def test_a_missing_part_fails_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    parts = build.parts

    def without_ex2(lang: str) -> dict[str, str]:
        found = dict(parts(lang))
        if lang == "nl":
            del found["ex2"]
        return found

    monkeypatch.setattr(build, "parts", without_ex2)
    build.notebook("fr")
    with pytest.raises(KeyError, match="ex2"):
        build.notebook("nl")


@pytest.mark.parametrize("lang", LANGS)
def test_the_notebook_is_committed_without_outputs(lang: Lang) -> None:
    notebook = committed(lang)
    nbformat.validate(notebook)
    dirty = [
        index
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code" and (cell.outputs or cell.execution_count is not None)
    ]
    assert dirty == [], f"cells {dirty} hold outputs: run notebooks/build.py before committing"
    assert "widgets" not in notebook.metadata


@pytest.mark.parametrize("lang", LANGS)
def test_the_notebook_uses_only_the_packages_public_names(lang: Lang) -> None:
    found: list[str] = []
    for cell in code_cells(committed(lang)):
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pickomino"):
                found += [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                found += [alias.name for alias in node.names if alias.name.startswith("pickomino")]
    assert found, "the notebook imports nothing from the package"
    private = [name for name in found if re.search(r"(^|\.)_", name) or ".ui" in name]
    assert private == [], f"internals or Streamlit code imported: {private}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_cell_says_what_to_install_and_how_to_open_it(lang: Lang) -> None:
    notebook = committed(lang)
    first, setup = notebook.cells[0], code_cells(notebook)[0]
    name = build.NOTEBOOKS[lang].name
    assert first.cell_type == "markdown"
    command = "pip install pickomino-0.1.0-py3-none-any.whl plotly jupyterlab"
    assert f"```\n{command}\n```" in first.source  # the one command, alone in its block
    assert f"jupyter lab {name}" in first.source
    assert f"uv run --group notebook jupyter lab notebooks/{name}" in first.source
    assert "except ImportError" in setup.source and "pip install" in setup.source
    assert build.labels(lang)["missing"] in setup.source  # said in the reader's language


@pytest.mark.parametrize("lang", LANGS)
def test_every_figure_is_followed_by_what_to_see_in_it(lang: Lang) -> None:
    cells = committed(lang).cells
    see = build.labels(lang)["see"]
    shown = [i for i, cell in enumerate(cells) if ".show()" in cell.source]
    assert len(shown) >= 6
    missing = [
        i
        for i in shown
        if i + 1 == len(cells)
        or cells[i + 1].cell_type != "markdown"
        or see not in cells[i + 1].source
    ]
    assert missing == [], f"figures in cells {missing} have no sentence on what to see"


@pytest.mark.parametrize("lang", LANGS)
def test_each_section_ends_with_exercises_answered_and_checked(lang: Lang) -> None:
    cells = committed(lang).cells
    sections = [i for i, cell in enumerate(cells) if re.match(r"## \d\.", cell.source)]
    assert len(sections) == 6
    exercises = tagged(committed(lang), "exercise")
    for start, end in zip(sections, [*sections[1:], len(cells)], strict=True):
        inside = [i for i in exercises if start < i < end]
        assert len(inside) == 1, f"section at cell {start} has {len(inside)} exercise cells"
        (question,) = inside
        questions = re.findall(r"\*\*(\d\.\d)\*\*", cells[question].source)
        assert 1 <= len(questions) <= 2, questions
        answer, check = cells[question + 1], cells[question + 2]
        assert "answer" in answer.metadata.tags
        assert answer.source.startswith("<details>") and answer.source.endswith("</details>")
        assert re.findall(r"\*\*(\d\.\d)\*\*", answer.source) == questions
        assert check.cell_type == "code" and "check" in check.metadata.tags
        assert "assert " in check.source
        assert question + 3 == end or cells[question + 3].source.startswith("#")


@pytest.mark.parametrize("lang", LANGS)
def test_each_exercise_sheet_has_the_questions_and_no_answer(lang: Lang) -> None:
    notebook = committed(lang)
    questions = [notebook.cells[i].source for i in tagged(notebook, "exercise")]
    answers = [notebook.cells[i].source for i in tagged(notebook, "answer")]
    assert len(questions) == len(answers) == 6
    stem = build.NOTEBOOKS[lang].stem.replace("odds", "odds-exercises")
    for suffix in (".md", ".html"):
        sheet = (build.SHEETS / f"{stem}{suffix}").read_text(encoding="utf-8")
        flat = " ".join(re.sub(r"<[^>]+>|\*\*|`", " ", sheet).split())
        for question in questions:
            said = re.findall(r"\*\*(\d\.\d)\*\* ([^$]+?)[.?]", question)
            assert said, question
            for number, sentence in said:
                words = re.sub(r"\*\*|`", " ", sentence).split()
                assert f"{number} {' '.join(words)}" in flat, (suffix, number)
        assert "<details" not in sheet and "<summary" not in sheet
        for answer in answers:
            for line in re.findall(r"\*\*\d\.\d\*\* ([^$\n]{25,})", answer):
                assert " ".join(line.split()[:5]) not in flat, (suffix, line)


# ----- the app and the README point to the reader's notebook -------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_explorer_points_to_the_notebook_in_the_readers_language(lang: Lang) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    text = prose("explorer", "notebook", lang)
    name = build.NOTEBOOKS[lang].name
    assert f"notebooks/{name}" in text
    others = [path.name for other, path in build.NOTEBOOKS.items() if other != lang]
    assert not [other for other in others if f"notebooks/{other}" in text]
    commands = re.findall(r"`((?:uv run|pip install) [^`]+)`", text)
    assert commands, lang
    assert all(command in readme for command in commands), (lang, commands)
    assert f"(notebooks/{name})" in readme  # the README links each language's notebook


# ----- running them ------------------------------------------------------------------------------


def run(notebook: nbformat.NotebookNode, km: KernelManager | None, where: Path) -> None:
    client = NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        km=km,
        resources={"metadata": {"path": str(where)}},
    )
    client.execute()


def test_without_the_package_the_first_code_cell_says_what_to_install(tmp_path: Path) -> None:
    """With `pickomino` unimportable, each language's setup cell stops with its own message.

    One kernel for the three (a kernel takes seconds to start): errors are allowed here so that
    the three cells run, and each must end in an error, which is what stops Jupyter's *Run all*.
    """
    blocker = nbformat.v4.new_code_cell("import sys\nsys.modules['pickomino'] = None")
    setups = [code_cells(committed(lang))[0] for lang in LANGS]
    for lang, setup in zip(LANGS, setups, strict=True):
        setup.id = f"setup-{lang}"  # one notebook, so one id each
    notebook = nbformat.v4.new_notebook(cells=[blocker, *setups])
    where = {"metadata": {"path": str(tmp_path)}}
    NotebookClient(
        notebook, timeout=60, kernel_name="python3", allow_errors=True, resources=where
    ).execute()
    for lang, cell in zip(LANGS, notebook.cells[1:], strict=True):
        errors = [out for out in cell.outputs if out.output_type == "error"]
        assert len(errors) == 1, (lang, cell.outputs)
        (error,) = errors
        assert (error.ename, error.evalue) == ("SystemExit", build.labels(lang)["missing"])
        assert len(error.traceback) <= 2, error.traceback  # the message, not a stack of frames


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> tuple[KernelSpecManager, Path]:
    """A fresh environment with only the wheel, Plotly and ipykernel, and a kernel spec for it."""
    if UV is None:
        pytest.skip("uv not found: it builds the wheel and the fresh environment")
    base = tmp_path_factory.mktemp("school")
    venv, away, kernels = base / "venv", base / "away", base / "kernels"
    # Plotly draws in a notebook through nbformat, which Jupyter itself brings along (the README's
    # command installs jupyterlab); a kernel alone, without it, would fail on the first figure.
    python = fresh_environment(base, "plotly", "ipykernel", "nbformat")
    spec = kernels / "school"
    spec.mkdir(parents=True)
    argv = [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    kernel = {"argv": argv, "display_name": "school", "language": "python"}
    kernel["env"] = {"PYTHONPATH": "", "VIRTUAL_ENV": str(venv)}
    (spec / "kernel.json").write_text(json.dumps(kernel), encoding="utf-8")
    return KernelSpecManager(kernel_dirs=[str(kernels)]), away


@pytest.mark.parametrize("lang", LANGS)
def test_the_notebook_runs_top_to_bottom_on_a_school_computer(
    lang: Lang, school: tuple[KernelSpecManager, Path]
) -> None:
    specs, away = school
    notebook = committed(lang)
    where = "import pickomino, plotly, sys\nprint(pickomino.__file__)\nprint(sys.prefix)"
    notebook.cells.append(nbformat.v4.new_code_cell(where))
    km = KernelManager(kernel_name="school", kernel_spec_manager=specs)
    started = time.monotonic()
    try:
        run(notebook, km, away)
    except CellExecutionError as error:
        pytest.fail(f"the {lang} notebook failed:\n{error}")
    print(f"{lang}: {time.monotonic() - started:.1f} s")
    package, prefix = notebook.cells[-1].outputs[0].text.split()
    assert Path(package).is_relative_to(prefix), "pickomino came from elsewhere than the wheel"
    assert not Path(package).is_relative_to(ROOT)
    outputs = [output for cell in code_cells(notebook) for output in cell.outputs]
    figures = sum(PLOTLY in output.get("data", {}) for output in outputs)
    assert figures == sum(cell.source.count(".show()") for cell in code_cells(notebook))
    assert [output for output in outputs if output.output_type == "error"] == []
    layouts = [
        output.data[PLOTLY]["layout"] for output in outputs if PLOTLY in output.get("data", {})
    ]
    titles = {layout["title"]["text"] for layout in layouts}
    assert build.labels(lang)["fail_title"] in titles and build.labels(lang)["keep_title"] in titles
    ticks = {text for layout in layouts for text in layout.get("yaxis", {}).get("ticktext", [])}
    assert {"en": "50%", "fr": "50\u202f%", "nl": "50%"}[lang] in ticks, ticks
    printed = "".join(output.get("text", "") for output in outputs)
    if lang == "fr":  # numbers the reader's way: 12,5 % with a narrow no-break space
        assert "23,3\u202f%" in printed and "1\u202f679\u202f616" in printed
        assert not re.search(r"\d\.\d+ ?%", printed)
    elif lang == "nl":  # 12,5% and 1.679.616
        assert "23,3%" in printed and "1.679.616" in printed
        assert not re.search(r"\d\.\d+ ?%", printed)
    else:
        assert "23.3%" in printed and "1,679,616" in printed
        assert not re.search(r"\d,\d+ ?%", printed)
