"""Dictation accuracy and speed: word error rate and real-time factor of the transcription.

Sentences a person might dictate are spoken by Piper (the app's English voice) and espeak-ng (a
harsher synthetic voice) into WAV files, then transcribed by Mira's service (faster-whisper, Whisper
base int8, beam 5, Silero VAD, language detected) and, as the baseline, by faster-whisper called
directly with its defaults on the same model and files. WER is word-level Levenshtein over the true
words (lower-cased, punctuation aside); the real-time factor is compute seconds / audio seconds
(below 1 is faster than speech). Chinese is not measured on real speech: no recording of real
Mandarin ships with any package here; espeak-ng's Mandarin is shown as a character error rate for
what it is (synthetic speech Whisper hardly understands). Goal: WER ≤ 10 % and RTF ≤ 1 on Piper.

Run: ``.venv/bin/python benchmarks/speech_input.py [--runs N]``; results in
``benchmarks/results/speech_input.json``.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.reporting import Spread, machine, machine_load, table, write_results
from mira_desktop.core.cancel import CancelToken
from mira_desktop.services.media.speech import PiperEngine
from mira_desktop.services.speech_input.model_files import ensure_model
from mira_desktop.services.speech_input.transcriber import Transcriber

SENTENCES = [
    "What is the emergency launch code for the escape capsule?",
    "Please summarise the second chapter of the station manual in three sentences.",
    "Who is the commander of the station, and when did she join the crew?",
    "Write a short email to Lars asking him to check the oxygen valves on Friday.",
    "How many docking ports does the station have?",
    "Translate the greeting into French and make it sound friendly.",
]
CHINESE = ["空间站有几个对接口？", "请用三句话总结第二章的内容。"]
GOAL_WER, GOAL_RTF = 0.10, 1.0


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("summarize", "summarise"))


def edit_distance(a: list[str], b: list[str]) -> int:
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y))
        previous = current
    return previous[-1]


def speak(folder: Path) -> dict[str, list[tuple[str, Path]]]:
    piper = PiperEngine()
    voices: dict[str, list[tuple[str, Path]]] = {"piper (en)": [], "espeak-ng (en)": [], "espeak-ng (zh)": []}
    for index, sentence in enumerate(SENTENCES):
        path = folder / f"piper-{index}.wav"
        path.write_bytes(piper.speak(sentence, "en", CancelToken()).wav)
        voices["piper (en)"].append((sentence, path))
        path = folder / f"espeak-{index}.wav"
        subprocess.run(["espeak-ng", "-v", "en-us", "-w", str(path), sentence], check=True)
        voices["espeak-ng (en)"].append((sentence, path))
    for index, sentence in enumerate(CHINESE):
        path = folder / f"espeak-zh-{index}.wav"
        subprocess.run(["espeak-ng", "-v", "cmn", "-w", str(path), sentence], check=True)
        voices["espeak-ng (zh)"].append((sentence, path))
    return voices


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="transcriptions of each file per engine")
    args = parser.parse_args()
    load_before = machine_load()
    with tempfile.TemporaryDirectory(prefix="mira-speech-bench-") as scratch:
        folder = Path(scratch)
        started = time.perf_counter()
        model_folder = ensure_model(folder / "whisper-base")
        joined = time.perf_counter() - started
        mira = Transcriber(model_folder)
        started = time.perf_counter()
        mira._load()  # the one-off model load, measured apart
        loaded = time.perf_counter() - started
        raw = mira._model  # the same loaded model, called directly: the baseline
        voices = speak(folder)
        results: list[dict[str, Any]] = []
        rows = []
        for voice, items in voices.items():
            chinese = voice.endswith("(zh)")
            for engine in ("mira", "faster-whisper defaults"):
                errors = truth = 0
                factors: list[float] = []
                heard_all = []
                for sentence, path in items:
                    for _ in range(args.runs):
                        if engine == "mira":
                            transcript = mira.transcribe(path, language="zh" if chinese else None, fallback="en")
                            heard, audio, seconds = transcript.text, transcript.duration_s, transcript.seconds
                        else:
                            t0 = time.perf_counter()
                            segments, info = raw.transcribe(str(path), language="zh" if chinese else None)
                            heard = " ".join(s.text.strip() for s in segments)
                            seconds, audio = time.perf_counter() - t0, info.duration
                        factors.append(seconds / audio)
                    heard_all.append(heard)
                    if chinese:  # characters, punctuation aside
                        want = [c for c in sentence if c.isalnum()]
                        errors += edit_distance(want, [c for c in heard if c.isalnum()])
                        truth += len(want)
                    else:
                        errors += edit_distance(words(sentence), words(heard))
                        truth += len(words(sentence))
                rate, spread = errors / max(truth, 1), Spread.of(factors)
                goal = voice == "piper (en)"
                verdict = ("meets" if rate <= GOAL_WER and spread.median <= GOAL_RTF else "misses") if goal else "-"
                results.append({"voice": voice, "engine": engine, "metric": "CER" if chinese else "WER",
                                "error_rate": rate, "real_time_factor": spread.to_json(factors),
                                "heard": heard_all, "verdict": verdict})  # fmt: skip
                rows.append([voice, engine, ("CER " if chinese else "WER ") + f"{rate * 100:.0f} %",
                             *spread.cells(1, 2), verdict])  # fmt: skip
                print(f"  {voice} {engine}: {rate * 100:.0f} %, RTF {spread.median:.2f}", flush=True)
    print()
    print(table(["voice", "engine", "error rate", "RTF", "low", "high", "verdict"], rows))
    print(f"\nGoal (Piper English): WER ≤ {GOAL_WER * 100:.0f} % and RTF ≤ {GOAL_RTF:g}. Model joined from its "
          f"packages in {joined:.1f} s, loaded in {loaded:.1f} s (once per process); {args.runs} run(s) per file; "
          f"{mira.threads} thread(s). Chinese real speech: not measured (no real recording available).")  # fmt: skip
    path = write_results("speech_input", {"machine": machine(), "load_before": load_before,
                                          "load_after": machine_load(), "runs": args.runs, "join_s": joined,
                                          "load_s": loaded, "cases": results})  # fmt: skip
    print(f"results: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
