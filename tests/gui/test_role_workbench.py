"""The role workbench: edit with inline validation, live preview, cards by drag and drop, chat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.core.roles.records import Role
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.roles.cards import CardFormat
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.ui.roles.workbench import RoleWorkbench
from mira_desktop.ui.runtime.operations import OperationRunner
from tests.conftest import SHARED_DATA
from tests.gui.support import drop_files


def open_bench(qtbot: QtBot, services: AppServices, runner: OperationRunner) -> RoleWorkbench:
    """The workbench shown, once its list, first role and that role's preview are read."""
    bench = RoleWorkbench(services, runner)
    qtbot.addWidget(bench)
    bench.resize(1200, 800)
    with qtbot.waitSignals([bench.shown, bench.preview_updated], timeout=10_000):
        bench.show()
        qtbot.waitExposed(bench)
    return bench


def select(qtbot: QtBot, bench: RoleWorkbench, role_id: str) -> None:
    """Select ``role_id`` as a click in the list does, and wait until it and its preview are shown."""
    with qtbot.waitSignals([bench.shown, bench.preview_updated], timeout=10_000):
        bench.refresh_list(select=role_id)


def save(qtbot: QtBot, bench: RoleWorkbench) -> bool:
    """Save as the Save button does; whether it was written."""
    with qtbot.waitSignal(bench.saved, timeout=10_000) as ended:
        bench.save()
    return bool(ended.args[0])


def starter(services: AppServices, name: str = "Mira") -> Role:
    return next(r for r in services.roles.list() if r.name == name)


def test_edit_a_role_see_the_preview_change_and_start_a_chat(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner
) -> None:
    bench = open_bench(qtbot, app_services, runner)
    mira = starter(app_services)
    select(qtbot, bench, mira.id)
    assert bench.preview.text.toPlainText().startswith("── system ──\nYou are Mira.")
    assert "## Scenario" not in bench.preview.text.toPlainText()

    with qtbot.waitSignal(bench.preview_updated, timeout=5000):
        bench.form.prompt_edits["scenario"].setPlainText("{{user}} is planning a trip to Kyoto.")
    text = bench.preview.text.toPlainText()
    assert "## Scenario\nUser is planning a trip to Kyoto." in text
    assert app_services.roles.get(mira.id).version == 1  # previewed, not saved

    with qtbot.waitSignal(bench.preview_updated, timeout=5000):
        bench.form.profile_edits["temperature"].setText("1.3")
    assert '"temperature": 1.3' in bench.preview.text.toPlainText()
    assert "Role " in bench.preview.tokens_label.text()  # the section named as the context meter names it

    with qtbot.waitSignal(bench.start_chat_requested, timeout=5000) as started:
        bench.start_chat_button.click()
    assert started.args == [mira.id]
    saved = app_services.roles.get(mira.id)
    assert saved.version == 2
    assert saved.prompt["scenario"] == "{{user}} is planning a trip to Kyoto."
    assert saved.llm_profile["temperature"] == 1.3


def test_bad_values_show_inline_errors_and_nothing_is_saved(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner
) -> None:
    bench = open_bench(qtbot, app_services, runner)
    mira = starter(app_services)
    select(qtbot, bench, mira.id)
    bench.form.profile_edits["temperature"].setText("3")
    bench.form.profile_edits["top_k"].setText("many")
    bench.form.name_edit.setText("")
    errors = bench.form.errors
    # Under each field, in the form's words (the CLI keeps the schema's: "… or null … (got 3)").
    assert errors["llm_profile.temperature"].text() == (
        "Must be a number from 0 to 2, or empty for the model's default."
    )
    assert errors["llm_profile.temperature"].isVisible()
    assert errors["llm_profile.top_k"].text() == (
        "Must be a whole number of at least 0, or empty for the model's default."
    )
    assert errors["name"].text() == "Must not be empty."
    assert not errors["summary"].isVisible()
    assert not bench.save_button.isEnabled()
    assert not bench.start_chat_button.isEnabled()
    assert save(qtbot, bench) is False
    with qtbot.waitSignal(bench.preview_updated):
        bench.refresh_preview()
    assert "Fix the fields" in bench.preview.text.toPlainText()
    assert app_services.roles.get(mira.id) == mira

    bench.form.name_edit.setText("Mira")
    bench.form.profile_edits["temperature"].setText("")
    bench.form.profile_edits["top_k"].setText("")
    assert not errors["name"].isVisible()
    assert save(qtbot, bench)
    assert app_services.roles.get(mira.id).llm_profile == {"top_p": 0.95}  # the cleared value is gone


