"""How much of `pickomino/ui/` is Streamlit, and the largest file of each folder of the package.

`ui/` is meant to only draw: a top-level function there that never names Streamlit (the module
imported as `st`, or a name imported from `streamlit`), not even through its decorators, holds
logic that belongs to the layers below it, where it can be tested without a page. The count is
read from the source's syntax tree, so it runs in a second on any checkout:

    uv run python scripts/ui_census.py [ROOT]
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def streamlit_names(tree: ast.Module) -> set[str]:
    """The names a module binds to Streamlit or to anything imported from it."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(
                (alias.asname or alias.name).split(".")[0]
                for alias in node.names
                if alias.name.split(".")[0] == "streamlit"
            )
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "streamlit":
            names.update(alias.asname or alias.name for alias in node.names)
    return names


def top_level_functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The functions defined at a module's top level."""
    yield from (
        node for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    )


def touches(function: ast.AST, names: set[str]) -> bool:
    """Whether a function's body or decorators name Streamlit."""
    return any(isinstance(node, ast.Name) and node.id in names for node in ast.walk(function))


def census(root: Path) -> tuple[int, int, list[str]]:
    """(top-level functions in ui/, those that name no Streamlit, their `file:name`)."""
    total, pure = 0, []
    for path in sorted((root / "pickomino" / "ui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = streamlit_names(tree)
        for function in top_level_functions(tree):
            total += 1
            if not touches(function, names):
                pure.append(f"{path.relative_to(root)}:{function.name}")
    return total, len(pure), pure


def largest(root: Path) -> dict[str, tuple[str, int]]:
    """The largest Python file (in lines) of each folder of the package."""
    found: dict[str, tuple[str, int]] = {}
    for path in sorted((root / "pickomino").rglob("*.py")):
        folder = str(path.parent.relative_to(root))
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if folder not in found or lines > found[folder][1]:
            found[folder] = (path.name, lines)
    return found


def main(argv: list[str]) -> int:
    """Print the census of the checkout at `argv[0]` (this one by default)."""
    root = Path(argv[0]).resolve() if argv else ROOT
    total, pure, names = census(root)
    ui_lines = sum(
        len(path.read_text(encoding="utf-8").splitlines())
        for path in (root / "pickomino" / "ui").rglob("*.py")
    )
    print(f"ui/: {ui_lines} lines, {total} top-level functions, {pure} name no Streamlit")
    for name in names:
        print(f"  {name}")
    print("largest file of each folder:")
    for folder, (name, lines) in largest(root).items():
        print(f"  {folder}/{name}: {lines} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
