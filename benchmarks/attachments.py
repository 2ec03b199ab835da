"""Attachment add-to-sendable time for an 8 MB PDF, by stage, and what sending it costs.

The PDF is made here with PyMuPDF: 300 pages of text (about 0.9 million characters) with a photo-like
picture on every tenth page, just under the 8 MB limit. Each run adds it to a fresh data folder's
composer — size check, type by content, hash, the PDF reader, the atomic writes and the draft's row —
which is when it is sendable; then plans the send (the token count the composer shows) and compiles
the request a send would make, whose file does not fit SmolLM2's window: its passages are retrieved
for the question through a temporary BM25 index. Median, lowest and highest of the runs. No goal is
set for these figures (issue 13 asked for the measurement only); the script says so.
Run: ``.venv/bin/python benchmarks/attachments.py [--runs N]``; results in ``benchmarks/results/attachments.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.reporting import Goals, Spread, machine, machine_load, printed_table, table, write_results

LIMIT = 8 * 1024 * 1024
QUESTION = "What is the emergency launch code for the escape capsule?"


def build_pdf(path: Path, target: int = LIMIT - 200_000) -> Path:
    """Text pages with a noise picture on every tenth, the pictures sized so the file nears ``target``."""
    side = 260
    for _ in range(3):  # the pictures' size is corrected from the size of the last build
        _write_pdf(path, side)
        size = path.stat().st_size
        if target * 0.97 <= size <= target:
            break
        side = max(int(side * ((target * 0.985) / size) ** 0.5), 16)
    return path


def _write_pdf(path: Path, side: int) -> None:
    import random

    import pymupdf

    rng = random.Random(7)
    document = pymupdf.open()
    vocabulary = ["station", "greenhouse", "capsule", "valve", "hatch", "oxygen", "crew", "battery",
                  "module", "water", "seal", "orbit"]  # fmt: skip
    for number in range(1, 301):
        page = document.new_page()
        words = " ".join(rng.choice(vocabulary) for _ in range(480))
        secret = "The emergency launch code for the escape capsule is 7741. " if number == 187 else ""
        page.insert_textbox(pymupdf.Rect(36, 36, 560, 560), f"Chapter {number}. {secret}{words}", fontsize=8)
        if number % 10 == 0:
            picture = pymupdf.Pixmap(pymupdf.csRGB, side, side, rng.randbytes(side * side * 3), False)
            page.insert_image(pymupdf.Rect(36, 570, 300, 800), pixmap=picture)
    document.save(path, garbage=3, deflate=True)
    document.close()


def one_run(pdf: Path, script: str) -> dict[str, float]:
    from mira_desktop.app import build_services

    with tempfile.TemporaryDirectory(prefix="mira-bench-") as folder:
        services = build_services(Path(folder) / "data")
        try:
            services.attachments.retriever.embedder = lambda: (
                None
            )  # 4,000+ chunks: BM25 alone, as the app does
            started = time.perf_counter()
            view = services.attachments.add_to_draft(None, pdf)
            added = time.perf_counter()
            plan = services.attachments.plan(None, QUESTION, model_ref=script)
            planned = time.perf_counter()
            from mira_desktop.services.chat.service import SendOptions

            handle = services.chat.send(
                None, QUESTION, SendOptions(model_ref=script, attachment=view.draft_key)
            )
            sent = time.perf_counter()  # compiled with the retrieved passages and written: the run starts
            assert handle.wait(60).value == "completed"
            answer = services.chat._messages.get(handle.assistant_message_id)
            sources = answer.metadata["sources"] if answer is not None else []
            assert plan is not None
            assert sources, "the long file should be retrieved"
            request = next(e for e in services.chat.run_events(handle.run_id) if e.type == "request.compiled")
            return {
                "add_s": added - started,
                "plan_s": planned - added,
                "send_s": sent - planned,
                "tokens_estimate": float(view.tokens),
                "passages": float(len(sources)),
                "request_tokens": float(request.data["prompt_tokens"]),
                "first_source_page": float(sources[0]["location"].get("page", 0)),
            }
        finally:
            services.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    load_before = machine_load()
    work = Path(tempfile.mkdtemp(prefix="mira-bench-pdf-"))
    started = time.perf_counter()
    pdf = build_pdf(work / "station-manual.pdf")
    built = time.perf_counter() - started
    script = work / "model.json"
    script.write_text(json.dumps({"replies": [{"text": "7741"}], "profile": {"context_window": 8192}}))
    runs = [one_run(pdf, f"scripted:{script}") for _ in range(args.runs)]
    size = pdf.stat().st_size
    rows = []
    stages = {"add_s": "add → sendable (check, read, store)", "plan_s": "plan (token count shown)",
              "send_s": "send (retrieval, request, rows) until the run starts"}  # fmt: skip
    summary: dict[str, object] = {}
    for key, label in stages.items():
        values = [r[key] for r in runs]
        spread = Spread.of(values)
        summary[key] = spread.to_json(values)
        rows.append([label, *spread.cells(1000, 0)])
    print(f"PDF: {size / 1024 / 1024:.2f} MB, 300 pages (built in {built:.1f} s); {args.runs} runs\n")
    print(table(["stage", "median ms", "low", "high"], rows))
    last = runs[-1]
    print(
        f"\nestimated tokens of the whole text: {last['tokens_estimate']:,.0f}; passages sent: "
        f"{last['passages']:.0f} (first from p. {last['first_source_page']:.0f}); request {last['request_tokens']:,.0f} tokens"
    )
    path = write_results(
        "attachments",
        {"machine": machine(), "load_before": load_before, "load_after": machine_load(), "pdf_bytes": size,
         "runs": args.runs, "stages": summary, "last_run": last,
         "table": printed_table(f"An {size / 1024 / 1024:.2f} MB PDF of 300 pages, {args.runs} runs",
                                ["stage", "median ms", "low", "high"], rows)},
        goals := Goals("attachments"),
    )  # fmt: skip
    goals.print()
    print(f"results: {path}")
    return goals.exit_status()


if __name__ == "__main__":
    sys.exit(main())
