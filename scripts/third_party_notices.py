"""THIRD_PARTY_NOTICES for the release packages (scripts/package, docs/packages.md): the third-party
code in anmkit's binaries, and each library's copyright file as Debian ships it, whole. Nothing
here is copied by hand: each notice is found from the file the build used.

  - libspng, giflib, libsquish, compiled from Debian's source packages (scripts/build-static-deps):
    debian/copyright of the source unpacked in the build's deps prefix;
  - the rest (zlib's static archive and the header-only fmt, nlohmann-json, tinygltf, stb and
    CLI11 as the build's CMakeCache.txt names them; for Windows the mingw-w64 runtime,
    winpthreads, libstdc++ and libgcc as the cross compiler finds them): the Debian package that
    installed the file (dpkg-query -S) and that package's /usr/share/doc/PACKAGE/copyright.

The Linux binaries use the system's C and C++ runtimes (libc, libstdc++, libgcc_s), which they
do not carry; the Windows ones carry theirs, linked in.

    notices(title, [Binary(...), ...]) -> the file's text
"""
import dataclasses
import hashlib
import os
import pathlib
import re
import subprocess

# Compiled from Debian's source packages into the deps prefix: (name, source package).
FROM_SOURCE = [("libspng", "libspng"), ("giflib", "giflib"), ("libsquish", "libsquish")]
# Header-only, compiled in: (name, a header of it below ANMKIT_HOST_INCLUDE, only in the command).
HEADER_ONLY = [("fmt", "fmt/format.h", False), ("nlohmann-json", "nlohmann/json.hpp", False),
               ("tinygltf", "tiny_gltf.h", False), ("stb", "stb/stb_image.h", False), ("CLI11", "CLI/CLI.hpp", True)]
# Linked in by the mingw-w64 cross compiler (-static): (name, a file of it the compiler links).
WINDOWS_RUNTIME = [("mingw-w64 runtime", "libmingw32.a"), ("winpthreads", "libwinpthread.a"),
                   ("libstdc++", "libstdc++.a"), ("libgcc", "libgcc.a")]


@dataclasses.dataclass(frozen=True)
class Binary:
    name: str            # as the package holds it: anmkit.exe, libanmkit_c.so
    build: pathlib.Path  # its build folder: build-release, build-windows
    command: bool        # the command line (CLI11 is in it, not in the library)
    windows: bool        # cross-built with mingw-w64, its runtime linked in


@dataclasses.dataclass
class Library:
    name: str
    how: str              # "linked statically", "header-only, compiled in"
    origin: str           # "Debian package zlib1g-dev 1:1.2.13.dfsg-1"
    copyright_name: str   # what the notice is, as the file says it
    text: str
    binaries: list = dataclasses.field(default_factory=list)


def cmake_cache(build: pathlib.Path):
    entries = {}
    for line in (build / "CMakeCache.txt").read_text().splitlines():
        m = re.match(r"([A-Za-z0-9_]+):[A-Z]+=(.*)", line)
        if m:
            entries[m.group(1)] = m.group(2)
    return entries


def cxx_compiler(build: pathlib.Path):
    """The C++ compiler CMake found for the build (CMakeFiles/VERSION/CMakeCXXCompiler.cmake)."""
    for found in sorted(build.glob("CMakeFiles/*/CMakeCXXCompiler.cmake")):
        m = re.search(r'set\(CMAKE_CXX_COMPILER "([^"]+)"\)', found.read_text())
        if m:
            return m.group(1)
    raise SystemExit(f"third_party_notices: {build} names no C++ compiler")


def installed_by(path: str):
    """(package, version) of the Debian package that installed `path`."""
    for candidate in (os.path.normpath(path), os.path.realpath(path)):
        out = subprocess.run(["dpkg-query", "-S", candidate], capture_output=True, text=True)
        for line in out.stdout.splitlines():
            if line.startswith("diversion "):
                continue
            package = line.rsplit(": ", 1)[0].split(",")[0].strip()
            version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True,
                                     check=True).stdout.strip()
            return package.split(":")[0], version
    raise SystemExit(f"third_party_notices: no Debian package installed {path} (dpkg-query -S)")


def from_package(name, how, path):
    package, version = installed_by(path)
    copyright_file = pathlib.Path("/usr/share/doc") / package / "copyright"
    if not copyright_file.is_file():
        raise SystemExit(f"third_party_notices: {package} has no {copyright_file}")
    return Library(name, how, f"Debian package {package} {version}", str(copyright_file),
                   copyright_file.read_text(encoding="utf-8", errors="replace"))


def from_source(name, source_package, deps_prefix: pathlib.Path):
    found = sorted(p for p in (deps_prefix / "src").glob(f"{source_package}-[0-9]*") if p.is_dir())
    if not found:
        raise SystemExit(f"third_party_notices: no unpacked {source_package} in {deps_prefix / 'src'}")
    version = found[-1].name[len(source_package) + 1:]
    copyright_file = found[-1] / "debian/copyright"
    return Library(name, "linked statically", f"Debian source package {source_package} {version}",
                   f"debian/copyright of the source package {source_package} {version}",
                   copyright_file.read_text(encoding="utf-8", errors="replace"))


def libraries_of(binary: Binary):
    """The third-party libraries in one binary, in a fixed order."""
    cache = cmake_cache(binary.build)
    deps = pathlib.Path(cache["ANMKIT_DEPS_PREFIX"])
    out = [from_source(name, source, deps) for name, source in FROM_SOURCE]
    out.append(from_package("zlib", "linked statically", cache["ANMKIT_ZLIB_ARCHIVE"]))
    include = pathlib.Path(cache.get("ANMKIT_HOST_INCLUDE", "/usr/include"))
    out += [from_package(name, "header-only, compiled in", str(include / header))
            for name, header, command_only in HEADER_ONLY if binary.command or not command_only]
    if binary.windows:
        compiler = cxx_compiler(binary.build)
        for name, archive in WINDOWS_RUNTIME:
            path = subprocess.run([compiler, f"-print-file-name={archive}"], capture_output=True, text=True,
                                  check=True).stdout.strip()
            out.append(from_package(name, "linked statically", path))
    return out


def notices(title: str, binaries):
    libraries = {}
    for binary in binaries:
        for library in libraries_of(binary):
            libraries.setdefault(library.name, library).binaries.append(binary.name)
    width = max(len(name) for name in libraries)
    lines = [f"Third-party notices: {title}", "",
             "anmkit's binaries in this package hold code of the libraries below, each under its own licence.",
             "Each library's notice follows: its copyright file as Debian ships it, whole (libraries that",
             "share a copyright file share its copy).", ""]
    for library in libraries.values():
        lines.append(f"  {library.name:<{width}}  in {', '.join(library.binaries)}: {library.how}; {library.origin}")
    # One copy of each copyright file, naming every library it is the notice of.
    texts = {}
    for library in libraries.values():
        key = hashlib.sha256(library.text.encode()).hexdigest()
        texts.setdefault(key, (library.copyright_name, library.text, []))[2].append(library.name)
    for copyright_name, text, names in texts.values():
        rule = "=" * 100
        lines += ["", rule, f"{', '.join(names)}: {copyright_name}", rule, "", text.rstrip("\n")]
    return "\n".join(lines) + "\n"
