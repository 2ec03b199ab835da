"""`mira models set` (a local model's window and KV cache type), `mira models idle`, and the
"loading…" a send says on stderr, against the real store and the real SmolLM2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.integration.cli.conftest import Mira
from tests.support.gguf_files import write_gguf

pytestmark = pytest.mark.slow


def test_a_local_models_window_is_sized_at_load_until_set(mira: Mira) -> None:
    shown = mira("models", "set", "local:smollm2")
    assert shown.code == 0
    assert (
        "window sized at load, KV cache f16; now 8,192 tokens — what the model was trained for" in shown.out
    )
    chosen = mira("--json", "models", "set", "local:smollm2", "--context", "4096", "--kv-type", "q8_0").json()
    assert chosen == {
        "ref": "local:smollm2",
        "context": 4096,
        "kv_type": "q8_0",
        "window": 4096,
        "reason": "setting",
    }
    assert "4,096 tokens — your setting" in mira("models", "list").out


def test_a_window_past_free_memory_is_refused_with_the_numbers_unless_forced(
    mira: Mira, tmp_path: Path
) -> None:
    path = write_gguf(
        tmp_path / "huge.gguf", layers=80, context=1 << 24, embedding=8192, heads=64, heads_kv=8
    )
    ref = mira("--json", "models", "add-local", str(path)).json()["ref"]
    refused = mira("models", "set", ref, "--context", str(1 << 24))
    assert refused.code != 0
    assert "16,777,216-token window" in refused.err
    assert "MB of memory" in refused.err
    assert "--force" in refused.err
    assert "window sized at load" in mira("models", "set", ref).out  # nothing was set
    assert mira("models", "set", ref, "--context", str(1 << 24), "--force").code == 0
    sent = mira("chat", "send", "--model", ref, "Hello")
    assert sent.code != 0  # and loading it is refused, with the numbers
    assert "cannot load with a 16,777,216-token window" in sent.err
    assert "KV cache 5,242,880 MB" in sent.err


def test_idle_minutes_are_a_setting(mira: Mira) -> None:
    assert "unused for 15 minutes is unloaded" in mira("models", "idle").out
    assert mira("--json", "models", "idle", "2.5").json() == {"idle_minutes": 2.5}
    assert "Local models stay loaded." in mira("models", "idle", "0").out
    refused = mira("models", "idle", "-1")
    assert refused.code != 0
    assert "between 0 (never unload) and 1440" in refused.err


def test_a_send_says_on_stderr_that_the_model_is_loading(mira: Mira) -> None:
    sent = mira("chat", "send", "Hi")
    assert sent.code == 0
    assert "mira: loading local:smollm2…" in sent.err
    assert "mira: local:smollm2 loaded (8,192 tokens — what the model was trained for)" in sent.err
