"""Window text: Settings → Memory and memory proposals. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "memory.hint": translate(
        "memory",
        "Facts Mira may tell the model in every conversation (or in one workspace's), within a small budget. Untick a fact to keep it without sending it. A thread can leave memory out (its ⋯ menu).",
        "memory.hint",
    ),
    "memory.empty": translate("memory", "Nothing remembered yet.", "memory.empty"),
    "memory.new": translate("memory", "A fact about you, e.g. I prefer metric units", "memory.new"),
    "memory.add": translate("memory", "Remember", "memory.add"),
    "memory.remove": translate("memory", "Forget", "memory.remove"),
    "memory.edit": translate("memory", "Edit fact", "memory.edit"),
    "memory.fact": translate("memory", "Fact", "memory.fact"),
    "memory.everywhere": translate("memory", "Every conversation", "memory.everywhere"),
    "memory.in_workspace": translate("memory", "Only in {name}", "memory.in_workspace"),
    "memory.tip": translate("memory", "Tick: sent with requests. Double-click to edit.", "memory.tip"),
    "memory.proposal": translate("memory", "Remember that: “{fact}”?", "memory.proposal"),
    "memory.accept": translate("memory", "Remember", "memory.accept"),
    "memory.dismiss": translate("memory", "Dismiss", "memory.dismiss"),
}
