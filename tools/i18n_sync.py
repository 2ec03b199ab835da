"""Keep the window's translations in step with its English catalog, around ``pyside6-lupdate``.

The English text lives in ``mira_desktop/ui/strings/`` (one ``translate(context, source, key)`` call
per key, one module per area); the translations live in ``mira_desktop/ui/translations/mira_<lang>.ts``
(Qt Linguist files: Chinese holds every message, English only the plural ones); the window loads the
``.qm`` files ``pyside6-lrelease`` compiles from them. The sentences services say are phrases
(``core/phrases.py`` and ``core/phrasebook/<area>.py``): ``sync`` writes them into the catalog as
``ui/strings/phrases.py`` and ``ui/strings/phrases_<area>.py``, under ``phrase.<key>``.

    .venv/bin/python tools/i18n_sync.py              # sync: phrases -> catalog, lupdate, lrelease
    .venv/bin/python tools/i18n_sync.py set zh_CN KEY "中文"           # fill one translation
    .venv/bin/python tools/i18n_sync.py set en KEY "%Ln file" "%Ln files"  # English plural forms
    .venv/bin/python tools/i18n_sync.py set zh_CN --from FILE.json     # many: {"KEY": "中文", …}
    .venv/bin/python tools/i18n_sync.py check        # exit 1 while any translation is unfinished

A new window string: add it to a module of ``ui/strings`` (a new module joins the catalog by itself),
run ``sync``, then ``set`` its Chinese (and, for a plural message, its English forms). A new phrase:
add it to ``core/phrasebook/<area>.py``, raise it with ``MiraError.said(key, **values)``, run ``sync``
and ``set zh_CN phrase.<key> "…"``.

What is lupdate's: ``sync`` runs it, which keeps every existing translation, adds new or changed
English as unfinished and drops the messages no key uses any more; ``lrelease`` leaves unfinished
ones out of the ``.qm`` files, so the window shows English until someone translates. What lupdate
cannot do stays here: writing the phrases into the catalog, checking the catalog's conventions,
guessing English plural forms from "(s)" (left unfinished, for review), filling a translation from
the command line (``set``; Qt Linguist, ``.venv/bin/pyside6-linguist FILE.ts``, does it by hand),
and naming what is unfinished (``check``).
"""

from __future__ import annotations

import argparse
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

STRINGS_DIR = REPO / "mira_desktop" / "ui" / "strings"
TRANSLATIONS_DIR = REPO / "mira_desktop" / "ui" / "translations"
LANGUAGES = {"zh_CN": False, "en": True}  # language -> plural messages only
PLACEHOLDER = re.compile(r"(?<!\{)\{(\w+)(?:![rsa])?\}(?!\})")
COUNT_MARK = re.compile(r"%L?n")
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
def load_catalog() -> dict[str, object]:
    """The catalog as it is on disk now, in a fresh interpreter (this run may have just written it)."""
    code = (
        "import json; from dataclasses import asdict; from mira_desktop.ui.strings import catalog; "
        "print(json.dumps({k: asdict(v) for k, v in catalog().items()}))"
    )
    found = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    loaded: dict[str, object] = json.loads(found.stdout)
    return loaded


def write_phrases() -> None:
    """``ui/strings/phrases.py`` (the entries of ``core/phrases.py`` itself) and ``phrases_<area>.py``
    (each module of ``core/phrasebook``): the same English under ``phrase.<key>``, as literal calls
    lupdate reads (a test keeps them identical to the phrases)."""
    from mira_desktop.core.phrasebook import AREAS
    from mira_desktop.core.phrases import ENGLISH

    in_areas = {key for table in AREAS.values() for key in table}
    tables = {"phrases": {k: v for k, v in ENGLISH.items() if k not in in_areas}}
    tables |= {f"phrases_{area}": dict(table) for area, table in AREAS.items()}
    for stale in STRINGS_DIR.glob("phrases_*.py"):
        if stale.stem not in tables:
            stale.unlink()
    for name, table in tables.items():
        entries = "".join(
            f'    {json.dumps("phrase." + key)}: translate("phrase", {json.dumps(text, ensure_ascii=False)}, '
            f"{json.dumps('phrase.' + key)}),\n"
            for key, text in table.items()
        )
        source = (
            "core/phrases.py" if name == "phrases" else f"core/phrasebook/{name.removeprefix('phrases_')}.py"
        )
        text = (
            f'"""Window text: the sentences services say (``{source}``), by the same keys with ``phrase.`` '
            "before\nthem and the same English. Written by ``tools/i18n_sync.py``; the translations are in "
            '``ui/translations``."""\n\nfrom __future__ import annotations\n\n'
            "from mira_desktop.ui.strings.source import Source, translate\n\n"
            f"STRINGS: dict[str, Source] = {{\n{entries}}}\n"
        )
        path = STRINGS_DIR / f"{name}.py"
        path.write_text(text, encoding="utf-8")
        subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", str(path)], check=False)


