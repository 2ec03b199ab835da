"""A worker process of the document fuzzing: ingests one file at a time as `mira kb add` does.

Each file gets a new data folder and knowledge base; it is added through ``IndexQueue.add`` and
indexed to the end by ``run_until_done`` (the real readers, chunker, embedder, LanceDB, Tantivy and
publish). The embedding model is loaded once, before the first file, and the address space is then
capped (``RLIMIT_AS``) a few GiB above what the loaded worker uses. Requests come on stdin, one
JSON object a line; answers go, one a line, to the original stdout (libraries' output goes to stderr).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import sys
import traceback
from pathlib import Path
from typing import Any

GIB = 1024**3


def _vm_size() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 0


def ingest(path: Path, data_dir: Path) -> dict[str, Any]:
    from mira_desktop.app import build_services
    from mira_desktop.core.errors import MiraError

    services = build_services(data_dir)
    try:
        kb = services.knowledge_bases.create("fuzz")
        added = services.knowledge.queue.add(kb.id, [str(path)])
        if added.jobs:
            services.knowledge.queue.run_until_done(kb.id, added.jobs)
        versions = [
            {"status": r["status"], "error": json.loads(r["error_json"]) if r["error_json"] else None}
            for r in services.database.query("SELECT status, error_json FROM document_versions")
        ]
        skipped = [s.reason for s in added.skipped]
        return {"outcome": "ran", "versions": versions, "skipped": skipped, "unchanged": added.unchanged}
    except MiraError as exc:
        return {"outcome": "refused", "message": str(exc)}
    except MemoryError:
        return {"outcome": "memory", "message": traceback.format_exc()[-1500:]}
    except Exception:
        return {"outcome": "crash", "message": traceback.format_exc()[-3000:]}
    finally:
        services.close()
        shutil.rmtree(data_dir, ignore_errors=True)


def main() -> int:
    channel = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # whatever a library prints goes to stderr, not into the answers
    headroom = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    from mira_desktop.index.embedder import Embedder

    Embedder().encode(["warm up the model once for every file"])
    limit = _vm_size() + int(headroom * GIB)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    channel.write(json.dumps({"ready": True, "address_space_limit": limit}) + "\n")
    for line in sys.stdin:
        request = json.loads(line)
        channel.write(json.dumps({"start": request["name"]}) + "\n")
        try:
            result = ingest(Path(request["path"]), Path(request["data"]))
        except MemoryError:
            result = {"outcome": "memory", "message": "MemoryError while opening the data folder"}
        except Exception:
            result = {"outcome": "crash", "message": traceback.format_exc()[-3000:]}
        channel.write(json.dumps({"done": request["name"], **result}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
