"""Objects the window owns are freed on the UI thread, never on a worker: Qt deletes a widget on the
thread that frees it, and its timers then fire into freed memory (a SIGSEGV seen in CI)."""

from __future__ import annotations

import gc
import threading

from pytestqt.qtbot import QtBot

from mira_desktop.ui.runtime.garbage_collection import UiThreadCollector
from mira_desktop.ui.runtime.operations import OperationRunner


class _Marker:
    """Records the name of the thread that frees it."""

    def __init__(self, freed_on: list[str]) -> None:
        self.freed_on = freed_on
        self.cycle: object = self

    def __del__(self) -> None:
        self.freed_on.append(threading.current_thread().name)


def test_a_cycle_dropped_while_a_worker_allocates_is_collected_on_the_ui_thread(qtbot: QtBot) -> None:
    enabled_before = gc.isenabled()
    collector = UiThreadCollector(interval_ms=20)
    try:
        assert not gc.isenabled()
        freed_on: list[str] = []
        _Marker(freed_on)  # unreachable at once, freed only by a collection

        kept: list[list[int]] = []

        def allocate() -> None:  # enough new containers for an automatic collection to be due
            kept.extend([index] for index in range(20_000))

        worker = threading.Thread(target=allocate, name="worker")
        worker.start()
        worker.join()
        assert freed_on == []  # the worker's allocations collected nothing
        qtbot.waitUntil(lambda: freed_on != [], timeout=5_000)
        assert freed_on == [threading.main_thread().name]
    finally:
        collector.stop()
        collector.deleteLater()
    assert gc.isenabled() == enabled_before


def test_an_operation_hands_its_function_and_callbacks_back_to_the_ui_thread(
    qtbot: QtBot, runner: OperationRunner
) -> None:
    freed_on: list[str] = []
    marker = _Marker(freed_on)
    marker.cycle = None  # freed when its last reference goes, not by a collection
    dropped = threading.Event()

    def count(held: _Marker = marker) -> int:  # the function holds the marker, as a widget's would
        dropped.wait(5)
        return len(held.freed_on)

    results: list[object] = []
    runner.op(None, count).success(results.append).run()
    del marker, count  # from here the operation holds the last references
    dropped.set()
    qtbot.waitUntil(lambda: results == [0] and freed_on != [], timeout=5_000)
    assert freed_on == [threading.main_thread().name]
