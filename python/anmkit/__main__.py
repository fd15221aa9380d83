"""`python3 -m anmkit info|validate FILE...`: what the command line's info and validate print, for
animations, models (GEM .mdl, LM .bin) and the files a model names (GEM .ply, .mtl, .vol)."""
from __future__ import annotations

import argparse
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
        # Whatever the file is: an animation, a model (its summary shows what it shows; validate
        # reads no mesh: a model validates as it reads), or a mesh, a material or a volume.
        validate = args.command == "validate"
        try:
            with anmkit.open(path, skeleton=args.skeleton, kinds="any", texture_dir=args.texture_dir,
                             meshes=not (args.no_meshes or validate)) as document:
                if validate:
                    failed |= not _verdict(path, document.validate())
                else:
                    sys.stdout.write(document.summary(as_json=args.json) + ("\n" if args.json else ""))
        except anmkit.Error as error:
            print(error.described(_OPTIONS), file=sys.stderr)
            failed = True
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


if __name__ == "__main__":
    sys.exit(main())
