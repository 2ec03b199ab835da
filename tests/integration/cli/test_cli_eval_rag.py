"""`mira eval rag`: the real RAG route per question, scored, kept, compared with a baseline under gates."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.integration.cli.conftest import Mira
from tests.support.drcd import drcd_slice
from tests.support.fixtures import Script

pytestmark = pytest.mark.slow


def test_eval_rag_scores_sources_answers_refusals_and_gates_against_a_baseline(
    mira: Mira, tmp_path: Path, script: Script
) -> None:
    data = drcd_slice(tmp_path / "drcd", paragraphs=8)  # a question on each paragraph; 3 are asked
    mira("kb", "create", "DRCD")
    assert mira("kb", "add", "DRCD", str(data.corpus)).code == 0
    gold = [q["metadata"]["answers"][0] for q in data.questions]  # type: ignore[index]
    # The default route makes one model call per question: the answer. The first contains its gold answer.
    answers = script({"text": f"答案是{gold[0]}。"}, {"text": "我不確定。"}, {"text": "資料沒有提到。"})
    args = ["--kb", "DRCD", "--queries", str(data.queries), "--qrels", str(data.qrels), "--limit", "3"]
    baseline = tmp_path / "baseline.json"
    first = mira("--json", "eval", "rag", *args, "--model", answers, "--out", str(baseline))
    assert first.code == 0, first.err
    report = first.json()
    metrics = report["metrics"]
    assert metrics["queries"] == 3
    assert metrics["right_source_rate"] == 1.0  # BM25 over jieba finds each paragraph
    assert metrics["wrong_refusal_rate"] == 0.0
    assert metrics["gold_answer_rate"] == pytest.approx(1 / 3)
    assert {"retrieve_p50_ms", "first_token_p50_ms", "total_p95_ms"} <= set(metrics)
    rows = json.loads(baseline.read_text("utf-8"))["per_query"]
    assert [r["first_right_rank"] for r in rows] == [1, 1, 1]
    assert Path(report["report"]).is_file()  # kept for the Evaluation tab
    assert mira("--json", "threads", "list").json() == []  # the questions' threads are gone

    # Grading by a model that finds nothing relevant: every answer becomes a (wrong) refusal.
    refusing = script(*[{"text": json.dumps({"relevant": []})}] * 6)
    gated = mira(
        "--json", "eval", "rag", *args, "--model", refusing,
        "--config", "grading=model,hyde=off", "--baseline", str(baseline),
        "--fail-below", "right_source_rate=baseline-0.1", "--fail-above", "wrong_refusal_rate=0.2",
    )  # fmt: skip
    assert gated.code == 6, gated.err
    result = gated.json()
    assert result["metrics"]["wrong_refusal_rate"] == 1.0
    assert result["comparison"]["right_source_rate"]["change"] == -1.0
    assert len(result["gates"]["failed"]) == 2
    assert "gate failed: right_source_rate 0 is below 0.9" in gated.err
