"""The odds notebook runs top to bottom in the project's environment and is committed clean.

The notebook checks its own claims (its cells assert the simulation, the small dynamic programme
and the published figures against the package), so running it is the test of its mathematics;
these tests run it, and keep the committed file free of outputs and of the package's internals.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from pickomino.i18n import LANGS, prose

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "odds.ipynb"
PLOTLY = "application/vnd.plotly.v1+json"


def committed() -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOK, as_version=4)


def code_cells(notebook: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def test_the_notebook_is_committed_without_outputs() -> None:
    notebook = committed()
    nbformat.validate(notebook)
    dirty = [
        index
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code" and (cell.outputs or cell.execution_count is not None)
    ]
    assert dirty == [], f"cells {dirty} hold outputs: clear them before committing"
    assert "widgets" not in notebook.metadata


def test_the_notebook_uses_only_the_packages_public_names() -> None:
    found: list[str] = []
    for cell in code_cells(committed()):
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pickomino"):
                found += [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                found += [alias.name for alias in node.names if alias.name.startswith("pickomino")]
    assert found, "the notebook imports nothing from the package"
    private = [name for name in found if re.search(r"(^|\.)_", name) or ".ui" in name]
    assert private == [], f"internals or Streamlit code imported: {private}"


def test_the_first_cell_says_how_to_install_and_open_it() -> None:
    first = committed().cells[0]
    assert first.cell_type == "markdown"
    assert "pip install" in first.source
    assert "uv run --group notebook jupyter lab notebooks/odds.ipynb" in first.source


def test_every_figure_is_followed_by_what_to_see_in_it() -> None:
    cells = committed().cells
    shown = [i for i, cell in enumerate(cells) if ".show()" in cell.source]
    assert len(shown) >= 6
    missing = [
        i
        for i in shown
        if i + 1 == len(cells)
        or cells[i + 1].cell_type != "markdown"
        or "What to see" not in cells[i + 1].source
    ]
    assert missing == [], f"figures in cells {missing} have no sentence on what to see"


def test_the_explorer_points_to_the_notebook_in_every_language() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for lang in LANGS:
        text = prose("explorer", "notebook", lang)
        assert "notebooks/odds.ipynb" in text, lang
        commands = re.findall(r"`(uv run [^`]+)`", text)
        assert commands, lang
        assert all(command in readme for command in commands), (lang, commands)


def test_the_notebook_runs_top_to_bottom() -> None:
    notebook = committed()
    client = NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",  # ipykernel of this environment: the package as the tests see it
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )
    try:
        client.execute()
    except CellExecutionError as error:
        pytest.fail(f"the notebook failed:\n{error}")
    outputs = [output for cell in code_cells(notebook) for output in cell.outputs]
    figures = sum(PLOTLY in output.get("data", {}) for output in outputs)
    assert figures == sum(cell.source.count(".show()") for cell in code_cells(notebook))
    errors = [output for output in outputs if output.output_type == "error"]
    assert errors == []
