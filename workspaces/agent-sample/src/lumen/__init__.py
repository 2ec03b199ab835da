"""Lumen: a small command-line notebook."""

VERSION = "0.3.1"
