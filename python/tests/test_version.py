"""One version number in one place, the top-level VERSION file: every other place that states the
version agrees with it (the C library, the package, the add-on's bl_info, the command's --version,
the viewer's package.json when it has one, and the tests and docs that name it). A version bump
edits VERSION; this test lists whatever else still says the old one."""
import ast
import json
import os
import pathlib
import re
import subprocess

import pytest

import anmkit
from anmkit import _capi

ROOT = pathlib.Path(__file__).resolve().parents[2]
VERSION = (ROOT / "VERSION").read_text().strip()


def test_version_is_major_minor_patch_on_one_line():
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)
    assert (ROOT / "VERSION").read_text() == VERSION + "\n"


def test_cmake_takes_the_project_version_from_the_file():
    text = (ROOT / "CMakeLists.txt").read_text()
    assert re.search(r"file\(STRINGS \$\{CMAKE_CURRENT_SOURCE_DIR\}/VERSION (\w+) LIMIT_COUNT 1\)", text)
    project = re.search(r"^project\(anmkit VERSION (\S+) ", text, re.M)
    assert project and project.group(1) == "${anmkit_version}", project and project.group(0)


def test_the_library_and_the_package_say_it():
    assert _capi.lib.anmkit_library_version().decode() == VERSION
    assert anmkit.__version__ == VERSION


def test_the_addons_bl_info_says_it():
    tree = ast.parse((ROOT / "blender/anmkit_blender/__init__.py").read_text(encoding="utf-8"))
    bl_info = next(ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                   and any(getattr(target, "id", None) == "bl_info" for target in node.targets))
    assert bl_info["version"] == tuple(int(part) for part in VERSION.split("."))


def test_the_viewers_package_json_says_it_if_it_says_one():
    package = json.loads((ROOT / "viewer/package.json").read_text())
    assert package.get("version", VERSION) == VERSION


def the_command():
    """The command beside the library under test (build/bin/anmkit for build/lib/libanmkit_c.so)."""
    if os.environ.get("ANMKIT_CLI"):
        return pathlib.Path(os.environ["ANMKIT_CLI"])
    return pathlib.Path(_capi._path).resolve().parent.parent / "bin" / "anmkit"


def test_the_command_says_it():
    command = the_command()
    if not command.is_file():
        pytest.skip(f"no command at {command} (ANMKIT_CLI names it)")
    out = subprocess.run([str(command), "--version"], capture_output=True, text=True, check=True).stdout
    assert out.strip() == f"anmkit {VERSION}"


# The command's --version comes from the build (ANMKIT_VERSION_STRING, as the C API's), not from
# a literal in run.cpp.
def test_the_commands_version_is_compiled_in():
    run_cpp = (ROOT / "tools/anmkit/run.cpp").read_text()
    flag = re.search(r"set_version_flag\(.*\);", run_cpp).group(0)
    assert "ANMKIT_VERSION_STRING" in flag and not re.search(r"\d+\.\d+\.\d+", flag), flag


# Tests and docs that name the version as text: each must say VERSION's (update them with it).
NAMED = [("python/tests/test_anmkit.py", r'anmkit\.__version__ == "([^"]+)"'),
         ("tests/capi/capi_test.c", r'CHECK_STR\(anmkit_library_version\(\), "([^"]+)"\)'),
         ("docs/blender.md", r"anmkit_blender-(\d+\.\d+\.\d+)\.zip"),
         ("blender/tests/render_vehicles.py", r"anmkit_blender-(\d+\.\d+\.\d+)\.zip")]


@pytest.mark.parametrize("path, pattern", NAMED)
def test_tests_and_docs_that_name_the_version_name_this_one(path, pattern):
    found = re.findall(pattern, (ROOT / path).read_text(encoding="utf-8"))
    assert found, f"{path} no longer names the version: take it out of this list"
    assert set(found) == {VERSION}, f"{path} says {sorted(set(found))}, VERSION says {VERSION}"
