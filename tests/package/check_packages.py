#!/usr/bin/env python3
"""Checks the release packages scripts/package wrote (tests/package/package_test.sh runs it):

  - the names: exactly the six packages (eight with the extension zips) and SHA256SUMS, each named with VERSION, and SHA256SUMS right;
  - every archive's entries: sorted, dated SOURCE_DATE_EPOCH, owned by 0, modes 0755 or 0644;
  - the Linux tools: the command, the library (with its SONAME's links), the header and the docs;
    both programs stripped, needing only the C and C++ runtimes; the command runs (--version);
  - the Windows tools: anmkit.exe and anmkit_c.dll, stripped, importing only Windows' own DLLs;
    the DLL exports every function the Python package calls;
  - the add-on: both libraries, byte for byte the tool packages' own, and its copy of the Python
    package loads the Linux one here (and would pick the DLL on Windows);
  - the wheels: their tags (the manylinux one the library's symbol versions allow), RECORD, the
    library inside; the Linux wheel installs offline into a new virtual environment and runs, pip
    takes the Windows one as win_amd64;
  - the viewer: the page, its scripts and the module, as build/viewer has them;
  - THIRD_PARTY_NOTICES in every package with binaries (the tools, the add-on, the wheels): each
    library its binaries carry named, with its copyright file (and no other library: CLI11 is the
    command's, the mingw-w64 runtime the Windows binaries').

Usage: check_packages.py DIST_DIR SOURCE_DATE_EPOCH [PYTHON]"""
import base64
import csv
import hashlib
import io
import os
import pathlib
import re
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
VERSION = (ROOT / "VERSION").read_text().strip()
MAJOR = VERSION.split(".")[0]
LINUX_RUNTIME = {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "ld-linux-x86-64.so.2"}
# Windows' own DLLs, which every Windows has: the kernel, the C runtime mingw-w64 links against
# (msvcrt), and the system libraries std::filesystem, threads and the console use. Anything else
# (libstdc++-6.dll, libgcc_s_seh-1.dll, libwinpthread-1.dll, zlib1.dll) would be missing there.
WINDOWS_SYSTEM = {"kernel32.dll", "msvcrt.dll", "user32.dll", "shell32.dll", "advapi32.dll", "ws2_32.dll",
                  "bcrypt.dll", "bcryptprimitives.dll", "ole32.dll", "shlwapi.dll", "ntdll.dll"}
# manylinux_2_Y: the newest GLIBCXX_3.4.N that tag's distributions have (scripts/package's table).
GLIBCXX_OF = {34: 29, 35: 30, 36: 30}

# The third-party libraries in the binaries (scripts/third_party_notices.py), and a line of each
# one's copyright file that its notice must hold.
LIBRARY_NOTICES = {"libspng": "Upstream-Name: libspng", "giflib": "Upstream-Name: giflib",
                   "libsquish": "Upstream-Name: libsquish", "zlib": "Jean-loup Gailly", "fmt": "Victor Zverovich",
                   "nlohmann-json": "Niels Lohmann", "tinygltf": "Syoyo Fujita", "stb": "Sean Barrett",
                   "CLI11": "Upstream-Name: CLI11"}
WINDOWS_NOTICES = {"mingw-w64 runtime": "Upstream-Name: mingw-w64", "winpthreads": "mingw-w64-libraries/winpthreads",
                   "libstdc++": "GCC RUNTIME LIBRARY EXCEPTION", "libgcc": "GCC RUNTIME LIBRARY EXCEPTION"}

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}", file=sys.stderr)
    return condition


def tool(*command, **kwargs):
    return subprocess.run([str(c) for c in command], capture_output=True, text=True, check=True, **kwargs).stdout


def needed(elf):
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", tool("readelf", "-d", "--wide", elf))


def elf_stripped(elf):
    return ".symtab" not in tool("readelf", "-S", "--wide", elf)


def pe_imports(pe):
    return re.findall(r"DLL Name: (\S+)", tool("x86_64-w64-mingw32-objdump", "-p", pe))


def pe_stripped(pe):
    head = tool("x86_64-w64-mingw32-objdump", "-f", "-h", pe)
    return "HAS_SYMS" not in head and ".debug_" not in head


