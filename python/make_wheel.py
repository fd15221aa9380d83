#!/usr/bin/env python3
"""Builds the Python package's wheel from this folder and a built C library, with the standard
library only (no build backend to download): anmkit-VERSION-py3-none-PLATFORM.whl, which
`pip install --no-index` installs offline into any Python 3 of that platform.

Usage: make_wheel.py [--notices FILE] LIBRARY VERSION OUT_DIR [PLATFORM]

PLATFORM is the wheel's platform tag: this machine's (linux_x86_64 here, what the normal build
writes into build/python) when left out; scripts/package gives win_amd64 with the Windows DLL and
manylinux_2_36_x86_64 with the self-contained Linux library (docs/packages.md says why). The
library goes into the package under the name the package's loader looks for on that platform
(_capi.library_file): anmkit_c.dll, libanmkit_c.so or libanmkit_c.dylib; a library of another
kind than the tag's (an ELF file for win_amd64, say) is refused. --notices FILE goes in beside it
as anmkit/THIRD_PARTY_NOTICES (scripts/package gives the third-party notices of the library).
Entries are in a fixed order with fixed dates (SOURCE_DATE_EPOCH when set), so the same inputs
give the same bytes."""
import base64
import hashlib
import os
import pathlib
import sys
import sysconfig
import time
import zipfile

# Each platform tag's library: its name in the package, and the magic bytes its files start with.
KINDS = {"win": ("anmkit_c.dll", b"MZ", "a Windows DLL"),
         "macosx": ("libanmkit_c.dylib", (b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe"), "a Mach-O library"),
         "linux": ("libanmkit_c.so", b"\x7fELF", "an ELF shared library")}


def library_kind(platform: str):
    """(name in the package, magic, what it is) for a wheel platform tag."""
    if platform.startswith("win"):
        return KINDS["win"]
    if platform.startswith("macosx"):
        return KINDS["macosx"]
    return KINDS["linux"]  # linux_*, manylinux_*, musllinux_*


def zip_date():
    """The entries' date: SOURCE_DATE_EPOCH's (UTC; zip has 1980 as its first year), else 2026-01-01."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        return (2026, 1, 1, 0, 0, 0)
    return max(time.gmtime(int(epoch))[:6], (1980, 1, 1, 0, 0, 0))


def digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def main(argv):
    notices = None
    if "--notices" in argv[:-1]:
        at = argv.index("--notices")
        notices = pathlib.Path(argv[at + 1])
        argv = argv[:at] + argv[at + 2:]
    if len(argv) not in (4, 5):
        sys.exit(__doc__)
    library, version, out_dir = pathlib.Path(argv[1]), argv[2], pathlib.Path(argv[3])
    platform = argv[4] if len(argv) == 5 else sysconfig.get_platform().replace("-", "_").replace(".", "_")
    here = pathlib.Path(__file__).resolve().parent
    tag = f"py3-none-{platform}"
    dist_info = f"anmkit-{version}.dist-info"
    library_name, magic, what = library_kind(platform)
    library_bytes = library.read_bytes()
    if not library_bytes.startswith(magic):
        sys.exit(f"make_wheel.py: {library} is not {what}, which a {platform} wheel carries")

    files = {f"anmkit/{p.name}": p.read_bytes() for p in sorted((here / "anmkit").glob("*.py"))}
    files[f"anmkit/{library_name}"] = library_bytes
    if notices:
        files["anmkit/THIRD_PARTY_NOTICES"] = notices.read_bytes()
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
    record = "".join(f"{name},{digest(data)},{len(data)}\n" for name, data in files.items())
    record += f"{dist_info}/RECORD,,\n"
    files[f"{dist_info}/RECORD"] = record.encode()

    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob(f"anmkit-*-{tag}.whl"):  # this platform's older wheels; another platform's stay
        old.unlink()
    wheel = out_dir / f"anmkit-{version}-{tag}.whl"
    temporary = wheel.with_suffix(".partial")
    date = zip_date()
    with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=date)
            info.create_system = 3  # Unix, wherever the wheel is made: the modes below are read
            info.external_attr = (0o100755 if name == f"anmkit/{library_name}" else 0o100644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    temporary.replace(wheel)
    print(wheel)


if __name__ == "__main__":
    main(sys.argv)
