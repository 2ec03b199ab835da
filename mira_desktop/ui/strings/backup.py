"""Window text: backing up the data folder. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "backup.title": translate("backup", "Back up data", "backup.title"),
    "backup.filter": translate("backup", "Mira backup (*.zip)", "backup.filter"),
    "backup.running": translate("backup", "Backing up…", "backup.running"),
    "backup.step": translate("backup", "Backing up: {step}…", "backup.step"),
    "backup.saved": translate("backup", "Saved the backup {path}.", "backup.saved"),
    "backup.saved_detail": translate(
        "backup",
        "Saved {path}: %Ln file(s), {size}. Keep it somewhere else than this computer; API keys of remote providers are not in it. `mira backup restore` restores it into a new folder.",
        "backup.saved_detail",
        1,
    ).counted_by("files"),
    "backup.failed": translate("backup", "The backup was not written: {reason}", "backup.failed"),
}
