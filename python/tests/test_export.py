"""Document.export(): the library's one export call (export_as) through the C API."""
import os
import pathlib

import pytest

import anmkit

EXAMPLES = pathlib.Path(os.environ.get("ANMKIT_EXAMPLES", pathlib.Path(__file__).resolve().parents[2] / "examples"))
# What `anmkit convert` and `anmkit batch` wrote before they called the library.
GOLDEN = EXAMPLES.parent / "tests" / "data" / "export"


def example(name: str) -> str:
    return str(EXAMPLES / name)


def test_export_kinds_come_from_the_registry():
    assert anmkit.export_kinds() == ["json", "glb", "gltf", "png", "gif", "ilbm", "iff", "gem-4.0", "gem-6.0",
                                     "gem-6.1", "gem-6.1-frm3", "repack"]


def test_json_glb_and_versions_are_the_documents_own():
    with anmkit.open(example("turret_v60.anm")) as doc:
        out = doc.export("json")
        assert list(out.files) == [".json"]
        assert out.files[".json"] == (doc.to_json() + "\n").encode()
        assert out.warnings == []
        glb = doc.export("glb").files[".glb"]
        assert glb[:4] == b"glTF" and glb == doc.to_gltf()
        with doc.convert("gem-6.1") as converted:
            assert doc.export("gem-6.1").files == {".anm": converted.write()}


def test_sprite_images_are_what_the_command_line_wrote():
    with anmkit.open(example("ghost_mm2.anm")) as ghost:
        assert ghost.export("gif").files == {".gif": (GOLDEN / "ghost.gif").read_bytes()}
        assert ghost.export("gif", scale=3, sequence=2).files[".gif"] == (GOLDEN / "ghost_seq2_s3.gif").read_bytes()
        assert ghost.export("gif", flipbook=True, flipbook_ticks=7).files[".gif"] == \
            (GOLDEN / "ghost_flip.gif").read_bytes()
        sheet = ghost.export("png", file_name="ghost_sheet.png")
        assert list(sheet.files) == [".png", ".json"]
        assert sheet.files[".png"] == (GOLDEN / "ghost_sheet.png").read_bytes()
        assert sheet.files[".json"] == (GOLDEN / "ghost_sheet.json").read_bytes()
        assert ghost.export("iff", scale=2, state=2).files == {".iff": (GOLDEN / "ghost_state2.iff").read_bytes()}


def test_what_a_kind_cannot_do_and_options_out_of_range_are_errors():
    with anmkit.open(example("ghost_mm2.anm")) as ghost, anmkit.open(example("mansion_door.anm")) as door:
        with pytest.raises(anmkit.Error) as e:
            ghost.export("glb")
        assert e.value.code == 7 and e.value.message == "MM2 sprites convert to png or gif, not glTF"
        with pytest.raises(anmkit.Error) as e:
            door.export("gem-6.0")
        assert e.value.message == "the export kind gem-6.0 is for GEM files"
        with pytest.raises(anmkit.Error) as e:
            door.export("fbx")
        assert e.value.message.startswith("no export kind 'fbx' (there are json, ")
        for options, message in [({"scale": 0}, "scale must be from 1 to 64, found 0"),
                                 ({"scale": 65}, "scale must be from 1 to 64, found 65"),
                                 ({"flipbook_ticks": 0}, "flipbook ticks must be from 1 to 4294967295, found 0"),
                                 ({"sequence": 3}, "the sequence option 3: the file has 3 sequences"),
                                 ({"state": 4}, "the state option 4: the file has composed states 0..3"),
                                 # Past what the C field holds: refused before ctypes would wrap it.
                                 ({"scale": 1 << 32}, "scale must be from 0 to 4294967295, found 4294967296"),
                                 ({"sequence": -2}, "sequence must be from -1 to 9223372036854775807, found -2")]:
            kind = "iff" if "state" in options else "gif"
            with pytest.raises(anmkit.Error) as e:
                ghost.export(kind, **options)
            assert e.value.message == message, options


def test_save_as_writes_each_file_beside_the_first_and_never_over_the_source(tmp_path):
    source = tmp_path / "turret.anm"
    source.write_bytes(pathlib.Path(example("turret_v60.anm")).read_bytes())
    with anmkit.open(source) as doc:
        assert doc.save_as("gem-6.1", tmp_path / "turret_v61.anm") == []
        with doc.convert("gem-6.1") as converted:
            assert (tmp_path / "turret_v61.anm").read_bytes() == converted.write()
        with pytest.raises(anmkit.Error) as e:
            doc.save_as("gem-6.1", source)
        assert e.value.message == "refusing to overwrite the file the document was opened from"
        assert e.value.file == str(source)
        assert source.read_bytes() == pathlib.Path(example("turret_v60.anm")).read_bytes()
        doc.save_as("gem-6.1", source, overwrite_source=True)
        assert source.read_bytes() == (tmp_path / "turret_v61.anm").read_bytes()
    with anmkit.open(example("ghost_mm2.anm")) as ghost:
        ghost.save_as("png", tmp_path / "ghost_sheet.png")
        # The sheet's .json beside it names the .png by the name it was saved as.
        assert (tmp_path / "ghost_sheet.png").read_bytes() == (GOLDEN / "ghost_sheet.png").read_bytes()
        assert (tmp_path / "ghost_sheet.json").read_bytes() == (GOLDEN / "ghost_sheet.json").read_bytes()
        with pytest.raises(anmkit.Error) as e:
            ghost.save_as("png", tmp_path / "x.png", scale=0)
        assert e.value.message == "scale must be from 1 to 64, found 0"
        assert not (tmp_path / "x.png").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ghost_sheet.json", "ghost_sheet.png", "turret.anm",
                                                         "turret_v61.anm"]


def test_a_name_given_to_bytes_is_not_a_file_to_protect(tmp_path, monkeypatch):
    """open_bytes()'s and from_json()'s name is for messages: a file of that name in the current
    folder may be written (the document came from no file); convert() keeps its source's."""
    monkeypatch.chdir(tmp_path)
    data = pathlib.Path(example("turret_v60.anm")).read_bytes()
    (tmp_path / "turret.anm").write_bytes(b"an older file of the same name")
    with anmkit.open_bytes(data, "turret.anm") as doc:
        doc.save("turret.anm")
        doc.save_as("gem-6.1", "turret.anm")
    with anmkit.open(tmp_path / "turret.anm") as doc, doc.convert("gem-6.0") as converted:
        with pytest.raises(anmkit.Error) as e:
            converted.save(tmp_path / "turret.anm")
        assert e.value.message == "refusing to overwrite the file the document was opened from"
