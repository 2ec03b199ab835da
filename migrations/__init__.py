"""Numbered, append-only schema migrations (``NNNN_name.sql``), shipped as package data.

Never edit a migration that has shipped: add the next number instead.
"""
