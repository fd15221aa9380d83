"""`python3 -m anmkit info|validate FILE...`: what the command line's info and validate print."""
from __future__ import annotations

import argparse
import sys

import anmkit


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m anmkit", description=__doc__)
    parser.add_argument("command", choices=["info", "validate"])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--json", action="store_true", help="info: one JSON object a file")
    parser.add_argument("--skeleton", help="the paired model file (GEM .mdl, LM .bin)")
    parser.add_argument("--texture-dir", help="the game's shared texture folder (resource/texture), where a model's "
                        "textures named \"$/...\" are looked for")
    parser.add_argument("--no-meshes", action="store_true", help="info of a model: its skeleton and sequences alone")
    args = parser.parse_args(argv)
    failed = False
    for path in args.files:
        try:
            document = anmkit.open(path, skeleton=args.skeleton)
        except anmkit.Error as error:
            if args.command == "info" and error.code_name == "unknown_format":
                # A model file (GEM .mdl, LM .bin), as `anmkit info` shows one: its skeleton, its
                # sequences and what it shows.
                try:
                    text = anmkit.model_summary(path, as_json=args.json, texture_dir=args.texture_dir,
                                                meshes=not args.no_meshes)
                    sys.stdout.write(text + ("\n" if args.json else ""))
                    continue
                except anmkit.Error as model_error:
                    if model_error.code_name != "unknown_format":
                        error = model_error
            print(error, file=sys.stderr)
            failed = True
            continue
        with document:
            if args.command == "info":
                sys.stdout.write(document.summary(as_json=args.json) + ("\n" if args.json else ""))
                continue
            # As `anmkit validate` prints it: diagnostics on stderr, one verdict line on stdout.
            found = document.validate()
            for d in found:
                print(f"{path}:{d}", file=sys.stderr)
            errors = sum(1 for d in found if d.severity == "error")
            warnings = len(found) - errors
            counts = f" ({_count(errors, 'error')}, {_count(warnings, 'warning')})" if found else ""
            print(f"{path}: {'invalid' if errors else 'valid'}{counts}")
            failed |= errors > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
