"""Keep the window's translations in step with its English catalog.

The English text lives in ``mira_desktop/ui/strings/`` (one ``translate(context, source, key)`` call
per key); the translations live in ``mira_desktop/ui/translations/mira_<lang>.ts`` (Qt Linguist
files); the window loads the ``.qm`` files ``pyside6-lrelease`` compiles from them.

    .venv/bin/python tools/i18n_sync.py              # lupdate: new or changed English -> unfinished
    .venv/bin/python tools/i18n_sync.py set zh_CN KEY "中文"           # fill one translation
    .venv/bin/python tools/i18n_sync.py set en KEY "%Ln file" "%Ln files"  # English plural forms
    .venv/bin/python tools/i18n_sync.py check        # exit 1 while any translation is unfinished
    .venv/bin/python tools/i18n_sync.py import-legacy  # one-off: the old ``_STRINGS`` table

``sync`` keeps every existing translation, adds new messages as unfinished, drops the ones no key
uses any more, pre-fills English plural forms from "(s)" for review, and compiles the ``.qm`` files
(unfinished translations are left out of them, so the window shows English until someone
translates). ``set`` and Qt Linguist (``.venv/bin/pyside6-linguist FILE.ts``) both mark a
translation finished.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from mira_desktop.ui.strings.source import Source  # noqa: E402 (after the path is set)

STRINGS_DIR = REPO / "mira_desktop" / "ui" / "strings"
TRANSLATIONS_DIR = REPO / "mira_desktop" / "ui" / "translations"
LEGACY_TABLE = REPO / "mira_desktop" / "ui" / "i18n.py"
# Chinese carries every message; English only the plural ones (its singular and plural forms).
LANGUAGES = {"zh_CN": False, "en": True}  # language -> plural messages only
PLACEHOLDER = re.compile(r"\{(\w+)\}")
COUNT_MARK = re.compile(r"%L?n")
# Where the one-off conversion put each key prefix; a prefix not listed gets a module of its own.
MODULES = {
    "shell": ("the main window, its menus, status bar and shortcuts", ("app", "sidebar", "menu", "status", "error", "quit", "switcher", "shortcuts", "undo", "empty")),
    "trash": ("the trash", ("trash",)),
    "backup": ("backing up the data folder", ("backup",)),
    "chat": ("the conversation: composer, context meter, messages, header", ("composer", "meter", "chat", "message", "header")),
    "threads": ("thread actions and the context summary", ("thread", "summary")),
    "agent": ("agent runs: trace, approvals, undo", ("agent",)),
    "attachments": ("attached files and generated media", ("attachment", "media")),
    "knowledge": ("the Knowledge window", ("kb",)),
    "roles": ("the Roles window", ("roles",)),
    "settings": ("Settings: models and appearance", ("settings", "models")),
    "memory": ("Settings → Memory and memory proposals", ("memory",)),
}  # fmt: skip
TS_HEADER = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'


def tool(name: str) -> str:
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} is not installed: run `make install` first.")
    return found


def ts_path(language: str) -> Path:
    return TRANSLATIONS_DIR / f"mira_{language}.ts"


# -- the catalog ------------------------------------------------------------------------------------
def load_tables() -> dict[str, dict[str, Source]]:
    """Each catalog module's table, imported afresh (this run may have just written them)."""
    for name in [
        m for m in sys.modules if m.startswith("mira_desktop.ui.strings.") and not m.endswith(".source")
    ]:
        del sys.modules[name]
    importlib.invalidate_caches()
    return {
        name: dict(importlib.import_module(f"mira_desktop.ui.strings.{name}").STRINGS)
        for name in catalog_modules()
    }


def load_catalog() -> dict[str, Source]:
    return {key: entry for table in load_tables().values() for key, entry in table.items()}


def catalog_modules() -> list[str]:
    return sorted(p.stem for p in STRINGS_DIR.glob("*.py") if p.stem not in {"__init__", "source"})


