"""tools/i18n_sync.py and the phrases' one home: every phrase a service says lives in one module of
core/phrasebook, and the tool writes it into mira_zh_CN.ts itself (no generated module), in its
area's context, keeping every translation through a sync, a changed English and a merge."""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from mira_desktop.core.phrasebook import AREAS
from mira_desktop.core.phrases import ENGLISH
from mira_desktop.ui.strings import window_catalog

REPO = Path(__file__).resolve().parents[2]
TOOL = REPO / "tools" / "i18n_sync.py"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_sync", TOOL)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("i18n_sync", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The tool working on copies of the .ts files (in tmp_path), reading the repository's English."""
    loaded = load_tool()
    for ts in loaded.TRANSLATIONS_DIR.glob("*.ts"):
        shutil.copy(ts, tmp_path / ts.name)
    monkeypatch.setattr(loaded, "TRANSLATIONS_DIR", tmp_path)
    return loaded


def phrase_messages(path: Path) -> dict[str, tuple[str, ET.Element]]:
    """Each phrase's message in a .ts and the name of the context it is in, by key."""
    root = ET.parse(path).getroot()
    return {
        message.findtext("comment") or "": (context.findtext("name") or "", message)
        for context in root.iter("context")
        for message in context.iter("message")
        if (message.findtext("comment") or "").startswith("phrase.")
    }


def test_every_phrase_has_finished_chinese_in_its_areas_context_with_its_placeholders() -> None:
    loaded = load_tool()
    _root, chinese = loaded.read_ts("zh_CN")
    contexts = phrase_messages(loaded.ts_path("zh_CN"))
    for area, table in AREAS.items():
        for key, english in table.items():
            message = chinese.get(f"phrase.{key}")
            assert message is not None, f"phrase.{key} is not in mira_zh_CN.ts: run tools/i18n_sync.py"
            assert contexts[f"phrase.{key}"][0] == f"phrase.{area}", key
            assert message.source == english, f"phrase.{key}: run tools/i18n_sync.py"
            assert message.finished, f"phrase.{key} has no finished Chinese"
            (text,) = message.forms
            assert loaded.placeholders(text) == loaded.placeholders(english), f"phrase.{key}: {text!r}"
    assert set(contexts) == {f"phrase.{key}" for key in ENGLISH}, "the .ts holds phrases the book lost"


def test_each_phrase_has_one_home_and_no_generated_module_remains() -> None:
    homes = [key for table in AREAS.values() for key in table]
    assert len(homes) == len(set(homes)) == len(ENGLISH)
    assert set(homes) == set(ENGLISH)
    strings = REPO / "mira_desktop" / "ui" / "strings"
    assert sorted(path.name for path in strings.glob("phrase*.py")) == []
    assert [key for key in window_catalog() if key.startswith("phrase.")] == []
    assert not (REPO / "mira_desktop" / "core" / "phrases.py").read_text(encoding="utf-8").count('": "')


def test_sync_leaves_the_files_as_they_are_when_nothing_changed(tool: ModuleType) -> None:
    before = {path.name: path.read_bytes() for path in tool.TRANSLATIONS_DIR.glob("*.ts")}
    assert tool.sync() == 0
    assert {path.name: path.read_bytes() for path in tool.TRANSLATIONS_DIR.glob("*.ts")} == before
    assert tool.check() == 0


def test_sync_moves_phrases_of_the_old_single_context_into_their_areas_keeping_each_translation(
    tool: ModuleType,
) -> None:
    """A branch made before this layout has every phrase in one context, "phrase": a merge of its .ts
    and a sync lose none of its translations."""
    path = tool.ts_path("zh_CN")
    root = ET.parse(path).getroot()
    old = ET.SubElement(root, "context")
    ET.SubElement(old, "name").text = "phrase"
    for context in list(root.iter("context")):
        if (context.findtext("name") or "").startswith("phrase."):
            old.extend(context.findall("message"))
            root.remove(context)
    path.write_text(tool.ts_text(root), encoding="utf-8")
    pairs = {
        key: (m.findtext("source"), m.findtext("translation"))
        for key, (_c, m) in phrase_messages(path).items()
    }
    assert {context for context, _m in phrase_messages(path).values()} == {"phrase"}

    assert tool.sync() == 0
    after = phrase_messages(path)
    assert {key: (m.findtext("source"), m.findtext("translation")) for key, (_c, m) in after.items()} == pairs
    assert {context for context, _m in after.values()} == {f"phrase.{area}" for area in AREAS}
    assert tool.check() == 0


