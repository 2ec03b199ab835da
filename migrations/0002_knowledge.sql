-- Knowledge base indexing, version 2: durable job bookkeeping, index clean-up of old versions,
-- folder-watch change detection, and retrieval evaluation runs.

-- When the index rows of a superseded, failed or cancelled version were removed (NULL: not yet).
ALTER TABLE document_versions ADD COLUMN purged_at TEXT;
-- The source file's modification time when this version was read (folder watch skips unchanged files).
ALTER TABLE document_versions ADD COLUMN source_mtime_ns INTEGER;
CREATE INDEX document_versions_by_document ON document_versions (document_id, version);
CREATE INDEX documents_by_source ON documents (knowledge_base_id, source_path);
-- Versions that may have rows in the index but must stay out of results (read on every search):
-- a small index, since published and purged versions are not in it.
CREATE INDEX document_versions_in_flight ON document_versions (status)
    WHERE purged_at IS NULL AND status NOT IN ('published', 'pending');

ALTER TABLE index_jobs ADD COLUMN message TEXT NOT NULL DEFAULT '';
ALTER TABLE index_jobs ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE index_jobs ADD COLUMN finished_at TEXT;
CREATE INDEX index_jobs_by_kb ON index_jobs (knowledge_base_id, state);

CREATE TABLE evaluation_runs (
    id TEXT PRIMARY KEY CHECK (id LIKE 'evr\_%' ESCAPE '\'),
    knowledge_base_id TEXT REFERENCES knowledge_bases (id) ON DELETE SET NULL,
    knowledge_base_name TEXT NOT NULL,
    mode TEXT NOT NULL CHECK (mode IN ('hybrid', 'vector', 'bm25')),
    k INTEGER NOT NULL CHECK (k >= 1),
    queries_path TEXT NOT NULL,
    qrels_path TEXT NOT NULL,
    query_count INTEGER NOT NULL CHECK (query_count >= 0),
    metrics_json TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
);
CREATE INDEX evaluation_runs_by_kb ON evaluation_runs (knowledge_base_id, created_at);
