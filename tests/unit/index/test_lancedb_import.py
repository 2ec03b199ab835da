"""lancedb is imported with the REST client of Lance namespaces deferred (index/lancedb_import.py):
the package's body runs only when one of its names is read, and then it is the real package."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from mira_desktop.index.lancedb_import import defer_package_body


def _package(root: Path) -> str:
    """A package whose body counts its runs in a file and defines ``Client``; one submodule."""
    package = root / "deferred_pkg_probe"
    package.mkdir()
    (package / "__init__.py").write_text(
        textwrap.dedent(
            f"""
            from pathlib import Path
            runs = Path({str(root / "runs")!r})
            runs.write_text(str(int(runs.read_text() or 0) + 1) if runs.exists() else "1")
            from deferred_pkg_probe.models import Model
            __version__ = "1.2.3"
            class Client:
                model = Model
            """
        ),
        "utf-8",
    )
    (package / "models.py").write_text("class Model:\n    pass\n", "utf-8")
    return "deferred_pkg_probe"


def test_a_deferred_package_imports_its_submodules_without_running_its_body(tmp_path: Path) -> None:
    name = _package(tmp_path)
    sys.path.insert(0, str(tmp_path))
    try:
        assert defer_package_body(name)
        from deferred_pkg_probe.models import Model

        assert not (tmp_path / "runs").exists()
        assert not defer_package_body(name)  # already registered: nothing changes

        from deferred_pkg_probe import Client  # reading a name runs the body once

        assert (tmp_path / "runs").read_text() == "1"
        assert Client.model is Model
        package = sys.modules[name]
        assert package.__version__ == "1.2.3"
        assert (tmp_path / "runs").read_text() == "1"
        assert "__getattr__" not in vars(package)
    finally:
        sys.path.remove(str(tmp_path))
        for module in [m for m in sys.modules if m.startswith(name)]:
            del sys.modules[module]


def test_a_package_that_is_not_installed_is_not_registered() -> None:
    assert not defer_package_body("no_such_package_for_mira_tests")
    assert "no_such_package_for_mira_tests" not in sys.modules


def test_lancedb_works_on_a_local_table_and_the_rest_client_is_real_when_read(tmp_path: Path) -> None:
    probe = textwrap.dedent(
        """
        import json, sys
        from mira_desktop.index.lancedb_import import import_lancedb
        lancedb = import_lancedb()
        db = lancedb.connect(sys.argv[1])
        table = db.create_table("t", data=[{"id": "a", "vector": [1.0, 0.0]}, {"id": "b", "vector": [0.0, 1.0]}])
        nearest = table.search([0.9, 0.1]).limit(1).to_list()[0]["id"]
        api_before = "lance_namespace_urllib3_client.api" in sys.modules
        from lance_namespace_urllib3_client import ApiClient, TableApi, __version__
        from lance_namespace_urllib3_client.api.table_api import TableApi as Direct
        print(json.dumps({"nearest": nearest, "api_before": api_before, "same": TableApi is Direct,
                          "client": ApiClient.__module__, "version": __version__}))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path / "db")], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    from importlib.metadata import version

    assert json.loads(result.stdout) == {
        "nearest": "a",
        "api_before": False,
        "same": True,
        "client": "lance_namespace_urllib3_client.api_client",
        "version": version("lance-namespace-urllib3-client"),
    }
