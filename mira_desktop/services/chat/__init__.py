"""Chat runs: starting and persisting them, the run worker and its finish, recovery after a kill, the live run feed, routes, summaries."""
