"""SQLite persistence through sqlite-utils: connection, migrations, repositories in domain verbs."""
