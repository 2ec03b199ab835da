-- A removed skill goes to the trash like a thread, a role, a workspace, a document or a knowledge
-- base: its folder is moved into the data folder's skills/.trash/ (it has no row of its own), and the
-- entry remembers its name until it is restored or purged.

-- The trash's kinds are a CHECK constraint, which SQLite cannot alter: the table is rebuilt with the
-- new kind, its entries copied as they are (as 0006 did for knowledge bases).
CREATE TABLE trash_new (
    id TEXT PRIMARY KEY CHECK (id LIKE 'trs\_%' ESCAPE '\'),
    kind TEXT NOT NULL CHECK (kind IN ('thread', 'role', 'workspace', 'document', 'knowledge_base', 'skill')),
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