def write_phrases() -> None:
    """``ui/strings/phrases.py`` from ``core/phrases.ENGLISH``: the same English under ``phrase.<key>``,
    as literal calls that lupdate reads (a test keeps the two identical)."""
    from mira_desktop.core.phrases import ENGLISH

    entries = "".join(
        f'    {json.dumps("phrase." + key)}: translate("phrase", {json.dumps(text, ensure_ascii=False)}, '
        f"{json.dumps('phrase.' + key)}),\n"
        for key, text in ENGLISH.items()
    )
    text = (
        '"""Window text: the sentences services say (``core/phrases.py``), by the same keys with ``phrase.`` '
        "before\nthem and the same English. Written by ``tools/i18n_sync.py``; the translations are in "
        '``ui/translations``."""\n\nfrom __future__ import annotations\n\n'
        "from mira_desktop.ui.strings.source import Source, translate\n\n"
        f"STRINGS: dict[str, Source] = {{\n{entries}}}\n"
    )
    path = STRINGS_DIR / "phrases.py"
    path.write_text(text, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", str(path)], check=False)  # its layout


def write_init() -> None:
    names = catalog_modules()
    modules = "".join(f"    {name},\n" for name in names)  # one per line, as ruff formats them
    tables = "".join(f"    {name}.STRINGS,\n" for name in names)
    text = f'''"""The catalog of the window's English text: every key of ``ui.i18n.tr`` and its message.

One module per area of the window; this file is regenerated by ``tools/i18n_sync.py``.
"""

from __future__ import annotations

from mira_desktop.ui.strings import (
{modules})
from mira_desktop.ui.strings.source import Source


def _merge(*tables: dict[str, Source]) -> dict[str, Source]:
    merged: dict[str, Source] = {{}}
    for table in tables:
        for key, entry in table.items():
            if key in merged:
                raise ValueError(f"the catalog defines {{key!r}} twice")
            merged[key] = entry
    return merged


CATALOG: dict[str, Source] = _merge(
{tables})
'''
    (STRINGS_DIR / "__init__.py").write_text(text, encoding="utf-8")


def problems_in(catalog: dict[str, Source]) -> list[str]:
    """Entries that break the conventions ``tr()`` and the translators rely on."""
    found = []
    for key, entry in catalog.items():
        if entry.context != key.split(".", 1)[0] or entry.disambiguation != key:
            found.append(f"{key}: write translate({key.split('.', 1)[0]!r}, ..., {key!r})")
        if entry.plural != bool(COUNT_MARK.search(entry.source)):
            found.append(f"{key}: a numerus message (fourth argument 1) needs %Ln, and only it")
        for name, fragment in entry.counts:
            if fragment not in catalog or not catalog[fragment].plural:
                found.append(f"{key}: {{{name}}} needs {fragment}, a numerus message")
    return found


# -- the .ts files ----------------------------------------------------------------------------------
@dataclass
class Message:
    key: str
    source: str
    numerus: bool
    element: ET.Element

    @property
    def translation(self) -> ET.Element:
        found = self.element.find("translation")
        assert found is not None
        return found

    @property
    def forms(self) -> list[str]:
        if self.numerus:
            return [form.text or "" for form in self.translation.findall("numerusform")]
        return [self.translation.text or ""]

    @property
    def finished(self) -> bool:
        return self.translation.get("type") is None and all(self.forms)

    def fill(self, forms: list[str], *, finished: bool) -> None:
        translation = self.translation
        if self.numerus:
            slots = translation.findall("numerusform")
            if len(forms) != len(slots):
                raise SystemExit(f"{self.key} takes {len(slots)} plural form(s), not {len(forms)}")
            for slot, form in zip(slots, forms, strict=True):
                slot.text = form
        else:
            (translation.text,) = forms
        if finished:
            translation.attrib.pop("type", None)
        else:
            translation.set("type", "unfinished")


def read_ts(language: str) -> tuple[ET.Element, dict[str, Message]]:
    """The root of a .ts file and its live messages by key (the disambiguation)."""
    root = ET.parse(ts_path(language)).getroot()
    messages = {}
    for element in root.iter("message"):
        translation = element.find("translation")
        if translation is not None and translation.get("type") not in {"obsolete", "vanished"}:
            key = element.findtext("comment") or ""
            numerus = element.get("numerus") == "yes"
            messages[key] = Message(key, element.findtext("source") or "", numerus, element)
    return root, messages


def write_ts(language: str, root: ET.Element) -> None:
    ET.indent(root, "    ")
    body = ET.tostring(root, encoding="unicode")
    ts_path(language).write_text(TS_HEADER + body + "\n", encoding="utf-8")


def lupdate() -> None:
    """Merge the catalog's messages into each .ts (lupdate also rewrites it in its own layout)."""
    TRANSLATIONS_DIR.mkdir(parents=True, exist_ok=True)
    for language, plural_only in LANGUAGES.items():
        command = [
            tool("pyside6-lupdate"),
            "-silent",
            "-no-obsolete",
            "-locations",
            "none",
            "-extensions",
            "py",
        ]
        command += ["-source-language", "en", "-target-language", language]
        command += ["-pluralonly"] if plural_only else []
        subprocess.run([*command, str(STRINGS_DIR), "-ts", str(ts_path(language))], check=True)


def lrelease() -> None:
    for language in LANGUAGES:
        qm = ts_path(language).with_suffix(".qm")
        command = [tool("pyside6-lrelease"), "-silent", "-nounfinished", str(ts_path(language))]
        subprocess.run([*command, "-qm", str(qm)], check=True)


def english_forms(source: str) -> list[str] | None:
    """A first guess at "%Ln file(s)" in English: ["%Ln file", "%Ln files"]; None without "(s)"."""
    if "(s)" not in source:
        return None
    return [source.replace("(s)", ""), source.replace("(s)", "s")]


def prefill_english() -> list[str]:
    """Guess unfinished English plural forms (left unfinished for review); the keys to review."""
    root, messages = read_ts("en")
    review = []
    for message in messages.values():
        if message.numerus and not message.finished:
            guess = english_forms(message.source)
            if guess is not None and not any(message.forms):
                message.fill(guess, finished=False)
            review.append(message.key)
    write_ts("en", root)
    return review


def unfinished() -> dict[str, list[str]]:
    return {
        language: sorted(key for key, message in read_ts(language)[1].items() if not message.finished)
        for language in LANGUAGES
    }


def sync() -> int:
    write_phrases()  # the services' phrases, as the window's catalog entries
    write_init()  # a new module of ui/strings joins the catalog
    catalog = load_catalog()
    problems = problems_in(catalog)
    for problem in problems:
        print(f"catalog: {problem}", file=sys.stderr)
    lupdate()
    prefill_english()
    lupdate()  # back into lupdate's own layout
    lrelease()
    for language, keys in unfinished().items():
        if keys:
            print(f"{ts_path(language).relative_to(REPO)}: {len(keys)} unfinished: {', '.join(keys)}")
    return 1 if problems else 0


def set_translation(language: str, key: str, forms: list[str]) -> int:
    if language not in LANGUAGES:
        raise SystemExit(f"{language!r} is not one of {', '.join(LANGUAGES)}")
    root, messages = read_ts(language)
    if key not in messages:
        raise SystemExit(f"{key} is not in {ts_path(language).name}: add it to the catalog and run sync")
    message = messages[key]
    wanted, given = placeholders(message.source), [placeholders(form) for form in forms]
    if any(found != wanted for found in given):
        raise SystemExit(f"{key}: the translation must use exactly {sorted(wanted)}; got {given}")
    message.fill(forms, finished=True)
    write_ts(language, root)
    lupdate()
    lrelease()
    return 0


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders and the count mark a translation must keep."""
    found = set(PLACEHOLDER.findall(text))
    return found | {"%n"} if COUNT_MARK.search(text) else found


def check() -> int:
    failed = False
    for problem in problems_in(load_catalog()):
        print(f"catalog: {problem}")
        failed = True
    for language, keys in unfinished().items():
        for key in keys:
            print(f"{ts_path(language).name}: {key} is unfinished")
            failed = True
    return 1 if failed else 0


# -- the one-off conversion of ui/i18n.py's _STRINGS --------------------------------------------------
def legacy_table() -> dict[str, tuple[str, str]] | None:
    tree = ast.parse(LEGACY_TABLE.read_text(encoding="utf-8"))
    for node in tree.body:
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        if node.target.id == "_STRINGS" and node.value is not None:
            table: dict[str, tuple[str, str]] = ast.literal_eval(node.value)
            return table
    return None


def count_keyword(english: str) -> str | None:
    """The placeholder that counts a "(s)" noun ("{count} model(s)"), when there is exactly one."""
    counted = set(re.findall(r"\{(\w+)\} (?:[\w-]+ ){0,2}?[\w-]+\(s\)", english))
    return counted.pop() if len(counted) == 1 else None


def legacy_form(entry: Source, catalog: dict[str, Source]) -> str:
    """What the old table held for ``entry``, "(s)" read as "s": its counts back as placeholders."""
    text = entry.source
    if entry.plural:
        text = COUNT_MARK.sub("{" + entry.count + "}", text)
    for name, fragment in entry.counts:
        text = text.replace("{" + name + "}", legacy_form(catalog[fragment], catalog))
    return text.replace("(s)", "s")


def literal(text: str) -> str:
    """``text`` as a double-quoted Python string literal (JSON's escapes are Python's)."""
    return json.dumps(text, ensure_ascii=False)


def entry_code(key: str, english: str) -> str:
    """The catalog line for an old entry; "{count} file(s)" becomes a numerus message."""
    arguments = [literal(key.split(".", 1)[0]), literal(english), literal(key)]
    counted, chain = count_keyword(english), ""
    if counted is not None:
        arguments[1] = literal(english.replace("{" + counted + "}", "%Ln"))
        arguments.append("1")
        chain = "" if counted == "count" else f".counted_by({literal(counted)})"
    return f"    {literal(key)}: translate({', '.join(arguments)}){chain},\n"


def home_module(prefix: str, tables: dict[str, dict[str, Source]]) -> str:
    """The module that holds a prefix's keys already, else its place in MODULES, else its own."""
    for name, table in tables.items():
        if any(key.split(".", 1)[0] == prefix for key in table):
            return name
    return next((name for name, (_, prefixes) in MODULES.items() if prefix in prefixes), prefix)


def new_module(name: str) -> str:
    about = MODULES.get(name, (f"the ``{name}.*`` keys", ()))[0]
    return (
        f'"""Window text: {about}. The translations are in ``ui/translations``."""\n\n'
        "from __future__ import annotations\n\n"
        "from mira_desktop.ui.strings.source import Source, translate\n\n"
        "STRINGS: dict[str, Source] = {\n}\n"
    )


def edit_module(module: str, entries: list[str], replaced: dict[str, str]) -> None:
    """Append ``entries`` to ``module``'s table and rewrite the entries of the ``replaced`` keys."""
    path = STRINGS_DIR / f"{module}.py"
    if not path.exists():
        path.write_text(new_module(module), encoding="utf-8")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    table = next(
        node.value
        for node in ast.parse("".join(lines)).body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.target.id == "STRINGS"
    )
    assert isinstance(table, ast.Dict)
    assert table.end_lineno is not None
    spans = [
        (key.lineno - 1, value.end_lineno, replaced[key.value])
        for key, value in zip(table.keys, table.values, strict=True)
        if isinstance(key, ast.Constant) and key.value in replaced and value.end_lineno is not None
    ]
    closing = table.end_lineno - 1
    lines[closing:closing] = entries
    for start, end, code in sorted(spans, reverse=True):
        lines[start:end] = [code]
    path.write_text("".join(lines), encoding="utf-8")


def import_legacy() -> int:
    """Bring the keys of the old ``_STRINGS`` table into the catalog and their Chinese into the .ts.

    New keys are appended to their area's module; an entry whose English changed is rewritten,
    unless it was made numerus by hand (then it is listed to convert by hand). The Chinese of
    every key whose placeholders match the catalog's message is written in as finished.
    """
    legacy = legacy_table()
    if legacy is None:
        print("ui/i18n.py has no _STRINGS table left: nothing to import.")
        return 0
    STRINGS_DIR.mkdir(exist_ok=True)
    tables = load_tables()
    catalog = {key: entry for table in tables.values() for key, entry in table.items()}
    module_of = {key: name for name, table in tables.items() for key in table}
    additions: dict[str, list[str]] = {}
    replacements: dict[str, dict[str, str]] = {}
    manual = []
    for key, (english, _) in legacy.items():
        entry = catalog.get(key)
        if entry is None:
            module = home_module(key.split(".", 1)[0], tables)
            additions.setdefault(module, []).append(entry_code(key, english))
        elif legacy_form(entry, catalog) != english.replace("(s)", "s"):
            if entry.plural or entry.counts:
                manual.append(key)
            else:
                replacements.setdefault(module_of[key], {})[key] = entry_code(key, english)
    for module in sorted(set(additions) | set(replacements)):
        edit_module(module, additions.get(module, []), replacements.get(module, {}))
    write_init()
    subprocess.run([tool("ruff"), "format", "--quiet", str(STRINGS_DIR)], check=True)
    catalog = load_catalog()
    lupdate()
    root, messages = read_ts("zh_CN")
    for key, (_, chinese) in legacy.items():
        entry, message = catalog[key], messages.get(key)
        if message is None or entry.counts:
            continue  # a message made of plural fragments is translated by hand
        text = chinese.replace("{" + entry.count + "}", "%Ln") if entry.plural else chinese
        if placeholders(text) == placeholders(message.source):
            message.fill([text] * len(message.forms), finished=True)
        elif not message.finished:
            manual.append(key)
    write_ts("zh_CN", root)
    sync()
    for key in manual:
        print(f"{key}: convert by hand (its old English or Chinese does not fit the catalog's message)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("sync", help="update the .ts files from the catalog and compile the .qm files")
    setter = commands.add_parser("set", help="fill one translation and mark it finished")
    setter.add_argument("language", choices=sorted(LANGUAGES))
    setter.add_argument("key")
    setter.add_argument("forms", nargs="+", help="the translation (a numerus message: one per plural form)")
    commands.add_parser("check", help="exit 1 while any translation is unfinished")
    commands.add_parser("import-legacy", help="one-off: convert ui/i18n.py's old _STRINGS table")
    args = parser.parse_args(argv)
    if args.command == "set":
        return set_translation(args.language, args.key, args.forms)
    if args.command == "check":
        return check()
    if args.command == "import-legacy":
        return import_legacy()
    return sync()


if __name__ == "__main__":
    raise SystemExit(main())
