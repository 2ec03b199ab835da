"""Keep the window's translations in step with its English, around ``pyside6-lupdate``.

The English has two homes, one per kind of text. The window's own text is in ``mira_desktop/ui/strings/``
(one ``translate(context, source, key)`` call per key, one module per area), which lupdate reads. The
sentences services say are phrases, in ``core/phrasebook/<area>.py``, which this tool writes into
the translations itself, each area as the context ``phrase.<area>`` and each phrase under the key
``phrase.<key>``. The translations live in ``mira_desktop/ui/translations/mira_<lang>.ts`` (Qt
Linguist files: Chinese holds every message, English only the plural ones); the window loads the
``.qm`` files ``pyside6-lrelease`` compiles from them.

    .venv/bin/python tools/i18n_sync.py              # sync: lupdate + the phrases into the .ts, lrelease
    .venv/bin/python tools/i18n_sync.py set zh_CN KEY "中文"           # fill one translation
    .venv/bin/python tools/i18n_sync.py set en KEY "%Ln file" "%Ln files"  # English plural forms
    .venv/bin/python tools/i18n_sync.py set zh_CN --from FILE.json     # many: {"KEY": "中文", …}
    .venv/bin/python tools/i18n_sync.py set zh_CN --from OTHER.ts      # the finished ones of another .ts
    .venv/bin/python tools/i18n_sync.py check        # exit 1 while any translation is missing or unfinished

A new window string: add it to a module of ``ui/strings`` (a new module joins the catalog by itself),
run ``sync``, then ``set`` its Chinese (and, for a plural message, its English forms). A new phrase:
add it to ``core/phrasebook/<area>.py``, make it with ``MiraError.said(key, **values)`` (or
``phrases.said``), run ``sync`` and ``set zh_CN phrase.<key> "…"``. ``set --from OTHER.ts`` takes
every finished translation of another copy of a .ts whose key and English match (after a merge: keep
one side's file, run ``sync``, then take the other side's from ``git show MERGE_HEAD:…``).

What is lupdate's: ``sync`` runs it on the window's text, which keeps every existing translation,
adds new or changed English as unfinished and drops the messages no key uses any more; the phrases
get the same treatment here (a changed phrase keeps its old translation, unfinished, and its old
English as ``oldsource`` for the translator). ``lrelease`` leaves unfinished messages out of the
``.qm`` files, so the window shows English until someone translates. What lupdate cannot do stays
here too: checking the catalog's conventions, guessing English plural forms from "(s)" (left
unfinished, for review), filling a translation from the command line (``set``; Qt Linguist,
``.venv/bin/pyside6-linguist FILE.ts``, does it by hand), and naming what is unfinished (``check``).
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

from mira_desktop.ui.strings import PHRASE, phrase_catalog, window_catalog  # noqa: E402 (after the path)
from mira_desktop.ui.strings.source import Source  # noqa: E402

STRINGS_DIR = REPO / "mira_desktop" / "ui" / "strings"
TRANSLATIONS_DIR = REPO / "mira_desktop" / "ui" / "translations"
LANGUAGES = {"zh_CN": False, "en": True}  # language -> plural messages only
PLACEHOLDER = re.compile(r"(?<!\{)\{(\w+)(?:![rsa])?\}(?!\})")
COUNT_MARK = re.compile(r"%L?n")
ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;"}


def tool(name: str) -> str:
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} is not installed: run `make install` first.")
    return found


def ts_path(language: str) -> Path:
    return TRANSLATIONS_DIR / f"mira_{language}.ts"


# -- the catalog ------------------------------------------------------------------------------------
def problems_in(window: dict[str, Source], phrases: dict[str, Source]) -> list[str]:
    """Entries that break the conventions ``tr()`` and the translators rely on."""
    found = []
    for key, entry in window.items():
        prefix = key.split(".", 1)[0]
        if prefix == PHRASE.rstrip("."):
            found.append(f"{key}: phrase.* keys are the phrasebook's; add the sentence to core/phrasebook")
        elif entry.context != prefix or entry.disambiguation != key:
            found.append(f"{key}: write translate({prefix!r}, ..., {key!r})")
        if entry.plural != bool(COUNT_MARK.search(entry.source)):
            found.append(f"{key}: a numerus message (fourth argument 1) needs %Ln, and only it")
        for name, fragment in entry.counts:
            if fragment not in window or not window[fragment].plural:
                found.append(f"{key}: {{{name}}} needs {fragment}, a numerus message")
    found += [
        f"{key}: a phrase has no plural forms (no %Ln)"
        for key, e in phrases.items()
        if COUNT_MARK.search(e.source)
    ]
    return found


# -- lupdate and lrelease ---------------------------------------------------------------------------
def lupdate() -> None:
    """Merge the window's text into each .ts with lupdate, and the phrases with :func:`put_phrases`
    (lupdate, which reads only ``ui/strings``, would drop them: they are taken out while it runs)."""
    TRANSLATIONS_DIR.mkdir(parents=True, exist_ok=True)
    for language, plural_only in LANGUAGES.items():
        kept = take_phrases(language) if ts_path(language).exists() else {}
        command = [tool("pyside6-lupdate"), "-silent", "-no-obsolete", "-locations", "none"]
        command += ["-extensions", "py", "-source-language", "en", "-target-language", language]
        command += ["-pluralonly"] if plural_only else []
        try:
            subprocess.run([*command, str(STRINGS_DIR), "-ts", str(ts_path(language))], check=True)
        finally:  # back in, even when lupdate failed: the translations are never lost on the way
            if not plural_only:
                put_phrases(language, kept)


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


# -- the phrases in the .ts files -------------------------------------------------------------------
def take_phrases(language: str) -> dict[str, ET.Element]:
    """Remove every phrase's message (``phrase.<key>``, in whichever context) from the .ts; returns
    them by key."""
    root = ET.parse(ts_path(language)).getroot()
    taken = {}
    for context in list(root.iter("context")):
        for message in list(context.iter("message")):
            key = message.findtext("comment") or ""
            if key.startswith(PHRASE):
                taken[key] = message
                context.remove(message)
        if context.find("message") is None:
            root.remove(context)
    write_ts(language, root)
    return taken


def put_phrases(language: str, kept: dict[str, ET.Element]) -> None:
    """Each phrase of the phrasebook into its area's context, with the translation it had: unfinished
    (and its old English beside it) if its English changed; contexts in lupdate's order, by name."""
    root = ET.parse(ts_path(language)).getroot()
    contexts: dict[str, ET.Element] = {}
    for key, entry in phrase_catalog().items():
        context = contexts.get(entry.context)
        if context is None:
            context = contexts[entry.context] = ET.Element("context")
            ET.SubElement(context, "name").text = entry.context
        context.append(phrase_message(key, entry.source, kept.get(key)))
    whole = [c for c in root.findall("context") if c.findtext("name") not in contexts] + list(
        contexts.values()
    )
    for context in root.findall("context"):
        root.remove(context)
    root.extend(sorted(whole, key=lambda c: c.findtext("name") or ""))
    write_ts(language, root)


