from __future__ import annotations

import threading
import time

import pytest

from mira_desktop.core.cancel import Cancelled, CancelToken


def test_cancel_is_idempotent_and_keeps_the_first_reason() -> None:
    token = CancelToken()
    token.cancel("user")
    token.cancel("shutdown")
    assert token.cancelled
    assert token.reason == "user"


def test_callbacks_run_once_on_cancel_and_at_once_when_registered_late() -> None:
    token = CancelToken()
    calls: list[str] = []
    token.on_cancel(lambda: calls.append("early"))
    token.cancel()
    token.cancel()
    token.on_cancel(lambda: calls.append("late"))
    assert calls == ["early", "late"]


def test_unregistered_callback_is_not_called() -> None:
    token = CancelToken()
    calls: list[str] = []
    unregister = token.on_cancel(lambda: calls.append("x"))
    unregister()
    token.cancel()
    assert calls == []


def test_wait_wakes_at_once_when_cancelled_from_another_thread() -> None:
    token = CancelToken()
    canceller = threading.Timer(0.01, token.cancel)
    started = time.monotonic()
    canceller.start()
    assert token.wait(30) is True
    assert time.monotonic() - started < 10  # woken by the cancel, long before the 30 s timeout
    canceller.join()


def test_wait_without_a_cancel_returns_false_after_its_timeout() -> None:
    assert CancelToken().wait(0.01) is False


def test_raise_if_cancelled_raises_only_after_cancel() -> None:
    token = CancelToken()
    token.raise_if_cancelled()
    token.cancel("user")
    with pytest.raises(Cancelled):
        token.raise_if_cancelled()
