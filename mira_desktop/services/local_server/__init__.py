"""Mira's models for other programs: an OpenAI-compatible HTTP server on this process's services."""
