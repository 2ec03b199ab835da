"""The headless ``mira`` command: the same services as the app, no Qt."""