def pe_exports(pe):
    """The names in the DLL's export table."""
    text = tool("x86_64-w64-mingw32-objdump", "-p", pe)
    table = text.split("[Ordinal/Name Pointer] Table", 1)[1] if "[Ordinal/Name Pointer] Table" in text else ""
    table = table.split("\n\n", 1)[0]  # the table ends at the first blank line
    return set(re.findall(r"\[\s*\d+\]\s+(\w+)", table))


def check_notices(text: str, label, windows: bool, command: bool):
    """THIRD_PARTY_NOTICES names every library the package's binaries carry, and no other."""
    expected = dict(LIBRARY_NOTICES, **(WINDOWS_NOTICES if windows else {}))
    if not command:
        del expected["CLI11"]
    listed = re.findall(r"^  (\S.*?) +in .*: (?:linked statically|header-only, compiled in); Debian ", text, re.M)
    check(sorted(listed) == sorted(expected), f"{label}: THIRD_PARTY_NOTICES lists {sorted(listed)}, not {sorted(expected)}")
    headers = re.findall(r"^=+\n(.*): .*\n=+$", text, re.M)
    covered = [name for header in headers for name in header.split(", ")]
    check(sorted(covered) == sorted(expected), f"{label}: THIRD_PARTY_NOTICES holds the notices of {sorted(covered)}")
    for name, line in expected.items():
        check(line in text, f"{label}: THIRD_PARTY_NOTICES lacks {name}'s notice ({line!r})")


