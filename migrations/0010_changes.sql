-- What a process changed, so that another process on the same data folder (the window beside a
-- `mira` command) reloads only that: one row per announced change, topic and the ids it touched.
-- Kept short: rows older than the newest few thousand are removed by the writer.

CREATE TABLE changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    topic TEXT NOT NULL,
    ids_json TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL
);
