#!/usr/bin/env python3
"""Builds the Python package's wheel from this folder and the built C library, with the standard
library only (no build backend to download): anmkit-VERSION-py3-none-PLATFORM.whl, which
`pip install --no-index` installs offline into any Python 3.

Usage: make_wheel.py LIBRARY VERSION OUT_DIR"""
import base64
import hashlib
import pathlib
import sys
import sysconfig
import zipfile

library, version, out_dir = pathlib.Path(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3])
here = pathlib.Path(__file__).resolve().parent
platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
tag = f"py3-none-{platform}"
dist_info = f"anmkit-{version}.dist-info"
files = {f"anmkit/{p.name}": p.read_bytes() for p in sorted((here / "anmkit").glob("*.py"))}
files["anmkit/libanmkit_c.so"] = library.read_bytes()
files[f"{dist_info}/METADATA"] = (
    "Metadata-Version: 2.1\n"
    "Name: anmkit\n"
    f"Version: {version}\n"
    "Summary: Read, check, sample, convert and write .anm animation files (GEM, Luigi's Mansion, Might and Magic II)\n"
    "Requires-Python: >=3.8\n").encode()
files[f"{dist_info}/WHEEL"] = (
    "Wheel-Version: 1.0\nGenerator: anmkit make_wheel.py\nRoot-Is-Purelib: false\n"
    f"Tag: {tag}\n").encode()
files[f"{dist_info}/top_level.txt"] = b"anmkit\n"


def digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


record = "".join(f"{name},{digest(data)},{len(data)}\n" for name, data in files.items())
record += f"{dist_info}/RECORD,,\n"
files[f"{dist_info}/RECORD"] = record.encode()

out_dir.mkdir(parents=True, exist_ok=True)
for old in out_dir.glob("anmkit-*.whl"):
    old.unlink()
wheel = out_dir / f"anmkit-{version}-{tag}.whl"
temporary = wheel.with_suffix(".partial")
with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as z:
    for name, data in files.items():
        info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
        info.external_attr = (0o755 if name.endswith(".so") else 0o644) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data)
temporary.replace(wheel)
print(wheel)