def check_zip_entries(z: zipfile.ZipFile, label, epoch):
    names = z.namelist()
    check(names == sorted(names) or label.endswith(".whl"), f"{label}: entries not sorted")
    date = max(time.gmtime(epoch)[:6], (1980, 1, 1, 0, 0, 0))
    date = date[:5] + (date[5] // 2 * 2,)  # zip keeps seconds halved
    for info in z.infolist():
        check(info.date_time == date, f"{label}: {info.filename} dated {info.date_time}, not {date}")
        mode = (info.external_attr >> 16) & 0o7777
        check(mode in (0o755, 0o644), f"{label}: {info.filename} has mode {oct(mode)}")
        check(info.create_system == 3, f"{label}: {info.filename} made on system {info.create_system}, not Unix")


def main():
    dist, epoch = pathlib.Path(sys.argv[1]), int(sys.argv[2])
    python = sys.argv[3] if len(sys.argv) > 3 else sys.executable
    names = sorted(p.name for p in dist.iterdir())
    wheels = [n for n in names if n.endswith(".whl")]
    linux_wheel = next((n for n in wheels if re.fullmatch(rf"anmkit-{re.escape(VERSION)}-py3-none-manylinux_2_(\d+)_x86_64\.whl", n)), None)
    # The extension zips, made where Blender 4.2 or later is (scripts/blender-chroot sid): always
    # under ANMKIT_REQUIRE_EXTERNALS (CI).
    extensions = [f"anmkit_blender-{VERSION}-linux_x64.zip", f"anmkit_blender-{VERSION}-windows_x64.zip"]
    with_extensions = os.environ.get("ANMKIT_REQUIRE_EXTERNALS", "0") not in ("", "0") or extensions[0] in names
    expected = sorted([f"anmkit-{VERSION}-linux-x86_64.tar.gz", f"anmkit-{VERSION}-windows-x86_64.zip",
                       f"anmkit_blender-{VERSION}.zip", f"anmkit-{VERSION}-py3-none-win_amd64.whl",
                       f"anmkit-viewer-{VERSION}.zip", "SHA256SUMS"] + ([linux_wheel] if linux_wheel else []) +
                      (extensions if with_extensions else []))
    check(linux_wheel is not None, f"no manylinux wheel among {wheels}")
    check(names == expected, f"the packages are {names}, not {expected}")
    check(all(VERSION in n for n in names if n != "SHA256SUMS"), "a package without the version in its name")
    sums = dict(reversed(line.split("  ", 1)) for line in (dist / "SHA256SUMS").read_text().splitlines())
    check(sorted(sums) == [n for n in names if n != "SHA256SUMS"], "SHA256SUMS does not list every package")
    for name, digest in sums.items():
        check(hashlib.sha256((dist / name).read_bytes()).hexdigest() == digest, f"SHA256SUMS is wrong for {name}")

    work = pathlib.Path(tempfile.mkdtemp())

    # The Linux tools.
    top = f"anmkit-{VERSION}-linux-x86_64"
    with tarfile.open(dist / f"{top}.tar.gz") as tar:
        members = tar.getmembers()
        member_names = [m.name for m in members]
        check(member_names == sorted(member_names), "linux tar: entries not sorted")
        for m in members:
            check(m.mtime == epoch and m.uid == 0 and m.gid == 0 and m.uname == "" and m.gname == "",
                  f"linux tar: {m.name} dated {m.mtime} owned {m.uid}/{m.gid} {m.uname}/{m.gname}")
            check(m.issym() or m.mode in (0o755, 0o644), f"linux tar: {m.name} has mode {oct(m.mode)}")
        links = {m.name: m.linkname for m in members if m.issym()}
        check(links == {f"{top}/lib/libanmkit_c.so": f"libanmkit_c.so.{MAJOR}",
                        f"{top}/lib/libanmkit_c.so.{MAJOR}": f"libanmkit_c.so.{VERSION}"}, f"linux tar: links {links}")
        for name in ("bin/anmkit", f"lib/libanmkit_c.so.{VERSION}", "include/anmkit/anmkit.h", "README.md",
                     "CHANGELOG.md", "docs/cli.md", "docs/packages.md", "THIRD_PARTY_NOTICES"):
            check(f"{top}/{name}" in member_names, f"linux tar: no {name}")
        if f"{top}/THIRD_PARTY_NOTICES" in member_names:
            check_notices(tar.extractfile(f"{top}/THIRD_PARTY_NOTICES").read().decode(), "linux tar", False, True)
        tar.extractall(work / "linux")
    linux = work / "linux" / top
    for elf in (linux / "bin/anmkit", linux / f"lib/libanmkit_c.so.{VERSION}"):
        extra = set(needed(elf)) - LINUX_RUNTIME
        check(not extra, f"{elf.name} needs {sorted(extra)} beyond the C and C++ runtimes")
        check(elf_stripped(elf), f"{elf.name} is not stripped")
    soname = re.search(r"\(SONAME\)\s+Library soname: \[([^\]]+)\]", tool("readelf", "-d", linux / f"lib/libanmkit_c.so.{VERSION}"))
    check(soname and soname.group(1) == f"libanmkit_c.so.{MAJOR}", f"the library's SONAME is {soname and soname.group(1)}")
    out = tool(linux / "bin/anmkit", "--version").strip()
    check(out == f"anmkit {VERSION}", f"the Linux command's --version says {out!r}")
    info = tool(linux / "bin/anmkit", "info", ROOT / "examples/turret_v60.anm")
    check("GEM skeletal animation" in info, "the Linux command's info of turret_v60.anm: " + info[:200])
    linux_library = (linux / f"lib/libanmkit_c.so.{VERSION}").read_bytes()
    print(f"linux: {', '.join(sorted(needed(linux / f'lib/libanmkit_c.so.{VERSION}')))}")

    # The Windows tools.
    top = f"anmkit-{VERSION}-windows-x86_64"
    with zipfile.ZipFile(dist / f"{top}.zip") as z:
        check_zip_entries(z, "windows zip", epoch)
        zipped = set(z.namelist())
        for name in ("anmkit.exe", "anmkit_c.dll", "include/anmkit/anmkit.h", "README.md", "CHANGELOG.md",
                     "docs/cli.md", "docs/packages.md", "THIRD_PARTY_NOTICES"):
            check(f"{top}/{name}" in zipped, f"windows zip: no {name}")
        if f"{top}/THIRD_PARTY_NOTICES" in zipped:
            check_notices(z.read(f"{top}/THIRD_PARTY_NOTICES").decode(), "windows zip", True, True)
        z.extractall(work / "windows")
    windows = work / "windows" / top
    for pe in (windows / "anmkit.exe", windows / "anmkit_c.dll"):
        imports = pe_imports(pe)
        print(f"{pe.name} imports {', '.join(imports)}")
        strangers = sorted(i for i in imports if i.lower() not in WINDOWS_SYSTEM)
        check(imports and not strangers, f"{pe.name} imports {strangers}, which Windows does not have")
        check(pe_stripped(pe), f"{pe.name} is not stripped")
    capi = (ROOT / "python/anmkit/_capi.py").read_text()
    called = set(re.findall(r'"(anmkit_\w+)": \(', capi)) | set(re.findall(r"lib\.(anmkit_\w+)", capi))
    exports = pe_exports(windows / "anmkit_c.dll")
    check(called <= exports, f"anmkit_c.dll does not export {sorted(called - exports)}")
    check(all(e.startswith("anmkit_") for e in exports), f"anmkit_c.dll exports {sorted(e for e in exports if not e.startswith('anmkit_'))[:5]}")
    windows_library = (windows / "anmkit_c.dll").read_bytes()

    # The add-on: both libraries, the tool packages' own bytes; its Python package loads the right one.
    with zipfile.ZipFile(dist / f"anmkit_blender-{VERSION}.zip") as z:
        check_zip_entries(z, "add-on", epoch)
        libraries = sorted(n for n in z.namelist() if "anmkit_c" in n)
        check(libraries == ["anmkit_blender/anmkit/anmkit_c.dll", "anmkit_blender/anmkit/libanmkit_c.so"],
              f"the add-on holds {libraries}")
        check(z.read("anmkit_blender/anmkit/libanmkit_c.so") == linux_library, "the add-on's Linux library is another")
        check(z.read("anmkit_blender/anmkit/anmkit_c.dll") == windows_library, "the add-on's DLL is another")
        check("anmkit_blender/__init__.py" in z.namelist(), "the add-on has no __init__.py")
        check("anmkit_blender/THIRD_PARTY_NOTICES" in z.namelist(), "the add-on has no THIRD_PARTY_NOTICES")
        if "anmkit_blender/THIRD_PARTY_NOTICES" in z.namelist():
            check_notices(z.read("anmkit_blender/THIRD_PARTY_NOTICES").decode(), "add-on", True, False)
        z.extractall(work / "addon")
    probe = ("import anmkit, os, sys; from anmkit import _capi; "
             "print(os.path.basename(_capi._path)); print(anmkit.__version__); "
             "print(_capi.library_file('win32', os.listdir(os.path.dirname(_capi._path)))); "
             "print(anmkit.open(sys.argv[1]).format)")
    env = {k: v for k, v in os.environ.items() if k not in ("ANMKIT_LIBRARY", "PYTHONPATH")}
    out = tool(python, "-c", probe, ROOT / "examples/turret_v60.anm", env=dict(env, PYTHONPATH=str(work / "addon/anmkit_blender"))).split()
    check(out[:3] == ["libanmkit_c.so", VERSION, "anmkit_c.dll"] and len(out) == 4,
          f"the add-on's package here loaded {out}")

    # The extensions (Blender 4.2 and later): one platform's library each, the tool packages' own
    # bytes, the manifest naming that platform and the GPL, the notices of what the library carries.
    if with_extensions:
        for name, library_name, library, platform, windows in (
                (extensions[0], "libanmkit_c.so", linux_library, "linux-x64", False),
                (extensions[1], "anmkit_c.dll", windows_library, "windows-x64", True)):
            with zipfile.ZipFile(dist / name) as z:
                check_zip_entries(z, name, epoch)
                libraries = [n for n in z.namelist() if n.endswith((".so", ".dll"))]
                check(libraries == [f"anmkit/{library_name}"], f"{name}: libraries {libraries}")
                check(f"anmkit/{library_name}" in libraries and z.read(f"anmkit/{library_name}") == library,
                      f"{name}: its library is another")
                manifest = z.read("blender_manifest.toml").decode()
                check(f'platforms = ["{platform}"]' in manifest and 'license = ["SPDX:GPL-3.0-or-later"]' in manifest and
                      f'version = "{VERSION}"' in manifest, f"{name}: the manifest says {manifest[:400]}")
                check("__init__.py" in z.namelist() and "LICENSE" in z.namelist(), f"{name}: no __init__.py or LICENSE")
                if "THIRD_PARTY_NOTICES" in z.namelist():
                    check_notices(z.read("THIRD_PARTY_NOTICES").decode(), name, windows, False)
                else:
                    check(False, f"{name}: no THIRD_PARTY_NOTICES")

    # The wheels.
    for wheel, library_name, library in ((linux_wheel, "libanmkit_c.so", linux_library),
                                         (f"anmkit-{VERSION}-py3-none-win_amd64.whl", "anmkit_c.dll", windows_library)):
        if not wheel or not (dist / wheel).exists():
            continue
        tag = wheel[len(f"anmkit-{VERSION}-"):-len(".whl")]
        with zipfile.ZipFile(dist / wheel) as z:
            check_zip_entries(z, wheel, epoch)
            dist_info = f"anmkit-{VERSION}.dist-info"
            check(f"Tag: {tag}\n" in z.read(f"{dist_info}/WHEEL").decode(), f"{wheel}: WHEEL names another tag")
            check(f"Version: {VERSION}\n" in z.read(f"{dist_info}/METADATA").decode(), f"{wheel}: METADATA's version")
            libraries = sorted(n for n in z.namelist() if "anmkit_c" in n)
            check(libraries == [f"anmkit/{library_name}"], f"{wheel} holds {libraries}")
            check(z.read(f"anmkit/{library_name}") == library, f"{wheel}'s library is not the tool package's")
            check("anmkit/THIRD_PARTY_NOTICES" in z.namelist(), f"{wheel} has no anmkit/THIRD_PARTY_NOTICES")
            if "anmkit/THIRD_PARTY_NOTICES" in z.namelist():
                check_notices(z.read("anmkit/THIRD_PARTY_NOTICES").decode(), wheel, library_name.endswith(".dll"), False)
            for row in csv.reader(io.StringIO(z.read(f"{dist_info}/RECORD").decode())):
                if row[1]:
                    data = z.read(row[0])
                    digest = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                    check(row[1:] == [digest, str(len(data))], f"{wheel}: RECORD is wrong for {row[0]}")
    subprocess.run([python, "-m", "venv", work / "venv"], check=True)
    if linux_wheel:
        # The tag: glibc at least the newest GLIBC_2.Y the library asks for, and a libstdc++ that tag's
        # distributions have.
        glibc_minor = int(re.search(r"manylinux_2_(\d+)_", linux_wheel).group(1))
        versions = tool("readelf", "-V", "--wide", linux / f"lib/libanmkit_c.so.{VERSION}")
        glibc = max(int(m) for m in re.findall(r"Name: GLIBC_2\.(\d+)", versions))
        glibcxx = max([int(m) for m in re.findall(r"Name: GLIBCXX_3\.4\.(\d+)", versions)] + [0])
        print(f"{linux_wheel}: the library asks for GLIBC_2.{glibc}, GLIBCXX_3.4.{glibcxx}")
        check(glibc <= glibc_minor, f"{linux_wheel}: the library needs GLIBC_2.{glibc}")
        check(glibcxx <= GLIBCXX_OF.get(glibc_minor, 0), f"{linux_wheel}: the library needs GLIBCXX_3.4.{glibcxx}")
        # Installed offline into a new virtual environment, it runs from there.
        subprocess.run([work / "venv/bin/pip", "install", "--quiet", "--no-index", "--find-links", dist, "anmkit"],
                       check=True, env=env)
        out = tool(work / "venv/bin/python", "-c", probe, ROOT / "examples/turret_v60.anm", env=env, cwd=work).split()
        check(out[:2] == ["libanmkit_c.so", VERSION] and len(out) == 4, f"the installed Linux wheel loaded {out}")
        where = tool(work / "venv/bin/python", "-c", "import anmkit; print(anmkit.__file__)", env=env, cwd=work)
        check(where.startswith(str(work / "venv")), f"anmkit was imported from {where}")
    # pip takes the Windows wheel as one for win_amd64 (installed into a folder, not run).
    subprocess.run([work / "venv/bin/pip", "install", "--quiet", "--no-index", "--find-links", dist, "--platform",
                    "win_amd64", "--only-binary=:all:", "--target", work / "windows-site", "anmkit"], check=True, env=env)
    check((work / "windows-site/anmkit/anmkit_c.dll").is_file(), "pip installed no anmkit_c.dll for win_amd64")

    # The viewer.
    with zipfile.ZipFile(dist / f"anmkit-viewer-{VERSION}.zip") as z:
        check_zip_entries(z, "viewer", epoch)
        for name in ("index.html", "viewer.js", "anmkit_wasm.js"):
            entry = f"anmkit-viewer-{VERSION}/{name}"
            check(entry in z.namelist() and z.read(entry) == (ROOT / "build/viewer" / name).read_bytes(),
                  f"the viewer zip's {name} is not build/viewer's")

    subprocess.run(["rm", "-rf", str(work)], check=True)
    if failures:
        print(f"check_packages.py: {len(failures)} failures", file=sys.stderr)
        sys.exit(1)
    print("check_packages.py: every check passed")


if __name__ == "__main__":
    main()