def problems_in(catalog: dict[str, object]) -> list[str]:
    """Entries that break the conventions ``tr()`` and the translators rely on."""
    found = []
    for key, raw in catalog.items():
        entry = dict(raw)  # type: ignore[call-overload]
        prefix = key.split(".", 1)[0]
        if entry["context"] != prefix or entry["disambiguation"] != key:
            found.append(f"{key}: write translate({prefix!r}, ..., {key!r})")
        if entry["plural"] != bool(COUNT_MARK.search(entry["source"])):
            found.append(f"{key}: a numerus message (fourth argument 1) needs %Ln, and only it")
        for name, fragment in entry["counts"]:
            if fragment not in catalog or not dict(catalog[fragment])["plural"]:  # type: ignore[call-overload]
                found.append(f"{key}: {{{name}}} needs {fragment}, a numerus message")
    return found


# -- lupdate and lrelease ---------------------------------------------------------------------------
def lupdate() -> None:
    """Merge the catalog's messages into each .ts (lupdate also rewrites it in its own layout)."""
    TRANSLATIONS_DIR.mkdir(parents=True, exist_ok=True)
    for language, plural_only in LANGUAGES.items():
        command = [tool("pyside6-lupdate"), "-silent", "-no-obsolete", "-locations", "none"]
        command += ["-extensions", "py", "-source-language", "en", "-target-language", language]
        command += ["-pluralonly"] if plural_only else []
        subprocess.run([*command, str(STRINGS_DIR), "-ts", str(ts_path(language))], check=True)


def lrelease() -> None:
    for language in LANGUAGES:
        ts = ts_path(language)
        command = [
            tool("pyside6-lrelease"),
            "-silent",
            "-nounfinished",
            str(ts),
            "-qm",
            str(ts.with_suffix(".qm")),
        ]
        subprocess.run(command, check=True)


# -- the .ts files: what lupdate leaves to a translator ---------------------------------------------
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
            messages[key] = Message(
                key, element.findtext("source") or "", element.get("numerus") == "yes", element
            )
    return root, messages


def write_ts(language: str, root: ET.Element) -> None:
    ET.indent(root, "    ")
    ts_path(language).write_text(TS_HEADER + ET.tostring(root, encoding="unicode") + "\n", encoding="utf-8")


def prefill_english() -> None:
    """Guess unfinished English plural forms from "(s)": "%Ln file(s)" -> "%Ln file", "%Ln files"."""
    root, messages = read_ts("en")
    for message in messages.values():
        if message.numerus and not message.finished and not any(message.forms) and "(s)" in message.source:
            message.fill(
                [message.source.replace("(s)", ""), message.source.replace("(s)", "s")], finished=False
            )
    write_ts("en", root)


def unfinished() -> dict[str, list[str]]:
    return {
        language: sorted(key for key, message in read_ts(language)[1].items() if not message.finished)
        for language in LANGUAGES
    }


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders and the count mark a translation must keep."""
    found = set(PLACEHOLDER.findall(text))
    return found | {"%n"} if COUNT_MARK.search(text) else found


# -- the commands -----------------------------------------------------------------------------------
def sync() -> int:
    write_phrases()
    problems = problems_in(load_catalog())
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


def set_translations(language: str, given: dict[str, list[str]]) -> int:
    """Fill each key's forms and mark it finished; nothing is written if one of them does not fit."""
    root, messages = read_ts(language)
    for key, forms in given.items():
        if key not in messages:
            raise SystemExit(f"{key} is not in {ts_path(language).name}: add it to the catalog and run sync")
        wanted = placeholders(messages[key].source)
        if any(placeholders(form) != wanted for form in forms):
            raise SystemExit(f"{key}: the translation must use exactly {sorted(wanted)}; got {forms}")
        messages[key].fill(forms, finished=True)
    write_ts(language, root)
    lupdate()
    lrelease()
    return 0


def read_batch(path: Path) -> dict[str, list[str]]:
    """``{"KEY": "text"}`` or ``{"KEY": ["one form", "other form"]}`` from a JSON file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise SystemExit(f"{path} must hold one JSON object of keys and translations")
    return {str(k): [v] if isinstance(v, str) else [str(f) for f in v] for k, v in data.items()}


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("sync", help="phrases into the catalog, lupdate the .ts files, compile the .qm files")
    setter = commands.add_parser("set", help="fill translations and mark them finished")
    setter.add_argument("language", choices=sorted(LANGUAGES))
    setter.add_argument("key", nargs="?", help="the catalog key (phrases: phrase.<key>)")
    setter.add_argument("forms", nargs="*", help="the translation (a numerus message: one per plural form)")
    setter.add_argument("--from", dest="batch", type=Path, help="a JSON file of keys and translations")
    commands.add_parser("check", help="exit 1 while any translation is unfinished")
    args = parser.parse_args(argv)
    if args.command == "set":
        if (args.batch is None) == (args.key is None) or (args.key is not None and not args.forms):
            parser.error("set takes KEY and its forms, or --from FILE")
        given = read_batch(args.batch) if args.batch is not None else {args.key: args.forms}
        return set_translations(args.language, given)
    if args.command == "check":
        return check()
    return sync()


if __name__ == "__main__":
    raise SystemExit(main())
