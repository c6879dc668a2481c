"""The package's layers: each imports only those below it, read from every module's source.

The command line, the tests, the notebook and any other front end import these modules; a
Streamlit import slipping in below `ui/` would make them slow to start and tie the rules to one UI,
and a layer reaching up would make a cycle where each part should be understood (and changed) on
top of the ones below. The layers, bottom first, as the package's imports stand:

0. the engine: `errors`, `rules`, `game`, `events`. It imports nothing of the package above it.
1. the models on the engine: every module not named below: the odds (`odds`, `value`), the bots,
   the coach (`review`), matches and histories, the scenario format and its links and files
   (`scenario`, `share`), the sandbox, the words (`i18n`, `narrate`, `echo`, a move's figures in
   `figures`, the engine's refusals in `refusals`), the one rule for names (`names`), the app's
   address for other devices (`reach`), the one list of pages (`pages`), the Learn pages' lessons
   and the quiz (`lessons`). They import the engine and one another.
2. the store (the package `pickomino.store`): its backends, documents, and the rooms' rows.
3. the rooms (the package `pickomino.rooms`): what may happen in a live classroom.
4. the activities (`pickomino.activities`: `kept`, `practice`, `play`, `quiz`, `review`, `seats`,
   the packages `classroom/` and `table/`): each thing a person does in the app, its state, its
   persistence in the store and its refusals; no Streamlit, nothing from `ui/`.
5. the front ends: `ui/` (Streamlit) and the command line (`__main__`), which nothing else
   imports (the command line does not import `ui/` either).

Inside `ui/`, each page's own modules (`PAGE_PACKAGES`) import the shared ones (`common`, `show`,
`frame`, ...) and the layers below, never another page's: what two pages draw alike lives in a
shared module. A page's file in `app_pages/` may hand one package's function to another (the
sandbox hands the classroom's "ask the class" button to its teacher's tools). And no module but
`pickomino/pages.py` writes a page's file or URL path (`test_only_the_list_of_pages_names_a_page`).

Every rule is checked on every module's imports, those inside functions too, and each check is
shown to find a violation planted in made-up imports, so none can pass for want of looking.
"""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Final

import pytest

import pickomino

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pickomino"
MODULES = sorted(
    module.name
    for module in pkgutil.walk_packages(pickomino.__path__, "pickomino.")
    if not module.ispkg
)
PURE = [name for name in MODULES if not name.startswith("pickomino.ui")]
ENGINE = ("pickomino.errors", "pickomino.rules", "pickomino.game", "pickomino.events")


def module_name(path: Path) -> str:
    """The dotted name of the module at `path` (a package's `__init__.py` is the package)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


SOURCES: Final = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
"""Every module and package of `pickomino`, by name: the checks below read each one's source."""

LAYERS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("engine", ENGINE),
    ("models", ()),
    ("store", ("pickomino.store",)),
    ("rooms", ("pickomino.rooms",)),
    ("activities", ("pickomino.activities",)),
    ("front ends", ("pickomino.ui", "pickomino.__main__")),
)
"""The layers, bottom first (the module's docstring says what each holds); a module named by none
is a model."""
MODELS: Final = 1

PAGE_PACKAGES: Final[dict[str, tuple[str, ...]]] = {
    "practice": ("pickomino.ui.practice",),
    "play": ("pickomino.ui.play",),
    "room": ("pickomino.ui.room",),
    "table": ("pickomino.ui.table",),
    "quiz": ("pickomino.ui.quiz_view",),
    "review": ("pickomino.ui.review_view", "pickomino.ui.review_chart"),
    "explorer": ("pickomino.ui.explorer_form",),
}
"""The modules of `ui/` that serve one page each, by page; every other module of `ui/` is shared."""


def within(name: str, roots: tuple[str, ...]) -> bool:
    """Whether module `name` is one of `roots` or inside one of them."""
    return any(name == root or name.startswith(f"{root}.") for root in roots)


