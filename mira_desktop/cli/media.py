"""`mira media list|speak|image-model`: the speech and pictures made for answers."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.media.service import MediaView


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser("media", help="speech and pictures of answers", parents=[common])
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    listing = commands.add_parser("list", help="the media of a thread's answers", parents=[common])
    listing.add_argument("thread_id")
    listing.set_defaults(handler=_list)
    speak = commands.add_parser(
        "speak", help="speak one answer again (Piper for English, espeak-ng otherwise)", parents=[common]
    )
    speak.add_argument("message_id")
    speak.add_argument("--no-wait", action="store_true", help="queue it and return at once")
    speak.set_defaults(handler=_speak)
    model = commands.add_parser(
        "image-model",
        help="the provider's model that draws pictures (remote:PROVIDER/MODEL); no argument: show it",
        parents=[common],
    )
    model.add_argument("ref", nargs="?")
    model.add_argument("--clear", action="store_true", help="no pictures")
    model.set_defaults(handler=_image_model)


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    media = services.media.for_thread(args.thread_id)
    if out.as_json:
        out.data(media)
        return 0
    out.table(
        [[m.id, m.message_id, m.kind, m.status, m.path or m.error or ""] for m in media],
        ["ID", "MESSAGE", "KIND", "STATUS", "FILE OR REASON"],
        "No media in this thread: turn speech on with `mira threads set ID --tts on`.",
    )
    return 0


def _speak(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    view = services.media.speak(args.message_id)
    if not args.no_wait:
        view = services.media.wait(view.id)
    out.result(view, _describe(view))
    if view.status == "failed":
        print(f"mira: error: {view.error}", file=sys.stderr)
        return 5
    return 0


def _image_model(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if args.clear:
        ref = services.media.set_image_model(None)
    elif args.ref:
        ref = services.media.set_image_model(args.ref)
    else:
        ref = services.media.image_model()
    availability = services.media.image_availability()
    reason = str(availability.reason)
    text = f"Pictures are made by {ref}." if ref else reason
    out.result({"image_model": ref, "available": availability.available, "reason": reason}, text)
    return 0


def _describe(view: MediaView) -> str:
    if view.status == "ready":
        seconds = view.detail.get("seconds")
        length = f", {seconds:.1f} s" if isinstance(seconds, float | int) else ""
        return f"Spoke {view.message_id} with {view.detail.get('engine', '?')}{length}: {view.path}"
    if view.status == "failed":
        return f"Speaking {view.message_id} failed."
    return f"Speaking {view.message_id} ({view.id}, {view.status})."