def phrase_message(key: str, source: str, old: ET.Element | None) -> ET.Element:
    message = ET.Element("message")
    ET.SubElement(message, "source").text = source
    translation = ET.Element("translation", {"type": "unfinished"})
    if old is not None and old.find("translation") is not None:
        had = old.find("translation")
        assert had is not None
        translation.text = had.text
        was = old.findtext("source") or ""
        if was == source and had.get("type") is None:
            translation.attrib.pop("type")
        elif was != source or old.find("oldsource") is not None:
            ET.SubElement(message, "oldsource").text = old.findtext("oldsource") or was
    ET.SubElement(message, "comment").text = key
    message.append(translation)
    return message


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
            old = self.element.find("oldsource")
            if old is not None:  # translated from the English it has now
                self.element.remove(old)
        else:
            translation.set("type", "unfinished")


def read_ts(language: str, path: Path | None = None) -> tuple[ET.Element, dict[str, Message]]:
    """The root of a .ts file and its live messages by key (the disambiguation)."""
    root = ET.parse(path or ts_path(language)).getroot()
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
    """The .ts in lupdate's own layout (indents, escapes), so lupdate and this tool write alike."""
    ts_path(language).write_text(ts_text(root), encoding="utf-8")


def ts_text(root: ET.Element) -> str:
    head = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
    return f"{head}<TS{_attributes(root)}>\n{''.join(_element(c, 0) for c in root)}</TS>\n"