def layer_of(name: str) -> int:
    """The number of the layer module `name` belongs to (0 for the engine)."""
    return next((number for number, (_, roots) in enumerate(LAYERS) if within(name, roots)), MODELS)


def page_of(name: str) -> str | None:
    """The page whose own modules hold module `name`, or None for a shared module or none of ui."""
    return next((page for page, roots in PAGE_PACKAGES.items() if within(name, roots)), None)


def imports_in(source: str, module: str, *, package: bool = False) -> set[str]:
    """The modules (and names) `source`, the text of `module`, imports anywhere, relative or not.

    `from a.b import c` gives `a.b` and `a.b.c` (c may be a module); `package` says `module` is a
    package's `__init__`, which relative imports start from.
    """
    here = module.split(".") if package else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            origin = ".".join([*base, *([node.module] if node.module else [])])
            found.add(origin)
            found.update(f"{origin}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def imported_by(module: str) -> set[str]:
    """The `pickomino` modules (and names) that `module`'s source imports, read from its AST.

    The package itself (`from pickomino import bots` names it) holds nothing and is left out.
    """
    path = SOURCES[module]
    found = imports_in(path.read_text(encoding="utf-8"), module, package=path.stem == "__init__")
    return {name for name in found if name.split(".")[0] == "pickomino" and name != "pickomino"}


IMPORTS: Final = {module: imported_by(module) for module in SOURCES}


def streamlit_loaded_by(modules: list[str]) -> list[str]:
    """The Streamlit modules a fresh interpreter holds after importing `modules`."""
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'streamlit')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    loaded: list[str] = json.loads(done.stdout)
    return loaded


def upward(imports: Mapping[str, set[str]]) -> dict[str, list[str]]:
    """Each module's imports from a layer above its own (modules with none are left out)."""
    found = {
        module: sorted(name for name in names if layer_of(name) > layer_of(module))
        for module, names in imports.items()
    }
    return {module: names for module, names in found.items() if names}


def into_ui(imports: Mapping[str, set[str]]) -> dict[str, list[str]]:
    """The imports of `ui/` by modules outside it."""
    found = {
        module: sorted(name for name in names if within(name, ("pickomino.ui",)))
        for module, names in imports.items()
        if not within(module, ("pickomino.ui",))
    }
    return {module: names for module, names in found.items() if names}


def across_pages(imports: Mapping[str, set[str]]) -> dict[str, list[str]]:
    """Each page's modules' imports of another page's modules."""
    found = {
        module: sorted(name for name in names if page_of(name) not in (None, page_of(module)))
        for module, names in imports.items()
        if page_of(module) is not None
    }
    return {module: names for module, names in found.items() if names}


def into_a_page(imports: Mapping[str, set[str]]) -> dict[str, list[str]]:
    """The imports of a page's modules by the shared modules of `ui/`."""
    found = {
        module: sorted(name for name in names if page_of(name) is not None)
        for module, names in imports.items()
        if within(module, ("pickomino.ui",)) and page_of(module) is None
    }
    return {module: names for module, names in found.items() if names}


def outside_engine(imports: Mapping[str, set[str]]) -> dict[str, list[str]]:
    """The engine's imports of anything but the engine (modules outside it are left out)."""
    found = {
        module: sorted(name for name in names if not within(name, ENGINE))
        for module, names in imports.items()
        if within(module, ENGINE)
    }
    return {module: names for module, names in found.items() if names}


def streamlit_in(sources: Mapping[str, Path]) -> dict[str, list[str]]:
    """The modules whose source imports Streamlit somewhere, inside a function too."""
    found = {
        module: sorted(
            name
            for name in imports_in(path.read_text(encoding="utf-8"), module)
            if name.split(".")[0] == "streamlit"
        )
        for module, path in sources.items()
    }
    return {module: names for module, names in found.items() if names}


