"""The test-only format (tkf_entry.cpp) in Python: the package, unchanged, on the C API built with
the entry (ANMKIT_LIBRARY: anmkit_seam_c) lists, opens and converts it, naming it nowhere but here."""
import struct

import anmkit


def tkf_file() -> bytes:
    """Two bones: "hull" keyed at frames 0 and 2, "gun" at frame 0 (format_seam_test.cpp's)."""
    out = b"TKF1" + struct.pack("<HH", 3, 2)
    out += bytes([4]) + b"hull" + struct.pack("<H", 2) + struct.pack("<Hfff", 0, 1, 2, 3) + struct.pack("<Hfff", 2, 4, 5.5, -6)
    out += bytes([3]) + b"gun" + struct.pack("<H", 1) + struct.pack("<Hfff", 0, 0.25, 0, -0.0)
    return out


def test_listed_from_its_entry():
    assert anmkit.formats() == ["gem", "mm2", "tkf", "lm"]
    assert anmkit.format_info("tkf")["title"] == "Test keyframes (TKF1)"
    assert [k for k in anmkit.file_kinds() if k["format"] == "tkf"] == [
        {"format": "tkf", "name": "animation", "extension": ".tkf", "opens_as": "animation"}]
    assert anmkit.detect(tkf_file()) == "tkf"


def test_opened_converted_and_back(tmp_path):
    path = tmp_path / "two.tkf"
    path.write_bytes(tkf_file())
    doc = anmkit.open(path)
    assert (doc.format, doc.kind, doc.version, doc.is_skeletal) == ("tkf", "animation", "1", True)
    assert doc.summary() == f"{path}: Test keyframes (TKF1), version 1, 63 bytes\n  frames      3\n  bones       2\n"
    assert doc.validate() == []
    assert [b.name for b in doc.skeleton.bones] == ["hull", "gun"]
    glb = doc.to_gltf()
    assert glb[:4] == b"glTF"
    back = anmkit.from_gltf(glb, "tkf", "two.glb")
    assert back.document.format == "tkf" and back.document.write() == tkf_file()
