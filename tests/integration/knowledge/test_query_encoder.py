"""Queries are embedded without torch (index/bert_numpy.py): the same vectors as sentence-transformers
on real texts, and a search in a new process never imports torch."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mira_desktop.index import bert_numpy
from mira_desktop.index.embedder import Embedder, default_model_dir

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[3]


def _real_texts() -> list[str]:
    """Paragraphs of Mira's own documentation, Chinese text, a single letter and a text longer than
    the model's 256 tokens (cut as sentence-transformers cuts it)."""
    paragraphs = [
        p.strip()
        for name in ("ARCHITECTURE.md", "KNOWLEDGE.md", "ROLES.md")
        for p in (REPO / "docs" / name).read_text("utf-8").split("\n\n")
        if len(p.strip()) > 40
    ]
    return [
        *paragraphs[:40],
        "How does the window start up?",
        "京都的秋天适合去哪里看红叶？",
        "a",
        " ".join(paragraphs)[:6000],
    ]


def test_numpy_query_vectors_equal_sentence_transformers_vectors_on_real_texts() -> None:
    texts = _real_texts()
    model = Embedder()
    expected = model.encode(texts)  # passages: sentence-transformers on torch
    got = model.encode_queries(texts)  # queries: numpy
    cosines = (expected * got).sum(axis=1)
    assert cosines.min() > 0.99999, cosines.min()
    assert np.abs(expected - got).max() < 1e-5
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-6)
    assert np.allclose(model.encode_query(texts[0]), got[0], atol=1e-6)


def test_a_folder_numpy_cannot_reproduce_is_embedded_by_sentence_transformers(tmp_path: Path) -> None:
    folder = tmp_path / "cls-pooling"
    source = default_model_dir()
    for item in source.rglob("*"):
        target = folder / item.relative_to(source)
        if item.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif item.name != "config.json" or item.parent != source / "1_Pooling":
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(item)
    pooling = json.loads((source / "1_Pooling" / "config.json").read_text("utf-8"))
    pooling.update(pooling_mode_cls_token=True, pooling_mode_mean_tokens=False)
    (folder / "1_Pooling" / "config.json").write_text(json.dumps(pooling), "utf-8")
    assert bert_numpy.supported(default_model_dir())
    assert not bert_numpy.supported(folder)
    model = Embedder(folder, model_id="cls-pooling")
    query = "Vitamin D deficiency is unrelated to birth weight."
    assert model._query_encoder() is None
    assert np.allclose(model.encode_query(query), model.encode([query])[0], atol=1e-5)


def test_the_mapped_weights_are_the_tensors_safetensors_reads() -> None:
    from safetensors.numpy import load_file

    path = default_model_dir() / "model.safetensors"
    expected = load_file(str(path))
    mapped = bert_numpy.mapped_tensors(path)
    assert mapped.keys() == expected.keys()
    for name, tensor in expected.items():
        assert mapped[name].dtype == tensor.dtype, name
        assert mapped[name].shape == tensor.shape, name
        assert np.array_equal(mapped[name], tensor), name
        assert not mapped[name].flags.writeable, name


def test_a_folder_whose_weights_numpy_cannot_map_is_embedded_by_sentence_transformers(tmp_path: Path) -> None:
    from safetensors.numpy import load_file, save_file

    folder = tmp_path / "bf16"
    source = default_model_dir()
    for item in source.rglob("*"):
        target = folder / item.relative_to(source)
        if item.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif item.name != "model.safetensors":
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(item)
    save_file(load_file(str(source / "model.safetensors")), str(folder / "model.safetensors"))
    assert bert_numpy.supported(folder)  # the same tensors, written again: still mapped
    raw = (folder / "model.safetensors").read_bytes()
    length = int.from_bytes(raw[:8], "little")
    header = raw[8 : 8 + length].replace(b'"F32"', b'"BF16"', 1)  # a dtype numpy has no name for
    (folder / "model.safetensors").write_bytes(len(header).to_bytes(8, "little") + header + raw[8 + length :])
    assert not bert_numpy.supported(folder)
    with pytest.raises(ValueError, match="BF16"):
        bert_numpy.mapped_tensors(folder / "model.safetensors")


def test_overlapping_one_thread_blocks_restore_numpys_threads_once_the_last_leaves() -> None:
    from threadpoolctl import threadpool_info, threadpool_limits

    def blas_threads() -> set[int]:
        return {pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"}

    with threadpool_limits(limits=2, user_api="blas"):
        first, second = bert_numpy.one_blas_thread(), bert_numpy.one_blas_thread()
        first.__enter__()
        second.__enter__()
        first.__exit__(None, None, None)
        assert blas_threads() == {1}  # the second block still runs
        second.__exit__(None, None, None)
        assert blas_threads() == {2}


def test_a_search_in_a_new_process_embeds_its_query_without_importing_torch_or_the_rest_client(
    tmp_path: Path,
) -> None:
    from mira_desktop.app import build_services

    notes = tmp_path / "notes.md"
    notes.write_text("# Station\n\nThe emergency launch code for the escape capsule is 7741.\n", "utf-8")
    services = build_services(tmp_path / "data")
    try:
        kb = services.knowledge_bases.create("Station")
        services.knowledge.queue.add(kb.id, [str(notes)])
        services.knowledge.queue.run(kb.id)
    finally:
        services.close()
    probe = (
        "import json, sys\n"
        "from mira_desktop.app import main\n"
        "code = main(sys.argv[1:])\n"
        "print(json.dumps({'code': code, 'torch': 'torch' in sys.modules,"
        " 'st': 'sentence_transformers' in sys.modules,"
        " 'rest': 'lance_namespace_urllib3_client.api' in sys.modules}))\n"
    )
    args = ["--data-dir", str(tmp_path / "data"), "kb", "search", "Station", "escape capsule code", "--mode", "vector"]
    result = subprocess.run(
        [sys.executable, "-c", probe, *args], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    *found, last = result.stdout.strip().splitlines()
    assert json.loads(last) == {"code": 0, "torch": False, "st": False, "rest": False}
    assert "7741" in "\n".join(found)
