"""The model check: a short suite run on this machine — speed, agent tasks, knowledge answers, thinking
and tool calls — and its results kept per model (``mira models check``, Settings → Models)."""
