"""A fixed slice of the DRCD dev set (Traditional Chinese Wikipedia paragraphs with questions and
gold answers), read from the shared data by path, as BEIR files a test can add and evaluate."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import SHARED_DATA

DRCD = SHARED_DATA / "zh" / "drcd_dev_beir"


@dataclass(frozen=True)
class BeirSlice:
    corpus: Path
    queries: Path
    qrels: Path
    ids: list[str]  # the paragraphs, in corpus order
    questions: list[dict[str, object]]  # {"_id", "text", "metadata": {"answers": [...]}}, judged on them
    gold: dict[str, str]  # question id → its paragraph


def drcd_slice(folder: Path, paragraphs: int, questions_per_paragraph: int = 1) -> BeirSlice:
    """The first ``paragraphs`` DRCD paragraphs, and the first questions judged on each."""
    lines = (DRCD / "corpus.jsonl").read_text("utf-8").splitlines()[:paragraphs]
    ids = [json.loads(line)["_id"] for line in lines]
    gold: dict[str, str] = {}
    taken: dict[str, int] = {}
    for row in (DRCD / "qrels" / "test.tsv").read_text("utf-8").splitlines()[1:]:
        query, doc, _ = row.split("\t")
        if doc in ids and taken.get(doc, 0) < questions_per_paragraph:
            gold[query] = doc
            taken[doc] = taken.get(doc, 0) + 1
    questions = [
        record
        for line in (DRCD / "queries.jsonl").read_text("utf-8").splitlines()
        if (record := json.loads(line))["_id"] in gold
    ]
    folder.mkdir(parents=True, exist_ok=True)
    corpus = folder / "corpus.jsonl"
    corpus.write_text("\n".join(lines) + "\n", "utf-8")
    queries = folder / "queries.jsonl"
    queries.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in questions), "utf-8")
    qrels = folder / "qrels.tsv"
    qrels.write_text(
        "query-id\tcorpus-id\tscore\n" + "".join(f"{q}\t{d}\t1\n" for q, d in gold.items()), "utf-8"
    )
    return BeirSlice(corpus, queries, qrels, ids, questions, gold)
