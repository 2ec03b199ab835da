-- Downloads of GGUF models from the Hugging Face Hub: durable jobs, resumed after a kill or a restart.
-- One job per file (or per set of parts of a split model); its bytes go to <destination>.partial
-- until the listing's sha256 matches. `requested` carries a pause or cancel asked by another
-- process (the `mira` command beside the window); `reason_json` the phrase of a pause or failure.
CREATE TABLE model_downloads (
    id TEXT PRIMARY KEY,
    repo TEXT NOT NULL,
    revision TEXT NOT NULL,
    path TEXT NOT NULL,
    parts_json TEXT NOT NULL,
    size_bytes INTEGER NOT NULL,
    done_bytes INTEGER NOT NULL DEFAULT 0,
    speed_bps REAL NOT NULL DEFAULT 0,
    state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'paused', 'completed', 'failed', 'cancelled')),
    requested TEXT CHECK (requested IN ('pause', 'cancel')),
    reason_json TEXT,
    destination TEXT NOT NULL,
    model_ref TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    finished_at TEXT
);

-- Two downloads of the same file never exist at once.
CREATE UNIQUE INDEX model_downloads_one_active ON model_downloads (repo, revision, path)
    WHERE state IN ('queued', 'running', 'paused');
