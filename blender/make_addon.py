#!/usr/bin/env python3
"""Builds the Blender add-on: anmkit_blender-VERSION.zip, holding the add-on (anmkit_blender/),
the anmkit Python package inside it (anmkit_blender/anmkit/) and the C library the package loads.
Blender's Preferences > Add-ons > Install takes the zip as it is (docs/blender.md).

Usage: make_addon.py [--notices FILE] LIBRARY VERSION OUT_DIR [LIBRARY...]
       make_addon.py --extension-source [--notices FILE] LIBRARY VERSION SOURCE_DIR

--extension-source writes, instead of the zip, the folder of a Blender extension (4.2 and later)
for one platform, the LIBRARY's: the add-on's files at its top, blender_manifest.toml (from
blender/blender_manifest.toml.in, with the version and the platform) and the licence's text, for
`blender --command extension build --split-platforms --source-dir SOURCE_DIR` to zip and check.

Every LIBRARY goes into anmkit_blender/anmkit/ under the name the package's loader looks for on
its platform (_capi.library_file), told by the file's own kind: an ELF library as libanmkit_c.so,
a Windows DLL as anmkit_c.dll, a Mach-O one as libanmkit_c.dylib. The normal build gives one (the
Linux library); scripts/package gives the self-contained Linux library and the Windows DLL, so
that one zip installs on both. --notices FILE goes in as anmkit_blender/THIRD_PARTY_NOTICES
(scripts/package gives the third-party notices of the libraries). VERSION must be the add-on's own
bl_info "version". Entries are in a fixed order with fixed dates (SOURCE_DATE_EPOCH when set): the
same inputs, the same bytes."""
import ast
import os
import pathlib
import sys
import time
import zipfile

# A library's name in the add-on, by the bytes its file starts with.
KINDS = [(b"\x7fELF", "libanmkit_c.so"), (b"MZ", "anmkit_c.dll"), (b"\xcf\xfa\xed\xfe", "libanmkit_c.dylib"),
         (b"\xca\xfe\xba\xbe", "libanmkit_c.dylib")]


def library_name(data: bytes, path) -> str:
    for magic, name in KINDS:
        if data.startswith(magic):
            return name
    sys.exit(f"make_addon.py: {path} is no shared library (ELF, DLL or Mach-O)")


def bl_info_version(init: pathlib.Path) -> str:
    """The add-on's bl_info["version"], read as Blender reads it (without running the module)."""
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "bl_info" for t in node.targets):
            return ".".join(str(part) for part in ast.literal_eval(node.value)["version"])
    sys.exit(f"make_addon.py: {init} has no bl_info")


def zip_date():
    """The entries' date: SOURCE_DATE_EPOCH's (UTC; zip has 1980 as its first year), else 2026-01-01."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        return (2026, 1, 1, 0, 0, 0)
    return max(time.gmtime(int(epoch))[:6], (1980, 1, 1, 0, 0, 0))


# A library's kind -> the extension platform it runs on.
PLATFORMS = {"libanmkit_c.so": "linux-x64", "anmkit_c.dll": "windows-x64"}
# The add-on's licence, as Blender's extension platform requires (docs/blender.md); the text as
# Debian ships it.
GPL3 = pathlib.Path("/usr/share/common-licenses/GPL-3")


def extension_source(files: dict, library: str, version: str, out_dir: pathlib.Path) -> None:
    here = pathlib.Path(__file__).resolve().parent
    platform = PLATFORMS.get(library.rsplit("/", 1)[-1])
    if platform is None:
        sys.exit(f"make_addon.py: an extension for {library} is for no platform Blender names")
    manifest = (here / "blender_manifest.toml.in").read_text(encoding="utf-8")
    manifest = manifest.replace("@VERSION@", version).replace("@PLATFORM@", platform)
    tree = {name.split("/", 1)[1]: data for name, data in files.items()}  # the add-on's folder is the top
    tree["blender_manifest.toml"] = manifest.encode()
    if not GPL3.is_file():
        sys.exit(f"make_addon.py: no {GPL3} (Debian's base-files ships it) for the extension's LICENSE")
    tree["LICENSE"] = GPL3.read_bytes()
    if out_dir.exists():
        for old in sorted(out_dir.rglob("*"), reverse=True):
            old.unlink() if not old.is_dir() else old.rmdir()
    for name, data in sorted(tree.items()):
        path = out_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        path.chmod(0o755 if name.endswith((".so", ".dll")) else 0o644)
    print(out_dir)


def main(argv):
    extension = "--extension-source" in argv
    argv = [a for a in argv if a != "--extension-source"]
    notices = None
    if "--notices" in argv[:-1]:
        at = argv.index("--notices")
        notices = pathlib.Path(argv[at + 1])
        argv = argv[:at] + argv[at + 2:]
    if len(argv) < 4:
        sys.exit(__doc__)
    version, out_dir = argv[2], pathlib.Path(argv[3])
    libraries = [pathlib.Path(argv[1])] + [pathlib.Path(a) for a in argv[4:]]
    here = pathlib.Path(__file__).resolve().parent
    declared = bl_info_version(here / "anmkit_blender" / "__init__.py")
    if declared != version:
        sys.exit(f"make_addon.py: the add-on's bl_info version is {declared}, the project's is {version} (VERSION): "
                 "set bl_info's \"version\" in blender/anmkit_blender/__init__.py")
    files = {f"anmkit_blender/{p.name}": p.read_bytes() for p in sorted((here / "anmkit_blender").glob("*.py"))}
    files.update({f"anmkit_blender/anmkit/{p.name}": p.read_bytes()
                  for p in sorted((here.parent / "python" / "anmkit").glob("*.py")) if p.name != "__main__.py"})
    if notices:
        files["anmkit_blender/THIRD_PARTY_NOTICES"] = notices.read_bytes()
    names = []
    for library in libraries:
        data = library.read_bytes()
        name = f"anmkit_blender/anmkit/{library_name(data, library)}"
        if name in files:
            sys.exit(f"make_addon.py: two libraries for one platform ({name})")
        files[name] = data
        names.append(name)

    if extension:
        if len(names) != 1:
            sys.exit("make_addon.py: an extension's folder holds one platform's library")
        extension_source(files, names[0], version, out_dir)
        return
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("anmkit_blender-*.zip"):
        old.unlink()
    addon = out_dir / f"anmkit_blender-{version}.zip"
    temporary = addon.with_suffix(".partial")
    date = zip_date()
    with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=date)
            info.create_system = 3  # Unix, wherever the zip is made: the modes below are read
            info.external_attr = (0o100755 if name in names else 0o100644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, files[name])
    temporary.replace(addon)
    print(addon)


if __name__ == "__main__":
    main(sys.argv)
