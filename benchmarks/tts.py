"""Speech synthesis speed: seconds of audio made per second of compute, Piper and espeak-ng.

Each engine speaks the same answers several times (an English one for both, a Chinese one for
espeak-ng, the engine Mira uses for Chinese); the table gives the median real-time factor (audio
seconds / compute seconds, higher is faster) with the lowest and highest run, and Piper's one-off
voice load. Goal: every engine and language makes speech at least as fast as it plays (median
real-time factor >= 1), so an answer can be heard without waiting for the whole of it; exits 1 when
one does not. Run: ``.venv/bin/python benchmarks/tts.py [--runs N]``; results in
``benchmarks/results/tts.json``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.reporting import Goals, Spread, machine, machine_load, printed_table, table, write_results
from mira_desktop.core.cancel import CancelToken
from mira_desktop.services.media.speech import EspeakEngine, PiperEngine, SpeechEngine

ENGLISH = (
    "The greenhouse module needs water every morning, and the tomatoes are almost ripe. "
    "Check the hatch seals and the oxygen valves once a week. The emergency launch code for the "
    "escape capsule is kept by the commander, Aiko Tanaka, and by the engineer, Lars Berg. "
    "If the station loses power, the batteries keep the life support running for nine hours."
)
CHINESE = (
    "温室模块每天早上都需要浇水，西红柿快熟了。每周检查一次舱门密封和氧气阀门。"
    "逃生舱的紧急发射代码由指挥官和工程师保管。如果空间站断电，电池可以让生命维持系统运行九个小时。"
)


def measure(engine: SpeechEngine, text: str, language: str, runs: int) -> dict[str, object]:
    factors, computes, audio = [], [], 0.0
    for _ in range(runs):
        started = time.perf_counter()
        speech = engine.speak(text, language, CancelToken())
        elapsed = time.perf_counter() - started
        computes.append(elapsed)
        factors.append(speech.seconds / elapsed)
        audio = speech.seconds
    return {"audio_s": audio, "compute_s": Spread.of(computes).to_json(computes),
            "realtime_factor": Spread.of(factors).to_json(factors)}  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    load_before = machine_load()
    piper, espeak = PiperEngine(), EspeakEngine()
    for engine in (piper, espeak):
        problem = engine.available()
        if problem:
            print(f"{engine.name}: {problem}", file=sys.stderr)
            return 1
    started = time.perf_counter()
    piper.speak("Warm up.", "en", CancelToken())  # loads the voice
    piper_load = time.perf_counter() - started
    cases = [
        ("piper", "en", piper, ENGLISH),
        ("espeak-ng", "en", espeak, ENGLISH),
        ("espeak-ng", "zh", espeak, CHINESE),
    ]
    results = []
    rows = []
    goals = Goals("tts")
    for name, language, engine, text in cases:
        result = measure(engine, text, language, args.runs)
        results.append({"engine": name, "language": language, "chars": len(text), **result})
        factor = Spread(**{k: v for k, v in result["realtime_factor"].items() if k != "values"})  # type: ignore[union-attr]
        compute = Spread(**{k: v for k, v in result["compute_s"].items() if k != "values"})  # type: ignore[union-attr]
        rows.append(
            [f"{name} ({language})", f"{result['audio_s']:.1f}", *compute.cells(1, 2), *factor.cells(1, 1)]
        )
        goals.at_least(f"{name} ({language}) real-time factor (median)", factor.median, 1.0, "x")
    header = ["engine", "audio s", "compute s", "low", "high", "audio s / compute s", "low", "high"]
    print(table(header, rows))
    print(
        f"\nPiper voice load (first synthesis, once per process): {piper_load:.2f} s; {args.runs} runs each."
    )
    path = write_results(
        "tts",
        {"machine": machine(), "load_before": load_before, "load_after": machine_load(), "runs": args.runs,
         "piper_load_s": piper_load, "cases": results,
         "table": printed_table(f"Speech synthesis, {args.runs} runs each", header, rows)},
        goals,
    )  # fmt: skip
    goals.print()
    print(f"results: {path}")
    return goals.exit_status()


if __name__ == "__main__":
    sys.exit(main())
