"""Threads, messages and their branches, runs and routing, the request compiler, sampling, the window's chat state machine."""
