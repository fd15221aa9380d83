"""Which file the package loads as its C library, on each platform (_capi.library_file and
library_path: pure functions of the platform and a folder's listing, so that Windows' and macOS's
choices are checked here, where only Linux runs)."""
import ntpath
import os

import pytest

from anmkit import _capi

PY = ["__init__.py", "__main__.py", "_capi.py", "_figure.py", "_layout.py"]
BUILD_LIB = ["libanmkit_c.so", "libanmkit_c.so.0", "libanmkit_c.so.0.1.0"]  # build/lib
RELEASE_ADDON = PY + ["anmkit_c.dll", "libanmkit_c.so"]  # anmkit_blender/anmkit/ in the release add-on


@pytest.mark.parametrize("platform, listing, expected", [
    # Windows: the DLL the cross build writes (build-windows/bin/anmkit_c.dll), never a Linux library.
    ("win32", PY + ["anmkit_c.dll"], "anmkit_c.dll"),
    ("win32", RELEASE_ADDON, "anmkit_c.dll"),
    ("win32", PY + ["libanmkit_c.so"], None),
    ("win32", PY + ["libanmkit_c.dll", "anmkit_c.dll.a"], None),  # mingw's default name: not what the build writes
    ("cygwin", RELEASE_ADDON, "anmkit_c.dll"),
    # Linux: libanmkit_c.so, else the SONAME's name, never the DLL.
    ("linux", PY + ["libanmkit_c.so"], "libanmkit_c.so"),
    ("linux", RELEASE_ADDON, "libanmkit_c.so"),
    ("linux", BUILD_LIB, "libanmkit_c.so"),
    ("linux", ["libanmkit_c.so.0.1.0", "libanmkit_c.so.0"], "libanmkit_c.so.0"),
    ("linux", ["libanmkit_c.so.0.1.0"], "libanmkit_c.so.0.1.0"),
    ("linux", PY + ["anmkit_c.dll"], None),
    ("linux", ["libanmkit_c.so.partial", "libanmkit_c.so.debug", "libanmkit_c.dylib"], None),
    ("freebsd14", ["libanmkit_c.so"], "libanmkit_c.so"),
    # macOS: the .dylib CMake writes (and its versioned names), never an ELF or a DLL.
    ("darwin", PY + ["libanmkit_c.dylib", "libanmkit_c.0.dylib", "libanmkit_c.0.1.0.dylib"], "libanmkit_c.dylib"),
    ("darwin", ["libanmkit_c.0.1.0.dylib", "libanmkit_c.0.dylib"], "libanmkit_c.0.dylib"),
    ("darwin", RELEASE_ADDON, None),
])
def test_the_platforms_own_library_is_chosen(platform, listing, expected):
    assert _capi.library_file(platform, listing) == expected
    assert _capi.library_file(platform, list(reversed(listing))) == expected  # not the listing's order


def test_the_path_is_in_the_packages_folder():
    folder = os.path.join("site-packages", "anmkit")
    assert _capi.library_path("linux", folder, RELEASE_ADDON) == os.path.join(folder, "libanmkit_c.so")
    windows_folder = r"C:\Users\me\AppData\Roaming\Blender Foundation\Blender\3.6\scripts\addons\anmkit_blender\anmkit"
    chosen = _capi.library_path("win32", windows_folder, RELEASE_ADDON)
    assert ntpath.basename(chosen.replace("/", "\\")) == "anmkit_c.dll" and chosen.startswith(windows_folder)


def test_anmkit_library_overrides_the_choice():
    assert _capi.library_path("win32", "x", RELEASE_ADDON, r"D:\build\anmkit_c.dll") == r"D:\build\anmkit_c.dll"
    assert _capi.library_path("linux", "x", [], "/opt/lib/libanmkit_c.so.0") == "/opt/lib/libanmkit_c.so.0"
    assert _capi.library_path("linux", "x", BUILD_LIB, "") == os.path.join("x", "libanmkit_c.so")  # empty: unset


def test_a_folder_without_the_platforms_library_says_what_it_holds():
    with pytest.raises(ImportError, match=r"for linux \(libanmkit_c\.so\) is not in x; it holds anmkit_c\.dll, "
                                          r"which is for another platform.*ANMKIT_LIBRARY"):
        _capi.library_path("linux", "x", PY + ["anmkit_c.dll"])
    with pytest.raises(ImportError, match=r"for win32 \(anmkit_c\.dll\) is not in x; it holds libanmkit_c\.so,"):
        _capi.library_path("win32", "x", PY + ["libanmkit_c.so"])
    with pytest.raises(ImportError, match=r"for darwin \(libanmkit_c\.dylib\) is not in x; install"):
        _capi.library_path("darwin", "x", PY)


def test_the_library_loaded_here_is_the_one_chosen():
    """This process's own choice goes through the same function (ANMKIT_LIBRARY set by the test
    harness, or the package's folder)."""
    here = os.path.dirname(os.path.abspath(_capi.__file__))
    assert _capi._path == _capi.library_path(_capi.sys.platform, here, os.listdir(here),
                                             os.environ.get("ANMKIT_LIBRARY"))
