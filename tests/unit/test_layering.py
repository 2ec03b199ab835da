"""Everything outside the ui package imports without Qt and without heavy libraries."""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys

import pytest

import mira_desktop

HEAVY = ("torch", "sentence_transformers", "lancedb", "tantivy", "llama_cpp", "PySide6", "psutil", "filelock", "mcp", "jsonschema", "faster_whisper", "ctranslate2", "trafilatura")


def _non_ui_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(mira_desktop.__path__, "mira_desktop."):
        if not info.name.startswith("mira_desktop.ui"):
            names.append(info.name)
    return names


@pytest.mark.skipif(
    os.environ.get("MIRA_BLOCK_QT") != "1", reason="runs in the Qt-blocked session (make test-core)"
)
def test_qt_is_not_importable_in_the_core_test_session() -> None:
    with pytest.raises(ImportError, match="blocked"):
        importlib.import_module("PySide6.QtWidgets")


def test_every_module_outside_ui_imports_without_qt_or_heavy_libraries() -> None:
    modules = _non_ui_modules()
    assert "mira_desktop.app" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"loaded = sorted(h for h in {HEAVY!r} if h in sys.modules)\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


# Not needed before the window is usable: each costs the services' build tens of milliseconds or more.
NOT_AT_START = ("httpx", "pydantic", "asyncio", "torch", "sentence_transformers", "lancedb", "tantivy", "llama_cpp")


def test_building_and_closing_the_services_imports_no_http_client_schema_library_asyncio_or_model_library(tmp_path: object) -> None:
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from mira_desktop.app import build_services\n"
        f"build_services(Path({str(tmp_path)!r}) / 'data').close()\n"
        f"print(','.join(sorted(m for m in {NOT_AT_START!r} if m in sys.modules)))\n"
    )
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert result.stdout.strip().splitlines()[-1:] in ([], [""])
