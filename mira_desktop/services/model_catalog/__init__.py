"""The models a user can pick: default, local GGUF files, remote providers and their keys, readiness, tests, run snapshots."""
