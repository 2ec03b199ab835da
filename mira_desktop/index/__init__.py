"""Embeddings, LanceDB vectors, Tantivy BM25, hybrid fusion, rerank, per-knowledge-base manifest."""
