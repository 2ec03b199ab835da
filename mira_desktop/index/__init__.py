"""Embeddings, LanceDB vectors, Tantivy BM25, hybrid fusion and parent merging, the per-knowledge-base manifest."""
