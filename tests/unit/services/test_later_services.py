"""The services built after the window is usable: built once, waited for, stood in for until then."""

from __future__ import annotations

import logging
import threading
import time

import pytest

from mira_desktop.core.cancel import Cancelled
from mira_desktop.core.tasks import TaskRunner
from mira_desktop.services.app.later import LaterServices


class _Parts:
    def __init__(self) -> None:
        self.chat = _Chat()


class _Chat:
    def is_busy(self, thread_id: str) -> bool:
        return thread_id == "busy"


def _counting() -> tuple[list[str], LaterServices[_Parts]]:
    builds: list[str] = []

    def build() -> _Parts:
        builds.append(threading.current_thread().name)
        return _Parts()

    return builds, LaterServices(build)


def test_the_later_services_are_built_once_however_many_threads_ask() -> None:
    release = threading.Event()
    builds: list[str] = []

    def build() -> _Parts:
        builds.append(threading.current_thread().name)
        release.wait(5)
        return _Parts()

    later = LaterServices(build)
    got: list[_Parts] = []
    threads = [threading.Thread(target=lambda: got.append(later.finish()), daemon=True) for _ in range(4)]
    for thread in threads:
        thread.start()
    time.sleep(0.2)  # all four are in: one builds, three wait for it
    assert len(builds) == 1
    assert got == []
    release.set()
    for thread in threads:
        thread.join(5)
        assert not thread.is_alive()
    assert len(got) == 4
    assert all(parts is got[0] for parts in got)


def test_a_stand_in_answers_as_the_built_service_once_used() -> None:
    builds, later = _counting()
    chat = later.stand_in(lambda parts: parts.chat, "chat")
    assert later.built is None
    assert "not built yet" in repr(chat)
    assert chat.is_busy("busy")
    assert not chat.is_busy("idle")
    assert builds == [threading.current_thread().name]  # nobody had started them: the first use built them
    assert later.built is not None
    assert "built" in repr(chat)


def test_held_services_make_a_worker_wait_until_the_window_starts_the_build() -> None:
    builds: list[str] = []
    later = LaterServices(lambda: builds.append(threading.current_thread().name) or _Parts(), held=True)
    chat = later.stand_in(lambda parts: parts.chat, "chat")
    answered = threading.Event()
    worker = threading.Thread(target=lambda: chat.is_busy("busy") and answered.set(), name="ui-op")
    worker.start()
    assert not answered.wait(0.3)  # held: the worker's use does not start the build
    assert builds == []
    tasks = TaskRunner()
    try:
        later.finish_in_background(tasks)
        assert answered.wait(5)
        worker.join(5)
    finally:
        tasks.close()
    assert builds == ["mira-later-services"]


def test_the_main_thread_never_waits_for_a_held_build_it_builds_them_and_says_so(
    caplog: pytest.LogCaptureFixture,
) -> None:
    later = LaterServices(_Parts, held=True)
    chat = later.stand_in(lambda parts: parts.chat, "chat")
    with caplog.at_level(logging.WARNING, logger="mira_desktop.services.app.later"):
        assert chat.is_busy("busy")
    assert later.built is not None
    assert any("the main thread used chat before" in r.getMessage() for r in caplog.records)


def test_closing_before_a_held_build_started_cancels_whoever_waits_and_builds_nothing() -> None:
    builds: list[str] = []
    later = LaterServices(lambda: builds.append("built") or _Parts(), held=True)
    chat = later.stand_in(lambda parts: parts.chat, "chat")
    entered = threading.Event()
    outcome: list[BaseException] = []

    def use() -> None:
        entered.set()
        try:
            chat.is_busy("busy")
        except BaseException as exc:
            outcome.append(exc)

    worker = threading.Thread(target=use, daemon=True)
    worker.start()
    assert entered.wait(5)
    time.sleep(0.2)  # the worker waits for the window to start the build
    assert outcome == []
    assert later.settle() is None
    worker.join(5)
    assert not worker.is_alive()
    assert builds == []
    assert len(outcome) == 1
    assert isinstance(outcome[0], Cancelled)


def test_closing_waits_for_a_build_under_way_and_returns_what_it_built() -> None:
    started, release = threading.Event(), threading.Event()

    def build() -> _Parts:
        started.set()
        release.wait(5)
        return _Parts()

    later = LaterServices(build)
    builder = threading.Thread(target=later.finish)
    builder.start()
    assert started.wait(5)
    settled: list[_Parts | None] = []
    closer = threading.Thread(target=lambda: settled.append(later.settle()))
    closer.start()
    closer.join(0.2)
    assert settled == []  # still building
    release.set()
    closer.join(5)
    builder.join(5)
    assert len(settled) == 1
    assert isinstance(settled[0], _Parts)


def test_a_failed_build_is_raised_to_everyone_who_uses_them_and_nothing_runs_after_it() -> None:
    def build() -> _Parts:
        raise OSError("disk gone")

    later = LaterServices(build)
    after: list[str] = []
    later.when_finished(lambda: after.append("ran"))
    with pytest.raises(OSError, match="disk gone"):
        later.finish()
    chat = later.stand_in(lambda parts: parts.chat, "chat")
    with pytest.raises(OSError, match="disk gone"):
        chat.is_busy("busy")
    assert after == []
    assert later.settle() is None


def test_what_waits_for_the_build_runs_right_after_it_or_at_once_once_built() -> None:
    _builds, later = _counting()
    order: list[str] = []
    later.when_finished(lambda: order.append("first"))
    assert order == []
    later.finish()
    later.when_finished(lambda: order.append("second"))
    assert order == ["first", "second"]


def test_using_a_later_service_while_building_them_is_a_bug_not_a_deadlock() -> None:
    holder: list[object] = []

    def build() -> _Parts:
        holder[0].is_busy("busy")  # type: ignore[attr-defined]
        return _Parts()

    later = LaterServices(build)
    holder.append(later.stand_in(lambda parts: parts.chat, "chat"))
    with pytest.raises(RuntimeError, match="while the later services were built"):
        later.finish()


def test_a_failing_callback_is_reported_the_others_run_and_the_builder_gets_the_services() -> None:
    reported: list[BaseException] = []
    later = LaterServices(_Parts, report=reported.append)
    ran: list[str] = []

    def broken() -> None:
        raise OSError("no locks folder")

    later.when_finished(broken)
    later.when_finished(lambda: ran.append("indexer started"))
    assert isinstance(later.finish(), _Parts)  # the build went well: its builder is not told otherwise
    assert ran == ["indexer started"]
    assert [str(e) for e in reported] == ["no locks folder"]


def test_closing_waits_for_what_waited_for_the_build() -> None:
    started, release = threading.Event(), threading.Event()
    later = LaterServices(_Parts)
    done: list[str] = []

    def slow_callback() -> None:
        started.set()
        release.wait(5)
        done.append("resumed downloads")

    later.when_finished(slow_callback)
    builder = threading.Thread(target=later.finish, daemon=True)
    builder.start()
    assert started.wait(5)
    settled: list[object] = []
    closer = threading.Thread(target=lambda: settled.append(later.settle()), daemon=True)
    closer.start()
    closer.join(0.2)
    assert settled == []  # the services are built, but the callback still runs
    release.set()
    closer.join(5)
    assert done == ["resumed downloads"]
    assert len(settled) == 1
    assert isinstance(settled[0], _Parts)
