"""The Knowledge window: one module per tab (documents, jobs, search, evaluation)."""
