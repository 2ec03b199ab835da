"""Crash scenarios of stored data: indexing (`mira kb add`), `mira backup create`, a schema migration."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from reliability import crash_checks as checks
from reliability.common import MIRA, write_script
from reliability.crash_trial import ATTACHED, INDEXED, Check, Scenario, Trial, copy_template

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

FIRST_VERSION = "Lighthouse keepers log the weather every night. Version one of the keeper's notes.\n"
SECOND_VERSION = "Quasar marmalade zeppelin: the second version replaces the keeper's notes entirely.\n"
TRASHED = "Xylophone platypus archive: this document was moved to the trash and must never be found.\n"


class IndexScenario(Scenario):
    name = "indexing (kb add)"

    def prepare(self) -> None:
        self.template = self.work / "template"
        sources = self.work / "sources"
        sources.mkdir(exist_ok=True)
        self.changed, trashed = sources / "keeper-notes.txt", sources / "trashed-notes.txt"
        self.changed.write_text(FIRST_VERSION, encoding="utf-8")
        trashed.write_text(TRASHED, encoding="utf-8")
        services = self.build(self.template)
        try:
            kb = services.knowledge_bases.create("docs")
            added = services.knowledge.queue.add(kb.id, [str(self.changed), str(trashed)])
            services.knowledge.queue.run_until_done(kb.id, added.jobs)
            services.knowledge_bases.remove_document(kb.id, trashed.name)
            self.kb_id = kb.id
        finally:
            services.close()
        self.changed.write_text(SECOND_VERSION, encoding="utf-8")  # what every trial adds again

    def trial(self, folder: Path, number: int, hold: str | None) -> Trial:
        data, ledger = folder / "data", folder / "out.jsonl"
        copy_template(self.template, data)
        paths = [str(self.changed), *map(str, INDEXED)]
        command = [MIRA, "--data-dir", str(data), "--json", "kb", "add", "docs", *paths]
        return Trial(self.name, number, folder, data, command, ledger)

    def checks(self, services: AppServices, trial: Trial) -> dict[str, Check]:
        probes = [SECOND_VERSION, TRASHED, FIRST_VERSION]
        return {
            "search consistent (before resume)": lambda: checks.search_consistent(
                services, self.kb_id, probes
            ),
            "index jobs resume and publish": lambda: checks.jobs_finish(services, self.kb_id),
            "search consistent (after resume)": lambda: checks.search_consistent(
                services, self.kb_id, probes
            ),
        }


class BackupScenario(Scenario):
    name = "backup create"

    def prepare(self) -> None:
        self.template = self.work / "template"
        ref = write_script(self.work / "chat.json", [{"text": f"Answer {i}."} for i in range(10)])
        services = self.build(self.template)
        try:
            kb = services.knowledge_bases.create("docs")
            added = services.knowledge.queue.add(kb.id, [str(p) for p in INDEXED[:2]])
            services.knowledge.queue.run_until_done(kb.id, added.jobs)
            self.kb_id = kb.id
            view = services.attachments.add_to_draft(None, ATTACHED[1])
            from mira_desktop.services.chat.service import SendOptions

            services.chat.send(
                None, "What is in this file?", SendOptions(model_ref=ref, attachment=view.draft_key)
            ).wait(60)
        finally:
            services.close()

    def trial(self, folder: Path, number: int, hold: str | None) -> Trial:
        data = folder / "data"
        copy_template(self.template, data)
        command = [
            MIRA,
            "--data-dir",
            str(data),
            "backup",
            "create",
            "-o",
            str(data / "backups" / "trial.zip"),
        ]
        return Trial(self.name, number, folder, data, command, folder / "out.txt")

    def checks(self, services: AppServices, trial: Trial) -> dict[str, Check]:
        return {
            "backups verify": lambda: checks.backups_sound(services, trial.data_dir),
            "search consistent (after resume)": lambda: checks.search_consistent(services, self.kb_id, []),
        }


class MigrationScenario(Scenario):
    name = "schema migration"
    THREADS, MESSAGES = 100, 300

    def prepare(self) -> None:
        from mira_desktop.core.clock import now_iso
        from mira_desktop.core.ids import new_id
        from mira_desktop.store import migrations
        from mira_desktop.store.database import Database

        self.template = self.work / "template"
        self.template.mkdir()
        conn = sqlite3.connect(self.template / "mira.db", isolation_level=None)
        migrations.migrate(Database(conn, self.template / "mira.db"), target=1)
        stamp = now_iso()
        self.message_ids: set[str] = set()
        with conn:
            conn.execute("BEGIN")
            for t in range(self.THREADS):
                thread = new_id("thread")
                conn.execute(
                    "INSERT INTO threads (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)",
                    (thread, f"Old thread {t}", stamp, stamp),
                )
                parent = None
                for m in range(self.MESSAGES):
                    message = new_id("message")
                    conn.execute(
                        "INSERT INTO messages (id, thread_id, parent_id, role, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (
                            message,
                            thread,
                            parent,
                            "user" if m % 2 == 0 else "assistant",
                            f"Old message {m} " * 40,
                            stamp,
                            stamp,
                        ),
                    )
                    self.message_ids.add(message)
                    parent = message
                conn.execute("UPDATE threads SET active_leaf_id = ? WHERE id = ?", (parent, thread))
            conn.execute("COMMIT")
        conn.close()

    def trial(self, folder: Path, number: int, hold: str | None) -> Trial:
        data = folder / "data"
        shutil.copytree(self.template, data)
        return Trial(
            self.name, number, folder, data, [MIRA, "--data-dir", str(data), "info"], folder / "out.txt"
        )

    def checks(self, services: AppServices, trial: Trial) -> dict[str, Check]:
        def migrated() -> checks.Problems:
            from mira_desktop.store import migrations

            problems = []
            if services.database.schema_version != migrations.latest_version():
                problems.append(f"schema {services.database.schema_version} after reopening")
            found = {r["id"] for r in services.database.query("SELECT id FROM messages")}
            if missing := self.message_ids - found:
                problems.append(f"{len(missing)} messages of the old database lost")
            return problems

        return {
            "migration completes, data kept": migrated,
            "backups verify": lambda: checks.backups_sound(services, trial.data_dir),
        }
