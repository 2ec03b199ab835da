"""A local model's window sized at load (or set, and refused past memory with the numbers), and a
local model unloaded when idle and loaded again by the next send (the real SmolLM2)."""

from __future__ import annotations

import queue
from pathlib import Path

import pytest

from mira_desktop.core.changes import Change, Topic
from mira_desktop.core.conversation.runs import EventType, RunStatus
from mira_desktop.core.errors import ConflictError, InvalidInputError, MiraError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from tests.support.gguf_files import write_gguf

pytestmark = pytest.mark.slow


def _states(services: AppServices) -> queue.Queue[tuple[str, str]]:
    """Each (reference, "loading" | "loaded" | "unloaded") the change feed announces from now on."""
    heard: queue.Queue[tuple[str, str]] = queue.Queue()

    def listen(change: Change) -> None:
        if change.topic is Topic.MODEL_MEMORY:
            heard.put((change.ids[0], change.data["model_state"]))

    services.changes.subscribe(listen)
    return heard


def _next(heard: queue.Queue[tuple[str, str]]) -> tuple[str, str]:
    return heard.get(timeout=60)


def test_the_embedded_model_loads_with_a_window_chosen_from_its_file_and_memory(
    services: AppServices,
) -> None:
    profile = services.models.load("local:smollm2")
    assert profile.context_window == 8192  # SmolLM2 was trained for 8,192 tokens; memory here holds them
    assert profile.context_reason == "trained"
    entry = services.models.entry("local:smollm2")
    assert entry.capabilities["context_window"] == 8192
    assert entry.capabilities["context_reason"] == "trained"


def test_a_set_window_and_kv_type_are_what_the_model_loads_with(services: AppServices) -> None:
    services.models.load("local:smollm2")
    chosen = services.models.set_local_options("local:smollm2", context=2048, kv_type="q8_0")
    assert (chosen.context, chosen.kv_type) == (2048, "q8_0")
    assert services.models.loaded_models() == []  # set: it loads again with them on its next use
    profile = services.models.load("local:smollm2")
    assert (profile.context_window, profile.context_reason) == (2048, "setting")
    handle = services.chat.send(None, "Say hi", SendOptions(model_ref="local:smollm2"))
    assert handle.wait(120) is RunStatus.COMPLETED  # a q8_0 cache answers
    services.models.set_local_options("local:smollm2", context=0, kv_type="f16")
    assert services.models.load("local:smollm2").context_reason == "trained"


def test_a_window_past_what_the_model_was_trained_for_is_refused(services: AppServices) -> None:
    with pytest.raises(InvalidInputError, match="trained for 8192 tokens"):
        services.models.set_local_options("local:smollm2", context=16384)


def test_a_window_too_large_for_memory_is_refused_with_the_numbers(
    services: AppServices, tmp_path: Path
) -> None:
    # A 70B-shaped header trained for 16M tokens: its KV cache alone would take terabytes.
    path = write_gguf(
        tmp_path / "huge.gguf", layers=80, context=1 << 24, embedding=8192, heads=64, heads_kv=8
    )
    ref = services.models.add_local(str(path)).ref
    with pytest.raises(ConflictError) as refused:  # the window asks; the command wants --force
        services.models.set_local_options(ref, context=1 << 24)
    said = str(refused.value)
    assert "16,777,216-token window" in said
    assert "MB of memory" in said
    assert "the largest that fits is" in said
    assert services.models.local_options(ref).context == 0  # nothing was set
    services.models.set_local_options(ref, context=1 << 24, force=True)
    with pytest.raises(MiraError) as at_load:  # forced, and still more than the memory there is
        services.models.load(ref)
    said = str(at_load.value)
    assert "cannot load with a 16,777,216-token window" in said
    assert "KV cache 5,242,880 MB" in said  # 80 layers × 2**24 tokens × 8 heads × 256 × 2 bytes
    assert "is free" in said
    assert f"mira models set {ref} --context" in said


def test_a_short_idle_timeout_unloads_the_model_and_the_next_send_loads_it_again(
    services: AppServices,
) -> None:
    heard = _states(services)
    first = services.chat.send(None, "Say hi", SendOptions(model_ref="local:smollm2"))
    assert _next(heard) == ("local:smollm2", "loading")
    assert _next(heard) == ("local:smollm2", "loaded")
    assert first.wait(120) is RunStatus.COMPLETED
    assert services.models.loaded_models() == ["local:smollm2"]
    services.idle_models.watch(interval_s=0.05, seconds=lambda: 0.3)
    assert _next(heard) == ("local:smollm2", "unloaded")  # idle 0.3 s, then its memory given back
    assert services.models.loaded_models() == []
    thread_id = first.thread_id
    again = services.chat.send(thread_id, "And again?")
    assert _next(heard) == ("local:smollm2", "loading")  # the window and the command say "loading…"
    assert _next(heard) == ("local:smollm2", "loaded")
    assert again.wait(120) is RunStatus.COMPLETED
    assert services.chat.run(again.run_id) is not None


def test_a_running_answer_keeps_its_model_loaded(services: AppServices) -> None:
    services.models.load("local:smollm2")
    heard = _states(services)
    deltas: queue.Queue[object] = queue.Queue()
    services.run_bus.subscribe(
        lambda event: deltas.put(event) if event.type == EventType.MESSAGE_DELTA else None
    )
    handle = services.chat.send(
        None, "Write a long story about a cat.", SendOptions(model_ref="local:smollm2")
    )
    deltas.get(timeout=60)  # the model is writing the answer
    assert services.idle_models.check(seconds=0.0) == []  # a run is going: nothing is unloaded
    assert handle.wait(120) is RunStatus.COMPLETED
    assert heard.empty()  # it was never unloaded (nor loaded again) during the run
    services.idle_models.watch(interval_s=0.05, seconds=lambda: 0.3)
    assert _next(heard) == ("local:smollm2", "unloaded")  # once idle, it goes
