from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.models.adapters.scripted import ScriptedModel
from mira_desktop.models.errors import ModelError
from mira_desktop.models.protocol import ChatMessage, ChatRequest, Finish, TextDelta
from mira_desktop.models.retry import stream_with_retry

REQUEST = ChatRequest((ChatMessage("user", "hi"),))
NO_WAIT = (0.0, 0.0, 0.0)


def _model(tmp_path: Path, *replies: dict[str, object]) -> ScriptedModel:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"replies": list(replies)}))
    return ScriptedModel("scripted:s", path)


def test_transient_errors_before_the_first_token_are_retried(tmp_path: Path) -> None:
    model = _model(
        tmp_path,
        {"error": {"kind": "unreachable", "message": "down"}},
        {"error": {"kind": "rate_limit", "message": "slow down"}},
        {"text": "finally"},
    )
    chunks = list(stream_with_retry(model, REQUEST, CancelToken(), NO_WAIT))
    assert [c.text for c in chunks if isinstance(c, TextDelta)] == ["finally"]
    assert model.calls_made == 3


def test_permanent_errors_are_not_retried(tmp_path: Path) -> None:
    model = _model(tmp_path, {"error": {"kind": "auth", "message": "bad key"}}, {"text": "never"})
    with pytest.raises(ModelError, match="bad key"):
        list(stream_with_retry(model, REQUEST, CancelToken(), NO_WAIT))
    assert model.calls_made == 1


def test_retries_stop_after_the_last_delay(tmp_path: Path) -> None:
    model = _model(tmp_path, *[{"error": {"kind": "timeout", "message": "slow"}}] * 5)
    with pytest.raises(ModelError, match="slow"):
        list(stream_with_retry(model, REQUEST, CancelToken(), (0.0, 0.0)))
    assert model.calls_made == 3


def test_cancel_during_backoff_ends_as_cancelled(tmp_path: Path) -> None:
    model = _model(tmp_path, {"error": {"kind": "unreachable", "message": "down"}}, {"text": "late"})
    token = CancelToken()
    timer = threading.Timer(0.05, token.cancel)
    timer.start()
    assert list(stream_with_retry(model, REQUEST, token, (30.0,))) == [Finish("cancelled")]
    assert model.calls_made == 1
    timer.join()
