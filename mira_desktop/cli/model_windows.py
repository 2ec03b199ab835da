"""`mira models set REF [--context N] [--kv-type f16|q8_0] [--force]` (a local model's window and KV
cache type) and `mira models idle [MINUTES]` (when an unused local model is unloaded)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

REASONS = {
    "trained": "what the model was trained for",
    "memory": "what memory allows",
    "setting": "your setting",
}


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    window = commands.add_parser(
        "set",
        help="show or set a local model's context window and KV cache type (default: sized when it loads)",
        parents=[common],
    )
    window.add_argument("ref", help="a local model, e.g. local:smollm2 or local:/path/model.gguf")
    window.add_argument(
        "--context",
        type=int,
        metavar="N",
        help="its window in tokens; 0: sized at load from its file and free memory",
    )
    window.add_argument(
        "--kv-type", choices=["f16", "q8_0"], help="its KV cache type (q8_0 takes about half the memory)"
    )
    window.add_argument(
        "--force", action="store_true", help="set a window larger than what fits in free memory now"
    )
    window.set_defaults(handler=_set)
    idle = commands.add_parser(
        "idle",
        help="show or set after how many unused minutes a local model is unloaded (default 15; 0: never)",
        parents=[common],
    )
    idle.add_argument("minutes", nargs="?", type=float)
    idle.set_defaults(handler=_idle)


def window_text(capabilities: dict[str, object]) -> str:
    """The window and why ("8,192 tokens — what the model was trained for"), or "?" when unknown."""
    tokens = capabilities.get("context_window")
    if not isinstance(tokens, int):
        return "?"
    reason = REASONS.get(str(capabilities.get("context_reason")), "")
    return f"{tokens:,} tokens" + (f" — {reason}" if reason else "")


def _set(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    models = services.models
    if args.context is not None or args.kv_type is not None:
        models.set_local_options(args.ref, context=args.context, kv_type=args.kv_type, force=args.force)
    chosen = models.local_options(args.ref)
    entry = models.entry(models.validate_ref(args.ref))
    setting = f"{chosen.context:,} tokens" if chosen.context else "sized at load"
    out.result(
        {"ref": entry.ref, **chosen.to_dict(), "window": entry.capabilities.get("context_window"),
         "reason": entry.capabilities.get("context_reason")},
        f"{entry.ref}: window {setting}, KV cache {chosen.kv_type}; now {window_text(entry.capabilities)}",
    )  # fmt: skip
    return 0


def _idle(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if args.minutes is not None:
        services.models.set_idle_minutes(args.minutes)
    minutes = services.models.idle_minutes()
    text = (
        f"A local model unused for {minutes:g} minutes is unloaded."
        if minutes
        else "Local models stay loaded."
    )
    out.result({"idle_minutes": minutes}, text)
    return 0
