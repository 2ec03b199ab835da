"""Window text: the Knowledge window. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "kb.title": translate("kb", "Knowledge", "kb.title"),
    # Why a document failed, by the reader's kind of error (the full sentence is on hover and below).
    "kb.why.encrypted": translate(
        "kb", "Encrypted: enter its password to index it", "kb.why.encrypted"
    ),
    "kb.why.corrupt": translate("kb", "Damaged or cut short", "kb.why.corrupt"),
    "kb.why.empty": translate("kb", "Empty: no text to index", "kb.why.empty"),
    "kb.why.scanned": translate("kb", "Scanned pages without text: run OCR on it first", "kb.why.scanned"),
    "kb.why.needs_ocr": translate(
        "kb", "Scanned: needs OCR — install tesseract-ocr", "kb.why.needs_ocr"
    ),
    "kb.why.too_large": translate("kb", "Too large to index", "kb.why.too_large"),
    "kb.why.unsupported": translate("kb", "Not a supported type", "kb.why.unsupported"),
    "kb.new_name": translate("kb", "New knowledge base name", "kb.new_name"),
    "kb.create": translate("kb", "Create", "kb.create"),
    "kb.delete": translate("kb", "Delete…", "kb.delete"),
    "kb.add_files": translate("kb", "Add files…", "kb.add_files"),
    "kb.add_folder": translate("kb", "Add folder…", "kb.add_folder"),
    "kb.follow": translate("kb", "Follow a folder…", "kb.follow"),
    "kb.unfollow": translate("kb", "Stop following", "kb.unfollow"),
    "kb.cancel": translate("kb", "Cancel indexing", "kb.cancel"),
    "kb.remove_doc": translate("kb", "Remove document…", "kb.remove_doc"),
    "kb.drop_hint": translate(
        "kb",
        "Drop files or folders here to add them. PDF, Word, PowerPoint, Excel, Markdown, text, CSV, JSON, YAML and code are read.",
        "kb.drop_hint",
    ),
    "kb.no_kb": translate("kb", "Create or choose a knowledge base first.", "kb.no_kb"),
    "kb.summary": translate("kb", "{name}: {documents} · {chunks}{watching}", "kb.summary").with_counts(
        documents="kb.documents_n", chunks="kb.chunks_n"
    ),
    "kb.list_item": translate("kb", "{name} ({documents})", "kb.list_item"),
    "kb.list_tip": translate("kb", "{name}: {documents}, {chunks}", "kb.list_tip").with_counts(
        documents="kb.documents_n", chunks="kb.chunks_n"
    ),
    "kb.no_bases": translate(
        "kb", "No knowledge bases yet: type a name on the left and press Create.", "kb.no_bases"
    ),
    "kb.nothing_yet": translate("kb", "No documents yet: add files or drop them here.", "kb.nothing_yet"),
    "kb.no_documents": translate("kb", "No documents in this knowledge base yet.", "kb.no_documents"),
    "kb.no_jobs": translate("kb", "No indexing jobs yet.", "kb.no_jobs"),
    "kb.search_empty": translate("kb", "Passages found for your question appear here.", "kb.search_empty"),
    # What a document version or an index job is doing (documents_tab.py, jobs_tab.py).
    "kb.state.queued": translate("kb", "queued", "kb.state.queued"),
    "kb.state.parsing": translate("kb", "reading", "kb.state.parsing"),
    "kb.state.embedding": translate("kb", "embedding", "kb.state.embedding"),
    "kb.state.staged": translate("kb", "written, not yet visible", "kb.state.staged"),
    "kb.state.published": translate("kb", "published", "kb.state.published"),
    "kb.state.failed": translate("kb", "failed", "kb.state.failed"),
    "kb.state.cancelled": translate("kb", "cancelled", "kb.state.cancelled"),
    "kb.state.pending": translate("kb", "waiting", "kb.state.pending"),
    "kb.state.indexing": translate("kb", "indexing", "kb.state.indexing"),
    "kb.state.superseded": translate("kb", "replaced by a newer version", "kb.state.superseded"),
    "kb.eval_run": translate("kb", "Run", "kb.eval_run"),
    "kb.eval_mode": translate("kb", "Mode", "kb.eval_mode"),
    "kb.eval_queries": translate("kb", "Queries", "kb.eval_queries"),
    "kb.rag_title": translate(
        "kb", "Answers (mira eval rag): the route people get, measured", "kb.rag_title"
    ),
    "kb.rag_config": translate("kb", "Configuration", "kb.rag_config"),
    "kb.rag_right_source": translate("kb", "Right source shown", "kb.rag_right_source"),
    "kb.rag_gold_answer": translate("kb", "Gold answer in the text", "kb.rag_gold_answer"),
    "kb.rag_wrong_refusal": translate("kb", "Wrong refusals", "kb.rag_wrong_refusal"),
    "kb.rag_total_p50": translate("kb", "Time (median)", "kb.rag_total_p50"),
    "kb.rag_empty": translate(
        "kb",
        "No answer evaluations yet: run `mira eval rag --kb NAME --queries Q.jsonl --qrels Q.tsv`.",
        "kb.rag_empty",
    ),
    "kb.evaluated": translate("kb", "%Ln queries: {metrics}", "kb.evaluated", 1).counted_by("queries"),
    "kb.watching": translate("kb", " · following {path}", "kb.watching"),
    "kb.tab_docs": translate("kb", "Documents", "kb.tab_docs"),
    "kb.tab_jobs": translate("kb", "Jobs", "kb.tab_jobs"),
    "kb.tab_search": translate("kb", "Search", "kb.tab_search"),
    "kb.tab_eval": translate("kb", "Evaluation", "kb.tab_eval"),
    "kb.col_name": translate("kb", "Name", "kb.col_name"),
    "kb.col_version": translate("kb", "Version", "kb.col_version"),
    "kb.col_status": translate("kb", "Status", "kb.col_status"),
    "kb.col_chunks": translate("kb", "Chunks", "kb.col_chunks"),
    "kb.col_error": translate("kb", "Error", "kb.col_error"),
    "kb.col_document": translate("kb", "Document", "kb.col_document"),
    "kb.col_state": translate("kb", "State", "kb.col_state"),
    "kb.col_progress": translate("kb", "Progress", "kb.col_progress"),
    "kb.col_message": translate("kb", "Message", "kb.col_message"),
    "kb.idle": translate("kb", "All documents are indexed.", "kb.idle"),
    "kb.idle_failed": translate(
        "kb",
        "Indexing is done; %Ln document(s) could not be indexed: see the Error column.",
        "kb.idle_failed",
        1,
    ),
    "kb.indexing": translate("kb", "Indexing: {done} of %Ln jobs finished", "kb.indexing", 1).counted_by(
        "total"
    ),
    "kb.indexing_doc": translate("kb", "{document}: {percent} %", "kb.indexing_doc"),
    "kb.queued": translate("kb", "Queued %Ln document(s).", "kb.queued", 1),
    "kb.unchanged": translate("kb", " {count} unchanged.", "kb.unchanged"),
    "kb.search_placeholder": translate(
        "kb", "Test a question against this knowledge base…", "kb.search_placeholder"
    ),
    "kb.search": translate("kb", "Search", "kb.search"),
    "kb.no_hits": translate("kb", "No passages found.", "kb.no_hits"),
    "kb.run_eval": translate("kb", "Run evaluation…", "kb.run_eval"),
    "kb.pick_queries": translate("kb", "BEIR queries (queries.jsonl)", "kb.pick_queries"),
    "kb.pick_qrels": translate("kb", "BEIR judgements (qrels .tsv)", "kb.pick_qrels"),
    "kb.evaluating": translate("kb", "Evaluating…", "kb.evaluating"),
    "kb.confirm_delete_title": translate("kb", "Delete knowledge base", "kb.confirm_delete_title"),
    "kb.confirm_delete": translate(
        "kb",
        "Move “{name}” to the trash?\n\nIts {documents}, their index and the copies Mira stored of them go with it: restore it from the trash within {days} days, after that they are deleted for good.\n\nIt does not touch your original files, and it keeps every conversation: {threads} with {messages} stay, they stop using this knowledge base until it is restored.",
        "kb.confirm_delete",
    ).with_counts(documents="kb.documents_n", threads="kb.threads_n", messages="kb.messages_n"),
    # Counts inside the messages above (one count per message, so each gets its plural form).
    "kb.documents_n": translate("kb", "%Ln document(s)", "kb.documents_n", 1).counted_by("documents"),
    "kb.chunks_n": translate("kb", "%Ln chunk(s)", "kb.chunks_n", 1).counted_by("chunks"),
    "kb.threads_n": translate("kb", "%Ln thread(s)", "kb.threads_n", 1).counted_by("threads"),
    "kb.messages_n": translate("kb", "%Ln message(s)", "kb.messages_n", 1).counted_by("messages"),
    "kb.confirm_remove_title": translate("kb", "Remove document", "kb.confirm_remove_title"),
    "kb.confirm_remove": translate(
        "kb",
        "Move “{name}” to the trash? It leaves every search at once and can be restored from the trash; the original file is not touched.",
        "kb.confirm_remove",
    ),
    "kb.no_eval_runs": translate("kb", "No evaluation runs yet.", "kb.no_eval_runs"),
    # Search modes (the combo's item data stays the mode: hybrid, vector, bm25).
    "kb.mode_hybrid": translate("kb", "Hybrid", "kb.mode_hybrid"),
    "kb.mode_vector": translate("kb", "Vector", "kb.mode_vector"),
    "kb.mode_bm25": translate("kb", "Keywords (BM25)", "kb.mode_bm25"),
}
