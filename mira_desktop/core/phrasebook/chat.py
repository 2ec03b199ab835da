"""Phrases of chat: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "chat.empty": "The message is empty: type something to send.",
    "chat.busy": "A reply is already being written: stop it or wait for it to finish.",
    "chat.edit_own": "Only your own messages can be edited; regenerate an answer instead.",
    "chat.no_question": "This answer has no question to answer again.",
    "chat.continue_text": "Only an answer with text can be continued.",
    "chat.wait_branch": "Wait for the answer to finish before switching branches.",
    "chat.type_first": "Type a message first.",
    "chat.edit_empty": "The edited message is empty.",
    "chat.not_visible": "That message is not on the visible branch.",
    "chat.too_long": (
        "The message is too long for the model's context window ({window} tokens, about {needed} "
        "needed): shorten it or pick a model with a larger window."
    ),
    "chat.interrupted": "Mira stopped while this answer was being written; the text so far is kept. Retry to answer again.",
    "chat.summary.empty": "The model returned an empty summary; the previous one is kept.",
    "chat.archived": "Thread {thread_id} is archived: unarchive it to continue the conversation.",
    "chat.file_removed": "{file} was removed from the message: attach it again.",
    "chat.no_message": "No message with id {message_id}.",
    "chat.no_run": "No run with id {run_id}: see `mira threads show`.",
    "chat.role_not_found": "No role with id {id}: see `mira roles list`.",
    "chat.kb_not_found": "No knowledge base with id {id}: see `mira kb list`.",
    "chat.cut_off_thinking": "Cut off while thinking: the model spent its {tokens} tokens on reasoning and wrote no answer. Continue gives it twice the room, or turn thinking off for this thread.",
    "chat.nothing_to_summarize": "There is nothing to summarize yet: the conversation is too short.",
    "chat.compare.together": "Both at once: the two models fit in memory together ({needed} needed, {available} free).",
    "chat.compare.in_turn": "One after the other: both do not fit in memory ({needed} needed, {available} free).",
    "chat.compare.two_models": "Pick two different models to compare.",
    "chat.compare.agent": "An agent thread works with one model at a time: turn agent mode off to compare answers.",
    "chat.waiting_server": "Waiting for the model: a program using Mira's server is being answered ({ahead} ahead).",
    "chat.waiting_window": "Waiting for the model: another answer is being written ({ahead} ahead).",
    "chat.summary.not_refreshed": "Could not refresh the conversation summary ({reason}); the full history is still sent.",
}