def test_a_phrase_whose_english_changed_keeps_its_translation_unfinished_beside_its_old_english(
    tool: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tool.ts_path("zh_CN")
    root = ET.parse(path).getroot()
    for message in root.iter("message"):
        if message.findtext("comment") == "phrase.backup.exists":
            source = message.find("source")
            assert source is not None
            source.text = "An older English."
            chinese = message.findtext("translation")
    path.write_text(tool.ts_text(root), encoding="utf-8")

    tool.sync()
    _context, message = phrase_messages(path)["phrase.backup.exists"]
    assert message.findtext("source") == ENGLISH["backup.exists"]
    assert message.findtext("oldsource") == "An older English."
    assert message.findtext("translation") == chinese
    assert message.find("translation").get("type") == "unfinished"  # type: ignore[union-attr]
    capsys.readouterr()
    assert tool.check() == 1
    assert "mira_zh_CN.ts: phrase.backup.exists is unfinished" in capsys.readouterr().out

    assert tool.main(["set", "zh_CN", "phrase.backup.exists", chinese]) == 0
    _context, message = phrase_messages(path)["phrase.backup.exists"]
    assert message.find("oldsource") is None
    assert message.find("translation").get("type") is None  # type: ignore[union-attr]
    assert tool.check() == 0


def test_the_check_fails_and_names_a_phrase_left_without_chinese_or_not_synced(
    tool: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tool.check() == 0
    capsys.readouterr()
    path = tool.ts_path("zh_CN")
    root = ET.parse(path).getroot()
    for context in root.iter("context"):
        for message in list(context.iter("message")):
            if message.findtext("comment") == "phrase.backup.exists":
                translation = message.find("translation")
                assert translation is not None
                translation.text = ""
                translation.set("type", "unfinished")
            if message.findtext("comment") == "phrase.chat.empty":
                context.remove(message)
    path.write_text(tool.ts_text(root), encoding="utf-8")
    assert tool.check() == 1
    out = capsys.readouterr().out
    assert "mira_zh_CN.ts: phrase.backup.exists is unfinished" in out
    assert "mira_zh_CN.ts: phrase.chat.empty is missing: run tools/i18n_sync.py" in out


def test_set_from_another_ts_takes_its_finished_translations_whose_english_matches(
    tool: ModuleType, tmp_path: Path
) -> None:
    other = tmp_path / "other" / "mira_zh_CN.ts"
    other.parent.mkdir()
    shutil.copy(tool.ts_path("zh_CN"), other)
    theirs = ET.parse(other).getroot()
    for message in theirs.iter("message"):
        if message.findtext("comment") == "phrase.chat.busy":  # their English is not ours: not taken
            message.find("source").text = "Their English."  # type: ignore[union-attr]
            message.find("translation").text = "他们的中文"  # type: ignore[union-attr]
    other.write_text(tool.ts_text(theirs), encoding="utf-8")
    path = tool.ts_path("zh_CN")
    ours = ET.parse(path).getroot()
    for message in ours.iter("message"):
        if message.findtext("comment") in {"phrase.backup.exists", "phrase.chat.busy"}:
            message.find("translation").set("type", "unfinished")  # type: ignore[union-attr]
    path.write_text(tool.ts_text(ours), encoding="utf-8")
    _root, before = tool.read_ts("zh_CN")
    busy = before["phrase.chat.busy"].forms

    assert tool.main(["set", "zh_CN", "--from", str(other)]) == 0
    _root, after = tool.read_ts("zh_CN")
    assert after["phrase.backup.exists"].finished
    assert not after["phrase.chat.busy"].finished
    assert after["phrase.chat.busy"].forms == busy


def test_a_phrase_is_made_only_with_said_so_its_key_and_placeholders_are_checked_where_it_is_made() -> None:
    """``said(key, **values)`` (or ``SomeError.said``) formats the English at once: a typo in a key or a
    placeholder fails where the phrase is made, not in the window; ``Phrase(...)`` itself would not."""
    made = re.compile(r"(?<![\w.])(?:phrases\.)?Phrase\(")
    home = REPO / "mira_desktop" / "core" / "phrases.py"
    found = [
        f"{path.relative_to(REPO)}:{number}"
        for path in sorted((REPO / "mira_desktop").rglob("*.py"))
        if path != home
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if made.search(line)
    ]
    assert found == []