def _element(element: ET.Element, depth: int) -> str:
    pad = "    " * depth
    children = list(element)
    if not children:
        return f"{pad}<{element.tag}{_attributes(element)}>{_escaped(element.text or '')}</{element.tag}>\n"
    inner = "".join(_element(child, depth + 1) for child in children)
    return f"{pad}<{element.tag}{_attributes(element)}>\n{inner}{pad}</{element.tag}>\n"


def _attributes(element: ET.Element) -> str:
    return "".join(f' {name}="{_escaped(value)}"' for name, value in element.attrib.items())


def _escaped(text: str) -> str:
    return "".join(ESCAPES.get(character, character) for character in text)


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


def missing() -> dict[str, list[str]]:
    """The catalog's keys a .ts lacks (``sync`` was not run since they were added)."""
    keys = {**window_catalog(), **phrase_catalog()}
    found = {}
    for language, plural_only in LANGUAGES.items():
        wanted = {key for key, entry in keys.items() if entry.plural or not plural_only}
        found[language] = sorted(wanted - set(read_ts(language)[1]))
    return found


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders and the count mark a translation must keep."""
    found = set(PLACEHOLDER.findall(text))
    return found | {"%n"} if COUNT_MARK.search(text) else found


# -- the commands -----------------------------------------------------------------------------------
def sync() -> int:
    problems = problems_in(window_catalog(), phrase_catalog())
    for problem in problems:
        print(f"catalog: {problem}", file=sys.stderr)
    lupdate()
    prefill_english()
    lrelease()
    for language, keys in unfinished().items():
        if keys:
            print(f"{ts_path(language).name}: {len(keys)} unfinished: {', '.join(keys)}")
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


def read_batch(path: Path, language: str) -> dict[str, list[str]]:
    """``{"KEY": "text"}`` or ``{"KEY": ["one form", "other form"]}`` from a JSON file; or, from a
    .ts file, its finished translations of the keys this language's .ts has with the same English."""
    if path.suffix == ".ts":
        _root, ours = read_ts(language)
        _root, theirs = read_ts(language, path)
        taken = {
            key: message.forms
            for key, message in theirs.items()
            if message.finished and key in ours and ours[key].source == message.source
        }
        print(f"{len(taken)} of the {len(theirs)} translations of {path} fit {ts_path(language).name}")
        return taken
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise SystemExit(f"{path} must hold one JSON object of keys and translations")
    return {str(k): [v] if isinstance(v, str) else [str(f) for f in v] for k, v in data.items()}


def check() -> int:
    failed = False
    for problem in problems_in(window_catalog(), phrase_catalog()):
        print(f"catalog: {problem}")
        failed = True
    for language, keys in missing().items():
        for key in keys:
            print(f"{ts_path(language).name}: {key} is missing: run tools/i18n_sync.py")
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
    commands.add_parser(
        "sync", help="lupdate the .ts files, write the phrases into them, compile the .qm files"
    )
    setter = commands.add_parser("set", help="fill translations and mark them finished")
    setter.add_argument("language", choices=sorted(LANGUAGES))
    setter.add_argument("key", nargs="?", help="the catalog key (phrases: phrase.<key>)")
    setter.add_argument("forms", nargs="*", help="the translation (a numerus message: one per plural form)")
    setter.add_argument(
        "--from", dest="batch", type=Path, help="a JSON file of keys and translations, or a .ts"
    )
    commands.add_parser("check", help="exit 1 while any translation is missing or unfinished")
    args = parser.parse_args(argv)
    if args.command == "set":
        if (args.batch is None) == (args.key is None) or (args.key is not None and not args.forms):
            parser.error("set takes KEY and its forms, or --from FILE")
        given = read_batch(args.batch, args.language) if args.batch is not None else {args.key: args.forms}
        return set_translations(args.language, given)
    if args.command == "check":
        return check()
    return sync()


if __name__ == "__main__":
    raise SystemExit(main())
