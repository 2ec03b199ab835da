"""The agent's tools: each declared once (catalog), run against a workspace root, with structured results."""
