"""tools/i18n_sync.py's check: every phrase a service says (core/phrases.py and core/phrasebook/) has a
finished Chinese translation in mira_zh_CN.ts, and a phrase left without one fails the check by name."""

from __future__ import annotations

import importlib.util
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from mira_desktop.core.phrasebook import AREAS
from mira_desktop.core.phrases import ENGLISH

TOOL = Path(__file__).resolve().parents[2] / "tools" / "i18n_sync.py"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_sync", TOOL)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("i18n_sync", module)
    spec.loader.exec_module(module)
    return module


def test_every_phrase_key_has_finished_chinese_with_its_placeholders() -> None:
    tool = load_tool()
    _root, chinese = tool.read_ts("zh_CN")
    keys = set(ENGLISH) | {key for table in AREAS.values() for key in table}
    for key in sorted(keys):
        message = chinese.get(f"phrase.{key}")
        assert message is not None, f"phrase.{key} is not in mira_zh_CN.ts: run tools/i18n_sync.py"
        assert message.source == ENGLISH[key], f"phrase.{key}: run tools/i18n_sync.py"
        assert message.finished, f"phrase.{key} has no finished Chinese"
        (text,) = message.forms
        assert tool.placeholders(text) == tool.placeholders(ENGLISH[key]), f"phrase.{key}: {text!r}"


def test_the_check_fails_and_names_a_phrase_left_without_chinese(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = load_tool()
    for ts in tool.TRANSLATIONS_DIR.glob("*.ts"):
        shutil.copy(ts, tmp_path / ts.name)
    monkeypatch.setattr(tool, "TRANSLATIONS_DIR", tmp_path)
    assert tool.check() == 0
    capsys.readouterr()
    tree = ET.parse(tmp_path / "mira_zh_CN.ts")
    for message in tree.getroot().iter("message"):
        if message.findtext("comment") == "phrase.backup.exists":
            translation = message.find("translation")
            assert translation is not None
            translation.text = ""
            translation.set("type", "unfinished")
    tree.write(tmp_path / "mira_zh_CN.ts", encoding="utf-8")
    assert tool.check() == 1
    assert "mira_zh_CN.ts: phrase.backup.exists is unfinished" in capsys.readouterr().out
