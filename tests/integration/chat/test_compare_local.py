"""Compare with the real embedded SmolLM2 against the scripted model: at once when memory holds both,
one after the other (SmolLM2 giving its memory back first) when it does not."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from mira_desktop.core.changes import Change, Topic
from mira_desktop.core.conversation.runs import EventType, RunStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.compare import load_need
from mira_desktop.services.chat.run_bus import LiveEvent
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent

pytestmark = pytest.mark.slow
SMOLLM2 = "local:smollm2"


def test_smollm2_and_the_scripted_model_answer_at_once_with_their_speed(
    services: AppServices, script: Script
) -> None:
    scripted = script({"text": "Hello from the script.", "token_delay_ms": 5})
    need = load_need(services.models, SMOLLM2)
    assert 100 << 20 < need < 2 << 30  # weights, KV cache at its window and compute buffer: some hundred MB

    comparison = services.compare.send(None, "Say hello in one short sentence.", [SMOLLM2, scripted])

    assert comparison.together  # this machine holds both
    assert comparison.memory.needs == {SMOLLM2: need, scripted: 0}
    assert comparison.wait(300) == [RunStatus.COMPLETED, RunStatus.COMPLETED]
    local_answer = services.threads.show(comparison.thread_id).messages
    texts = {m.id: m.content for m in local_answer}
    assert texts[comparison.handles[0].assistant_message_id].strip()  # SmolLM2 wrote something
    assert texts[comparison.handles[1].assistant_message_id] == "Hello from the script."
    assert requests_sent(services, scripted)[0].messages[-1].content == "Say hello in one short sentence."
    speed = comparison.speed(0)
    assert speed.first_token_s is not None
    assert speed.tokens >= 1
    assert speed.tokens < 2 or (speed.tokens_per_s or 0) > 0


def test_when_both_do_not_fit_smollm2_answers_first_and_gives_its_memory_back_before_the_next(
    services: AppServices, script: Script
) -> None:
    scripted = script({"text": "Second."})
    # The default model counts the thread's tokens for its summary after each answer: not SmolLM2 here.
    services.models.set_default(scripted)
    need = load_need(services.models, SMOLLM2)
    order: list[str] = []
    lock = threading.Lock()

    def heard_change(change: Change) -> None:
        if change.topic is Topic.MODEL_MEMORY:
            with lock:
                order.append(f"{change.ids[0]} {change.data['model_state']}")

    def heard_run(event: LiveEvent) -> None:
        if event.type == EventType.RUN_STARTED:
            with lock:
                order.append(f"run {event.run_id}")

    services.changes.subscribe(heard_change)
    services.run_bus.subscribe(heard_run)

    comparison = services.compare.send(None, "Say hi.", [SMOLLM2, scripted], available=need)  # room for one

    assert not comparison.together
    assert comparison.memory.note().english.startswith("One after the other: both do not fit in memory (")
    assert comparison.wait(300) == [RunStatus.COMPLETED, RunStatus.COMPLETED]
    local_run, scripted_run = (f"run {h.run_id}" for h in comparison.handles)
    with lock:
        seen = list(order)
    # It loaded to count the request's tokens, answered, and gave its memory back before the next began.
    assert seen == [f"{SMOLLM2} loading", f"{SMOLLM2} loaded", local_run, f"{SMOLLM2} unloaded", scripted_run]
    assert SMOLLM2 not in services.models.loaded_models()


def test_one_after_the_other_a_local_model_waiting_its_turn_holds_no_memory(
    services: AppServices, script: Script
) -> None:
    scripted = script({"text": "First."})
    services.models.set_default(scripted)  # as above: the summary check counts with the default model
    need = load_need(services.models, SMOLLM2)
    order: list[str] = []
    lock = threading.Lock()

    def heard_change(change: Change) -> None:
        if change.topic is Topic.MODEL_MEMORY:
            with lock:
                order.append(f"{change.ids[0]} {change.data['model_state']}")

    def heard_run(event: LiveEvent) -> None:
        if event.type == EventType.RUN_STARTED:
            with lock:
                order.append(f"run {event.run_id}")

    services.changes.subscribe(heard_change)
    services.run_bus.subscribe(heard_run)

    comparison = services.compare.send(None, "Say hi.", [scripted, SMOLLM2], available=need)

    assert comparison.wait(300) == [RunStatus.COMPLETED, RunStatus.COMPLETED]
    scripted_run, local_run = (f"run {h.run_id}" for h in comparison.handles)
    with lock:
        seen = list(order)
    # Loaded to count its request's tokens, unloaded while the scripted model answered, loaded in its turn.
    assert seen == [
        f"{SMOLLM2} loading", f"{SMOLLM2} loaded", f"{SMOLLM2} unloaded", scripted_run,
        local_run, f"{SMOLLM2} loading", f"{SMOLLM2} loaded",
    ]  # fmt: skip


def test_two_local_models_that_do_not_fit_together_never_hold_memory_at_the_same_time(
    services: AppServices, tmp_path: Path
) -> None:
    from mira_desktop.models.embedded import smollm2_gguf_path

    embedded = smollm2_gguf_path()
    assert embedded is not None
    copy = tmp_path / "second-smollm2.gguf"
    copy.symlink_to(embedded)  # a second local model: another file, its own adapter and memory
    second = f"local:{copy}"
    # The thread's model is the default, SmolLM2: the summary check after an answer counts tokens with it,
    # which must not load it while the other model is in memory.
    need = load_need(services.models, SMOLLM2)
    loaded_together: list[list[str]] = []

    def heard(change: Change) -> None:
        if change.topic is Topic.MODEL_MEMORY and change.data["model_state"] == "loaded":
            loaded_together.append(services.models.loaded_models())

    services.changes.subscribe(heard)

    comparison = services.compare.send(None, "Say hi.", [second, SMOLLM2], available=need)

    assert not comparison.together
    assert comparison.wait(300) == [RunStatus.COMPLETED, RunStatus.COMPLETED]
    # Each load found the other model unloaded: never both in memory.
    assert {tuple(loaded) for loaded in loaded_together} == {(SMOLLM2,), (second,)}
    assert services.models.loaded_models() == [SMOLLM2]  # the thread's own model stays for what follows
