-- Tools Mira did not write: MCP servers, a permission per tool, what each workspace turns on, and
-- the whole output of a command or MCP call (the run's journal keeps what the model read).

CREATE TABLE mcp_servers (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    transport TEXT NOT NULL CHECK (transport IN ('stdio', 'http')),
    command TEXT,
    args_json TEXT NOT NULL DEFAULT '[]',
    -- variable name -> "keyring" (its value is in the OS keyring, never here) or "inherit" (Mira's own)
    env_json TEXT NOT NULL DEFAULT '{}',
    url TEXT,
    -- header names; their values are in the OS keyring
    headers_json TEXT NOT NULL DEFAULT '[]',
    enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    trust_read_only INTEGER NOT NULL DEFAULT 0 CHECK (trust_read_only IN (0, 1)),
    tools_json TEXT,  -- the tools it listed the last time it ran
    listed_at TEXT,
    last_error TEXT,  -- why it last failed to start or stopped; null once it worked again
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    CHECK ((transport = 'stdio' AND command IS NOT NULL) OR (transport = 'http' AND url IS NOT NULL))
);

CREATE TABLE workspace_mcp_servers (
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    server_id TEXT NOT NULL REFERENCES mcp_servers(id) ON DELETE CASCADE,
    enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    PRIMARY KEY (workspace_id, server_id)
);

CREATE TABLE tool_permissions (
    tool TEXT NOT NULL,
    workspace_id TEXT REFERENCES workspaces(id) ON DELETE CASCADE,  -- null: every workspace
    permission TEXT NOT NULL CHECK (permission IN ('ask', 'allow', 'deny')),
    updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX tool_permissions_scope ON tool_permissions (tool, COALESCE(workspace_id, ''));

CREATE TABLE tool_outputs (
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    call_id TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (run_id, call_id)
);

-- The "always allow ... in this workspace" rules kept in settings until now become permissions.
INSERT OR IGNORE INTO tool_permissions (tool, workspace_id, permission, updated_at)
SELECT json_extract(rule.value, '$.tool'), substr(s.key, 13), json_extract(rule.value, '$.verdict'), s.updated_at
FROM settings AS s, json_each(s.value_json) AS rule
WHERE s.key LIKE 'agent.rules.%'
  AND json_valid(s.value_json) AND json_type(s.value_json) = 'array'
  AND json_extract(rule.value, '$.scope') = 'workspace'
  AND COALESCE(json_extract(rule.value, '$.source'), 'user') = 'user'
  AND json_extract(rule.value, '$.verdict') IN ('allow', 'deny')
  AND json_extract(rule.value, '$.tool') IS NOT NULL
  AND substr(s.key, 13) IN (SELECT id FROM workspaces);
DELETE FROM settings WHERE key LIKE 'agent.rules.%';
