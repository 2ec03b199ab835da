"""Skills: folders with a ``SKILL.md`` (the Agent Skills format) — read, kept, picked, loaded by a run."""
