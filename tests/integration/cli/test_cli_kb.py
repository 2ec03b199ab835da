"""`mira kb …` and `mira eval retrieval` through the real entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import SHARED_DATA
from tests.integration.cli.conftest import Mira

SCIFACT = SHARED_DATA / "scifact"


def _notes(folder: Path) -> Path:
    folder.mkdir()
    (folder / "tea.md").write_text(
        "# Tea\n\n## Brewing\n\nGreen tea is brewed at 80 degrees for two minutes.\n"
    )
    (folder / "coffee.txt").write_text("Espresso is brewed under nine bars of pressure.\n")
    (folder / "secret.pdf").write_bytes(
        (SHARED_DATA / "docs/pdf/encrypted/pdfminer__rc4-40.pdf").read_bytes()
    )
    return folder


def test_kb_lifecycle_add_search_docs_jobs_remove_delete(mira: Mira, tmp_path: Path) -> None:
    created = mira("--json", "kb", "create", "Kitchen")
    assert created.code == 0, created.err
    kb_id = created.json()["id"]

    added = mira("--json", "kb", "add", "Kitchen", str(_notes(tmp_path / "notes")))
    assert added.code == 2  # bad input: one file could not be indexed (README, exit status)
    data = added.json()
    assert data["published"] == 2
    assert data["failed"][0]["document"] == "secret.pdf"
    assert "encrypted" in data["failed"][0]["error"]
    assert "could not be indexed" in added.err.splitlines()[-1]

    listed = mira("--json", "kb", "list").json()
    assert [(k["name"], k["documents"]) for k in listed] == [("Kitchen", 3)]

    docs = {d["name"]: d for d in mira("--json", "kb", "docs", kb_id).json()}
    assert (docs["tea.md"]["status"], docs["tea.md"]["version"]) == ("published", 1)
    assert docs["secret.pdf"]["status"] == "failed"
    jobs = mira("--json", "kb", "jobs", "Kitchen").json()
    assert sorted(j["state"] for j in jobs) == ["failed", "published", "published"]

    found = mira("--json", "kb", "search", "Kitchen", "how hot should the water be for green tea", "--k", "2")
    assert found.code == 0, found.err
    hit = found.json()["hits"][0]
    assert hit["document"] == "tea.md"
    assert hit["location"]["heading"] == ["Tea", "Brewing"]
    assert "80 degrees" in hit["text"]
    assert hit["score"] > 0
    text_mode = mira("kb", "search", "Kitchen", "espresso pressure", "--mode", "bm25")
    assert "coffee.txt (line 1)" in text_mode.out

    removed = mira("kb", "remove-doc", "Kitchen", "coffee.txt")
    assert removed.code == 0, removed.err
    assert [d["name"] for d in mira("--json", "kb", "docs", "Kitchen").json()] == ["secret.pdf", "tea.md"]

    deleted = mira("--json", "kb", "delete", "Kitchen")
    assert deleted.code == 0, deleted.err
    assert deleted.json()["documents_removed"] == 2
    assert deleted.json()["in_trash"] is True
    assert mira("--json", "kb", "list").json() == []
    kb_id = deleted.json()["deleted"]
    restored = mira("trash", "restore", kb_id)
    assert restored.code == 0, restored.err
    assert "Restored the knowledge base 'Kitchen'" in restored.out
    assert [d["name"] for d in mira("--json", "kb", "docs", "Kitchen").json()] == ["secret.pdf", "tea.md"]


def test_bad_input_is_one_line_and_changes_nothing(mira: Mira, tmp_path: Path) -> None:
    mira("kb", "create", "Empty")
    missing = mira("kb", "add", "Empty", str(tmp_path / "nope.txt"))
    assert missing.code == 2
    assert missing.err.count("\n") == 1
    assert "does not exist" in missing.err
    assert mira("--json", "kb", "docs", "Empty").json() == []
    unknown = mira("kb", "search", "Nowhere", "query")
    assert unknown.code == 3
    assert "No knowledge base" in unknown.err
    empty = mira("kb", "search", "Empty", "   ")
    assert empty.code == 2


def test_no_wait_queues_and_resume_runs_the_jobs(mira: Mira, tmp_path: Path) -> None:
    mira("kb", "create", "Later")
    note = tmp_path / "later.txt"
    note.write_text("Saturn has the most moons of any planet.")
    queued = mira("--json", "kb", "add", "Later", str(note), "--no-wait")
    assert queued.code == 0
    assert len(queued.json()["jobs"]) == 1
    assert [j["state"] for j in mira("--json", "kb", "jobs", "Later").json()] == ["queued"]
    resumed = mira("--json", "kb", "resume")
    assert resumed.code == 0, resumed.err
    assert resumed.json()["resumed"][0]["published"] == 1
    assert [j["state"] for j in mira("--json", "kb", "jobs", "Later").json()] == ["published"]
    assert (
        mira("--json", "kb", "search", "Later", "moons of saturn").json()["hits"][0]["document"]
        == "later.txt"
    )


def test_watch_indexes_a_folder_and_watching_it_again_rescans_changed_added_and_removed_files(
    mira: Mira, tmp_path: Path
) -> None:
    mira("kb", "create", "Folder")
    folder = tmp_path / "watched"
    folder.mkdir()
    (folder / "one.md").write_text("# One\n\nThe first note.\n")
    (folder / "gone.md").write_text("# Gone\n\nA note about walruses.\n")
    (folder / "same.md").write_text("# Same\n\nA note that stays as it is.\n")
    watched = mira("--json", "kb", "watch", "Folder", str(folder))
    assert watched.code == 0, watched.err
    assert watched.json()["published"] == 3
    assert mira("--json", "kb", "list").json()[0]["watch_path"] == str(folder)

    (folder / "one.md").write_text("# One\n\nThe first note, rewritten to be about pelicans.\n")
    (folder / "two.md").write_text("# Two\n\nA second note about otters.\n")
    (folder / "gone.md").unlink()
    rescan = mira("--json", "kb", "watch", "Folder", str(folder))
    assert rescan.code == 0, rescan.err
    report = rescan.json()
    assert (len(report["jobs"]), report["published"], report["failed"]) == (2, 2, [])
    assert (report["removed"], report["unchanged"]) == (["gone.md"], 1)
    docs = {d["name"]: d for d in mira("--json", "kb", "docs", "Folder").json()}
    assert {name: (d["version"], d["status"]) for name, d in docs.items()} == {
        "one.md": (2, "published"),
        "same.md": (1, "published"),
        "two.md": (1, "published"),
    }

    def bm25(query: str) -> list[tuple[str, str]]:
        hits = mira("--json", "kb", "search", "Folder", query, "--mode", "bm25").json()["hits"]
        return [(h["document"], h["text"]) for h in hits]

    assert bm25("pelicans") == [("one.md", "# One\n\nThe first note, rewritten to be about pelicans.")]
    assert [document for document, _ in bm25("otters")] == ["two.md"]
    assert bm25("walruses") == []

    again = mira("--json", "kb", "watch", "Folder", str(folder)).json()
    assert (again["jobs"], again["removed"], again["unchanged"]) == ([], [], 3)
    assert mira("--json", "kb", "watch", "Folder", "--off").json()["watching"] is None
    assert mira("--json", "kb", "list").json()[0]["watch_path"] is None
    assert sorted(d["name"] for d in mira("--json", "kb", "docs", "Folder").json()) == [
        "one.md",
        "same.md",
        "two.md",
    ]


@pytest.mark.slow
def test_eval_retrieval_prints_beir_metrics_for_a_corpus_added_from_corpus_jsonl(
    mira: Mira, tmp_path: Path
) -> None:
    lines = (SCIFACT / "corpus.jsonl").read_text(encoding="utf-8").splitlines()[:40]
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    ids = {json.loads(line)["_id"] for line in lines}
    qrels_lines = [
        line
        for line in (SCIFACT / "qrels" / "train.tsv").read_text().splitlines()[1:]
        if line.split("\t")[1] in ids
    ]
    qrels = tmp_path / "qrels.tsv"
    qrels.write_text("query-id\tcorpus-id\tscore\n" + "\n".join(qrels_lines) + "\n")
    wanted = {line.split("\t")[0] for line in qrels_lines}
    queries = tmp_path / "queries.jsonl"
    queries.write_text(
        "\n".join(
            line
            for line in (SCIFACT / "queries.jsonl").read_text().splitlines()
            if json.loads(line)["_id"] in wanted
        )
        + "\n"
    )
    mira("kb", "create", "SciFact")
    added = mira("--json", "kb", "add", "SciFact", str(corpus))
    assert added.code == 0, added.err
    assert added.json()["published"] == 40
    names = {d["name"] for d in mira("--json", "kb", "docs", "SciFact").json()}
    assert names == ids

    result = mira(
        "--json",
        "eval",
        "retrieval",
        "--kb",
        "SciFact",
        "--queries",
        str(queries),
        "--qrels",
        str(qrels),
        "--k",
        "5",
    )
    assert result.code == 0, result.err
    metrics = result.json()
    assert metrics["queries"] == len(wanted)
    assert metrics["mode"] == "hybrid"
    assert 0.5 < metrics["nDCG@10"] <= 1.0
    assert 0.5 < metrics["recall@5"] <= 1.0
    assert 0.5 < metrics["MRR@5"] <= 1.0
    bm25 = mira(
        "--json",
        "eval",
        "retrieval",
        "--kb",
        "SciFact",
        "--queries",
        str(queries),
        "--qrels",
        str(qrels),
        "--mode",
        "bm25",
    )
    assert bm25.json()["mode"] == "bm25"
    history = mira("--json", "eval", "runs", "--kb", "SciFact").json()
    assert [r["mode"] for r in history] == ["hybrid", "bm25"]
    broken = tmp_path / "broken.tsv"
    broken.write_text("query-id\tcorpus-id\tscore\nonly-two\tcolumns\n")
    bad = mira("eval", "retrieval", "--kb", "SciFact", "--queries", str(queries), "--qrels", str(broken))
    assert bad.code == 2
    assert "line 2" in bad.err
