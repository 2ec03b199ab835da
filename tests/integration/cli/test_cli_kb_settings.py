"""`mira kb embedders|set-embedder|set-rerank` and `mira kb create --embedder`
(mira_desktop/cli/kb_settings.py), through the `mira` command."""

from __future__ import annotations

from mira_desktop.index.embedder import default_model_dir
from tests.integration.cli.conftest import Mira


def test_embedders_lists_what_runs_here_with_languages(mira: Mira) -> None:
    listed = {c["option"]["name"]: c for c in mira("--json", "kb", "embedders").json()}
    assert listed["minilm"]["option"]["unavailable"] is None
    assert listed["minilm"]["option"]["languages"] == ["en"]
    assert "e5-small" in listed


def test_set_embedder_and_set_rerank_are_kept_on_the_knowledge_base(mira: Mira) -> None:
    mira("kb", "create", "Notes")
    chosen = mira("--json", "kb", "set-embedder", "Notes", str(default_model_dir()), "--no-wait").json()
    assert chosen["embedder"] == f"folder:{default_model_dir()}"
    listed = {c["option"]["name"]: c for c in mira("--json", "kb", "embedders").json()}
    assert listed["minilm"]["in_use_by"] == 0  # the base left the default for the folder it was given
    set_ = mira("--json", "kb", "set-rerank", "Notes", "http://127.0.0.1:8080", "--candidates", "8").json()
    assert set_["rerank"]["candidates"] == 8
    assert set_["rerank"]["url"] == "http://127.0.0.1:8080"
    told = mira("kb", "set-rerank", "Notes", "http://127.0.0.1:8080")
    assert "reranked by http://127.0.0.1:8080/v1/rerank" in told.out  # a base URL gets the path added
    assert mira("--json", "kb", "set-rerank", "Notes", "--off").json()["rerank"] is None


def test_create_with_an_unknown_embedder_is_refused_and_creates_nothing(mira: Mira) -> None:
    refused = mira("kb", "create", "Papers", "--embedder", "nope")
    assert refused.code == 2
    assert refused.err.count("\n") == 1
    assert "minilm" in refused.err  # the sentence names what can be used
    assert mira("--json", "kb", "list").json() == []
    created = mira("kb", "create", "Papers", "--embedder", "minilm")
    assert created.code == 0
    assert "embedder minilm" in created.out
