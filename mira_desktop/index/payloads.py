"""Rows stored as JSON payloads in a Tantivy index, looked up by row id (a lookup, not a search)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any


def payloads_by_row_id(index: Any, schema: Any, row_ids: Sequence[str]) -> list[dict[str, Any]]:
    import tantivy

    if not row_ids:
        return []
    index.reload()
    searcher = index.searcher()
    query = tantivy.Query.term_set_query(schema, "row_id", list(row_ids))
    return [
        json.loads(bytes(searcher.doc(address).get_first("payload")).decode("utf-8"))
        for _, address in searcher.search(query, len(row_ids), count=False).hits
    ]
