"""The repository deploys on Streamlit Community Cloud as it is, main file `serve.py`.

Cloud installs from the first dependency file it finds, and `uv.lock` comes before
`requirements.txt`: it runs `uv sync`, which installs the package and uv.lock's default groups
(docs/deploy.md). So the test does the same in a copy of the checkout's files, into a fresh
environment (`--locked`: a uv.lock that no longer matches pyproject.toml fails here, not on
Cloud), then checks that it holds every module the app imports and none of the test tools,
serves `serve.py` from it (the app and the room's pulse route), and opens every page through
AppTest inside it (from `app.py`, the script `serve.py` names: AppTest runs no `st.App`). The
package registry is the only network it needs, and uv's cache answers after the first run.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
import tomllib
import urllib.error
import urllib.request
from importlib import metadata
from pathlib import Path

import pytest

from pickomino.i18n import LANGS, t
from pickomino.pages import PAGES
from tests.browser import streamlit_server
from tests.test_package import UV, Installed

ROOT = Path(__file__).resolve().parent.parent
APP_SOURCES = ("serve.py", "app.py", "app_pages", "pickomino")
OWN = {"app_pages", "pickomino"}
REQUIREMENT = re.compile(r"[A-Za-z0-9._-]+")
SMOKE = """
import json, sys
from streamlit.testing.v1 import AppTest
app, visits = sys.argv[1], json.loads(sys.argv[2])
found = {}
for file, lang in visits:
    at = AppTest.from_file(app, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page(file).run()
    found[file] = {"errors": [str(e.value) for e in at.exception],
                   "title": at.title[0].value if at.title else None}
print(json.dumps(found))
"""
"""Run by the fresh environment's Python, which has no pytest: each page opened by its URL in one
language, what it raised and the title it showed."""


def imported(sources: list[Path]) -> set[str]:
    """The top-level names of every module these files import, the standard library's left out."""
    names: set[str] = set()
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text(), str(source))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - OWN - {"__future__"}


def app_files(root: Path) -> list[Path]:
    found: list[Path] = []
    for name in APP_SOURCES:
        path = root / name
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


@pytest.fixture(scope="module")
def cloud(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """What Cloud builds: the checkout's files (tracked or new, not ignored) and `uv sync`."""
    assert UV is not None, "uv not found: it installs the Cloud environment (pip install uv)"
    repo = tmp_path_factory.mktemp("cloud") / "repo"
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():  # a tracked file deleted in the working tree is not deployed
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, repo / name)
    bin_ = repo / ".venv" / "bin"
    environment = Installed(bin_ / "python", bin_ / "streamlit", repo)
    done = environment.run(UV, "sync", "--locked", "--quiet", "--python", sys.executable)
    assert done.returncode == 0, done.stderr
    return environment


def test_the_cloud_environment_holds_every_module_the_app_imports(cloud: Installed) -> None:
    wanted = sorted(imported(app_files(ROOT)))
    assert {"streamlit", "plotly", "numpy"} <= set(wanted)  # the scan sees the app's imports
    probe = "import importlib.util as u, sys\n"
    probe += "print([m for m in sys.argv[1:] if not u.find_spec(m)])"
    done = cloud.run(cloud.python, "-c", probe, *wanted)
    assert (done.returncode, done.stdout, done.stderr) == (0, "[]\n", "")


def test_the_cloud_environment_holds_none_of_the_test_tools(cloud: Installed) -> None:
    groups = tomllib.loads((ROOT / "pyproject.toml").read_text())["dependency-groups"]
    tools = sorted(
        REQUIREMENT.match(line)[0].lower()  # type: ignore[index]
        for name in ("dev", "notebook")
        for line in groups[name]
        if not line.startswith("pickomino")
    )
    assert {"pytest", "playwright"} <= set(tools)
    probe = (
        "import importlib.metadata as m, json, sys\n"
        "names = {d.metadata['Name'].lower().replace('_', '-') for d in m.distributions()}\n"
        "print(json.dumps({'tools': [n for n in sys.argv[1:] if n in names],\n"
        "  'streamlit': m.version('streamlit')}))\n"
    )
    done = cloud.run(cloud.python, "-c", probe, *tools)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["tools"] == []
    # the server runs the Streamlit the checkout's tests run (uv.lock's, on this Python)
    assert found["streamlit"] == metadata.version("streamlit")


def test_the_cloud_environment_serves_the_app_and_every_page_runs(cloud: Installed) -> None:
    with streamlit_server(cloud.python, cloud.away) as url:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=5) as answer:
            assert answer.read() == b"ok"
        with urllib.request.urlopen(url, timeout=5) as answer:
            assert b'id="root"' in answer.read()  # the page the browser loads the app from
        with pytest.raises(urllib.error.HTTPError) as gone:  # the app's own route is served
            urllib.request.urlopen(f"{url}/pulse/no-such-room", timeout=5)
        assert (gone.value.code, json.load(gone.value)) == (404, {"pulse": None})
    visits = [(spec.file, LANGS[number % len(LANGS)]) for number, spec in enumerate(PAGES)]
    done = cloud.run(cloud.python, "-c", SMOKE, cloud.away / "app.py", json.dumps(visits))
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    shown = {file: (page["errors"], page["title"]) for file, page in found.items()}
    expected = {
        spec.file: ([], t(f"page.{spec.key}.title", lang))
        for spec, (_, lang) in zip(PAGES, visits, strict=True)
    }
    assert shown == expected
