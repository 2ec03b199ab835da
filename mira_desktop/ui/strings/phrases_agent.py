"""Window text: the sentences services say (``core/phrasebook/agent.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.agent.interrupted": translate(
        "phrase",
        "Mira stopped while this agent run was working; what it did is kept. Continue the run to pick up where it stopped (nothing is done twice), or undo it.",
        "phrase.agent.interrupted",
    ),
    "phrase.agent.interrupted_call": translate(
        "phrase",
        "Mira stopped after sending a call to another program and before its result was saved: it may have run. Run it again, or go on without it.",
        "phrase.agent.interrupted_call",
    ),
    "phrase.agent.cancelled.waiting": translate(
        "phrase",
        "Cancelled while waiting for approval: the pending change was not made.",
        "phrase.agent.cancelled.waiting",
    ),
    "phrase.agent.cancelled.may_have_run": translate(
        "phrase",
        "Cancelled: the call that may have run was not sent again.",
        "phrase.agent.cancelled.may_have_run",
    ),
    "phrase.agent.cancelled.interrupted": translate(
        "phrase",
        "Cancelled after Mira stopped during this run: nothing more will be done; what it changed stays (undo puts it back).",
        "phrase.agent.cancelled.interrupted",
    ),
    "phrase.agent.undo.summary": translate("phrase", "Undo {parts}.", "phrase.agent.undo.summary"),
    "phrase.agent.undo.nothing": translate(
        "phrase", "Undo: the run changed nothing.", "phrase.agent.undo.nothing"
    ),
    "phrase.agent.undo.restored": translate("phrase", "restored {files}", "phrase.agent.undo.restored"),
    "phrase.agent.undo.removed": translate("phrase", "removed {files}", "phrase.agent.undo.removed"),
    "phrase.agent.undo.recreated": translate(
        "phrase", "recreated the folders {folders}", "phrase.agent.undo.recreated"
    ),
    "phrase.agent.undo.kept": translate(
        "phrase", "kept the folders {folders} (they hold other files now)", "phrase.agent.undo.kept"
    ),
    "phrase.agent.result.cancelled": translate(
        "phrase", "Not run: the user stopped the run.", "phrase.agent.result.cancelled"
    ),
    "phrase.agent.result.not_sent_again": translate(
        "phrase",
        "Not sent again: Mira stopped after sending this call and before its result was saved, so it may or may not have taken effect; the user chose to go on without it. Check its effect before relying on it.",
        "phrase.agent.result.not_sent_again",
    ),
    "phrase.agent.result.not_sent_again_why": translate(
        "phrase",
        "Not sent again: Mira stopped after sending this call and before its result was saved, so it may or may not have taken effect; the user chose to go on without it. Check its effect before relying on it.{reason}",
        "phrase.agent.result.not_sent_again_why",
    ),
    "phrase.agent.result.denied_by_user": translate(
        "phrase",
        "Not run: the user denied this call.{reason} Do not retry it unchanged.",
        "phrase.agent.result.denied_by_user",
    ),
    "phrase.agent.result.their_reason": translate(
        "phrase", " Their reason: {reason}", "phrase.agent.result.their_reason"
    ),
    "phrase.agent.result.new_message": translate(
        "phrase",
        "Not run: the user sent a new message instead of approving this call.",
        "phrase.agent.result.new_message",
    ),
    "phrase.agent.result.limit": translate(
        "phrase", "Not run: the run stopped ({limit} limit).", "phrase.agent.result.limit"
    ),
    "phrase.agent.result.repeat": translate(
        "phrase",
        "Not run again: you already called {tool} with exactly these arguments and nothing in the workspace changed since, so the result would be the same as before (see above). Use that result, do something different, or give your final answer.",
        "phrase.agent.result.repeat",
    ),
    "phrase.agent.result.denied": translate("phrase", "Not run: {reason}", "phrase.agent.result.denied"),
    "phrase.agent.result.stopped_running": translate(
        "phrase",
        "Stopped: the user stopped the run while this call ran.",
        "phrase.agent.result.stopped_running",
    ),
    "phrase.agent.result.stopped_sent": translate(
        "phrase",
        "Stopped: the user stopped the run while this call was pending; it may or may not have taken effect.",
        "phrase.agent.result.stopped_sent",
    ),
    "phrase.agent.malformed.neither": translate(
        "phrase",
        "You answered with neither a tool call nor a final answer.",
        "phrase.agent.malformed.neither",
    ),
    "phrase.agent.malformed.cut_off": translate(
        "phrase",
        'Your answer was cut off at the token limit before its JSON ended: answer with one short JSON object, {{"tool": NAME, "args": {{...}}}} or {{"final": TEXT}}.',
        "phrase.agent.malformed.cut_off",
    ),
    "phrase.agent.malformed.not_json": translate(
        "phrase",
        'Your answer is not valid JSON ({problem} at character {position}); answer with {{"tool": NAME, "args": {{...}}}} or {{"final": TEXT}}.',
        "phrase.agent.malformed.not_json",
    ),
    "phrase.agent.malformed.shape": translate(
        "phrase",
        'Answer with exactly {{"tool": NAME, "args": {{...}}}} or {{"final": TEXT}}.',
        "phrase.agent.malformed.shape",
    ),
    "phrase.agent.malformed.args_not_object": translate(
        "phrase", '"args" must be a JSON object.', "phrase.agent.malformed.args_not_object"
    ),
    "phrase.agent.malformed.bad_arguments_json": translate(
        "phrase",
        "The arguments are not valid JSON ({problem} at {position}).",
        "phrase.agent.malformed.bad_arguments_json",
    ),
    "phrase.agent.malformed.arguments_not_object": translate(
        "phrase", "The arguments must be a JSON object.", "phrase.agent.malformed.arguments_not_object"
    ),
    "phrase.agent.stop.message": translate(
        "phrase",
        "I stopped because {why}.\n\nWhat was done: {done}\n\nYou can continue the run with raised limits, or undo what it changed.",
        "phrase.agent.stop.message",
    ),
    "phrase.agent.stop.model_calls": translate(
        "phrase", "this run reached its limit of {limit} model calls", "phrase.agent.stop.model_calls"
    ),
    "phrase.agent.stop.tool_calls": translate(
        "phrase", "this run reached its limit of {limit} tool calls", "phrase.agent.stop.tool_calls"
    ),
    "phrase.agent.stop.wall_time": translate(
        "phrase",
        "this run reached its time limit of {limit} (it worked for {worked})",
        "phrase.agent.stop.wall_time",
    ),
    "phrase.agent.stop.repeats": translate(
        "phrase",
        "the model kept repeating tool calls it had already made ({repeats} repeats; the limit is {limit})",
        "phrase.agent.stop.repeats",
    ),
    "phrase.agent.stop.alternation": translate(
        "phrase",
        "the model kept going back and forth between the same two tool calls (A, B, A, B)",
        "phrase.agent.stop.alternation",
    ),
    "phrase.agent.stop.malformed": translate(
        "phrase",
        "the model sent {count} malformed answers (an unknown tool, arguments that do not fit the tool, or text that is neither a tool call nor an answer)",
        "phrase.agent.stop.malformed",
    ),
    "phrase.agent.stop.seconds": translate("phrase", "{seconds} seconds", "phrase.agent.stop.seconds"),
    "phrase.agent.stop.minutes": translate("phrase", "{minutes} minutes", "phrase.agent.stop.minutes"),
    "phrase.agent.stop.minutes_seconds": translate(
        "phrase", "{minutes} minutes {seconds} seconds", "phrase.agent.stop.minutes_seconds"
    ),
    "phrase.agent.done.sentence": translate("phrase", "{parts}.", "phrase.agent.done.sentence"),
    "phrase.agent.done.read_files": translate("phrase", "read {files}", "phrase.agent.done.read_files"),
    "phrase.agent.done.read_files_first": translate(
        "phrase", "Read {files}", "phrase.agent.done.read_files_first"
    ),
    "phrase.agent.done.changed_files": translate(
        "phrase", "changed {files}", "phrase.agent.done.changed_files"
    ),
    "phrase.agent.done.changed_files_first": translate(
        "phrase", "Changed {files}", "phrase.agent.done.changed_files_first"
    ),
    "phrase.agent.done.commands_changed": translate(
        "phrase",
        "commands changed {files} (undo cannot put these back)",
        "phrase.agent.done.commands_changed",
    ),
    "phrase.agent.done.commands_changed_first": translate(
        "phrase",
        "Commands changed {files} (undo cannot put these back)",
        "phrase.agent.done.commands_changed_first",
    ),
    "phrase.agent.done.used_passages": translate(
        "phrase", "used {count} knowledge-base passages", "phrase.agent.done.used_passages"
    ),
    "phrase.agent.done.used_passages_first": translate(
        "phrase", "Used {count} knowledge-base passages", "phrase.agent.done.used_passages_first"
    ),
    "phrase.agent.done.nothing_changed": translate(
        "phrase", "no file was changed", "phrase.agent.done.nothing_changed"
    ),
    "phrase.agent.done.nothing_changed_first": translate(
        "phrase", "No file was changed", "phrase.agent.done.nothing_changed_first"
    ),
    "phrase.agent.done.and_more": translate(
        "phrase", "{files} and {more} more", "phrase.agent.done.and_more"
    ),
    "phrase.agent.notice.workspace_gone": translate(
        "phrase", "The thread's workspace is gone: working in {name}.", "phrase.agent.notice.workspace_gone"
    ),
}
