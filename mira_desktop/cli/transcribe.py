"""`mira transcribe FILE`: what is said in an audio file, transcribed on this computer."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "transcribe",
        help="print what is said in an audio file (WAV, MP3, OGG, FLAC…), with Whisper on this computer",
        parents=[common],
    )
    parser.add_argument("file", metavar="FILE")
    add_language(parser)
    parser.set_defaults(handler=_transcribe)


def add_language(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--language",
        metavar="CODE",
        default="auto",
        help="the language spoken: auto (detected, the default), en, zh, …",
    )


def language_of(args: argparse.Namespace) -> str | None:
    return None if args.language in ("auto", "") else str(args.language)


def _transcribe(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    transcript = services.speech_input.transcribe(Path(args.file), language=language_of(args))
    out.result(transcript.to_dict(), transcript.text)
    return 0
