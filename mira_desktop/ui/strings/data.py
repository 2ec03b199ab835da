"""Window text: Settings → Workspaces → Data (files attached for read-only SQL in agent runs). The
translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "data.box_title": translate("data", "Data for agent runs (read-only SQL)", "data.box_title"),
    "data.hint": translate(
        "data",
        "Agent runs in the selected workspace can read these files with sql_schema and sql_query: "
        "one SELECT at a time, never a change. A CSV or Parquet file is one table, an XLSX file one "
        "table per sheet.",
        "data.hint",
    ),
    "data.attach": translate("data", "Attach a file…", "data.attach"),
    "data.attach_thread": translate("data", "Attach data for SQL…", "data.attach_thread"),
    "data.detach": translate("data", "Detach", "data.detach"),
    "data.detach_thread": translate("data", "Detach data", "data.detach_thread"),
    "data.detach_item": translate("data", "{name} ({kind})", "data.detach_item"),
    "data.choose_file": translate("data", "Attach a data file", "data.choose_file"),
    "data.filter": translate(
        "data", "Data files (*.sqlite *.sqlite3 *.db *.csv *.xlsx *.parquet)", "data.filter"
    ),
    "data.allow_prompt": translate(
        "data",
        "Tables (or TABLE.COLUMN) runs may read, separated by spaces; empty: every table",
        "data.allow_prompt",
    ),
    "data.mask_prompt": translate(
        "data", "Columns to mask as *** (TABLE.COLUMN, separated by spaces); empty: none", "data.mask_prompt"
    ),
    "data.row": translate("data", "{name} ({kind}): allowed {allow}; masked {mask}", "data.row"),
    "data.every_table": translate("data", "every table", "data.every_table"),
    "data.none": translate("data", "none", "data.none"),
    "data.empty": translate("data", "No data attached to this workspace.", "data.empty"),
    "data.attached": translate("data", "Attached {name}.", "data.attached"),
    "capabilities.need.data": translate("capabilities", "attached data", "capabilities.need.data"),
    "data.detached": translate("data", "Detached {name}; the file is unchanged.", "data.detached"),
}
