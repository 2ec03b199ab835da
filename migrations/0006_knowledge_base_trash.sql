-- A deleted knowledge base goes to the trash like a thread, a role, a workspace or a document: its
-- row, documents, index and stored copies stay, hidden, until it is restored or purged.
ALTER TABLE knowledge_bases ADD COLUMN trashed_at TEXT;

-- The trash's kinds are a CHECK constraint, which SQLite cannot alter: the table is rebuilt with the
-- new kind, its entries copied as they are.
CREATE TABLE trash_new (
    id TEXT PRIMARY KEY CHECK (id LIKE 'trs\_%' ESCAPE '\'),
    kind TEXT NOT NULL CHECK (kind IN ('thread', 'role', 'workspace', 'document', 'knowledge_base')),
    object_id TEXT NOT NULL,
    label TEXT NOT NULL DEFAULT '',
    detail_json TEXT NOT NULL DEFAULT '{}',
    trashed_at TEXT NOT NULL
);
INSERT INTO trash_new (id, kind, object_id, label, detail_json, trashed_at)
    SELECT id, kind, object_id, label, detail_json, trashed_at FROM trash;
DROP TABLE trash;
ALTER TABLE trash_new RENAME TO trash;
CREATE UNIQUE INDEX trash_by_object ON trash (kind, object_id);
CREATE INDEX trash_by_time ON trash (trashed_at);
