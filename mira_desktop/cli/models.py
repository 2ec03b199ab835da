"""`mira models list|default|roles|discover|add-local|add-remote|vision|projector|image-side|set|idle|check|remove|test|template`
(and, in ``cli/downloads.py``, the Hub: search, files, download, downloads, hub)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.cli import downloads as hub_commands
from mira_desktop.cli import model_check, model_windows
from mira_desktop.cli.output import Output
from mira_desktop.core.errors import InvalidInputError

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "models", help="chat models: local GGUF files and remote providers", parents=[common]
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    commands.add_parser(
        "list", help="model references, kind, whether loaded, capabilities", parents=[common]
    ).set_defaults(handler=_list)
    default = commands.add_parser("default", help="show or set the app's default model", parents=[common])
    default.add_argument(
        "ref", nargs="?", help="e.g. local:smollm2, local:/path/model.gguf, remote:NAME/MODEL"
    )
    default.set_defaults(handler=_default)
    add_local = commands.add_parser("add-local", help="add a GGUF model file", parents=[common])
    add_local.add_argument("path")
    add_local.add_argument(
        "--projector", metavar="MMPROJ", help="the model's vision projector (its mmproj GGUF file): it then sees pictures"
    )
    add_local.set_defaults(handler=_add_local)
    add_remote = commands.add_parser(
        "add-remote",
        help="add an OpenAI-compatible server (llama.cpp, Ollama, LM Studio, vLLM, OpenAI)",
        parents=[common],
    )
    add_remote.add_argument("name", help="a short name, used in refs as remote:NAME/MODEL")
    add_remote.add_argument("--base-url", required=True, help="e.g. http://127.0.0.1:8080/v1")
    add_remote.add_argument("--model", help="the default model name on that server")
    keys = add_remote.add_mutually_exclusive_group()
    keys.add_argument(
        "--api-key-stdin", action="store_true", help="read the API key from stdin into the OS keyring"
    )
    keys.add_argument(
        "--api-key-env", metavar="VAR", help="read the API key from this environment variable at each call"
    )
    add_remote.add_argument(
        "--header", action="append", default=[], metavar="NAME:VALUE", help="extra HTTP header"
    )
    add_remote.add_argument(
        "--vision", action="store_true", help="its models can see: attached images are sent to them"
    )
    add_remote.set_defaults(handler=_add_remote)
    vision = commands.add_parser(
        "vision", help="whether a remote provider's models are sent attached images", parents=[common]
    )
    vision.add_argument("name", help="provider name")
    vision.add_argument("state", choices=["on", "off"])
    vision.set_defaults(handler=_vision)
    _register_vision(commands, common)
    model_windows.register(commands, common)
    model_check.register(commands, common)
    remove = commands.add_parser(
        "remove", help="remove a remote provider (and its key) or a local file", parents=[common]
    )
    remove.add_argument("name", help="provider name, or the path of an added GGUF file")
    remove.set_defaults(handler=_remove)
    roles = commands.add_parser(
        "roles",
        help="which model does each job: fast (titles, summaries, rewrites), grader, evaluator",
        parents=[common],
    )
    roles.add_argument("role", nargs="?", choices=["fast", "grader", "evaluator"])
    roles.add_argument("ref", nargs="?", help="a model reference, or 'answer' for the thread's own model")
    roles.set_defaults(handler=_roles)
    discover = commands.add_parser(
        "discover",
        help="GGUF models of LM Studio, GPT4All, Jan and Ollama on this computer",
        parents=[common],
    )
    discover.add_argument("--add", type=int, metavar="N", help="add the Nth model found (1 = the first)")
    discover.add_argument("--folder", action="append", default=[], metavar="DIR", help="look here too")
    discover.add_argument(
        "--servers",
        action="store_true",
        help="model servers running on this computer instead: Ollama 11434, LM Studio 1234, llama.cpp 8080, Jan 1337",
    )
    discover.add_argument(
        "--port", type=int, action="append", default=[], help="with --servers: probe this port too"
    )
    discover.add_argument(
        "--add-server", type=int, metavar="N", help="add the Nth server found as a provider"
    )
    discover.set_defaults(handler=_discover)
    template = commands.add_parser(
        "template",
        help="how a local model writes its prompts: its chat template and a sample",
        parents=[common],
    )
    template.add_argument("ref", nargs="?", help="default: the app's default model")
    template.set_defaults(handler=_template)
    test = commands.add_parser("test", help="a one-line completion with timing", parents=[common])
    test.add_argument("ref", nargs="?", help="default: the app's default model")
    test.set_defaults(handler=_test)
    hub_commands.register(commands, common)


def _register_vision(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """`mira models projector` and `mira models image-side`: how a local model sees pictures."""
    projector = commands.add_parser(
        "projector",
        help="show or set the vision projector (mmproj file) a local model sees pictures through",
        parents=[common],
    )
    projector.add_argument("ref", help="a local model, e.g. local:/path/model.gguf")
    chosen = projector.add_mutually_exclusive_group()
    chosen.add_argument("path", nargs="?", help="the projector's GGUF file")
    chosen.add_argument("--none", action="store_true", help="no projector: pictures are read by OCR")
    projector.set_defaults(handler=_projector)
    image_side = commands.add_parser(
        "image-side",
        help="show or set how large a picture is shown to a local model (its long side, default 1024 px)",
        parents=[common],
    )
    image_side.add_argument("pixels", nargs="?", type=int)
    image_side.set_defaults(handler=_image_side)


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    entries = services.models.entries()
    if out.as_json:
        out.data(entries)
        return 0
    rows = []
    for e in entries:
        caps = e.capabilities
        flags = ",".join(
            k.removeprefix("supports_") for k, v in caps.items() if k.startswith("supports_") and v
        )
        window = model_windows.window_text(caps)
        state = "loaded" if e.loaded else ("error" if e.detail else "-")
        tools = str(caps.get("tool_call_format", "-"))
        # the variable its template takes (enable_thinking, reasoning_effort), "no", or "-" when unknown
        thinking = str(caps.get("thinking_switch") or "no") if "thinking_switch" in caps else "-"
        row = [("* " if e.is_default else "  ") + e.ref, e.kind, state, window, tools, thinking, flags or "-"]
        rows.append(row)
    out.table(
        rows, ["  REF", "KIND", "STATE", "CONTEXT", "TOOL CALLS", "THINKING SWITCH", "CAPABILITIES"], "No models."
    )
    return 0


def _default(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    ref = services.models.set_default(args.ref) if args.ref else services.models.default_ref()
    out.result({"default": ref}, ref)
    return 0


def _add_local(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    entry = services.models.add_local(args.path, projector=args.projector)
    seeing = f", seeing through {args.projector}" if args.projector else ""
    out.result(entry, f"Added {entry.ref}{seeing}")
    return 0


def _projector(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    models = services.models
    if args.none or args.path:
        entry = models.set_projector(args.ref, None if args.none else args.path)
        kept = models.projector(entry.ref)
        out.result(
            {"ref": entry.ref, "projector": kept},
            f"{entry.ref} sees pictures through {kept}" if kept else f"{entry.ref} reads pictures by OCR",
        )
        return 0
    kept = models.projector(args.ref)
    out.result({"ref": args.ref, "projector": kept}, kept or "none: pictures are read by OCR")
    return 0


def _image_side(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if args.pixels is not None:
        services.models.set_image_long_side(args.pixels)
    pixels = services.models.image_long_side()
    out.result({"image_long_side": pixels}, f"Pictures go to local models at most {pixels} px on the long side.")
    return 0


def _add_remote(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    key = None
    if args.api_key_stdin:
        key = sys.stdin.readline().strip()
    headers = {}
    for header in args.header:
        name, sep, value = header.partition(":")
        if not sep or not name.strip():
            raise InvalidInputError(f"{header!r} is not a header: use NAME:VALUE.")
        headers[name.strip()] = value.strip()
    provider = services.models.add_remote(
        args.name,
        args.base_url,
        model=args.model,
        api_key=key,
        api_key_env=args.api_key_env,
        headers=headers,
        vision=args.vision,
    )
    where = {
        "keyring": "the key is in the OS keyring",
        "env": f"the key is read from ${provider.api_key_env}",
    }
    out.result(
        provider,
        f"Added provider {provider.name} at {provider.base_url}"
        + (f" ({where[provider.api_key_source.value]})" if provider.api_key_source.value in where else ""),
    )
    return 0


def _vision(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    services.models.set_vision(args.name, args.state == "on")
    told = (
        "are sent attached images" if args.state == "on" else "get the text of a message without its images"
    )
    out.result({"provider": args.name, "vision": args.state == "on"}, f"The models of {args.name} {told}.")
    return 0


def _remove(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if args.name in {p.name for p in services.models.providers()}:
        provider = services.models.remove_remote(args.name)
        out.result({"removed": provider.name}, f"Removed provider {provider.name}.")
    else:
        services.models.remove_local(args.name)
        out.result({"removed": args.name}, f"Removed {args.name} from Mira's models (the file is kept).")
    return 0


def _test(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    result = services.models.test(args.ref or services.models.default_ref())
    rate = result.completion_tokens / max(result.total_s - result.first_token_s, 1e-9)
    out.result(
        result,
        f"{result.ref}: {result.text!r} (first token {result.first_token_s * 1000:.0f} ms, "
        f"{result.completion_tokens} tokens in {result.total_s:.2f} s, {rate:.0f} tokens/s)",
    )
    return 0


def _roles(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if args.role is not None and args.ref is None:
        raise InvalidInputError(f"Name the model for {args.role}: a reference, or 'answer'.")
    roles = (
        services.models.set_model_role(args.role, args.ref) if args.role else services.models.model_roles()
    )
    if out.as_json:
        out.data({"answer": "the thread's model", **roles})
        return 0
    out.table(
        [
            ["answer", "the thread's own model"],
            *[[role, ref or "the answer model"] for role, ref in roles.items()],
        ],
        ["ROLE", "MODEL"],
        "",
    )
    return 0


def _discover(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.services.model_catalog.discovery import default_folders

    if args.servers or args.add_server is not None:
        return _servers(args, services, out)
    folders = default_folders(Path.home()) + [("folder", Path(f).expanduser()) for f in args.folder]
    found = services.models.discover(folders)
    if args.add is not None:
        if not 1 <= args.add <= len(found):
            raise InvalidInputError(f"There are {len(found)} model(s) to add: use --add 1 to {len(found)}.")
        entry = services.models.add_local(str(found[args.add - 1].path))
        out.result({"added": entry.ref}, f"Added {entry.ref}.")
        return 0
    if out.as_json:
        out.data([model.to_dict() for model in found])
        return 0
    rows = [
        [
            str(n),
            m.app,
            m.label,
            m.info.quantization,
            str(m.info.context_length or "?"),
            f"{m.info.size_bytes / 2**20:.0f} MB",
        ]
        for n, m in enumerate(found, start=1)
    ]
    out.table(
        rows, ["#", "FROM", "MODEL", "QUANT", "CONTEXT", "SIZE"], "No GGUF models found in the usual folders."
    )
    if found:
        out.line("Add one with `mira models discover --add N`.")
    return 0


def _servers(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.services.model_catalog.servers import KNOWN_SERVERS

    ports = list(KNOWN_SERVERS) + [(f"server on {port}", port) for port in args.port]
    found = services.models.servers(ports)
    if args.add_server is not None:
        if not 1 <= args.add_server <= len(found):
            raise InvalidInputError(f"{len(found)} server(s) answered: use --add-server 1 to {len(found)}.")
        server, _added = found[args.add_server - 1]
        provider = services.models.add_server(server)
        ref = (
            f"remote:{provider.name}/{provider.default_model}"
            if provider.default_model
            else f"remote:{provider.name}"
        )
        out.result(
            {"added": ref, "base_url": provider.base_url}, f"Added {server.app} at {provider.base_url}: {ref}"
        )
        return 0
    if out.as_json:
        out.data(
            [{"app": s.app, "base_url": s.base_url, "models": list(s.models), "added": a} for s, a in found]
        )
        return 0
    rows = [
        [str(n), s.app, s.base_url, ", ".join(s.models) or "-", "added" if a else ""]
        for n, (s, a) in enumerate(found, start=1)
    ]
    out.table(
        rows, ["#", "SERVER", "URL", "MODELS", ""], "No model server answers on this computer's usual ports."
    )
    if any(not a for _s, a in found):
        out.line("Add one with `mira models discover --servers --add-server N`.")
    return 0


def _template(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    ref = args.ref or services.models.default_ref()
    check = services.models.chat_template(ref)
    if check is None:
        out.result(
            {"ref": ref, "from_model": None},
            f"{ref} is served by its server, which applies its own template.",
        )
        return 0
    if out.as_json:
        out.data({"ref": ref, **check.to_dict()})
        return 0
    if check.from_model:
        out.line(f"{ref}: the model's own chat template ({check.name}). Two turns look like this:")
    else:
        out.line(f"{ref}: the named format {check.name}, because: {check.problem}")
    out.line(check.sample)
    out.line(f"Tool calls: {TOOL_CALLS.get(check.tool_call_format, check.tool_call_format)}")
    out.line(f"Thinking switch: {'yes' if check.thinking_switch else 'no'}")
    return 0


TOOL_CALLS = {
    "json": "json — the template renders no tools: Mira's JSON grammar (a tool call or an answer each turn)",
    "hermes": "hermes — its own format, <tool_call>{…}</tool_call>, grammar from <tool_call>",
    "llama3": "llama3 — its own format, a {\"name\": …, \"parameters\": …} reply, grammar from the opening {",
    "mistral": "mistral — its own format, [TOOL_CALLS][{…}], grammar from [TOOL_CALLS]",
    "mistral_args": "mistral_args — its own format, [TOOL_CALLS]name[ARGS]{…}, grammar from [TOOL_CALLS]",
    "gpt_oss": "gpt_oss — its own format (harmony), to=functions.name … <|message|>{…}, grammar from to=functions.",
    "gemma4": "gemma4 — Gemma 4's own format, <|tool_call>call:name{key:<|\"|>…<|\"|>}<tool_call|>, grammar from <|tool_call>",
}
