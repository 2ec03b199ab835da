"""Building a knowledge base's index again beside the live one, then switching to it atomically.

Needed when the live generation was built otherwise than this knowledge base is indexed now: another
embedder was chosen, or this Mira stores other columns or analyses text differently. Searches keep
using the live generation, with the embedder it was built with, until the manifest is switched in
one rename. Vectors are copied, not recomputed, from the live generation where it was built with the
same model (a format-only rebuild embeds nothing), and an interrupted rebuild is continued, keeping
the vectors it already stored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.index.embedding import TextEmbedder
from mira_desktop.index.knowledge_index import KnowledgeIndex
from mira_desktop.index.records import LeafRow, ParentRow
from mira_desktop.store.documents import DocumentVersion

if TYPE_CHECKING:
    from mira_desktop.index.embedder import Vectors

Rows = Callable[[DocumentVersion], tuple[list[LeafRow], list[ParentRow]] | None]


@dataclass
class RebuildReport:
    documents: int = 0
    embedded: int = 0
    reused: int = 0  # vectors copied from the live generation or already stored by an interrupted run


def rebuild_generation(
    index: KnowledgeIndex,
    versions: Sequence[DocumentVersion],
    embedder: TextEmbedder,
    rows: Rows,
    *,
    cancel: CancelToken,
    progress: Callable[[str], None],
) -> RebuildReport:
    """Build ``index.spec``'s generation from the published ``versions``, then make it live.

    Call with the index lock held. ``rows`` reads a version's chunks from its stored copy.
    """
    report = RebuildReport()
    live = index.live()
    same_model = live is not None and live.spec.embedding_model == index.spec.embedding_model
    building = index.start_rebuild()
    progress(f"rebuilding the index with {embedder.name}: {len(versions)} documents")
    for number, version in enumerate(versions, start=1):
        cancel.raise_if_cancelled()
        found = rows(version)
        if found is None:
            continue
        leaves, parents = found
        stored = building.vectors.leaf_ids(version.id)
        missing = [leaf for leaf in leaves if leaf.row_id not in stored]
        report.reused += len(leaves) - len(missing)
        if missing:
            known: dict[str, Any] = {}
            if same_model and live is not None:
                known = live.vectors.vectors_by_hash(sorted({leaf.content_hash for leaf in missing}))
            texts = {
                leaf.content_hash: leaf.search_text for leaf in missing if leaf.content_hash not in known
            }
            hashes = list(texts)
            if hashes:
                known.update(zip(hashes, embedder.encode([texts[h] for h in hashes], cancel), strict=True))
            report.embedded += len(hashes)
            report.reused += len(missing) - sum(1 for leaf in missing if leaf.content_hash in texts)
            building.vectors.add_leaves(missing, _stack([known[leaf.content_hash] for leaf in missing]))
        building.parents.delete_versions([version.id])
        building.lexical.delete_versions([version.id])
        building.parents.add(parents)
        building.lexical.add(leaves)
        report.documents += 1
        progress(f"rebuilt {number} of {len(versions)} documents ({report.embedded} chunks embedded)")
    stale = building.vectors.version_ids() - {v.id for v in versions}
    building.delete_versions(sorted(stale))
    building.vectors.maintain()
    cancel.raise_if_cancelled()
    index.finish_rebuild()
    progress("the rebuilt index is live")
    return report


def _stack(vectors: list[Any]) -> Vectors:
    import numpy as np

    return np.vstack(vectors).astype(np.float32)