# ----- the modules are found ------------------------------------------------------------------


def test_the_pure_modules_are_found() -> None:
    pure = ("rules", "game", "events", "scenario", "share", "sandbox", "odds", "bots", "review")
    for name in (*pure, "i18n", "narrate", "names", "refusals", "figures", "pages"):
        assert f"pickomino.{name}" in PURE
    for name in ("kept", "practice", "play", "quiz", "review", "seats", "classroom.teacher"):
        assert f"pickomino.activities.{name}" in PURE
    assert {"pickomino.activities.table.sitting", "pickomino.store.documents"} <= set(PURE)
    for name in ("examples", "explore", "faq", "tips"):
        assert f"pickomino.lessons.{name}" in PURE
    assert "pickomino.__main__" in PURE
    assert "pickomino.ui.show" in MODULES and "pickomino.ui.show" not in PURE
    packages = ("lessons.quiz", "activities", "activities.classroom", "activities.table")
    assert {f"pickomino.{name}" for name in (*packages, "store", "rooms")} <= set(SOURCES)


def test_every_layer_and_every_page_holds_a_module() -> None:
    # A layer or a page named wrong (a typo, a module moved) would hold nothing, and pass.
    layers = {layer_of(module) for module in SOURCES}
    assert layers == set(range(len(LAYERS)))
    pages = {page_of(module) for module in SOURCES}
    assert pages == {*PAGE_PACKAGES, None}
    # a package inside ui/ is a page's: one left out would be taken for shared drawing
    folders = {path.parent for path in (PACKAGE / "ui").rglob("*.py")} - {PACKAGE / "ui"}
    for folder in folders:
        assert page_of("pickomino." + ".".join(folder.relative_to(PACKAGE).parts)) is not None


@pytest.mark.parametrize(
    ("module", "layer"),
    [
        ("pickomino.errors", "engine"),
        ("pickomino.names", "models"),
        ("pickomino.refusals", "models"),
        ("pickomino.figures", "models"),
        ("pickomino.pages", "models"),
        ("pickomino.store.rooms", "store"),
        ("pickomino.rooms.transitions", "rooms"),
        ("pickomino.activities.kept", "activities"),
        ("pickomino.activities.classroom.teacher", "activities"),
        ("pickomino.activities.table.tables", "activities"),
        ("pickomino.ui.common", "front ends"),
        ("pickomino.__main__", "front ends"),
    ],
)
def test_a_module_sits_in_its_layer(module: str, layer: str) -> None:
    assert module in SOURCES
    assert LAYERS[layer_of(module)][0] == layer


def test_the_layer_probe_reads_imports() -> None:
    # The checks pass vacuously if the reader finds nothing: it must see the known imports.
    assert {"pickomino.game", "pickomino.rules"} <= imported_by("pickomino.odds")
    assert "pickomino.narrate" in imported_by("pickomino.ui.show")
    assert "pickomino.store" in imported_by("pickomino.activities.kept")
    # relative imports, resolved from a module and from a package's __init__
    assert "pickomino.lessons.quiz.base" in imported_by("pickomino.lessons.quiz.end")
    assert "pickomino.lessons.quiz.bust" in imported_by("pickomino.lessons.quiz")
    # an import inside a function counts as one at the top
    inside = "def f() -> None:\n    from pickomino.ui import frame\n"
    assert "pickomino.ui.frame" in imports_in(inside, "pickomino.odds")


# ----- Streamlit ------------------------------------------------------------------------------


def test_engine_odds_bots_and_lessons_import_no_streamlit() -> None:
    assert streamlit_loaded_by(PURE) == []


def test_the_probe_sees_streamlit_when_a_ui_module_is_imported() -> None:
    # Without this, a probe that looked for the wrong name would pass the test above vacuously.
    assert "streamlit" in streamlit_loaded_by(["pickomino.ui.show"])


