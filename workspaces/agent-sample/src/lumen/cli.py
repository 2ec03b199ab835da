"""The `lumen` command: add, find and list notes."""

import argparse

from lumen import storage
from lumen.notes import Note, find, tagged


def main(argv=None):
    parser = argparse.ArgumentParser(prog="lumen")
    commands = parser.add_subparsers(dest="command", required=True)
    add = commands.add_parser("add")
    add.add_argument("text")
    add.add_argument("--tag", action="append", default=[])
    search = commands.add_parser("find")
    search.add_argument("word")
    listing = commands.add_parser("list")
    listing.add_argument("--tag")
    args = parser.parse_args(argv)
    notes = storage.load()
    if args.command == "add":
        notes.append(Note(args.text, args.tag))
        storage.save(notes)
    elif args.command == "find":
        for note in find(notes, args.word):
            print(note.text)
    else:
        for note in tagged(notes, args.tag) if args.tag else notes:
            print(note.text)
