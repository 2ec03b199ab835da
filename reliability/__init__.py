"""Soak scripts (`make soak`): each kills, fuzzes, loads or scans Mira, prints a table and writes
``reliability/results/<name>.json``. Never part of `make test`."""
