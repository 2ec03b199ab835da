"""Benchmarks judge: their goals print a verdict, a missed or unmeasured goal fails the script, and
the READMEs' figures are copied from the results files by tools/bench_figures.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import reporting
from benchmarks.reporting import Goals
from tools import bench_figures


def test_a_missed_goal_makes_the_benchmark_exit_non_zero(capsys: pytest.CaptureFixture[str]) -> None:
    goals = Goals("generation")
    goals.at_least("adapter / raw tokens/s", 0.97, 0.95, "x", 2)
    goals.at_most("cancel while generating", 75.0, 66.0, " ms")
    goals.print()
    printed = capsys.readouterr().out
    assert goals.exit_status() == 1
    assert "0.97x" in printed
    assert "met" in printed
    assert "75.0 ms" in printed
    assert "MISSED" in printed
    assert "generation: 1 of 2 goals MISSED" in printed


def test_every_goal_met_exits_zero() -> None:
    goals = Goals("startup")
    goals.at_most("first paint / bare window", 1.4, 1.5, "x", 2)
    goals.check("every task solved", "24/24", "24/24", True)
    assert goals.exit_status() == 0
    assert goals.to_json()["all_met"] is True


def test_a_cancel_that_never_fired_misses_its_goal_instead_of_vanishing() -> None:
    goals = Goals("generation")
    assert goals.at_most("cancel while processing the prompt", float("nan"), 100.0, " ms") is False
    assert goals.goals[0].measured == "not measured"
    assert goals.exit_status() == 1


def test_a_benchmark_without_goals_says_so_and_passes() -> None:
    goals = Goals("attachments")
    assert goals.lines() == ["attachments: no goal is set for these figures (measured only)"]
    assert goals.exit_status() == 0


def test_the_results_file_keeps_the_goals_and_their_verdicts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reporting, "RESULTS", tmp_path)
    goals = Goals("search")
    goals.at_most("kb search in a new process", 2.4, 3.0, " s")
    path = reporting.write_results("search", {"runs": 5}, goals)
    data = json.loads(path.read_text("utf-8"))
    assert data["runs"] == 5
    assert data["verdict"] == {
        "all_met": True,
        "goals": [{"what": "kb search in a new process", "target": "<= 3.0 s", "measured": "2.4 s", "met": True}],
    }


def test_readme_figures_are_rewritten_from_the_results_file(tmp_path: Path) -> None:
    goals = Goals("startup")
    goals.at_most("usable", 380.0, 400.0, " ms", 0)
    goals.at_most("first paint / bare window", 1.62, 1.5, "x", 2)
    (tmp_path / "startup.json").write_text(
        json.dumps(
            {
                "table": reporting.printed_table("Start-up, ms", ["", "median"], [["bare window", "94"]]),
                "verdict": goals.to_json(),
                "load_before": {"at": "2026-12-02 06:00:00", "loadavg": [0.4, 0.5, 0.6]},
                "load_after": {"loadavg": [0.7, 0.5, 0.6]},
                "machine": {"cpus": 2},
            }
        )
    )
    readme = "Intro\n<!-- bench-figures: startup -->\nold figures typed by hand\n<!-- /bench-figures -->\nEnd\n"
    text, missing = bench_figures.rewrite(readme, tmp_path)
    assert missing == []
    assert "old figures" not in text
    assert text.startswith("Intro\n<!-- bench-figures: startup -->\n")
    assert text.endswith("<!-- /bench-figures -->\nEnd\n")
    assert "| bare window | 94 |" in text
    assert "| usable | <= 400 ms | 380 ms | met |" in text
    assert "| first paint / bare window | <= 1.50x | 1.62x | **missed** |" in text
    assert "2026-12-02 06:00:00, load average 0.4 → 0.7" in text
    assert bench_figures.rewrite(text, tmp_path)[0] == text  # rewriting again changes nothing


def test_a_block_whose_results_are_missing_is_left_as_it_was(tmp_path: Path) -> None:
    readme = "<!-- bench-figures: search -->\nkept\n<!-- /bench-figures -->\n"
    text, missing = bench_figures.rewrite(readme, tmp_path)
    assert text == readme
    assert missing == ["search"]


def test_an_unclosed_block_is_reported_and_never_swallows_the_next_section(tmp_path: Path) -> None:
    (tmp_path / "search.json").write_text(json.dumps({"verdict": Goals("search").to_json()}))
    readme = (
        "<!-- bench-figures: serve -->\nserve's figures\n\n## Next section\nprose\n\n"
        "<!-- bench-figures: search -->\nold\n<!-- /bench-figures -->\n"
    )
    text, missing = bench_figures.rewrite(readme, tmp_path)
    assert bench_figures.unclosed(readme) == ["serve"]
    assert text.startswith("<!-- bench-figures: serve -->\nserve's figures\n\n## Next section\nprose\n\n")
    assert "**search**" in text  # the closed block after it is still rewritten
    assert "\nold\n" not in text
    assert missing == []


def test_every_figures_block_of_the_readmes_is_closed() -> None:
    for path in bench_figures.DEFAULT_FILES:
        assert bench_figures.unclosed(path.read_text("utf-8")) == [], path
