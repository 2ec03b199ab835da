"""Optional rerank through a local /v1/rerank endpoint (and its fallback), and exact pages of merged parents."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from mira_desktop.services.knowledge.rerank import RerankConfig
from tests.support.documents import make_pdf
from tests.support.fixtures import Script

pytestmark = pytest.mark.slow


class Reranker:
    """A Jina/Cohere-style endpoint on loopback that ranks documents by how often they say ``favourite``."""

    def __init__(self, favourite: str) -> None:
        self.favourite = favourite
        self.requests: list[dict[str, Any]] = []
        self.mode = "ok"  # or "error", "slow"
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                owner.requests.append({"path": self.path, **body})
                if owner.mode == "slow":
                    time.sleep(1.5)
                if owner.mode == "error":
                    self.send_response(500)
                    self.end_headers()
                    self.wfile.write(b"model not loaded")
                    return
                scores = [doc.count(owner.favourite) + 1 / (i + 2) for i, doc in enumerate(body["documents"])]
                results = [{"index": i, "relevance_score": s} for i, s in enumerate(scores)]
                payload = json.dumps(
                    {"results": sorted(results, key=lambda r: -r["relevance_score"])}
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args: object) -> None:
                return None

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


@pytest.fixture
def reranker() -> Iterator[Reranker]:
    server = Reranker("")
    yield server
    server.close()


@pytest.fixture
def garden(services: AppServices, tmp_path: Path) -> str:
    kb = services.knowledge_bases.create("Garden")
    notes = tmp_path / "garden.md"
    notes.write_text(
        "# Tomatoes\n\nThe greenhouse tomatoes need water every morning and sun all day.\n\n"
        "# Beans\n\nThe beans need water in the evening; beans climb the north wall of the greenhouse.\n\n"
        "# Herbs\n\nBasil and mint grow by the greenhouse door and need water twice a week.\n",
        encoding="utf-8",
    )
    services.knowledge.queue.add(kb.id, [str(notes)])
    services.knowledge.queue.run(kb.id)
    return kb.id


def test_a_configured_endpoint_reorders_the_results_within_its_bounds(
    services: AppServices, garden: str, reranker: Reranker
) -> None:
    plain = services.knowledge.search.search_detailed(garden, "Which plants need water in the greenhouse?", 3)
    reranker.favourite = plain.hits[1].text.splitlines()[0]  # the endpoint prefers the fused second
    services.knowledge_bases.set_rerank(
        garden, RerankConfig(reranker.url, model="bge", candidates=2, max_chars=120)
    )
    result = services.knowledge.search.search_detailed(
        garden, "Which plants need water in the greenhouse?", 3
    )
    assert result.notes["rerank"] == "applied"
    assert [h.text for h in result.hits] == [plain.hits[1].text, plain.hits[0].text, plain.hits[2].text]
    assert result.hits[0].scores["rerank"] > result.hits[1].scores["rerank"]
    assert "rerank" not in result.hits[2].scores  # beyond the candidates: kept in fused order, after them
    [sent] = reranker.requests
    assert sent["path"] == "/v1/rerank"
    assert sent["model"] == "bge"
    assert len(sent["documents"]) == 2  # only the first candidates are sent …
    assert all(len(d) <= 120 for d in sent["documents"])  # … each cut to max_chars
    assert {h.document for h in plain.hits} == {h.document for h in result.hits}


@pytest.mark.parametrize("failure", ["error", "slow", "down"])
def test_when_the_endpoint_fails_the_fused_order_stands_and_the_run_records_the_fallback(
    services: AppServices, garden: str, reranker: Reranker, script: Script, failure: str
) -> None:
    reranker.mode = failure
    url = "http://127.0.0.1:9" if failure == "down" else reranker.url  # nothing listens on port 9
    services.knowledge_bases.set_rerank(garden, RerankConfig(url, timeout_s=0.5))
    question = "Which plants need water in the greenhouse?"
    fused = services.knowledge.search.search_detailed(garden, question, 3, rerank_with=False)
    result = services.knowledge.search.search_detailed(garden, question, 3)
    assert result.notes["rerank"].startswith("fallback: ")
    assert [h.text for h in result.hits] == [h.text for h in fused.hits]
    ref = script({"text": "Tomatoes, beans and herbs need water [1]."})
    handle = services.chat.send(None, question, SendOptions(model_ref=ref, knowledge_base_id=garden))
    assert handle.wait(60) is RunStatus.COMPLETED
    events = [e for e in services.chat.run_events(handle.run_id) if e.type == "rerank.fallback"]
    assert len(events) == 1
    assert events[0].data["reason"]


def test_a_merged_passage_cites_the_page_of_its_best_chunk_with_its_whole_range_as_context(
    services: AppServices, tmp_path: Path, script: Script
) -> None:
    filler = " ".join(
        f"Note {i}: the station corridors are swept and the lamps are checked." for i in range(14)
    )
    codes = " ".join(f"Capsule log {i}: the capsule launch code 7741 was confirmed." for i in range(14))
    pdf = make_pdf(tmp_path / "manual.pdf", [filler, codes + " " + codes])
    kb = services.knowledge_bases.create("Manual")
    services.knowledge.queue.add(kb.id, [str(pdf)])
    services.knowledge.queue.run(kb.id)
    [hit] = services.knowledge.search.search(kb.id, "capsule launch code 7741 confirmed", 1)
    assert hit.merged
    assert hit.context_location["page"] == 1
    assert hit.context_location["page_end"] == 2
    assert hit.location["page"] == 2
    assert hit.location.get("page_end", 2) == 2
    assert hit.location_label == "p. 2"
    assert hit.context_location_label == "pp. 1–2"

    ref = script({"text": "The capsule launch code is 7741 [1]."})
    handle = services.chat.send(
        None, "What is the capsule launch code?", SendOptions(model_ref=ref, knowledge_base_id=kb.id)
    )
    assert handle.wait(60) is RunStatus.COMPLETED
    answer = services.threads.show(handle.thread_id).messages[-1]
    source = answer.metadata["sources"][0]
    assert (source["location_label"], source["context_location_label"]) == ("p. 2", "pp. 1–2")
    assert services.sources.cited(answer.id, 1).page == 2  # the viewer opens the exact page
