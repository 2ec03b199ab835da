"""Backups of the data folder: one archive with a manifest of checksums; restore into a new folder."""
