"""`python3 -m anmkit info|validate FILE...`: what the command line's info and validate print, for
animations, models (GEM .mdl, LM .bin) and the files a model names (GEM .ply, .mtl, .vol)."""
from __future__ import annotations

import argparse
import json
import sys

import anmkit


# The settings a message may name that are this command's options, said as the command line says
# them (its cli_words), so that its errors read as `anmkit`'s.
_OPTIONS = {"skeleton": "--skeleton", "texture_dir": "--texture-dir DIR", "meshes": "--no-meshes"}


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
            if error.code_name == "unknown_format":
                # Not an animation: a model file (GEM .mdl, LM .bin), as `anmkit info` shows one
                # (its skeleton, its sequences and what it shows), or a mesh, a material or a
                # collision volume (GEM .ply, .mtl, .vol) with its own summary and rules.
                try:
                    shown = _other_file(args, path)
                    if shown is not None:
                        failed |= not shown
                        continue
                except anmkit.Error as other_error:
                    error = other_error
            print(error.described(_OPTIONS), file=sys.stderr)
            failed = True
            continue
        with document:
            if args.command == "info":
                sys.stdout.write(document.summary(as_json=args.json) + ("\n" if args.json else ""))
                continue
            failed |= not _verdict(path, document.validate())
    return 1 if failed else 0


def _verdict(path, found) -> bool:
    """As `anmkit validate` prints it: diagnostics on stderr, one verdict line on stdout; True
    when valid."""
    for d in found:
        print(f"{path}:{d}", file=sys.stderr)
    errors = sum(1 for d in found if d.severity == "error")
    warnings = len(found) - errors
    counts = f" ({_count(errors, 'error')}, {_count(warnings, 'warning')})" if found else ""
    print(f"{path}: {'invalid' if errors else 'valid'}{counts}")
    return errors == 0


def _other_file(args, path):
    """A file that is not an animation, shown as `anmkit info` or `validate` shows it: True when
    shown (and valid), False when invalid, None when it is no model nor resource either (the
    caller reports the animation's error). Raises a model's or resource's own read error."""
    try:
        validate = args.command == "validate"  # its rules, not what it shows: its meshes are not read
        text = anmkit.model_summary(path, as_json=args.json or validate, texture_dir=args.texture_dir,
                                    meshes=not (args.no_meshes or validate))
        if args.command == "info":
            sys.stdout.write(text + ("\n" if args.json else ""))
            return True
        # A model validates as it reads; what its reader did not read are warnings.
        notes = [anmkit.Diagnostic("warning", n["id"], n["message"], n["offset"], "") for n in json.loads(text)["notes"]]
        return _verdict(path, notes)
    except anmkit.Error as error:
        if error.code_name != "unknown_format":
            raise
    try:
        resource = anmkit.open_resource(path)
    except anmkit.Error as error:
        if error.code_name != "unknown_format":
            raise
        return None
    if args.command == "info":
        sys.stdout.write(resource.json + "\n" if args.json else resource.text)
        return True
    return _verdict(path, resource.diagnostics)


if __name__ == "__main__":
    sys.exit(main())
