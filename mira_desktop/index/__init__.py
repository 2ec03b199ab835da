"""Embedders (MiniLM, multilingual e5), text language, LanceDB vectors, Tantivy BM25, fusion and parent merging, the manifest."""
