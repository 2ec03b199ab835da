"""Every failure in the window is seen once: a bug with its crash report named, an error as one dialog,
anything else on the status line; and the test fixtures fail a test on what it would swallow."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import qWarning
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from mira_desktop.core.errors import InternalError, InvalidInputError, MiraError
from mira_desktop.core.notifications import Level
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.model_roles import ModelRolesBox
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.conftest import QtMessages
from tests.gui.support import open_window
from tests.support.failures import Failures


def _dialogs(window: MainWindow) -> list[QMessageBox]:
    return [w for w in window.findChildren(QMessageBox) if w.isVisible()]


def _crash_reports(services: AppServices) -> list[Path]:
    return sorted(services.folder.logs_dir.glob("crash-*.txt"))


def _bug() -> None:
    raise ZeroDivisionError("a bug in the work")


def test_a_bug_in_an_operation_reaches_its_failure_callback_as_the_sentence_naming_its_crash_report(
    qtbot: QtBot, app_services: AppServices, failures: Failures
) -> None:
    window = open_window(qtbot, app_services)
    got: list[BaseException] = []
    window.background.op(window, _bug).failure(got.append).run()
    qtbot.waitUntil(lambda: got != [])
    failures.expect("ZeroDivisionError: a bug in the work")
    [error] = got
    assert isinstance(error, InternalError)  # a MiraError: the callback shows its sentence, as any failure
    assert isinstance(error.__cause__, ZeroDivisionError)
    [report] = _crash_reports(app_services)
    assert str(report) in str(error)
    assert "ZeroDivisionError: a bug in the work" in report.read_text(encoding="utf-8")
    assert _dialogs(window) == []  # the callback's display is the only one
    window.close()


def test_a_bug_no_operation_shows_is_one_dialog_with_its_report_and_traceback_in_the_window_language(
    qtbot: QtBot, app_services: AppServices, failures: Failures, chinese: None
) -> None:
    window = open_window(qtbot, app_services)
    window.statusBar().clearMessage()
    window.background.op(window, _bug).run()
    qtbot.waitUntil(lambda: _dialogs(window) != [])
    failures.expect("ZeroDivisionError")
    [dialog] = _dialogs(window)
    [report] = _crash_reports(app_services)
    assert dialog.text().startswith("Mira 内部出错了（ZeroDivisionError: a bug in the work）")
    assert str(report) in dialog.text()
    assert "Traceback" in dialog.detailedText()  # behind "Show Details…"
    assert window.statusBar().currentMessage() == ""  # one display, not two
    dialog.close()
    window.close()


def test_an_error_notification_is_a_dialog_only_and_a_warning_the_status_line_only(
    qtbot: QtBot, app_services: AppServices, failures: Failures
) -> None:
    window = open_window(qtbot, app_services)
    window.statusBar().clearMessage()
    app_services.notifications.post(Level.WARNING, "The folder could not be read; indexing goes on.")
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() != "")
    assert window.statusBar().currentMessage() == "The folder could not be read; indexing goes on."
    assert _dialogs(window) == []
    window.statusBar().clearMessage()
    refused = MiraError.said("kb.needs_name")
    app_services.notifications.post(Level.ERROR, str(refused), error=refused)
    qtbot.waitUntil(lambda: _dialogs(window) != [])
    failures.expect("needs a name")
    [dialog] = _dialogs(window)
    assert dialog.text() == "A knowledge base needs a name."
    assert window.statusBar().currentMessage() == ""
    dialog.close()
    window.close()


def test_a_refused_model_role_pick_says_why_under_the_combos_and_shows_what_holds(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(role: str, ref: str | None) -> dict[str, str | None]:
        raise InvalidInputError(f"{ref} is not a model Mira knows: add it first.")

    box = ModelRolesBox(app_services, runner)
    qtbot.addWidget(box)
    box.show()
    combo = box.combos["fast"]
    qtbot.waitUntil(lambda: combo.count() > 1)
    monkeypatch.setattr(app_services.models, "set_model_role", refuse)
    combo.setCurrentIndex(1)
    combo.activated.emit(1)
    qtbot.waitUntil(box.error.isVisible)
    assert box.error.text().endswith("is not a model Mira knows: add it first.")
    qtbot.waitUntil(lambda: combo.currentIndex() == 0)  # back to what is saved: the answer model


def test_a_qt_warning_during_a_test_is_seen_with_its_category(qt_messages: QtMessages) -> None:
    qWarning("a widget was misused")
    [line] = qt_messages.expect("a widget was misused")  # taken, so this test passes
    assert "Qt warning [default]" in line
