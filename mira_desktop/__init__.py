"""Mira Desktop: a local-first desktop assistant."""

__version__ = "0.1.0"
