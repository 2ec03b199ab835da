-- Mira Desktop schema, version 1.
-- Delete rules: a thread's references to its workspace, knowledge base and role are SET NULL, so
-- deleting any of those keeps every thread and message. Messages, runs and run events cascade only
-- from their own thread.

CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value_json TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE workspaces (
    id TEXT PRIMARY KEY CHECK (id LIKE 'ws\_%' ESCAPE '\'),
    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
    root_path TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
    is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX workspaces_single_default ON workspaces (is_default) WHERE is_default = 1;

CREATE TABLE roles (
    id TEXT PRIMARY KEY CHECK (id LIKE 'rol\_%' ESCAPE '\'),
    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
    summary TEXT NOT NULL DEFAULT '',
    avatar TEXT,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'draft', 'archived')),
    tags_json TEXT NOT NULL DEFAULT '[]',
    prompt_json TEXT NOT NULL DEFAULT '{}',
    lorebook_json TEXT NOT NULL DEFAULT '[]',
    llm_profile_json TEXT NOT NULL DEFAULT '{}',
    extensions_json TEXT NOT NULL DEFAULT '{}',
    version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE knowledge_bases (
    id TEXT PRIMARY KEY CHECK (id LIKE 'kb\_%' ESCAPE '\'),
    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
    description TEXT NOT NULL DEFAULT '',
    embedding_model TEXT,
    index_version INTEGER NOT NULL DEFAULT 0,
    watch_path TEXT,
    settings_json TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE documents (
    id TEXT PRIMARY KEY CHECK (id LIKE 'doc\_%' ESCAPE '\'),
    knowledge_base_id TEXT NOT NULL REFERENCES knowledge_bases (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    source_path TEXT,
    mime TEXT,
    current_version_id TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX documents_by_kb ON documents (knowledge_base_id);

CREATE TABLE document_versions (
    id TEXT PRIMARY KEY CHECK (id LIKE 'dv\_%' ESCAPE '\'),
    document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    version INTEGER NOT NULL CHECK (version >= 1),
    sha256 TEXT NOT NULL,
    size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
    stored_path TEXT,
    status TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'indexing', 'staged', 'published', 'superseded', 'failed', 'cancelled')),
    chunk_count INTEGER NOT NULL DEFAULT 0,
    error_json TEXT,
    created_at TEXT NOT NULL,
    published_at TEXT,
    UNIQUE (document_id, version)
);

CREATE TABLE index_jobs (
    id TEXT PRIMARY KEY CHECK (id LIKE 'job\_%' ESCAPE '\'),
    knowledge_base_id TEXT NOT NULL REFERENCES knowledge_bases (id) ON DELETE CASCADE,
    document_version_id TEXT NOT NULL REFERENCES document_versions (id) ON DELETE CASCADE,
    state TEXT NOT NULL DEFAULT 'queued'
        CHECK (state IN ('queued', 'parsing', 'embedding', 'staged', 'published', 'failed', 'cancelled')),
    progress REAL NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
    done_units INTEGER NOT NULL DEFAULT 0,
    total_units INTEGER NOT NULL DEFAULT 0,
    heartbeat_at TEXT,
    error_json TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX index_jobs_by_state ON index_jobs (state);

CREATE TABLE threads (
    id TEXT PRIMARY KEY CHECK (id LIKE 'thr\_%' ESCAPE '\'),
    title TEXT NOT NULL DEFAULT '',
    model_ref TEXT,
    workspace_id TEXT REFERENCES workspaces (id) ON DELETE SET NULL,
    knowledge_base_id TEXT REFERENCES knowledge_bases (id) ON DELETE SET NULL,
    role_id TEXT REFERENCES roles (id) ON DELETE SET NULL,
    agent_enabled INTEGER NOT NULL DEFAULT 0 CHECK (agent_enabled IN (0, 1)),
    tts_enabled INTEGER NOT NULL DEFAULT 0 CHECK (tts_enabled IN (0, 1)),
    image_enabled INTEGER NOT NULL DEFAULT 0 CHECK (image_enabled IN (0, 1)),
    context_summary TEXT,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
    active_leaf_id TEXT REFERENCES messages (id) ON DELETE SET NULL,
    draft TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX threads_by_status ON threads (status, updated_at);

CREATE TABLE runs (
    id TEXT PRIMARY KEY CHECK (id LIKE 'run\_%' ESCAPE '\'),
    thread_id TEXT NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('chat', 'rag', 'agent')),
    status TEXT NOT NULL DEFAULT 'running'
        CHECK (status IN ('running', 'waiting_approval', 'completed', 'failed', 'cancelled', 'interrupted')),
    route_reason TEXT NOT NULL DEFAULT '',
    user_message_id TEXT,
    assistant_message_id TEXT,
    model_ref TEXT,
    model_snapshot_json TEXT NOT NULL DEFAULT '{}',
    role_id TEXT,
    role_version INTEGER,
    role_snapshot_json TEXT NOT NULL DEFAULT '{}',
    checkpoint_json TEXT,
    budgets_json TEXT NOT NULL DEFAULT '{}',
    error_json TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    finished_at TEXT
);
CREATE INDEX runs_by_thread ON runs (thread_id);
CREATE INDEX runs_by_status ON runs (status);

CREATE TABLE messages (
    id TEXT PRIMARY KEY CHECK (id LIKE 'msg\_%' ESCAPE '\'),
    thread_id TEXT NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
    parent_id TEXT REFERENCES messages (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')),
    content TEXT NOT NULL DEFAULT '',
    parts_json TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL DEFAULT 'complete' CHECK (status IN ('complete', 'streaming', 'cancelled', 'error')),
    error_json TEXT,
    run_id TEXT REFERENCES runs (id) ON DELETE SET NULL,
    metadata_json TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX messages_by_thread ON messages (thread_id, created_at);
CREATE INDEX messages_by_parent ON messages (parent_id);

CREATE TABLE run_events (
    run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    type TEXT NOT NULL,
    data_json TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;

CREATE TABLE attachments (
    id TEXT PRIMARY KEY CHECK (id LIKE 'att\_%' ESCAPE '\'),
    sha256 TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    mime TEXT NOT NULL,
    size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
    path TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE attachment_refs (
    attachment_id TEXT NOT NULL REFERENCES attachments (id) ON DELETE CASCADE,
    message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    name TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    PRIMARY KEY (attachment_id, message_id)
);
CREATE INDEX attachment_refs_by_message ON attachment_refs (message_id);

CREATE TABLE chat_media (
    id TEXT PRIMARY KEY CHECK (id LIKE 'med\_%' ESCAPE '\'),
    message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('audio', 'image')),
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'ready', 'failed')),
    path TEXT,
    mime TEXT,
    error_json TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX chat_media_by_message ON chat_media (message_id);

-- API keys are never stored here: api_key_source says where the key lives (the OS keyring, or an
-- environment variable whose name is api_key_env).
CREATE TABLE providers (
    id TEXT PRIMARY KEY CHECK (id LIKE 'prv\_%' ESCAPE '\'),
    name TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
    kind TEXT NOT NULL DEFAULT 'openai_compatible' CHECK (kind IN ('openai_compatible')),
    base_url TEXT NOT NULL,
    default_model TEXT,
    api_key_source TEXT NOT NULL DEFAULT 'none' CHECK (api_key_source IN ('none', 'keyring', 'env')),
    api_key_env TEXT,
    headers_json TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
