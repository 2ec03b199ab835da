-- The model check (`mira models check`, Settings → Models → "Check this model"): one row per check of
-- a model on this machine — its speed, agent tasks, knowledge answers, how it thought and called
-- tools (result_json) and the machine it ran on (machine_json: CPU, cores, memory). A check that could
-- not run is kept too, with why (status 'failed').

CREATE TABLE model_checks (
    id TEXT PRIMARY KEY,
    model_ref TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('completed', 'failed')),
    result_json TEXT NOT NULL DEFAULT '{}',
    machine_json TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
);
CREATE INDEX model_checks_by_model ON model_checks (model_ref, created_at);
