"""Our own bugs in background work: each gets a crash report, and what the person sees names it."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.clock import now_iso
from mira_desktop.core.conversation.runs import RunKind, RunStatus
from mira_desktop.core.errors import InternalError
from mira_desktop.core.notifications import Level, Notification
from mira_desktop.services.app import crash_reports
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.attachments.service import AttachmentService
from mira_desktop.services.chat.run_context import RunContext, RunOutcome
from mira_desktop.services.chat.service import SendOptions
from tests.support.cli import Mira
from tests.support.failures import Failures
from tests.support.fixtures import Script


def _reports(services: AppServices) -> list[Path]:
    return sorted(services.folder.logs_dir.glob("crash-*.txt"))


def test_a_bug_in_background_work_nobody_waits_for_is_one_error_naming_its_crash_report(
    services: AppServices, failures: Failures
) -> None:
    notes: list[Notification] = []
    services.notifications.subscribe(notes.append)
    task = services.tasks.start("broken-sweep", lambda _cancel: {}["missing"])
    assert task.wait(10)
    assert {s.kind for s in failures.expect("KeyError")} == {"ERROR notification", "crash report"}
    [report] = _reports(services)
    assert "KeyError: 'missing'" in report.read_text(encoding="utf-8")
    [note] = [n for n in notes if n.level is Level.ERROR]
    assert isinstance(note.error, InternalError)
    assert note.message == str(note.error)
    assert note.message.startswith("Something went wrong inside Mira (KeyError: 'missing').")
    assert str(report) in note.message  # the window shows where the details are
    assert note.details.startswith("background work 'broken-sweep'")
    assert "Traceback" in note.details


class _BrokenRoute:
    def run(self, context: RunContext) -> RunOutcome:
        raise RuntimeError("route bug")


def test_a_bug_in_a_route_fails_the_answer_with_its_crash_report_named_and_a_retry_works(
    services: AppServices, script: Script, failures: Failures, monkeypatch: pytest.MonkeyPatch
) -> None:
    routes = services.chat._worker.routes
    working = routes[RunKind.CHAT]
    monkeypatch.setitem(routes, RunKind.CHAT, _BrokenRoute())
    ref = script({"text": "Hello again."})
    handle = services.chat.send(None, "Hello", SendOptions(model_ref=ref))
    assert handle.wait(30) is RunStatus.FAILED
    failures.expect("RuntimeError: route bug")
    [report] = _reports(services)
    assert "RuntimeError: route bug" in report.read_text(encoding="utf-8")
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.error is not None
    assert answer.error["kind"] == "internal"
    assert str(report) in answer.error["message"]
    assert answer.error["phrase"]["key"] == "internal.saved"  # said in the window's language
    routes[RunKind.CHAT] = working
    assert services.chat.retry(handle.user_message_id).wait(30) is RunStatus.COMPLETED


def test_a_bug_in_the_background_indexer_is_an_error_naming_its_crash_report(
    services: AppServices, failures: Failures, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    notes: list[Notification] = []
    services.notifications.subscribe(notes.append)

    def broken_run(*_args: object, **_kwargs: object) -> None:
        raise AttributeError("indexer bug")

    monkeypatch.setattr(services.knowledge.queue, "run", broken_run)
    kb = services.knowledge_bases.create("Notes")
    note = tmp_path / "note.txt"
    note.write_text("some text to index")
    services.knowledge.queue.add(kb.id, [str(note)])
    services.knowledge.indexer.start()
    failures.expect("AttributeError: indexer bug", timeout=30)
    [report] = _reports(services)
    [error] = [n for n in notes if n.level is Level.ERROR]
    assert str(report) in error.message
    assert error.details.startswith("indexing")


def test_two_bugs_in_the_same_millisecond_keep_a_crash_report_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failures: Failures
) -> None:
    stamp = now_iso()
    monkeypatch.setattr(crash_reports, "now_iso", lambda: stamp)
    first = crash_reports.write_crash_report(tmp_path, ValueError("one"))
    second = crash_reports.write_crash_report(tmp_path, ValueError("two"))
    assert len(failures.expect("ValueError")) == 2  # written on purpose here
    assert first != second
    assert "ValueError: one" in first.read_text(encoding="utf-8")
    assert "ValueError: two" in second.read_text(encoding="utf-8")


def test_a_bug_in_a_commands_background_work_is_one_line_on_stderr_naming_its_crash_report(
    mira: Mira, data_dir: Path, failures: Failures, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_collect(_self: AttachmentService) -> None:
        raise RuntimeError("collector bug")

    monkeypatch.setattr(AttachmentService, "collect", broken_collect)  # run at every start
    result = mira("info")
    assert result.code == 0  # the command itself did what it was asked
    failures.expect("RuntimeError: collector bug")
    [report] = sorted((data_dir / "logs").glob("crash-*.txt"))
    [line] = [line for line in result.err.splitlines() if "collector bug" in line]
    assert line.startswith("mira: error: Something went wrong inside Mira (RuntimeError: collector bug).")
    assert str(report) in line
