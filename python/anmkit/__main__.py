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
    args = parser.parse_args(argv)
    failed = False
    for path in args.files:
        try:
            document = anmkit.open(path, skeleton=args.skeleton)
        except anmkit.Error as error:
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