def test_no_module_outside_ui_imports_streamlit_even_inside_a_function() -> None:
    # An import inside a function escapes the probe above until that function runs.
    outside = {m: path for m, path in SOURCES.items() if not within(m, ("pickomino.ui",))}
    assert "pickomino.activities.kept" in outside
    assert streamlit_in(outside) == {}


def test_the_source_probe_sees_streamlit(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text("def draw() -> None:\n    import streamlit.components.v2 as c\n")
    assert streamlit_in({"pickomino.activities.planted": planted}) == {
        "pickomino.activities.planted": ["streamlit.components.v2"]
    }
    assert "pickomino.ui.show" in streamlit_in({"pickomino.ui.show": SOURCES["pickomino.ui.show"]})


# ----- the layers -----------------------------------------------------------------------------


def test_the_engine_imports_only_the_engine() -> None:
    assert set(ENGINE) <= set(IMPORTS)
    assert outside_engine(IMPORTS) == {}


def test_the_engine_check_finds_an_import_of_a_model() -> None:
    planted = {
        "pickomino.game": {"pickomino.rules", "pickomino.refusals"},
        "pickomino.events": {"pickomino.game"},
        "pickomino.odds": {"pickomino.narrate"},  # a model: the layers' concern
    }
    assert outside_engine(planted) == {"pickomino.game": ["pickomino.refusals"]}


def test_each_layer_imports_only_the_layers_below_it() -> None:
    assert upward(IMPORTS) == {}


def test_the_layer_check_finds_an_import_from_above() -> None:
    planted = {
        "pickomino.game": {"pickomino.i18n"},  # the engine reaching up to the models
        "pickomino.odds": {"pickomino.game", "pickomino.store.documents"},
        "pickomino.store.rooms": {"pickomino.rooms.model", "pickomino.echo"},
        "pickomino.rooms": {"pickomino.store", "pickomino.activities"},
        "pickomino.activities.kept": {"pickomino.store", "pickomino.rooms", "pickomino.ui.frame"},
        "pickomino.activities.table.deal": {"pickomino.rooms.model", "pickomino.ui.common"},
        "pickomino.pages": {"pickomino.activities.classroom"},  # a model reaching up
        "pickomino.names": {"pickomino.store.errors", "pickomino.echo"},
        "pickomino.ui.frame": {"pickomino.activities.kept", "pickomino.__main__"},
    }
    assert upward(planted) == {
        "pickomino.game": ["pickomino.i18n"],
        "pickomino.odds": ["pickomino.store.documents"],
        "pickomino.store.rooms": ["pickomino.rooms.model"],
        "pickomino.rooms": ["pickomino.activities"],
        "pickomino.activities.kept": ["pickomino.ui.frame"],
        "pickomino.activities.table.deal": ["pickomino.ui.common"],
        "pickomino.pages": ["pickomino.activities.classroom"],
        "pickomino.names": ["pickomino.store.errors"],
    }


def test_nothing_outside_ui_imports_ui() -> None:
    assert into_ui(IMPORTS) == {}


def test_the_ui_check_finds_an_import_of_ui() -> None:
    planted = {
        "pickomino.__main__": {"pickomino.ui"},
        "pickomino.activities.kept": {"pickomino.ui.storage", "pickomino.store"},
        "pickomino.figures": {"pickomino.ui.odds_panel"},
        "pickomino.ui.show": {"pickomino.ui.draw"},
    }
    assert into_ui(planted) == {
        "pickomino.__main__": ["pickomino.ui"],
        "pickomino.activities.kept": ["pickomino.ui.storage"],
        "pickomino.figures": ["pickomino.ui.odds_panel"],
    }


# ----- the pages ------------------------------------------------------------------------------


def test_no_page_package_imports_another() -> None:
    assert across_pages(IMPORTS) == {}


def test_the_page_check_finds_a_page_importing_another() -> None:
    planted = {
        "pickomino.ui.play.draw": {"pickomino.ui.practice.draw", "pickomino.ui.play.state"},
        "pickomino.ui.review_view": {"pickomino.ui.review_chart", "pickomino.ui.play"},
        "pickomino.ui.room.asked": {"pickomino.ui.quiz_view", "pickomino.ui.common"},
        "pickomino.ui.practice.draw": {"pickomino.ui.room.projector"},
        "pickomino.ui.common": {"pickomino.ui.practice.state"},  # shared: the next check's
    }
    assert across_pages(planted) == {
        "pickomino.ui.play.draw": ["pickomino.ui.practice.draw"],
        "pickomino.ui.review_view": ["pickomino.ui.play"],
        "pickomino.ui.room.asked": ["pickomino.ui.quiz_view"],
        "pickomino.ui.practice.draw": ["pickomino.ui.room.projector"],
    }


def test_a_shared_ui_module_imports_no_page() -> None:
    # What two pages share must not reach back into one of them, or a page imports another's
    # through it.
    assert "pickomino.ui.common" in IMPORTS and page_of("pickomino.ui.common") is None
    assert into_a_page(IMPORTS) == {}


def test_the_shared_check_finds_a_shared_module_importing_a_page() -> None:
    planted = {
        "pickomino.ui.common": {"pickomino.ui.practice.state", "pickomino.ui.show"},
        "pickomino.ui.records": {"pickomino.ui.review_view"},
        "pickomino.ui.play.draw": {"pickomino.ui.play.state"},  # a page's own: not shared
        "pickomino.activities.play": {"pickomino.ui.play"},  # outside ui: the ui check's
    }
    assert into_a_page(planted) == {
        "pickomino.ui.common": ["pickomino.ui.practice.state"],
        "pickomino.ui.records": ["pickomino.ui.review_view"],
    }


# ----- the pages' files and addresses ---------------------------------------------------------

PAGE_CALLS = frozenset({"page_link", "switch_page", "link", "address"})
"""The calls that take a page: Streamlit's link and switch, `Reach.link` and `frame.address`."""


def pages_named(source: str) -> list[str]:
    """The pages `source` names itself: a page's file written out, a path given to a page call."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value.startswith("app_pages/"):
                found.append(node.value)
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0]
            if name in PAGE_CALLS and isinstance(first, ast.Constant):
                found.append(f"{name}({first.value!r})")
    return sorted(found)


def test_only_the_list_of_pages_names_a_page() -> None:
    # A page's file and URL path are written once, in `pickomino/pages.py`; a link elsewhere reads
    # them there (`spec_of`), so a page renamed cannot leave a link, a switch or a QR code behind.
    # The benchmarks and the pictures' script too; the tests name the pages they open.
    listed = PACKAGE / "pages.py"
    sources = [
        *PACKAGE.rglob("*.py"),
        ROOT / "app.py",
        *(ROOT / "app_pages").glob("*.py"),
        *(ROOT / "benchmarks").glob("*.py"),
        *(ROOT / "scripts").glob("*.py"),
        ROOT / "docs" / "pictures.py",
    ]
    assert PACKAGE / "activities" / "classroom" / "teacher.py" in sources
    named = {
        str(path.relative_to(ROOT)): pages_named(path.read_text(encoding="utf-8"))
        for path in sources
        if path != listed
    }
    assert {path: pages for path, pages in named.items() if pages} == {}


def test_the_page_probe_finds_a_page_written_out() -> None:
    assert "app_pages/sandbox.py" in pages_named((PACKAGE / "pages.py").read_text())
    planted = 'st.switch_page(other, query_params={})\nreach.link("join", {"room": code})\n'
    assert pages_named(planted) == ["link('join')"]
    assert pages_named('st.page_link("app_pages/faq.py", label=x)') == [
        "app_pages/faq.py",
        "page_link('app_pages/faq.py')",
    ]
