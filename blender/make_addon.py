#!/usr/bin/env python3
"""Builds the Blender add-on: anmkit_blender-VERSION.zip, holding the add-on (anmkit_blender/),
the anmkit Python package inside it (anmkit_blender/anmkit/) and the C library the package loads.
Blender's Preferences > Add-ons > Install takes the zip as it is (docs/blender.md).

Usage: make_addon.py LIBRARY VERSION OUT_DIR"""
import pathlib
import sys
import zipfile

library, version, out_dir = pathlib.Path(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3])
here = pathlib.Path(__file__).resolve().parent
files = {f"anmkit_blender/{p.name}": p.read_bytes() for p in sorted((here / "anmkit_blender").glob("*.py"))}
files.update({f"anmkit_blender/anmkit/{p.name}": p.read_bytes()
              for p in sorted((here.parent / "python" / "anmkit").glob("*.py")) if p.name != "__main__.py"})
files["anmkit_blender/anmkit/libanmkit_c.so"] = library.read_bytes()

out_dir.mkdir(parents=True, exist_ok=True)
for old in out_dir.glob("anmkit_blender-*.zip"):
    old.unlink()
addon = out_dir / f"anmkit_blender-{version}.zip"
temporary = addon.with_suffix(".partial")
with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as z:
    for name, data in files.items():
        info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
        info.external_attr = (0o755 if name.endswith(".so") else 0o644) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data)
temporary.replace(addon)
print(addon)
