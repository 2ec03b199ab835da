"""Workspaces: folders the user chose for agent runs; never deletes anything on disk."""
