#!/usr/bin/env python3
"""scripts/check-layers passes on the tree and fails, naming FILE:LINE, on includes that cross."""
import os
import pathlib
import subprocess
import sys
import tempfile

script = pathlib.Path(sys.argv[1])


def run(root=None):
    env = dict(os.environ)
    if root:
        env["ANMKIT_LAYERS_ROOT"] = str(root)
    return subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)


clean = run()
assert clean.returncode == 0, clean.stdout + clean.stderr

with tempfile.TemporaryDirectory() as tmp:
    root = pathlib.Path(tmp)
    files = {
        "src/formats/gem/bad.cpp": '#include "anmkit/formats/lm/lm_file.hpp"\n',
        "src/gltf/bad.cpp": '#include "anmkit/core/error.hpp"\n#include "anmkit/formats/gem/gem_file.hpp"\n',
        "src/core/bad.cpp": '#include "anmkit/model/clip.hpp"\n',
        "tools/anmkit/bad.cpp": '#include "anmkit/anmkit.hpp"\n#include "anmkit/formats/mm2/mm2_file.hpp"\n',
        "include/anmkit/model/bad.hpp": "#include <nlohmann/json.hpp>\n",
        "include/anmkit/formats/gem/gem_json.hpp": "#include <nlohmann/json.hpp>\n",
        "src/model/good.cpp": '#include "anmkit/core/error.hpp"\n#include "anmkit/model/clip.hpp"\n',
        # Format names in code that must know no format (the formats are the folders gem and lm).
        "src/formats/lm/lm_file.cpp": "int nodes;\n",
        "src/capi/names.cpp": '// "gem" in a comment is fine\nbool f(std::string s) { return s == "gem"; }\nint lm_nodes;\n',
        "viewer/src/names.js": "const help = 'GEM and LM files';\nif (format === 'lm') zUp = 'gem-6.0';\n",
        "python/anmkit/names.py": '"""Docstrings may say "gem"."""\nclass LmOptions:\n    target = "gem-4.0"\n',
        "blender/anmkit_blender/names.py": 'HELP = "reads GEM .mdl files"\nif kind == "gem":\n    pass\n',
        "src/gltf/names.cpp": 'bool lm_target(std::string_view t) { return t == "lm"; }\n',
        "tools/anmkit/names.cpp": "struct GemOptions {};\n",
        "include/anmkit/front.hpp": "// LM's rotation units\nstd::vector<std::string_view> lm_rotation_units();\n",
        "include/anmkit/formats/lm/lm_units.hpp": 'inline constexpr auto lm_name = "lm";\n',
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    bad = run(root)
    assert bad.returncode == 1, bad.stdout
    lines = sorted(bad.stdout.splitlines())
    expected = sorted([
        "src/formats/gem/bad.cpp:1: formats/gem may not include anmkit/formats/lm/lm_file.hpp (formats/lm)",
        "src/gltf/bad.cpp:2: gltf may not include anmkit/formats/gem/gem_file.hpp (formats/gem)",
        "src/core/bad.cpp:1: core may not include anmkit/model/clip.hpp (model)",
        "tools/anmkit/bad.cpp:2: cli may not include anmkit/formats/mm2/mm2_file.hpp (formats/mm2)",
        "include/anmkit/model/bad.hpp:1: a public header outside the JSON-specific ones includes nlohmann/json.hpp",
        "src/capi/names.cpp:2: names the format 'gem' (the registry says what differs between formats)",
        "src/capi/names.cpp:3: 'lm_nodes' names a format (the registry says what differs between formats)",
        "viewer/src/names.js:2: names the format 'lm' (the registry says what differs between formats)",
        "viewer/src/names.js:2: names the format 'gem' (the registry says what differs between formats)",
        "python/anmkit/names.py:2: 'LmOptions' names a format (the registry says what differs between formats)",
        "python/anmkit/names.py:3: names the format 'gem' (the registry says what differs between formats)",
        "blender/anmkit_blender/names.py:2: names the format 'gem' (the registry says what differs between formats)",
        "src/gltf/names.cpp:1: 'lm_target' names a format (the registry says what differs between formats)",
        "src/gltf/names.cpp:1: names the format 'lm' (the registry says what differs between formats)",
        "tools/anmkit/names.cpp:1: 'GemOptions' names a format (the registry says what differs between formats)",
        "include/anmkit/front.hpp:2: 'lm_rotation_units' names a format (the registry says what differs between formats)",
    ])
    assert lines == expected, "\n".join(lines)
print("check-layers: passes on the tree, and names each crossing include and each format name outside the formats by FILE:LINE")
