"""The Qt binding itself: a regression found here, where streaming emits a signal per token."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    carried = Signal(object)


def test_emitting_signals_many_times_keeps_reference_counts_intact() -> None:
    # PySide6 6.12.0 decremented True on every emit under Python 3.11: the process aborted
    # (bool_dealloc) after about a thousand streamed tokens.
    emitter = _Emitter()
    received: list[object] = []
    emitter.carried.connect(received.append)
    before_true, before_none = sys.getrefcount(True), sys.getrefcount(None)
    for index in range(5000):
        emitter.carried.emit((index,))
    assert len(received) == 5000
    # A broken binding is off by one per emit (5000); other threads of the process move these
    # counts by a few dozen at most.
    assert abs(sys.getrefcount(True) - before_true) < 1000
    assert abs(sys.getrefcount(None) - before_none) < 1000