def test_a_temperature_of_40_is_refused_under_its_field_in_chinese(
    qtbot: QtBot, chinese: None, app_services: AppServices, runner: OperationRunner
) -> None:
    bench = open_bench(qtbot, app_services, runner)
    mira = starter(app_services)
    select(qtbot, bench, mira.id)
    bench.form.profile_edits["temperature"].setText("40")
    bench.form.name_edit.setText("")
    errors = bench.form.errors
    qtbot.waitUntil(errors["llm_profile.temperature"].isVisible)
    assert errors["llm_profile.temperature"].text() == "必须是 0 到 2 之间的数字，或留空使用模型的默认值。"
    assert errors["name"].text() == "不能为空。"
    assert save(qtbot, bench) is False
    assert app_services.roles.get(mira.id) == mira


def test_a_draft_role_is_previewed_with_a_badge_and_cannot_start_a_chat(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner
) -> None:
    bench = open_bench(qtbot, app_services, runner)
    with qtbot.waitSignals([bench.shown, bench.preview_updated], timeout=10_000):
        bench.new_role()
    assert bench.form.name_edit.text() == "New role"
    assert bench.role_list.currentItem().text().endswith("Draft")
    assert bench.preview.badge_label.isVisible()
    assert not bench.start_chat_button.isEnabled()
    bench.form.status_box.setCurrentIndex(bench.form.status_box.findData("active"))
    assert bench.start_chat_button.isEnabled()


def test_lorebook_entries_show_in_the_preview_when_the_sample_message_triggers_them(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner
) -> None:
    bench = open_bench(qtbot, app_services, runner)
    select(qtbot, bench, starter(app_services).id)
    lore = bench.form.lorebook
    lore.add_button.click()
    lore.keys_edit.setPlainText("Kyoto\nKansai")
    lore.content_edit.setPlainText("Kyoto has 1,600 temples.")
    with qtbot.waitSignal(bench.preview_updated, timeout=5000):
        bench.preview.message_edit.setText("Any tips for kansai?")
    text = bench.preview.text.toPlainText()
    assert "## Lore\nKyoto has 1,600 temples." in text
    assert "── user ──\nAny tips for kansai?\n\n── Parameters ──" in text
    assert save(qtbot, bench)
    assert app_services.roles.get(bench.role_id or "").lorebook[0]["keys"] == ["Kyoto", "Kansai"]


def test_dropping_card_files_imports_them(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner
) -> None:
    bench = open_bench(qtbot, app_services, runner)
    cards = [
        SHARED_DATA / "cards" / "examples" / "default_FluxTheCat.png",
        SHARED_DATA / "cards" / "fixtures_synthetic" / "plain_image.png",
    ]
    with qtbot.waitSignal(bench.imported):
        drop_files(bench, cards)
    assert bench.form.name_edit.text() == "Flux the Cat"
    assert "Imported Flux the Cat (V2)" in bench.message_label.text()
    assert "plain_image.png" in bench.message_label.text()
    assert "holds no character card" in bench.message_label.text()
    assert bench.form.avatar_label.pixmap() is not None
    assert not bench.form.avatar_label.pixmap().isNull()


def test_export_then_reimport_from_the_workbench(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, tmp_path: Path
) -> None:
    bench = open_bench(qtbot, app_services, runner)
    select(qtbot, bench, starter(app_services, "中文写作助手").id)
    target = tmp_path / "writer.json"
    with qtbot.waitSignal(bench.exported) as exported:
        bench.export_role(target, CardFormat.V3, png=False)
    assert exported.args == [True]
    card = json.loads(target.read_text("utf-8"))
    assert card["data"]["name"] == "中文写作助手"
    with qtbot.waitSignal(bench.imported) as done:
        bench.import_files([target])
    imported = done.args[0]
    assert len(imported) == 1
    assert bench.role_id == imported[0].role.id
    assert bench.form.prompt_edits["description"].toPlainText().startswith("{{char}}是一位经验丰富的中文编辑")


def test_search_filter_duplicate_and_delete(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    bench = open_bench(qtbot, app_services, runner)
    reviewer = starter(app_services, "Code Reviewer")
    thread = ThreadRepository(app_services.database).create(title="review", role_id=reviewer.id)
    with qtbot.waitSignal(bench.shown):
        bench.search_box.setText("code")
    assert [bench.role_list.item(i).text() for i in range(bench.role_list.count())] == ["Code Reviewer"]
    with qtbot.waitSignal(bench.shown):
        bench.duplicate_role()
    assert bench.form.name_edit.text() == "Code Reviewer (copy)"
    with qtbot.waitSignal(bench.shown):
        bench.search_box.setText("")
    with qtbot.waitSignal(bench.shown):
        bench.status_filter.setCurrentIndex(bench.status_filter.findData("archived"))
    assert bench.role_list.count() == 0
    assert bench.empty_label.isVisible()
    bench.status_filter.setCurrentIndex(0)
    select(qtbot, bench, reviewer.id)
    monkeypatch.setattr(bench, "confirm", lambda _text: True)
    with qtbot.waitSignal(bench.shown):
        bench.delete_role()
    assert "1 thread(s) keep their messages" in bench.message_label.text()
    kept = app_services.threads.get(thread.id)
    assert kept.role_id is None
    assert reviewer.id not in {r.id for r in app_services.roles.list()}
