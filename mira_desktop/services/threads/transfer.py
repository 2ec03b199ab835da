"""Exporting a thread to Markdown (the visible branch) or JSON (the whole tree), and importing JSON.

The JSON export is lossless: importing it recreates the thread with every branch, status, error
and timestamp. Ids are kept when free; when the thread already exists, everything gets new ids
with the tree preserved. A malformed file is refused before anything is written.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mira_desktop import __version__
from mira_desktop.core import phrases
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.conversation.branches import MessageTree
from mira_desktop.core.conversation.threads import Message, MessageRole, MessageStatus, Thread, answer_model
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.fileio import write_atomically
from mira_desktop.core.ids import new_id
from mira_desktop.core.model_names import readable_model
from mira_desktop.core.phrases import Phrase
from mira_desktop.services.threads.answer_models import with_models
from mira_desktop.store.database import Database
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.rows import dumps
from mira_desktop.store.runs import RunRepository
from mira_desktop.store.threads import ThreadRepository

FORMAT = "mira.thread"
FORMAT_VERSION = 1
THREAD_FIELDS = (
    "id",
    "title",
    "model_ref",
    "context_summary",
    "status",
    "active_leaf_id",
    "created_at",
    "updated_at",
)
MAX_IMPORT_BYTES = 200 * 1024 * 1024


class ThreadTransfer:
    def __init__(
        self,
        database: Database,
        threads: ThreadRepository,
        messages: MessageRepository,
        changes: ChangeFeed,
        *,
        runs: RunRepository | None = None,
        models_dir: Path | None = None,
    ) -> None:
        self._changes = changes
        self._runs = runs  # the model of answers written before it was recorded on them
        self._models_dir = models_dir  # a downloaded model is named by its repository and file
        self._db = database
        self._threads = threads
        self._messages = messages

    def _with_models(self, messages: list[Message]) -> list[Message]:
        return messages if self._runs is None else with_models(messages, self._runs)

    def to_json(self, thread: Thread) -> dict[str, Any]:
        messages = self._with_models(self._messages.list_for_thread(thread.id))
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "exported_by": f"Mira {__version__}",
            "thread": {name: getattr(thread, name) for name in THREAD_FIELDS},
            "messages": [
                {
                    "id": m.id,
                    "parent_id": m.parent_id,
                    "role": m.role.value,
                    "content": m.content,
                    "parts": m.parts,
                    "status": m.status.value,
                    "error": m.error,
                    "metadata": m.metadata,
                    "created_at": m.created_at,
                    "updated_at": m.updated_at,
                }
                for m in messages
            ],
        }

    def to_markdown(self, thread: Thread) -> str:
        path = MessageTree(self._with_models(self._messages.list_for_thread(thread.id))).path_to(
            thread.active_leaf_id
        )
        lines = [f"# {thread.title or 'Untitled'}", ""]
        names = {
            MessageRole.USER: "You",
            MessageRole.ASSISTANT: "Mira",
            MessageRole.SYSTEM: "System",
            MessageRole.TOOL: "Tool",
        }
        for message in path:
            marker = ""
            if message.status is MessageStatus.CANCELLED:
                marker = " (stopped)"
            elif message.status is MessageStatus.ERROR:
                marker = f" (error: {(message.error or {}).get('message', 'failed')})"
            model = answer_model(message)
            by = f" · {readable_model(model, self._models_dir)}" if model else ""  # which model wrote it
            lines += [
                f"## {names[message.role]}{by}{marker}",
                "",
                *_thinking_block(message),
                message.content,
                "",
            ]
        return "\n".join(lines).rstrip() + "\n"

    def export(self, thread: Thread, fmt: str, target: Path) -> Path:
        if fmt == "json":
            text = json.dumps(self.to_json(thread), ensure_ascii=False, indent=2)
        elif fmt == "md":
            text = self.to_markdown(thread)
        else:
            raise InvalidInputError.said("threads.bad_format", fmt=fmt)
        write_atomically(target, text)
        return target

    def import_file(self, path: Path) -> Thread:
        try:
            if path.stat().st_size > MAX_IMPORT_BYTES:
                raise InvalidInputError.said(
                    "threads.import_too_big", path=path, most=MAX_IMPORT_BYTES // 2**20
                )
            data = json.loads(path.read_text("utf-8"))
        except OSError as exc:
            raise InvalidInputError.said("roles.file.unreadable", path=path, reason=exc.strerror) from exc
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise InvalidInputError.said("threads.import_not_json", path=path, error=exc) from exc
        return self.import_data(data, source=str(path))

    def import_data(self, data: Any, source: str = "the file") -> Thread:
        thread_data, messages = _validate(data, source)
        taken = self._threads.get(thread_data["id"]) is not None or any(
            self._messages.get(m["id"]) is not None for m in messages
        )
        ids = {m["id"]: (new_id("message") if taken else m["id"]) for m in messages}
        thread_id = new_id("thread") if taken else thread_data["id"]
        with self._db.transaction():
            self._threads.insert_raw(
                {
                    "id": thread_id,
                    "title": thread_data["title"],
                    "model_ref": thread_data.get("model_ref"),
                    "context_summary": thread_data.get("context_summary"),
                    "status": thread_data["status"],
                    "created_at": thread_data["created_at"],
                    "updated_at": thread_data["updated_at"],
                }
            )
            for message in _parents_first(messages):
                self._messages.insert_raw(
                    {
                        "id": ids[message["id"]],
                        "thread_id": thread_id,
                        "parent_id": ids[message["parent_id"]] if message["parent_id"] else None,
                        "role": message["role"],
                        "content": message["content"],
                        "parts_json": dumps(message.get("parts") or []),
                        "status": message["status"],
                        "error_json": None if message.get("error") is None else dumps(message["error"]),
                        "run_id": None,
                        "metadata_json": dumps(message.get("metadata") or {}),
                        "created_at": message["created_at"],
                        "updated_at": message["updated_at"],
                    }
                )
            leaf = thread_data.get("active_leaf_id")
            self._db.execute(
                "UPDATE threads SET active_leaf_id = ?, updated_at = ? WHERE id = ?",
                (ids.get(leaf) if leaf else None, thread_data["updated_at"], thread_id),
            )
        imported = self._threads.get(thread_id)
        assert imported is not None
        self._changes.publish(Topic.THREADS, thread_id)
        return imported


def _validate(data: Any, source: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    try:
        return _validated(data)
    except InvalidInputError as exc:  # what is wrong inside the file
        raise InvalidInputError.said("threads.import_invalid", source=source, reason=phrases.of(exc)) from exc


def _validated(data: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidInputError.said("threads.import.format", format=FORMAT)
    if data.get("version") != FORMAT_VERSION:
        raise InvalidInputError.said("threads.import.version", version=data.get("version"), known=FORMAT_VERSION)
    thread, messages = data.get("thread"), data.get("messages")
    if not isinstance(thread, dict) or not isinstance(messages, list):
        raise InvalidInputError.said("threads.import.shape")
    _require_strings(thread, ("id", "title", "status", "created_at", "updated_at"), "thread")
    if thread["status"] not in {"active", "archived"}:
        raise InvalidInputError.said("threads.import.status", status=thread["status"])
    seen: set[str] = set()
    for index, message in enumerate(messages):
        _check_message(message, phrases.said("threads.import.message", number=index + 1), seen)
    for index, message in enumerate(messages):
        parent = message.get("parent_id")
        if parent is not None and parent not in seen:
            raise InvalidInputError.said("threads.import.orphan", number=index + 1, parent=parent)
    return thread, messages


def _check_message(message: Any, where: Phrase, seen: set[str]) -> None:
    if not isinstance(message, dict):
        raise InvalidInputError.said("threads.import.not_object", where=where)
    _require_strings(message, ("id", "role", "content", "status", "created_at", "updated_at"), where)
    if message["role"] not in {r.value for r in MessageRole}:
        raise InvalidInputError.said("threads.import.role", where=where, role=message["role"])
    if message["status"] not in {s.value for s in MessageStatus} - {"streaming"}:
        raise InvalidInputError.said("threads.import.message_status", where=where, status=message["status"])
    if message["id"] in seen:
        raise InvalidInputError.said("threads.import.repeated", where=where, id=message["id"])
    seen.add(message["id"])


def _require_strings(data: dict[str, Any], keys: tuple[str, ...], where: Phrase | str) -> None:
    for key in keys:
        if not isinstance(data.get(key), str):
            raise InvalidInputError.said("threads.import.missing", where=where, key=key)


def _parents_first(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    by_parent: dict[str | None, list[dict[str, Any]]] = {}
    for message in messages:
        by_parent.setdefault(message.get("parent_id"), []).append(message)
    ordered: list[dict[str, Any]] = []
    stack = list(reversed(by_parent.get(None, [])))
    while stack:
        message = stack.pop()
        ordered.append(message)
        stack.extend(reversed(by_parent.get(message["id"], [])))
    if len(ordered) != len(messages):
        raise InvalidInputError.said("threads.import_cycle")
    return ordered


def _thinking_block(message: Message) -> list[str]:
    """A thinking model's reasoning as a collapsed block (``<details>``, which Markdown viewers fold)."""
    lines: list[str] = []
    for part in message.parts:
        if part.get("type") == "reasoning" and str(part.get("text", "")).strip():
            seconds = part.get("seconds")
            summary = f"Thought for {round(seconds)} s" if isinstance(seconds, (int, float)) else "Thinking"
            lines += ["<details>", f"<summary>{summary}</summary>", "", str(part["text"]).strip(), "", "</details>", ""]
    return lines
