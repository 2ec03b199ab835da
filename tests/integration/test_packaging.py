from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

from mira_desktop.index.e5 import E5_PACKAGE
from mira_desktop.index.embedder import MODEL_PACKAGE as MINILM_PACKAGE
from mira_desktop.models.embedded import _SMOLLM2_PACKAGE as SMOLLM2_PACKAGE
from mira_desktop.services.media.speech import PiperEngine
from mira_desktop.store.migrations import all_migrations

REPO = Path(__file__).resolve().parents[2]


def test_built_wheel_ships_migrations_resources_the_workspace_template_and_the_mira_command(
    tmp_path: Path,
) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path),
            str(REPO),
        ],
        check=True,
        capture_output=True,
    )
    wheel = next(tmp_path.glob("mira_desktop-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        scripts = archive.read(entry_points).decode()
    for migration in all_migrations():
        assert f"mira_desktop/migrations/{migration.version:04d}_{migration.name}.sql" in names
    assert "mira_desktop/workspaces/mira-base/README.md" in names
    assert "mira_desktop/workspaces/agent-sample/README.md" in names
    starter_roles = {
        f"mira_desktop/resources/roles/{p.name}" for p in (REPO / "resources" / "roles").glob("*.json")
    }
    assert "mira_desktop/resources/roles/writing_zh.json" in starter_roles
    assert starter_roles <= names
    assert "[console_scripts]\nmira = mira_desktop.app:main" in scripts


def _bundle_recipe() -> dict[str, Any]:
    """What packaging/mira.spec asks PyInstaller for: the spec run with PyInstaller's own hook helpers
    and stand-ins for its build steps, which only record their arguments (nothing is built)."""
    recorded: dict[str, Any] = {}

    class Analysis:
        def __init__(self, scripts: list[str], **options: Any) -> None:
            recorded.update(options)
            self.binaries: list[tuple[str, str, str]] = []
            self.datas: list[tuple[str, str, str]] = []
            self.pure: list[tuple[str, str, str]] = []
            self.scripts = scripts

    def step(*args: Any, **options: Any) -> None:
        return None

    spec = REPO / "packaging" / "mira.spec"
    code = compile(spec.read_text(encoding="utf-8"), str(spec), "exec")
    exec(
        code, {"SPECPATH": str(spec.parent), "Analysis": Analysis, "PYZ": step, "EXE": step, "COLLECT": step}
    )
    return recorded


def test_bundle_recipe_ships_every_module_and_the_packages_mira_finds_by_name() -> None:
    recipe = _bundle_recipe()
    modules = set(recipe["hiddenimports"])
    data = [(Path(source), Path(folder)) for source, folder in recipe["datas"]]
    # Mira imports most of itself inside functions: every module is named, none left to the analysis.
    source = REPO / "mira_desktop"
    on_disk = {
        ".".join(("mira_desktop", *path.relative_to(source).with_suffix("").parts)).removesuffix(".__init__")
        for path in source.rglob("*.py")
    }
    assert sorted(on_disk - modules) == []
    # The embedded models are found as folders (find_spec), never imported: shipped as data.
    assert any(s.suffix == ".gguf" and f.parts[0] == SMOLLM2_PACKAGE for s, f in data)
    assert any(s.name == "model.safetensors" and f.parts[0] == MINILM_PACKAGE for s, f in data)
    assert any(s.name == "__init__.py" and f == Path(MINILM_PACKAGE) for s, f in data)
    # English speech: piper and the voice package are loaded by name; piper reads espeak-ng's data.
    voice = PiperEngine()._package
    assert {"piper", voice} <= modules
    assert any(f.parts[:2] == ("piper", "espeak-ng-data") for _, f in data)
    assert any(s.suffix == ".onnx" and f.parts[0] == voice for s, f in data)
    # Web research: trafilatura reads its settings, and jusText its stop lists, beside their modules.
    assert any(s.name == "settings.cfg" and f == Path("trafilatura") for s, f in data)
    assert any(f.parts[:2] == ("justext", "stoplists") for _, f in data)
    # The optional multilingual embedder is left out on purpose (Settings shows it as not installed).
    assert E5_PACKAGE in recipe["excludes"]
