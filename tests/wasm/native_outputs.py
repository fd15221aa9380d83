#!/usr/bin/env python3
"""What the native C library (through the Python package) makes of each input, in the files
module_test.js writes for the WebAssembly module: wasm_test.sh compares the two folders.

Usage: native_outputs.py OUT_DIR INPUT...   (ANMKIT_LIBRARY names the library, PYTHONPATH python/)"""
import os
import pathlib
import struct
import sys

import anmkit


def diagnostics_text(found) -> str:
    return "".join(f"{d.offset if d.offset is not None else d.pointer}: {d.severity}: {d.id}: {d.message}\n"
                   for d in found)


def flat_bytes(values, code: str) -> bytes:
    """A pose array (NumPy, or nested lists without it) as its little-endian bytes."""
    if hasattr(values, "tobytes"):
        return values.astype("<f4" if code == "f" else "u1").tobytes()
    flat = []
    stack = [values]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(reversed(item))
        else:
            flat.append(item)
    return struct.pack(f"<{len(flat)}{code}", *flat)


def main() -> int:
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for arg in sys.argv[2:]:
        path = os.path.abspath(arg)
        base = os.path.basename(path)
        if path.endswith(".mdl"):
            for as_json in (False, True):
                (out / f"{base}.summary.{'json' if as_json else 'txt'}").write_text(
                    anmkit.model_summary(path, as_json), encoding="utf-8", errors="surrogateescape", newline="")
            glb, warnings = anmkit.model_to_gltf(path)
            (out / f"{base}.glb").write_bytes(glb)
            (out / f"{base}.warnings.txt").write_text(diagnostics_text(warnings), newline="")
            continue
        skeletons = [None]
        bin_path = path[:-4] + ".bin" if path.endswith(".anm") else None
        if bin_path and os.path.exists(bin_path):
            skeletons.append(bin_path)
        for skeleton in skeletons:
            name = f"{base}+{os.path.basename(skeleton)}" if skeleton else base
            doc = anmkit.open(path, skeleton=skeleton)

            def text(file: str, value: str) -> None:
                (out / file).write_text(value, encoding="utf-8", errors="surrogateescape", newline="")

            text(f"{name}.format.txt", f"{doc.format} {doc.version}\n")
            text(f"{name}.json", doc.to_json(True))
            text(f"{name}.compact.json", doc.to_json(False))
            text(f"{name}.summary.txt", doc.summary(False))
            text(f"{name}.summary.json", doc.summary(True))
            text(f"{name}.validate.txt", diagnostics_text(doc.validate()))
            if doc.is_skeletal:
                (out / f"{name}.glb").write_bytes(doc.to_gltf(True))
                pose = doc.sample_all()
                (out / f"{name}.poses").write_bytes(
                    flat_bytes(pose.translation, "f") + flat_bytes(pose.rotation, "f") + flat_bytes(pose.scale, "f")
                    + flat_bytes(pose.visible, "B") + flat_bytes(pose.mirrored, "B"))
            doc.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
