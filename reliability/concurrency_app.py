"""The "app" of the concurrency soak: Mira's services running without a window, as the desktop app
runs them — the background indexer started, a chat always streaming, documents queued now and then.

    python -m reliability.concurrency_app DATA LEDGER STOP REF KB_ID DOCS

Until the file STOP exists it sends a message, waits for the streamed answer, and every third turn
queues a new document (the background indexer picks it up). Every committed message, queued job,
failed run, refused call and warning or error notification goes to LEDGER, one JSON object a line.
Before it closes it lets the indexer finish what was queued.
"""

from __future__ import annotations

import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any

DRAIN_S = 300


def main(argv: list[str]) -> int:
    data_dir, ledger_path, stop_path, ref, kb_id, docs = argv
    ledger = Path(ledger_path)

    def write(**fact: Any) -> None:
        with ledger.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(fact) + "\n")

    from mira_desktop.app import build_services
    from mira_desktop.core.errors import MiraError
    from mira_desktop.core.notifications import Level
    from mira_desktop.services.chat.service import SendOptions

    services = build_services(Path(data_dir))
    services.notifications.subscribe(
        lambda note: (
            write(notification=note.level.value, message=note.message)
            if note.level is not Level.INFO
            else None
        )
    )
    services.knowledge.indexer.start()
    write(ready=time.time())
    thread_id: str | None = None
    turn = 0
    try:
        while not Path(stop_path).exists():
            try:
                handle = services.chat.send(thread_id, f"App question {turn}?", SendOptions(model_ref=ref))
                thread_id = handle.thread_id
                write(user=handle.user_message_id, assistant=handle.assistant_message_id, run=handle.run_id)
                status = handle.wait(120)
                write(finished=handle.assistant_message_id, status=status.value)
                if turn % 3 == 0:
                    document = Path(docs) / f"app-{turn}.txt"
                    document.write_text(f"App document {turn}: keepers log the tide at dawn, entry {turn}.\n")
                    added = services.knowledge.queue.add(kb_id, [str(document)])
                    write(queued=document.name, jobs=added.jobs)
            except MiraError as exc:
                write(refused=str(exc))
            turn += 1
        deadline = time.monotonic() + DRAIN_S
        while _active_jobs(services, kb_id) and time.monotonic() < deadline:
            time.sleep(0.5)
    except Exception:
        write(error=traceback.format_exc())
    finally:
        services.close()
        write(done=time.time())
    return 0


def _active_jobs(services: Any, kb_id: str) -> int:
    return sum(s.active_jobs for s in services.knowledge_bases.summaries() if s.id == kb_id)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
