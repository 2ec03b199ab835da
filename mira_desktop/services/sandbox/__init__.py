"""The OS sandbox ``run_command`` runs in: bubblewrap's command line, the runner with its limits, the tool."""
