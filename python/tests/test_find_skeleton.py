"""anmkit.find_skeleton: the model file that goes with an animation, by the library's one rule,
over folders made here and the real vehicle folders; and the same pairing as `anmkit batch`."""
import os
import pathlib
import shutil
import subprocess

import pytest

import anmkit

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = pathlib.Path(os.environ.get("ANMKIT_EXAMPLES", ROOT / "examples"))
CORPUS = pathlib.Path(os.environ.get("ANMKIT_CORPUS_DIR") or ROOT.parent / "shared" / "corpus") / "gem-vehicles"
CLI = pathlib.Path(os.environ.get("ANMKIT_CLI", ROOT / "build" / "bin" / "anmkit"))
SEED_MDL = ROOT / "fuzz" / "seeds" / "mdl" / "skeleton.mdl"


def need(present: bool, what: str) -> None:
    """Skips without `what`; fails instead under ANMKIT_REQUIRE_EXTERNALS (CI)."""
    if present:
        return
    if os.environ.get("ANMKIT_REQUIRE_EXTERNALS", "0") not in ("", "0"):
        pytest.fail(f"{what} is missing; ANMKIT_REQUIRE_EXTERNALS is set")
    pytest.skip(f"{what} is missing")


def test_a_model_listing_it_then_the_roots_by_file_name(tmp_path):
    (tmp_path / "tank").mkdir()
    (tmp_path / "loose").mkdir()
    shutil.copy(EXAMPLES / "turret_v60.anm", tmp_path / "tank" / "fire.anm")
    shutil.copy(EXAMPLES / "turret_v60.anm", tmp_path / "loose" / "FIRE.anm")
    shutil.copy(SEED_MDL, tmp_path / "tank" / "tank.mdl")  # lists fire.anm, lacks two of its bones

    found = anmkit.find_skeleton(tmp_path / "tank" / "fire.anm")
    assert found.model == str(tmp_path / "tank" / "tank.mdl")
    assert found.reason == anmkit.SkeletonReason.LISTS_IT
    assert found.why == "tank.mdl lists it as sequence 'fire'"
    assert found.warnings == []

    alone = anmkit.find_skeleton(tmp_path / "loose" / "FIRE.anm")
    assert alone.model is None and alone.reason == anmkit.SkeletonReason.NONE

    rooted = anmkit.find_skeleton(str(tmp_path / "loose" / "FIRE.anm"), roots=[tmp_path])
    assert rooted.model == str(tmp_path / "tank" / "tank.mdl")
    assert rooted.reason == anmkit.SkeletonReason.NAMES_ITS_FILE_NAME_LACKING_BONES
    assert rooted.why == "from the search roots: names a file of that name, without 2 of the 5 bones it animates"


def test_lm_bin_beside_and_a_broken_model(tmp_path):
    shutil.copy(EXAMPLES / "mansion_door.anm", tmp_path / "mansion_door.anm")
    shutil.copy(EXAMPLES / "mansion_door.bin", tmp_path / "mansion_door.bin")
    (tmp_path / "broken.mdl").write_text('{Skeleton {bone "a"')
    found = anmkit.find_skeleton(tmp_path / "mansion_door.anm")
    assert found.model == str(tmp_path / "mansion_door.bin")
    assert found.reason == anmkit.SkeletonReason.LISTS_IT
    assert found.why == "mansion_door.bin lists it as sequence 'mansion_door' (paired by name)"
    assert [w.id for w in found.warnings] == ["skeleton.model"]
    assert found.warnings[0].message.startswith(str(tmp_path / "broken.mdl") + ":")


def test_an_animation_that_cannot_be_read(tmp_path):
    with pytest.raises(anmkit.Error) as raised:
        anmkit.find_skeleton(tmp_path / "missing.anm")
    assert raised.value.code_name == "io"
    assert raised.value.file == str(tmp_path / "missing.anm")


def corpus_animations():
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and anmkit.detect(p.read_bytes()) == "gem")


def test_every_corpus_animation_gets_its_own_folders_mdl():
    need(CORPUS.is_dir(), f"the corpus folder {CORPUS}")
    animations = corpus_animations()
    assert len(animations) == 21
    for path in animations:
        found = anmkit.find_skeleton(path, roots=[CORPUS])
        assert found.model == str(path.parent / (path.parent.name + ".mdl")), path
        assert found.reason == anmkit.SkeletonReason.LISTS_IT, (path, found.why)


def test_python_and_the_cli_pair_alike(tmp_path):
    need(CORPUS.is_dir(), f"the corpus folder {CORPUS}")
    need(CLI.is_file(), f"the anmkit command ({CLI})")
    run = subprocess.run([str(CLI), "batch", str(CORPUS), "-o", str(tmp_path / "out"), "--to", "glb", "-j", "2",
                          "--skeleton-dir", str(CORPUS)], capture_output=True, text=True, check=True)
    by_cli = {}
    for line in run.stdout.splitlines():
        # (A model is converted whole too, with no skeleton to pick: not a pairing.)
        if line.startswith("converted ") and ".mdl -> " not in line:
            source = line[len("converted "):line.index(" -> ")]
            by_cli[source] = line[line.index(" (skeleton ") + len(" (skeleton "):-1]
    by_python = {str(p): anmkit.find_skeleton(p, roots=[CORPUS]).model for p in corpus_animations()}
    assert by_cli == by_python
