-- Long-term memory and the trash.

-- Facts the user keeps for every conversation (workspace_id NULL) or for one workspace's threads,
-- each on or off. Only the user writes them: proposals are accepted or dismissed, never stored silently.
CREATE TABLE memory_facts (
    id TEXT PRIMARY KEY CHECK (id LIKE 'mem\_%' ESCAPE '\'),
    text TEXT NOT NULL CHECK (length(trim(text)) > 0),
    workspace_id TEXT REFERENCES workspaces (id) ON DELETE CASCADE,
    enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    source TEXT NOT NULL DEFAULT 'user' CHECK (source IN ('user', 'proposal')),
    last_used_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX memory_facts_by_workspace ON memory_facts (workspace_id);

-- A thread can leave memory out of its requests.
ALTER TABLE threads ADD COLUMN memory_enabled INTEGER NOT NULL DEFAULT 1 CHECK (memory_enabled IN (0, 1));

-- The trash: a deleted thread, role, workspace or document keeps its rows (hidden everywhere by
-- trashed_at) until it is restored or purged; the entry remembers what it was bound to.
ALTER TABLE threads ADD COLUMN trashed_at TEXT;
ALTER TABLE roles ADD COLUMN trashed_at TEXT;
ALTER TABLE workspaces ADD COLUMN trashed_at TEXT;
ALTER TABLE documents ADD COLUMN trashed_at TEXT;
CREATE TABLE trash (
    id TEXT PRIMARY KEY CHECK (id LIKE 'trs\_%' ESCAPE '\'),
    kind TEXT NOT NULL CHECK (kind IN ('thread', 'role', 'workspace', 'document')),
    object_id TEXT NOT NULL,
    label TEXT NOT NULL DEFAULT '',
    detail_json TEXT NOT NULL DEFAULT '{}',
    trashed_at TEXT NOT NULL
);
CREATE UNIQUE INDEX trash_by_object ON trash (kind, object_id);
CREATE INDEX trash_by_time ON trash (trashed_at);
