"""Agent runs: the loop, tool registry, guardrail policy, workspace file tools, budgets.

Qt-free and SQLite-free: this package imports only ``mira_desktop.core``, the model protocol and
errors, and the standard library. Services wire it to the store, the index and the models.

What services use:

- ``loop.AgentLoop``: ``start(cancel)``, ``resume(checkpoint, decision, cancel)``,
  ``continue_run(checkpoint, limits, cancel)``, each returning an ``outcomes.Outcome``
  (``Completed`` / ``WaitingApproval`` / ``Failed`` / ``Cancelled``); decisions are
  ``outcomes.Approve`` / ``Deny`` / ``NewMessage``.
- ``journal.AgentJournal``: the protocol the loop reports through (events, durable checkpoints,
  streamed answer text), with the event names in ``journal.AgentEvent``.
- ``checkpoint.Checkpoint``: the JSON state of a run (``to_json`` / ``from_json``).
- ``files.root.WorkspaceRoot`` + ``snapshots.SnapshotStore`` + ``tools.registry.ToolRegistry``
  → ``tools.workspace_tools.WorkspaceTools``: the tools of one run in one workspace.
- ``snapshots.undo``: put back what a run changed (from ``Evidence.changes``).
- ``context.agent_context``: the text of the request compiler's agent section.

Modules:

- ``files/``: the workspace root — ``paths`` (splitting model paths), ``openat2`` (the Linux
  call), ``lookups`` (opening beneath a folder handle), ``root`` (changes), ``root_check`` (which
  folders may be a workspace), ``states`` (hash / folder / absent), ``text`` (UTF-8 or refused).
- ``tools/``: ``catalog`` (every tool declared once), ``validation`` (arguments checked with jsonschema),
  ``reading`` (list/read/search), ``planning`` (changes planned without touching disk),
  ``proposals`` (a planned change as data), ``knowledge`` (kb_search), ``registry`` (what a run
  offers), ``results`` (structured results), ``workspace_tools`` (the facade the loop calls).
- ``guardrail``: ALLOW / DENY / REQUIRE_APPROVAL, in a fixed order.
- ``budgets``: limits, counters, the repeat and A-B-A-B rules, stop explanations.
- ``snapshots``: content-addressed previous contents, and undo.
- ``checkpoint``, ``evidence``, ``outcomes``, ``journal``: the run's data.
- ``grammar``: the JSON schema local models answer in, and its parser.
- ``replies``: reading a model stream; ``dispatch``: one call through the rules;
  ``run_state``: a checkpoint made live; ``loop``: the loop itself.
"""
