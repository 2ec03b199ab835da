"""Phrases of agent: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "agent.create_file": "Create {path} ({lines} lines)",
    "agent.write_same": "Write {path} (content unchanged)",
    "agent.replace_file": "Replace the content of {path}: +{added} −{removed} lines",
    "agent.edit_file": "Edit {path} at line {line}: +{added} −{removed} lines",
    "agent.make_dir": "Create the folder {path}",
    "agent.move_file": "Move {source} to {destination}",
    "agent.delete_file": "Delete {path} ({size} bytes)",
    "agent.interrupted": (
        "Mira stopped while this agent run was working; what it did is kept. Continue the run to pick up where "
        "it stopped (nothing is done twice), or undo it."
    ),
    "agent.interrupted_call": (
        "Mira stopped after sending a call to another program and before its result was saved: it may have run. "
        "Run it again, or go on without it."
    ),
    "agent.cancelled.waiting": "Cancelled while waiting for approval: the pending change was not made.",
    "agent.cancelled.may_have_run": "Cancelled: the call that may have run was not sent again.",
    "agent.cancelled.interrupted": (
        "Cancelled after Mira stopped during this run: nothing more will be done; what it changed stays (undo "
        "puts it back)."
    ),
    "agent.undo.summary": "Undo {parts}.",
    "agent.undo.nothing": "Undo: the run changed nothing.",
    "agent.undo.restored": "restored {files}",
    "agent.undo.removed": "removed {files}",
    "agent.undo.recreated": "recreated the folders {folders}",
    "agent.undo.kept": "kept the folders {folders} (they hold other files now)",
    # tool schemas disclosed as needed (agent/tools/disclosure): the trace, `mira`'s run events
    "agent.tool_schemas.folded": (
        "Tool schemas: {shown} of {offered} shown; the others by name until the model asks for them"
    ),
    "agent.tool_schemas.asked": "Tool schemas: {shown} of {offered} shown; the model asked for {asked}",
    "agent.result.schemas_shown": "Schemas of {names}",
    # what a call that was not done returns (the model reads it; the trace shows it)
    "agent.result.cancelled": "Not run: the user stopped the run.",
    "agent.result.not_sent_again": (
        "Not sent again: Mira stopped after sending this call and before its result was saved, so it may or "
        "may not have taken effect; the user chose to go on without it. Check its effect before relying on it."
    ),
    "agent.result.not_sent_again_why": (
        "Not sent again: Mira stopped after sending this call and before its result was saved, so it may or "
        "may not have taken effect; the user chose to go on without it. Check its effect before relying on "
        "it.{reason}"
    ),
    "agent.result.denied_by_user": "Not run: the user denied this call.{reason} Do not retry it unchanged.",
    "agent.result.their_reason": " Their reason: {reason}",
    "agent.result.new_message": "Not run: the user sent a new message instead of approving this call.",
    "agent.result.limit": "Not run: the run stopped ({limit} limit).",
    "agent.result.repeat": (
        "Not run again: you already called {tool} with exactly these arguments and nothing in the workspace "
        "changed since, so the result would be the same as before (see above). Use that result, do something "
        "different, or give your final answer."
    ),
    "agent.result.denied": "Not run: {reason}",
    "agent.result.stopped_running": "Stopped: the user stopped the run while this call ran.",
    "agent.result.stopped_sent": (
        "Stopped: the user stopped the run while this call was pending; it may or may not have taken effect."
    ),
    # an answer the loop could not use
    "agent.malformed.neither": "You answered with neither a tool call nor a final answer.",
    "agent.malformed.cut_off": (
        "Your answer was cut off at the token limit before its JSON ended: answer with one short JSON object, "
        '{{"tool": NAME, "args": {{...}}}} or {{"final": TEXT}}.'
    ),
    "agent.malformed.not_json": (
        'Your answer is not valid JSON ({problem} at character {position}); answer with {{"tool": NAME, '
        '"args": {{...}}}} or {{"final": TEXT}}.'
    ),
    "agent.malformed.shape": 'Answer with exactly {{"tool": NAME, "args": {{...}}}} or {{"final": TEXT}}.',
    "agent.malformed.args_not_object": '"args" must be a JSON object.',
    "agent.malformed.bad_arguments_json": "The arguments are not valid JSON ({problem} at {position}).",
    "agent.malformed.arguments_not_object": "The arguments must be a JSON object.",
    # a run a limit stopped: its answer
    "agent.stop.message": (
        "I stopped because {why}.\n\nWhat was done: {done}\n\nYou can continue the run with raised limits, "
        "or undo what it changed."
    ),
    "agent.stop.model_calls": "this run reached its limit of {limit} model calls",
    "agent.stop.tool_calls": "this run reached its limit of {limit} tool calls",
    "agent.stop.wall_time": "this run reached its time limit of {limit} (it worked for {worked})",
    "agent.stop.repeats": "the model kept repeating tool calls it had already made ({repeats} repeats; the limit is {limit})",
    "agent.stop.alternation": "the model kept going back and forth between the same two tool calls (A, B, A, B)",
    "agent.stop.malformed": (
        "the model sent {count} malformed answers (an unknown tool, arguments that do not fit the tool, or text "
        "that is neither a tool call nor an answer)"
    ),
    "agent.stop.seconds": "{seconds} seconds",
    "agent.stop.minutes": "{minutes} minutes",
    "agent.stop.minutes_seconds": "{minutes} minutes {seconds} seconds",
    # what a run did (in a stop message)
    "agent.done.sentence": "{parts}.",
    "agent.done.read_files": "read {files}",
    "agent.done.read_files_first": "Read {files}",
    "agent.done.changed_files": "changed {files}",
    "agent.done.changed_files_first": "Changed {files}",
    "agent.done.commands_changed": "commands changed {files} (undo cannot put these back)",
    "agent.done.commands_changed_first": "Commands changed {files} (undo cannot put these back)",
    "agent.done.used_passages": "used {count} knowledge-base passages",
    "agent.done.used_passages_first": "Used {count} knowledge-base passages",
    "agent.done.nothing_changed": "no file was changed",
    "agent.done.nothing_changed_first": "No file was changed",
    "agent.done.and_more": "{files} and {more} more",
    "agent.notice.workspace_gone": "The thread's workspace is gone: working in {name}.",
}
