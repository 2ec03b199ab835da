"""The knowledge-base route on real LanceDB, Tantivy and the embedded embedding model."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import EventType, RunKind, RunStatus
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.routes.rag import GRADE_SCHEMA, RagRoute
from mira_desktop.services.chat.routes.rag_retriever import KnowledgeRetriever
from mira_desktop.services.chat.run_bus import LiveEvent
from mira_desktop.services.chat.service import SendOptions
from mira_desktop.services.knowledge.rag_settings import rag_settings
from tests.support.documents import make_pdf
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent

pytestmark = pytest.mark.slow

ARCHIVIST = {
    "name": "Archivist",
    "prompt": {"description": "{{char}} answers from the station records."},
    "llm_profile": {"temperature": 0.35, "top_p": 0.8, "top_k": 7, "max_tokens": 123},
}
ARCHIVIST_TEXT = "You are Archivist.\n\n## Description\nArchivist answers from the station records."
ARCHIVIST_SAMPLING = SamplingParams(temperature=0.35, top_p=0.8, top_k=7, max_tokens=123)


def use_rag(services: AppServices, config: str) -> None:
    """Answer knowledge-base questions with the RAG configuration ``config`` (see rag_settings)."""
    route = RagRoute(KnowledgeRetriever(services.knowledge.search), settings=rag_settings(config))
    services.chat.register_route(RunKind.RAG, route)


@pytest.fixture
def model_grading(services: AppServices) -> None:
    """The route as it was before measurement chose its defaults: the model grades, HyDE on refusal."""
    use_rag(services, "model-grading")


@pytest.fixture
def kb(services: AppServices, tmp_path: Path) -> str:
    base = services.knowledge_bases.create("Station manual")
    pdf = make_pdf(
        tmp_path / "manual.pdf",
        [
            "Chapter one. The station has four docking ports and a greenhouse module. "
            + " ".join(
                f"Greenhouse note {i}: the tomatoes and beans need water every morning." for i in range(25)
            ),
            "Chapter two. The emergency launch code for the escape capsule is 7741. Keep it secret. "
            + " ".join(
                f"Capsule note {i}: check the hatch seals and the oxygen valves weekly." for i in range(25)
            ),
        ],
    )
    notes = tmp_path / "notes.md"
    notes.write_text("# Crew\n\nThe commander is Aiko Tanaka. The engineer is Lars Berg.\n", encoding="utf-8")
    added = services.knowledge.queue.add(base.id, [str(pdf), str(notes)])
    services.knowledge.queue.run_until_done(base.id, added.jobs)
    return base.id


def test_rag_answer_cites_the_right_document_and_page(services: AppServices, kb: str, script: Script) -> None:
    ref = script({"text": "The launch code is 7741 [1]."})  # the default grading makes no model call
    handle = services.chat.send(
        None, "What is the emergency launch code?", SendOptions(model_ref=ref, knowledge_base_id=kb)
    )
    assert handle.wait(60) is RunStatus.COMPLETED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.content == "The launch code is 7741 [1]."
    sources = answer.metadata["sources"]
    assert sources[0]["document"] == "manual.pdf"
    location = sources[0]["location"]
    assert location["page"] <= 2 <= location.get("page_end", location["page"]), location
    assert "7741" in sources[0]["quote"]
    assert {"vector", "bm25"} & set(sources[0]["scores"])
    # A click on the source opens the stored copy at its page.
    opened = services.sources.cited(answer.id, 1)
    assert opened.path.is_file()
    assert opened.page == location["page"]
    assert services.sources.render_pdf_page(opened.path, opened.page or 1).startswith(b"\x89PNG")
    run = services.chat.run(handle.run_id)
    assert run is not None
    assert run.kind.value == "rag"
    types = [e.type for e in services.chat.run_events(handle.run_id)]
    assert types[0] == EventType.ROUTE_SELECTED
    for stage in ("retrieval.started", "retrieval.completed", "evidence.graded", "generation.started"):
        assert stage in types
    assert answer.metadata["citations"][0]["added_by"] == "model"
    assert {"retrieve", "grade", "first_token", "total"} <= set(answer.metadata["timings_ms"])


def test_empty_knowledge_base_gets_the_fixed_reply_without_a_model_call(
    services: AppServices, script: Script
) -> None:
    empty = services.knowledge_bases.create("Nothing yet")
    ref = script()  # no replies: any model call would fail the run
    handle = services.chat.send(None, "Anything?", SendOptions(model_ref=ref, knowledge_base_id=empty.id))
    assert handle.wait(60) is RunStatus.COMPLETED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert "has no documents yet" in answer.content
    assert answer.metadata["sources"] == []
    assert requests_sent(services, ref) == []


@pytest.mark.usefixtures("model_grading")
def test_model_grading_that_finds_nothing_rewrites_once_then_says_so(
    services: AppServices, kb: str, script: Script
) -> None:
    ref = script(
        {"text": json.dumps({"relevant": []})},
        {"text": "Penguins live in Antarctica and eat fish."},
        {"text": json.dumps({"relevant": []})},
    )
    handle = services.chat.send(
        None, "What do penguins eat?", SendOptions(model_ref=ref, knowledge_base_id=kb)
    )
    assert handle.wait(60) is RunStatus.COMPLETED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert "could not find anything" in answer.content
    assert answer.metadata["sources"] == []
    events = services.chat.run_events(handle.run_id)
    retrievals = [e.data for e in events if e.type == "retrieval.started"]
    assert [(r["kind"], r["query"]) for r in retrievals] == [
        ("original", "What do penguins eat?"),
        ("rewritten", "Penguins live in Antarctica and eat fish."),  # the model's HyDE passage
    ]
    assert [e.type for e in events].count("query.rewritten") == 1
    grade, rewrite, regrade = requests_sent(services, ref)  # and no answer was asked for
    assert rewrite.messages[0].content.endswith("would contain:\nWhat do penguins eat?")
    for grading in (grade, regrade):  # both gradings judge against the user's own question
        assert grading.messages[0].content.startswith("Question: What do penguins eat?\n")


@pytest.mark.usefixtures("model_grading")
def test_grading_is_the_grader_models_job_and_the_rewrite_the_fast_models(
    services: AppServices, kb: str, script: Script
) -> None:
    answer = script()  # no replies: the answer model is never asked when nothing is found
    grader = script({"text": json.dumps({"relevant": []})}, {"text": json.dumps({"relevant": []})})
    fast = script({"text": "Penguins live in Antarctica and eat fish."})
    services.models.set_model_role("grader", grader)
    services.models.set_model_role("fast", fast)
    handle = services.chat.send(
        None, "What do penguins eat?", SendOptions(model_ref=answer, knowledge_base_id=kb)
    )
    assert handle.wait(60) is RunStatus.COMPLETED
    assert requests_sent(services, answer) == []
    gradings = requests_sent(services, grader)
    assert [g.messages[0].content.startswith("Question: What do penguins eat?\n") for g in gradings] == [
        True,
        True,
    ]
    (rewrite,) = requests_sent(services, fast)
    assert rewrite.messages[0].content.endswith("would contain:\nWhat do penguins eat?")


def test_cancel_during_rag_generation_keeps_partial_text_and_sources(
    services: AppServices, kb: str, script: Script
) -> None:
    slow = " ".join(f"Sentence {i}: the commander is Aiko Tanaka [1]." for i in range(40))
    ref = script({"text": slow, "hold_after": 3})  # held until the stop
    started = threading.Event()

    def listen(event: LiveEvent) -> None:
        if event.type == EventType.MESSAGE_DELTA and event.seq is None:
            started.set()

    services.chat.bus.subscribe(listen)
    handle = services.chat.send(
        None, "Who is the commander?", SendOptions(model_ref=ref, knowledge_base_id=kb)
    )
    assert started.wait(60)
    services.chat.stop(handle.run_id)
    assert handle.wait(60) is RunStatus.CANCELLED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.status is MessageStatus.CANCELLED
    assert answer.content.startswith("Sentence")
    assert answer.metadata["sources"][0]["document"] == "notes.md"


@pytest.mark.usefixtures("model_grading")
def test_the_rag_route_asks_for_the_answer_with_the_roles_text_and_sampling_and_grades_without_them(
    services: AppServices, kb: str, script: Script
) -> None:
    role = services.roles.create(ARCHIVIST)
    ref = script({"text": json.dumps({"relevant": [1]})}, {"text": "Aiko Tanaka [1]."})
    handle = services.chat.send(
        None, "Who is the commander?", SendOptions(model_ref=ref, knowledge_base_id=kb, role_id=role.id)
    )
    assert handle.wait(60) is RunStatus.COMPLETED
    grading, answering = requests_sent(services, ref)
    # Grading is the route's own structured call: no role text, the route's fixed sampling.
    assert [m.role for m in grading.messages] == ["user"]
    assert grading.messages[0].content.startswith("Question: Who is the commander?\n\nPassages:\n[1] ")
    assert grading.sampling == SamplingParams(temperature=0.0, max_tokens=60)
    # The answer is asked in the role's voice, with the role's whole sampling profile.
    assert answering.sampling == ARCHIVIST_SAMPLING
    system, question = answering.messages
    assert system.role == "system"
    assert system.content.startswith(ARCHIVIST_TEXT + "\n\nAnswer the question using only the sources below.")
    assert "[1] notes.md" in system.content
    assert (question.role, question.content) == ("user", "Who is the commander?")
    run = services.chat.run(handle.run_id)
    assert run is not None
    assert (run.kind.value, run.role_id) == ("rag", role.id)


def test_a_follow_up_on_the_rag_route_sends_role_then_summary_then_sources_and_the_history(
    services: AppServices, kb: str, script: Script
) -> None:
    role = services.roles.create(ARCHIVIST)
    ref = script({"text": "Aiko Tanaka [1]."}, {"text": "Lars Berg [1]."})
    options = SendOptions(model_ref=ref, knowledge_base_id=kb, role_id=role.id)
    first = services.chat.send(None, "Who is the commander?", options)
    assert first.wait(60) is RunStatus.COMPLETED
    services.summaries.set(first.thread_id, "The user asked about the crew.")
    second = services.chat.send(first.thread_id, "And the engineer?")
    assert second.wait(60) is RunStatus.COMPLETED
    answering = requests_sent(services, ref)[1]
    system, *history = answering.messages
    assert system.content.startswith(
        ARCHIVIST_TEXT
        + "\n\nSummary of the earlier conversation:\nThe user asked about the crew."
        + "\n\nAnswer the question using only the sources below."
    )
    assert [(m.role, m.content) for m in history] == [
        ("user", "Who is the commander?"),
        ("assistant", "Aiko Tanaka [1]."),
        ("user", "And the engineer?"),
    ]
    assert answering.sampling == ARCHIVIST_SAMPLING


@pytest.mark.usefixtures("model_grading")
@pytest.mark.parametrize("takes_schema", [True, False], ids=["schema-model", "plain-model"])
def test_grading_sends_a_json_schema_only_to_a_model_whose_profile_takes_one(
    services: AppServices, kb: str, script: Script, takes_schema: bool
) -> None:
    ref = script(
        {"text": json.dumps({"relevant": [1]})},
        {"text": "Aiko Tanaka [1]."},
        profile={"supports_json_schema": takes_schema},
    )
    handle = services.chat.send(
        None, "Who is the commander?", SendOptions(model_ref=ref, knowledge_base_id=kb)
    )
    assert handle.wait(60) is RunStatus.COMPLETED
    grading, answering = requests_sent(services, ref)
    assert grading.json_schema == (GRADE_SCHEMA if takes_schema else None)
    assert answering.json_schema is None
    # Either way the grades are read from the answer, and the answer cites the graded passage.
    graded = next(e for e in services.chat.run_events(handle.run_id) if e.type == "evidence.graded")
    assert (graded.data["relevant"], graded.data["method"]) == ([1], "model")
    assert services.threads.show(handle.thread_id).messages[-1].metadata["sources"][0]["n"] == 1
