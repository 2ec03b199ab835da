"""MCP servers: their configuration, the one asyncio loop that holds every session, and their tools in runs."""
