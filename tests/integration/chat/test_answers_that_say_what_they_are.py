"""Answers that fit and say what they are: passages budgeted into the window, cut-off labelled, loops
stopped, citations attached where the model wrote none (scripted model), and the Chinese question
of issue 11 answered with its source by the real embedded models."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.routes.answer_stream import REPETITION_EVENT
from mira_desktop.services.chat.service import SendOptions
from tests.support.drcd import drcd_slice
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent

pytestmark = pytest.mark.slow

LOOP = " ".join(["The escape capsule launch code is 7741 [1]."] * 12)


@pytest.fixture
def kb(services: AppServices, tmp_path: Path) -> str:
    base = services.knowledge_bases.create("Station")
    manual = tmp_path / "manual.md"
    manual.write_text(
        "# Capsule\n\nThe emergency launch code for the escape capsule is 7741. Keep it secret.\n\n"
        + "\n\n".join(
            f"# Log {i}\n\n" + " ".join([f"Entry {i}: the crew checked the hatch seals."] * 60)
            for i in range(4)
        )
        + "\n\n# Crew\n\nThe commander is Aiko Tanaka. The engineer is Lars Berg.\n",
        encoding="utf-8",
    )
    added = services.knowledge.queue.add(base.id, [str(manual)])
    services.knowledge.queue.run_until_done(base.id, added.jobs)
    return base.id


def test_passages_are_fitted_into_a_small_window_fewer_and_shorter_never_over(
    services: AppServices, kb: str, script: Script
) -> None:
    ref = script({"text": "The hatch seals were checked [1]."}, profile={"context_window": 400})
    handle = services.chat.send(
        None, "Who checked the hatch seals in the logs?", SendOptions(model_ref=ref, knowledge_base_id=kb)
    )
    assert handle.wait(60) is RunStatus.COMPLETED
    [request] = requests_sent(services, ref)
    model = services.models.registry.get(ref)
    prompt = sum(model.count_tokens(m.content) + 8 for m in request.messages)
    assert request.sampling.max_tokens is not None
    assert prompt + request.sampling.max_tokens <= 400
    answer = services.threads.show(handle.thread_id).messages[-1]
    sources = answer.metadata["sources"]
    assert 1 <= len(sources) < 5  # fewer passages than were retrieved …
    assert sources[-1]["shortened"]  # … the last cut to the room left
    started = next(e for e in services.chat.run_events(handle.run_id) if e.type == "generation.started")
    assert started.data["dropped"] >= 1


@pytest.mark.parametrize("bound", [True, False], ids=["rag-route", "chat-route"])
def test_an_answer_that_ends_at_max_tokens_is_labelled_cut_off(
    services: AppServices, kb: str, script: Script, bound: bool
) -> None:
    ref = script({"text": "The escape capsule launch code is", "finish": "length"})
    options = SendOptions(model_ref=ref, knowledge_base_id=kb if bound else None)
    handle = services.chat.send(None, "What is the launch code?", options)
    assert handle.wait(60) is RunStatus.COMPLETED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.metadata["cut_off"] is True
    assert answer.metadata["finish_reason"] == "length"
    assert answer.content == "The escape capsule launch code is"


@pytest.mark.parametrize("bound", [True, False], ids=["rag-route", "chat-route"])
def test_a_looping_answer_is_stopped_trimmed_and_labelled(
    services: AppServices, kb: str, script: Script, bound: bool
) -> None:
    ref = script({"text": LOOP})
    options = SendOptions(model_ref=ref, knowledge_base_id=kb if bound else None)
    handle = services.chat.send(None, "What is the launch code?", options)
    assert handle.wait(60) is RunStatus.COMPLETED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.content == "The escape capsule launch code is 7741 [1]."
    assert answer.metadata["stopped_repeating"] is True
    assert "cut_off" not in answer.metadata
    [stopped] = [e for e in services.chat.run_events(handle.run_id) if e.type == REPETITION_EVENT]
    assert stopped.data["kept_chars"] == len(answer.content)
    assert stopped.data["removed_chars"] > 0


def test_without_markers_mira_attaches_each_sentence_to_its_source_or_flags_it(
    services: AppServices, kb: str, script: Script
) -> None:
    text = (
        "The launch code of the escape capsule is 7741. "
        "The engineer on the station is Lars Berg. "
        "Bananas grow on tall plants in warm countries."
    )
    ref = script({"text": text})
    handle = services.chat.send(
        None,
        "What is the capsule's launch code and who is the engineer?",
        SendOptions(model_ref=ref, knowledge_base_id=kb),
    )
    assert handle.wait(60) is RunStatus.COMPLETED
    answer = services.threads.show(handle.thread_id).messages[-1]
    sources = {s["n"]: s for s in answer.metadata["sources"]}
    citations = answer.metadata["citations"]
    assert [c["added_by"] for c in citations] == ["mira", "mira", None]
    assert "7741" in sources[citations[0]["source"]]["quote"]
    assert "Lars Berg" in sources[citations[1]["source"]]["quote"]
    assert citations[2]["supported"] is False
    assert answer.metadata["citation_counts"] == {"by_model": 0, "by_mira": 2, "unsupported": 1}
    assert text[citations[1]["start"] : citations[1]["end"]] == "The engineer on the station is Lars Berg."


def test_the_chinese_question_gets_an_answer_with_its_source_on_the_embedded_models(
    services: AppServices, tmp_path: Path
) -> None:
    """Issue 11: a DRCD base, its question, local:smollm2 and MiniLM; it overflowed the 4,096-token window."""
    data = drcd_slice(tmp_path / "drcd", paragraphs=30)
    kb = services.knowledge_bases.create("梵文與馬祖")
    services.knowledge.queue.add(kb.id, [str(data.corpus)])
    services.knowledge.queue.run(kb.id)
    question = "陸特和漢斯雷頓開創了哪一地區對梵語的學術研究？"
    handle = services.chat.send(
        None, question, SendOptions(model_ref="local:smollm2", knowledge_base_id=kb.id)
    )
    assert handle.wait(280) is RunStatus.COMPLETED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.error is None
    assert answer.content.strip()
    documents = [s["document"] for s in answer.metadata["sources"]]
    assert documents[0] == "drcd-0-0", documents
    usage = answer.metadata.get("usage") or {}
    if usage:
        assert usage["prompt_tokens"] + usage["completion_tokens"] <= 4096
    assert json.dumps(answer.metadata["timings_ms"])  # the stages were timed
