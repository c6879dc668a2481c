"""How much of `pickomino/ui/` is Streamlit, and the largest file of each folder of the package.

`ui/` is meant to only draw: a top-level function there that reaches no Streamlit holds logic
that belongs to the layers below it, where it can be tested without a page. A function reaches
Streamlit when it names it (the module imported as `st`, or a name imported from `streamlit`),
even in a decorator, or calls a function of `ui/` that does; one that only builds a drawing's
markup (an SVG, a chart) and hands it to a caller that draws it reaches none, and is counted
as such. Read from the source's syntax tree, so it runs in a second on any checkout:

    uv run python scripts/ui_census.py [ROOT]
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

Function = tuple[str, str]
"""A top-level function of ui/: its module's dotted name and its own name."""


def module_name(root: Path, path: Path) -> str:
    """The dotted name of the module at `path` (a package's `__init__` is the package)."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def aliases(tree: ast.Module) -> tuple[set[str], dict[str, str], dict[str, Function]]:
    """A module's names for Streamlit, for ui modules (`show`), and for ui functions (`panel`)."""
    streamlit: set[str] = set()
    modules: dict[str, str] = {}
    functions: dict[str, Function] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "streamlit":
                    streamlit.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                bound = alias.asname or alias.name
                if node.module.split(".")[0] == "streamlit":
                    streamlit.add(bound)
                elif node.module.startswith("pickomino.ui"):
                    modules[bound] = f"{node.module}.{alias.name}"  # a module, or else a function
                    functions[bound] = (node.module, alias.name)
    return streamlit, modules, functions


def census(root: Path) -> tuple[list[Function], set[Function], set[Function]]:
    """ui/'s top-level functions, those naming Streamlit, and those reaching it through ui/."""
    bodies: dict[Function, ast.AST] = {}
    calls: dict[Function, set[Function]] = {}
    naming: set[Function] = set()
    for path in sorted((root / "pickomino" / "ui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = module_name(root, path)
        streamlit, modules, functions = aliases(tree)
        own = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef):
                continue
            key = (module, node.name)
            bodies[key] = node
            called: set[Function] = set()
            for inner in ast.walk(node):
                if isinstance(inner, ast.Name):
                    if inner.id in streamlit:
                        naming.add(key)
                    elif inner.id in own:
                        called.add((module, inner.id))
                    elif inner.id in functions:
                        called.add(functions[inner.id])
                elif (
                    isinstance(inner, ast.Attribute)
                    and isinstance(inner.value, ast.Name)
                    and inner.value.id in modules
                ):
                    called.add((modules[inner.value.id], inner.attr))
            calls[key] = called
    reaching = set(naming)
    grew = True
    while grew:  # a function reaches Streamlit when anything it calls in ui/ does
        grew = False
        for key, called in calls.items():
            if key not in reaching and called & reaching:
                reaching.add(key)
                grew = True
    return sorted(bodies), naming, reaching


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
    functions, naming, reaching = census(root)
    ui_lines = sum(
        len(path.read_text(encoding="utf-8").splitlines())
        for path in (root / "pickomino" / "ui").rglob("*.py")
    )
    print(
        f"ui/: {ui_lines} lines, {len(functions)} top-level functions, "
        f"{len(functions) - len(naming)} name no Streamlit, "
        f"{len(functions) - len(reaching)} reach none"
    )
    print("reaching no Streamlit:")
    for module, name in functions:
        if (module, name) not in reaching:
            print(f"  {module}:{name}")
    print("largest file of each folder:")
    for folder, (name, lines) in largest(root).items():
        print(f"  {folder}/{name}: {lines} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
