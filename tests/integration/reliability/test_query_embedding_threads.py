"""Found by the load run (reliability/load.py, "hybrid search" at 100,000 chunks): embedding the
query took 160-370 ms of a search on this 2-core machine while other work ran, against 18 ms on one
thread: a single short text split over torch's threads waits at every parallel region for a worker
the scheduler has not run. A query is now embedded on one thread, and the count restored: on one
torch thread where sentence-transformers embeds it, on one BLAS thread where numpy does
(tests/integration/knowledge/test_query_encoder.py)."""

from __future__ import annotations

import numpy as np
import pytest

from mira_desktop.index import embedder as embedding

QUERY = "Vitamin D deficiency is unrelated to birth weight."


def test_overlapping_single_thread_blocks_restore_the_thread_count_once_the_last_leaves() -> None:
    import torch

    torch.set_num_threads(2)
    first, second = embedding._one_torch_thread(), embedding._one_torch_thread()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert torch.get_num_threads() == 1  # the second block still runs
    second.__exit__(None, None, None)
    assert torch.get_num_threads() == 2


@pytest.mark.slow
def test_a_query_is_embedded_on_one_torch_thread_with_the_same_vector(monkeypatch: pytest.MonkeyPatch) -> None:
    import torch

    torch.set_num_threads(2)
    model = embedding.Embedder()
    monkeypatch.setattr(model, "_query_encoder", lambda: None)  # a folder only sentence-transformers runs
    seen: list[int] = []
    hook = model._model().register_forward_pre_hook(lambda *_: seen.append(torch.get_num_threads()))
    try:
        query_vector = model.encode_query(QUERY)
        batch_vector = model.encode([QUERY])[0]
    finally:
        hook.remove()

    assert seen == [1, 2]  # the query on one thread, a batch of passages on all of them
    assert torch.get_num_threads() == 2
    assert np.allclose(query_vector, batch_vector, atol=1e-5)
