"""Bounded work through the package: a 1.3 MB MM2 file whose base is 4096 x 4096 costs a few of its
composed states, not every state twice over (the library used to keep every state composed, and
the package copied them all); a GEM file of large mesh payloads opens without a copy of them for
its skeleton and poses. Each case runs in a child interpreter that reports how far it grew."""
import os
import subprocess
import sys

import pytest

import anmkit

EXAMPLES = os.environ.get("ANMKIT_EXAMPLES", "examples")
SIDE = 4096
STATE = SIDE * SIDE  # one composed state: a byte a pen


@pytest.fixture(scope="module")
def large_base(tmp_path_factory):
    """The ghost with its base replaced by a 4096 x 4096 picture (re-encoded by the library)."""
    if not anmkit.have_numpy():
        pytest.skip("the 4096 x 4096 picture is made with NumPy")
    import numpy as np
    with anmkit.open(os.path.join(EXAMPLES, "ghost_mm2.anm")) as ghost:
        big = ghost.replace_frame(0, np.full((SIDE, SIDE), 3, np.uint8), resize=True)
    path = tmp_path_factory.mktemp("bounded") / "big.anm"
    big.save(str(path))
    return path


def grown_by(code: str, path) -> int:
    """How far the resident size of a fresh interpreter that has opened `path` as `doc` rises
    above what it was then, while it runs `code`: the peak (VmHWM, reset once the file is open
    through /proc/self/clear_refs) less the size then (VmRSS)."""
    script = ("import anmkit\n"
              "def status(field):\n"
              "    return int(open('/proc/self/status').read().split(field + ':')[1].split()[0]) * 1024\n"
              f"doc = anmkit.open({str(path)!r})\n"
              "open('/proc/self/clear_refs', 'w').write('5')\n"
              "opened = status('VmRSS')\n"
              f"{code}\n"
              "print(status('VmHWM') - opened)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=os.environ, check=True)
    return int(done.stdout.split()[-1])


def test_the_file_is_small_and_its_states_are_large(large_base):
    assert os.path.getsize(large_base) < 2 << 20
    with anmkit.open(str(large_base)) as doc:
        assert (doc.sprite.width, doc.sprite.height, len(doc.sprite.states)) == (SIDE, SIDE, 4)


def test_one_state_costs_one_state(large_base):
    grown = grown_by("state = doc.sprite_state(2); assert state.shape == (4096, 4096) and state[0, 0] == 3", large_base)
    # The stored frames (the base is one state's size) and the state asked for, with room.
    assert grown < 3 * STATE, f"sprite_state(2) took {grown >> 20} MiB"


def test_every_state_costs_the_states_and_the_stored_frames(large_base):
    grown = grown_by("s = doc.sprite; assert len(s.states) == 4", large_base)
    # Four states the caller holds, the stored frames once: no copy of every state in the library.
    assert grown < 6 * STATE + (16 << 20), f".sprite took {grown >> 20} MiB"


def test_the_skeleton_of_a_file_of_large_mesh_payloads_copies_no_payload(tmp_path):
    """A GEM file whose first mesh key carries 32 MiB: the skeleton and poses need no payload, so
    opening it and asking for them costs the input and the file's model, not a third copy."""
    import json
    payload = 32 << 20
    with anmkit.open(os.path.join(EXAMPLES, "track_meshanim_v61.anm")) as small:
        dump = json.loads(small.to_json())
    key = next(k for frame in dump["frames"] for k in frame["keys"] if "mesh" in k)
    key["mesh"] = key["mesh"][:16] + "00" * (payload - 8)
    path = tmp_path / "large_mesh.anm"
    with anmkit.from_json(json.dumps(dump)) as large:
        large.save(str(path))
    grown = grown_by("s = doc.skeleton; p = doc.sample(0); assert len(s.bones) == len(p.translation) > 0", path)
    assert grown < payload // 2, f".skeleton and sample took {grown >> 20} MiB"
