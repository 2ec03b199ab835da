"""Secrets: a unique API key planted through `mira models add-remote --api-key-stdin` must appear
nowhere Mira writes.

The local server's bearer token is planted too (``secrets_server.py``): made by `mira serve token
--new` (the one output that shows it), then sent by clients of `mira serve --lan`.

The key (with ``/``, ``+`` and ``=`` in it, so that its encodings differ) goes into a file-backed
keyring outside the data folder (``file_keyring.py``). A stub OpenAI-compatible server on loopback
(``openai_stub.py``) answers chats, refuses the key while echoing it back (plainly, and JSON-escaped
as a PHP proxy would), fails with the request headers in its error, and sends a malformed event. Then
threads are exported, backups made (in the data folder and outside), a crash report is provoked
mid-request (``secrets_crash.py``), and every file under the data folder (database and write-ahead
log included), the logs, the exports and every member of the backup archives is scanned for the key:
as is, base64 (also of ``Bearer KEY``, and URL-safe), URL-encoded, JSON-escaped, and its random part.
What the commands printed is scanned too. The key is also a declared HTTP tool's secret header
(``secrets_http_tool.py``): stored from standard input, sent to a loopback JSON API that echoes it,
by an agent run of the scripted model.

    python -m reliability.secrets_scan
"""

from __future__ import annotations

import base64
import json
import secrets
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from urllib.parse import quote, quote_plus

from reliability.common import PYTHON, ROOT, Goal, child_env, log, mira, print_goals, table, write_results
from reliability.openai_stub import StubServer
from reliability.secrets_http_tool import exercise as exercise_http_tool
from reliability.secrets_server import exercise, token_forms

NAME = "secrets_scan"
REF = "remote:stub/stub-model"
MISBEHAVIOURS = ("ECHO-401", "ECHO-ESCAPED", "ECHO-500", "BROKEN")


def forms(key: str) -> dict[str, bytes]:
    random_part = key.split("/", 1)[1].split("+", 1)[0]
    found = {
        "as is": key,
        "base64": base64.b64encode(key.encode()).decode(),
        "base64 of the header": base64.b64encode(f"Bearer {key}".encode()).decode(),
        "base64, URL-safe": base64.urlsafe_b64encode(key.encode()).decode(),
        "URL-encoded": quote(key, safe=""),
        "URL-encoded (form)": quote_plus(key),
        "JSON-escaped": json.dumps(key)[1:-1].replace("/", "\\/"),
        "random part": random_part,
    }
    return {name: text.encode() for name, text in found.items()}


def scan_bytes(data: bytes, patterns: dict[str, bytes]) -> dict[str, int]:
    return {name: data.count(p) for name, p in patterns.items() if data.count(p)}


def scan_tree(folder: Path, patterns: dict[str, bytes], label: str) -> list[dict[str, object]]:
    hits: list[dict[str, object]] = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []:
        data = path.read_bytes()
        if found := scan_bytes(data, patterns):
            hits.append({"where": f"{label}/{path.relative_to(folder)}", "forms": found})
        if path.suffix == ".zip" and zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as archive:
                for member in archive.namelist():
                    if found := scan_bytes(archive.read(member), patterns):
                        hits.append({"where": f"{label}/{path.relative_to(folder)}!{member}", "forms": found})
    return hits


