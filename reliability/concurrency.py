"""Concurrency: the app's services at work (``concurrency_app.py``: a chat always streaming, the
background indexer running) and, each round, three `mira` commands on the same data folder at once —
`chat send`, `kb add` and `backup create`.

Goals: no error reaches a user (a command that fails or prints "database is locked", a traceback,
a refused call or a warning in the app), nothing is lost afterwards (every message of every party
there and complete, every document published), and every backup verifies.

    python -m reliability.concurrency [--rounds 4]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from reliability.common import (
    MIRA,
    PYTHON,
    ROOT,
    SHARED_DATA,
    Goal,
    child_env,
    log,
    print_goals,
    table,
    write_results,
)
from reliability.crash_checks import read_ledger

NAME = "concurrency"
DOCS_PER_ROUND = 2


def _answers(path: Path, delay_ms: int) -> str:
    replies = [
        {"text": f"Answer {i}: " + "the tide turns " * 12, "token_delay_ms": delay_ms} for i in range(400)
    ]
    path.write_text(json.dumps({"replies": replies, "pick": "by_turn"}))
    return f"scripted:{path}"


def _documents(folder: Path, rounds: int) -> list[list[Path]]:
    abstracts = (SHARED_DATA / "scifact" / "corpus.jsonl").read_text(encoding="utf-8").splitlines()
    made = []
    for r in range(rounds):
        paths = []
        for k in range(DOCS_PER_ROUND):
            record = json.loads(abstracts[r * DOCS_PER_ROUND + k])
            path = folder / f"round-{r}-{k}.txt"
            path.write_text(f"{record['title']}\n\n{record['text']}\n", encoding="utf-8")
            paths.append(path)
        made.append(paths)
    return made


def _user_errors(done: dict[str, Any]) -> list[str]:
    text = done["stderr"]
    errors = []
    if done["exit"] != 0:
        errors.append(f"exit {done['exit']}: {text.strip()[-200:]}")
    for marker in ("database is locked", "Traceback", "internal error"):
        if marker in text:
            errors.append(f"printed {marker!r}")
    return errors


def run_round(number: int, data: Path, ref: str, docs: list[Path], backups: Path) -> list[dict[str, Any]]:
    commands = {
        "chat send": [
            MIRA,
            "--data-dir",
            str(data),
            "--json",
            "chat",
            "send",
            "--model",
            ref,
            f"Round {number}: what of the tide?",
        ],
        "kb add": [MIRA, "--data-dir", str(data), "--json", "kb", "add", "shared", *map(str, docs)],
        "backup create": [
            MIRA,
            "--data-dir",
            str(data),
            "backup",
            "create",
            "-o",
            str(backups / f"round-{number}.zip"),
        ],
    }
    started = {
        name: subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=child_env()
        )
        for name, argv in commands.items()
    }
    results = []
    for name, process in started.items():
        out, err = process.communicate(timeout=900)
        results.append(
            {"round": number, "command": name, "exit": process.returncode, "stdout": out, "stderr": err}
        )
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args(argv)
    from mira_desktop.app import build_services

    work = Path(tempfile.mkdtemp(prefix="mira-concurrency-"))
    data, docs, backups = work / "data", work / "docs", work / "backups"
    docs.mkdir()
    backups.mkdir()
    services = build_services(data)
    kb_id = services.knowledge_bases.create("shared").id
    services.close()
    app_ref, cli_ref = _answers(work / "app.json", 25), _answers(work / "cli.json", 10)
    rounds_docs = _documents(docs, args.rounds)
    ledger, stop = work / "app.jsonl", work / "stop"
    app = subprocess.Popen(
        [
            PYTHON,
            "-m",
            "reliability.concurrency_app",
            str(data),
            str(ledger),
            str(stop),
            app_ref,
            kb_id,
            str(docs),
        ],
        cwd=ROOT,
        env=child_env(),
        stderr=(work / "app.err").open("w"),
    )
    while not any("ready" in f for f in read_ledger(ledger)):
        if app.poll() is not None:
            raise RuntimeError(f"the app process ended early (see {work / 'app.err'})")
        time.sleep(0.2)
    results: list[dict[str, Any]] = []
    for number in range(args.rounds):
        results += run_round(number, data, cli_ref, rounds_docs[number], backups)
        log(f"round {number}: " + ", ".join(f"{r['command']} exit {r['exit']}" for r in results[-3:]))
    stop.touch()
    app.wait(timeout=600)
    return check(
        build_services(data),
        kb_id=kb_id,
        results=results,
        app=read_ledger(ledger),
        docs=rounds_docs,
        backups=backups,
        rounds=args.rounds,
    )


def check(
    services: Any,
    *,
    kb_id: str,
    results: list[dict[str, Any]],
    app: list[dict[str, Any]],
    docs: list[list[Path]],
    backups: Path,
    rounds: int,
) -> int:
    from mira_desktop.core.errors import MiraError

    try:
        rows = {r["id"]: r["status"] for r in services.database.query("SELECT id, status FROM messages")}
        expected = [f[k] for f in app if "user" in f for k in ("user", "assistant")]
        for r in (r for r in results if r["command"] == "chat send" and r["exit"] == 0):
            started = next(json.loads(line) for line in r["stdout"].splitlines() if '"run.started"' in line)
            expected += [started["user_message_id"], started["message_id"]]
        missing = [m for m in expected if m not in rows]
        incomplete = [m for m in expected if rows.get(m) not in (None, "complete")]
        named = {p.name for ps in docs for p in ps} | {f["queued"] for f in app if "queued" in f}
        published = {
            r["name"]
            for r in services.database.query(
                "SELECT name FROM documents WHERE current_version_id IS NOT NULL AND knowledge_base_id = ?",
                (kb_id,),
            )
        }
        verified, bad_backups = 0, []
        for archive in sorted(backups.glob("*.zip")):
            try:
                services.backup.verify(archive)
                verified += 1
            except MiraError as exc:
                bad_backups.append(f"{archive.name}: {exc}")
        integrity = services.database.one("PRAGMA integrity_check")
    finally:
        services.close()
    user_errors = [f"{r['command']} (round {r['round']}): {e}" for r in results for e in _user_errors(r)]
    user_errors += [
        f"app: {f.get('refused') or f.get('message') or f.get('error')}"
        for f in app
        if {"refused", "notification", "error"} & f.keys()
    ]
    user_errors += [f"app run ended {f['status']}" for f in app if f.get("status") not in (None, "completed")]
    locked = sum("database is locked" in e for e in user_errors)
    print(
        f"\nConcurrency: the app streaming and indexing, and {rounds} rounds of chat send + kb add + backup create at once"
    )
    print(
        table(
            ["round", "command", "exit", "stderr (last line)"],
            [
                [
                    str(r["round"]),
                    r["command"],
                    str(r["exit"]),
                    (r["stderr"].strip().splitlines() or [""])[-1][:80],
                ]
                for r in results
            ],
        )
    )
    if user_errors:
        print("\nErrors that reached a user")
        for error in user_errors:
            print(f"  {error[:200]}")
    goals = [
        Goal(
            NAME,
            "commands run beside the app",
            str(len(results)),
            f"{3 * rounds}",
            len(results) == 3 * rounds,
        ),
        Goal(
            NAME,
            "app turns streamed meanwhile",
            str(sum(1 for f in app if "finished" in f)),
            "> 0",
            any("finished" in f for f in app),
        ),
        Goal(NAME, "errors reaching a user", str(len(user_errors)), "0", not user_errors),
        Goal(NAME, '"database is locked" seen', str(locked), "0", locked == 0),
        Goal(
            NAME,
            "messages lost or not complete",
            f"{len(missing)}+{len(incomplete)} of {len(expected)}",
            "0",
            not missing and not incomplete,
        ),
        Goal(
            NAME,
            "documents not published",
            f"{len(named - published)} of {len(named)}",
            "0",
            named <= published,
        ),
        Goal(
            NAME,
            "backups that do not verify",
            f"{len(bad_backups)} of {verified + len(bad_backups)}",
            "0",
            not bad_backups and verified == rounds,
        ),
        Goal(
            NAME,
            "integrity_check",
            str(integrity["integrity_check"] if integrity else "?"),
            "ok",
            bool(integrity) and integrity["integrity_check"] == "ok",
        ),
    ]
    path = write_results(
        NAME,
        {
            "results": results,
            "app": app,
            "user_errors": user_errors,
            "missing": missing,
            "unpublished": sorted(named - published),
            "bad_backups": bad_backups,
        },
        goals,
    )
    print_goals("Concurrency: goals", goals)
    log(f"results in {path}")
    return 0 if all(g.met for g in goals) else 1


if __name__ == "__main__":
    sys.exit(main())
