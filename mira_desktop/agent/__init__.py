"""Agent runs: the loop, tool registry, guardrail policy, workspace file tools, budgets."""