def main(argv: list[str] | None = None) -> int:
    work = Path(tempfile.mkdtemp(prefix="mira-secrets-"))
    data, exports, backups, keyring_dir = (work / n for n in ("data", "exports", "backups", "keyring"))
    for folder in (exports, backups, keyring_dir):
        folder.mkdir()
    key = f"sk-soak/{secrets.token_hex(16)}+k="
    env = child_env(
        PYTHON_KEYRING_BACKEND="reliability.file_keyring.FileKeyring",
        MIRA_SOAK_KEYRING=str(keyring_dir / "keys.json"),
    )
    steps: list[dict[str, object]] = []

    def step(name: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        done = mira(data, *args, stdin=stdin, env=env, timeout=300)
        steps.append({"step": name, "exit": done.returncode, "stdout": done.stdout, "stderr": done.stderr})
        return done

    with StubServer() as stub:
        step(
            "add the provider with its key",
            "models",
            "add-remote",
            "stub",
            "--base-url",
            stub.base_url,
            "--model",
            "stub-model",
            "--api-key-stdin",
            stdin=key + "\n",
        )
        step("test the model", "models", "test", REF)
        sent = step("chat", "--json", "chat", "send", "--model", REF, "Hello there, stub.")
        thread = json.loads(sent.stdout.splitlines()[-1])["thread_id"] if sent.returncode == 0 else ""
        step("chat again", "chat", "send", "--thread", thread, "And once more?")
        for word in MISBEHAVIOURS:
            step(f"chat: server {word}", "chat", "send", "--thread", thread, f"Please {word} now.")
        step("list models", "--json", "models", "list")
        step(
            "export Markdown", "threads", "export", thread, "--format", "md", "-o", str(exports / "thread.md")
        )
        step(
            "export JSON", "threads", "export", thread, "--format", "json", "-o", str(exports / "thread.json")
        )
        step("show the thread", "--json", "threads", "show", thread)
        made = step("make the local server's token (shown this once)", "--json", "serve", "token", "--new")
        server_token = json.loads(made.stdout)["token"] if made.returncode == 0 else ""
        if server_token:
            steps.extend(exercise(data, env, REF, server_token))
        http_steps, http_key_sent = exercise_http_tool(data, env, key, work)
        steps.extend(http_steps)
        step("backup outside", "backup", "create", "-o", str(backups / "outside.zip"))
        step("backup inside", "backup", "create", "-o", str(data / "backups" / "inside.zip"))
        crashed = subprocess.run(
            [PYTHON, "-m", "reliability.secrets_crash", str(data), REF],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=300,
            check=False,
        )
        steps.append(
            {
                "step": "provoke a crash report",
                "exit": crashed.returncode,
                "stdout": crashed.stdout,
                "stderr": crashed.stderr,
            }
        )
        key_sent = f"Bearer {key}" in stub.authorizations
    patterns = forms(key) | (token_forms(server_token) if server_token else {})
    hits = (
        scan_tree(data, patterns, "data")
        + scan_tree(exports, patterns, "exports")
        + scan_tree(backups, patterns, "backups")
    )
    shown_once = {"make the local server's token (shown this once)"}  # the one place it is meant to be
    for s in steps:
        if s["step"] in shown_once:
            continue
        if found := scan_bytes(f"{s['stdout']}\n{s['stderr']}".encode(), patterns):
            hits.append({"where": f"output of: {s['step']}", "forms": found})
    crash_reports = sorted((data / "logs").glob("crash-*.txt"))
    scanned = sum(1 for f in (data, exports, backups) for p in f.rglob("*") if p.is_file())
    return report(
        steps, hits=hits, key_sent=key_sent, http_key_sent=http_key_sent, crash_reports=crash_reports, scanned=scanned, work=work
    )


def report(
    steps: list[dict[str, object]],
    *,
    hits: list[dict[str, object]],
    key_sent: bool,
    http_key_sent: bool,
    crash_reports: list[Path],
    scanned: int,
    work: Path,
) -> int:
    print("\nSecrets: what was done with a planted key")
    print(
        table(
            ["step", "exit", "said (stderr)"],
            [[str(s["step"]), str(s["exit"]), str(s["stderr"]).strip()[-90:]] for s in steps],
        )
    )
    print(
        f"\nScanned {scanned} files (data folder, logs, exports, backups and their members) and {len(steps)} commands' output"
    )
    if hits:
        print(table(["where", "forms found"], [[str(h["where"]), json.dumps(h["forms"])] for h in hits]))
    served = next((str(s["exit"]) for s in steps if s["step"] == "server: chat with the token"), "not run")
    occurrences = sum(n for h in hits for n in dict(h["forms"]).values())  # type: ignore[call-overload]
    goals = [
        Goal(NAME, "key reached the server (the plant worked)", "yes" if key_sent else "no", "yes", key_sent),
        Goal(NAME, "key reached the declared HTTP tool's API as its secret header", "yes" if http_key_sent else "no", "yes", http_key_sent),
        Goal(NAME, "the local server's token was made and served with", served, "200", served == "200"),
        Goal(NAME, "crash reports provoked", str(len(crash_reports)), ">= 1", bool(crash_reports)),
        Goal(NAME, "files scanned", str(scanned), "> 0", scanned > 0),
        Goal(NAME, "occurrences of the key (any form)", str(occurrences), "0", occurrences == 0),
    ]
    path = write_results(NAME, {"steps": steps, "hits": hits, "scanned_files": scanned}, goals)
    print_goals("Secrets: goals", goals)
    log(f"results in {path}")
    shutil.rmtree(work, ignore_errors=True)
    return 0 if all(g.met for g in goals) else 1


if __name__ == "__main__":
    sys.exit(main())
