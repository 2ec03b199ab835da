"""Threads: list and search, branches (switch, delete a subtree), export and import."""
