"""`mira models search|files|download|downloads|hub`: models from the Hugging Face Hub.

``download`` runs the job in this process: one progress line on a terminal, JSON lines with
``--json``; Ctrl-C pauses it (the partial file is kept, exit 130) and running it again resumes.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from mira_desktop.cli.output import Output, to_data
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.hub.catalogue import Recommended
    from mira_desktop.services.hub.downloads import Download


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    search = commands.add_parser(
        "search",
        help="GGUF models on the Hugging Face Hub (no query: the recommended ones)",
        parents=[common],
    )
    search.add_argument("query", nargs="?", help="words of the repository's name")
    search.add_argument("--limit", type=int, default=20)
    search.set_defaults(handler=_search)
    files = commands.add_parser(
        "files", help="a repository's models: size, quantization, fit on this machine", parents=[common]
    )
    files.add_argument("repo", help="OWNER/NAME, e.g. Qwen/Qwen2.5-1.5B-Instruct-GGUF")
    files.add_argument("--revision", default="main")
    files.set_defaults(handler=_files)
    download = commands.add_parser(
        "download",
        help="download a GGUF model (resumable: Ctrl-C pauses, running it again resumes)",
        parents=[common],
    )
    download.add_argument("repo")
    download.add_argument("file", nargs="?", help="the file's name (see `mira models files REPO`)")
    download.add_argument("--quant", help="or the quantization, e.g. Q4_K_M")
    download.add_argument("--revision", default="main")
    download.add_argument(
        "--text-only",
        action="store_true",
        help="leave out the repository's vision projector (mmproj), which comes with the model by default",
    )
    download.set_defaults(handler=_download)
    downloads = commands.add_parser(
        "downloads", help="downloads: list, pause ID, resume ID, cancel ID", parents=[common]
    )
    downloads.add_argument("verb", nargs="?", default="list", choices=["list", "pause", "resume", "cancel"])
    downloads.add_argument("id", nargs="?")
    downloads.set_defaults(handler=_downloads)
    hub = commands.add_parser(
        "hub", help="the Hub endpoint (a mirror) and the token for gated repositories", parents=[common]
    )
    where = hub.add_mutually_exclusive_group()
    where.add_argument(
        "--endpoint", metavar="URL", help="e.g. https://hf-mirror.com (default: HF_ENDPOINT or the Hub)"
    )
    where.add_argument("--default-endpoint", action="store_true", help="forget the endpoint setting")
    token = hub.add_mutually_exclusive_group()
    token.add_argument(
        "--token-stdin", action="store_true", help="read a Hub token from stdin into the OS keyring"
    )
    token.add_argument("--forget-token", action="store_true", help="remove the stored Hub token")
    hub.set_defaults(handler=_hub)


def _search(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if not args.query:
        catalogue = services.hub.recommended()
        if out.as_json:
            out.data(catalogue)
            return 0
        rows = [
            [r.repo, ",".join(r.purposes), f"{r.machine_gb} GB" if r.machine_gb else "?", _runs(r), r.licence,
             ",".join(r.languages), r.note_in("en")]
            for r in catalogue
        ]  # fmt: skip
        out.table(
            rows, ["REPO", "FOR", "MACHINE", "RUNS", "LICENCE", "LANGUAGES", "WHAT"], "No recommended models."
        )
        return 0
    found = services.hub.search(args.query, args.limit)
    if out.as_json:
        out.data(found)
        return 0
    rows = [[m.id, f"{m.downloads:,}", "gated" if m.gated else ""] for m in found]
    out.table(rows, ["REPO", "DOWNLOADS", ""], f"No GGUF repository matches {args.query!r}.")
    return 0


def _runs(entry: Recommended) -> str:
    """How Mira runs a recommended model: thinking switch, tool-call format, vision."""
    thinking = {"switch": "thinking on/off", "always": "always thinks"}.get(entry.thinking, "no thinking")
    tools = f"{entry.tool_format} tool calls" if entry.tool_format else "no tool calls"
    return f"{thinking}, {tools}, {'sees' if entry.vision else 'text only'}"


def _files(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    listing = services.hub.models(args.repo, args.revision)
    if out.as_json:
        out.data(listing)
        return 0
    from mira_desktop.services.model_catalog.prompt_format import template_name

    if listing.architecture:
        out.line(
            f"{listing.repo}: {listing.architecture}, context {listing.context_length or '?'} tokens, "
            f"chat template: {template_name(listing.chat_template)}"
        )
    if listing.header_problem is not None:
        out.line(f"(no fit estimate: {listing.header_problem})")
    rows = []
    seeing = [m for m in listing.models if m.projector]
    for n, model in enumerate(listing.models, start=1):
        fit = model.fit
        needs = f"{fit.total / 2**30:.1f} GB at {fit.context} tokens" if fit else "?"
        verdict = {"fits": "fits", "tight": "tight", "too_big": "does not fit"}.get(model.verdict, "?")
        parts = f" ({model.parts} parts)" if model.parts > 1 else ""
        rows.append([
            str(n), ("★ " if model.recommended else "  ") + model.name + parts, model.quantization or "?",
            _size(model.size), needs, verdict,
        ])  # fmt: skip
    out.table(rows, ["#", "  FILE", "QUANT", "SIZE", "NEEDS", "FIT"], f"{listing.repo} has no GGUF model.")
    if listing.models:
        available = next((m.fit.available for m in listing.models if m.fit), None)
        if available:
            out.line(f"Available memory now: {available / 2**30:.1f} GB. ★ = recommended for this machine.")
        if seeing:
            out.line(
                f"Sees pictures with {seeing[0].projector} ({_size(seeing[0].projector_size)}), downloaded with "
                "the model (--text-only leaves it out)."
            )
        out.line(f"Download one with `mira models download {listing.repo} FILE` (or --quant Q).")
    return 0


def _download(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if args.file and args.quant:
        raise InvalidInputError("Name the file or the quantization (--quant), not both.")
    download = services.hub.download(args.repo, args.file, args.quant, args.revision, text_only=args.text_only)
    return _follow(download, services, out)


def _downloads(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    downloads = services.hub.downloads
    if args.verb == "list":
        listed = downloads.list()
        if out.as_json:
            out.data(listed)
            return 0
        rows = [
            [d.id, d.state.value, _progress(d), f"{d.repo}/{d.path}", _reason(services, d)] for d in listed
        ]
        out.table(rows, ["ID", "STATE", "PROGRESS", "FILE", "REASON"], "No downloads.")
        return 0
    if not args.id:
        raise InvalidInputError(f"Name the download to {args.verb}: `mira models downloads {args.verb} ID`.")
    if args.verb == "resume":
        return _follow(downloads.get(args.id), services, out)
    changed = downloads.pause(args.id) if args.verb == "pause" else downloads.cancel(args.id)
    told = {
        "paused": "Paused (the part downloaded is kept).",
        "cancelled": "Cancelled (the part downloaded was deleted).",
    }.get(changed.state.value, f"Asked the process downloading it to {args.verb} it.")
    out.result(changed, f"{changed.id}: {told}")
    return 0


def _follow(download: Download, services: AppServices, out: Output) -> int:
    """Run the download here until it ends; Ctrl-C pauses it (exit 130)."""
    from mira_desktop.services.hub.downloads import DownloadState

    downloads = services.hub.downloads
    if download.state is DownloadState.COMPLETED:
        _say(out, _event("completed", download), f"Already downloaded: {download.model_ref}")
        return 0
    line = _Line(out)
    if not out.as_json:
        out.line(
            f"Downloading {_name(download)} ({_size(download.size_bytes)}) from {download.repo} to {download.destination}"
        )
    cancel = CancelToken()
    task = services.tasks.start(
        f"download-{download.id}",
        lambda token: downloads.run(download.id, token, on_progress=line.show),
        cancel=cancel,
        report=False,
    )
    try:
        while not task.wait(0.2):
            pass
    except KeyboardInterrupt:
        cancel.cancel("pause")
        task.wait()
        line.end()
        paused = downloads.get(download.id)
        print(
            f"mira: paused at {_progress(paused)}; run `mira models download {paused.repo} {paused.path}` "
            f"again to resume (the part downloaded is kept).",
            file=sys.stderr,
        )
        return 130
    line.end()
    ended = task.result()  # raises what stopped it: the CLI prints it with its exit status
    if ended.state is DownloadState.COMPLETED:
        _say(
            out,
            _event("completed", ended),
            f"Downloaded {_name(ended)} (sha256 checked): {ended.model_ref}\n"
            f"Use it for new threads with `mira models default {ended.model_ref}`.",
        )
        return 0
    told = f"{ended.id} is {ended.state.value}: {_reason(services, ended)}"
    _say(out, _event(ended.state.value, ended), told)
    return 0


def _say(out: Output, event: dict[str, Any], text: str) -> None:
    """The last line of a download: a JSON line with --json (the stream's end), else ``text``."""
    if out.as_json:
        out.line(json.dumps(event, ensure_ascii=False))
    else:
        out.line(text)


class _Line:
    """One progress line on a terminal (rewritten in place); JSON lines with --json; else silent."""

    def __init__(self, out: Output) -> None:
        self._out = out
        self._tty = sys.stdout.isatty()
        self._shown = False

    def show(self, download: Download) -> None:
        if self._out.as_json:
            self._out.line(json.dumps(_event("progress", download), ensure_ascii=False))
        elif self._tty:
            sys.stdout.write("\r" + _progress(download).ljust(60))
            sys.stdout.flush()
            self._shown = True

    def end(self) -> None:
        if self._shown:
            sys.stdout.write("\n")
            self._shown = False


def _event(kind: str, download: Download) -> dict[str, Any]:
    data: dict[str, Any] = to_data(download)
    return {"event": kind, **data}


def _progress(download: Download) -> str:
    total = max(download.size_bytes, 1)
    text = f"{100 * download.done_bytes / total:3.0f}% {_size(download.done_bytes)} of {_size(download.size_bytes)}"
    if download.speed_bps > 0 and download.state.value == "running":
        left = (download.size_bytes - download.done_bytes) / download.speed_bps
        text += f"  {_size(int(download.speed_bps))}/s  {_duration(left)} left"
    return text


def _reason(services: AppServices, download: Download) -> str:
    phrase = services.hub.downloads.reason(download)
    return str(phrase) if phrase is not None else ""


def _size(size: int) -> str:
    if size >= 2**30:
        return f"{size / 2**30:.2f} GB"
    return f"{size / 2**20:.1f} MB"


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600}h {seconds % 3600 // 60}m"
    if seconds >= 60:
        return f"{seconds // 60}m {seconds % 60}s"
    return f"{seconds}s"


def _hub(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    settings = services.hub.settings
    if args.endpoint or args.default_endpoint:
        settings.set_endpoint(None if args.default_endpoint else args.endpoint)
    if args.token_stdin:
        settings.set_token(sys.stdin.readline().strip() or None)
    elif args.forget_token:
        settings.set_token(None)
    current = settings.current()
    shown = {"endpoint": current.url, "source": current.source, "token": current.token_source}
    out.result(shown, f"Hub: {current.url} ({current.source}); token: {current.token_source}")
    return 0


def _name(download: Download) -> str:
    """The model's name, and how many parts it came in (each part's sha256 was checked)."""
    from mira_desktop.services.hub.downloads import model_name

    parts = len(download.parts)
    return model_name(download.path) + (f" ({parts} parts)" if parts > 1 else "")
