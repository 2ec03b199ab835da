"""The tools agent runs can call: permissions per tool, and the catalog that puts built-in, MCP and sandboxed tools together."""
