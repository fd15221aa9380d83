"""Bounded work through the package: a 1.3 MB MM2 file whose base is 4096 x 4096 costs a few of its
composed states, not every state twice over (the library used to keep every state composed, and
the package copied them all). Each case runs in a child interpreter that reports its own peak."""
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


def peak_of(code: str, path) -> int:
    """The peak resident bytes of a fresh interpreter that opens `path` as `doc` and runs `code`:
    its own address space's high-water mark (VmHWM; ru_maxrss would carry this process's size
    across the fork and exec)."""
    script = ("import anmkit\n"
              f"doc = anmkit.open({str(path)!r})\n"
              f"{code}\n"
              "status = open('/proc/self/status').read().split('VmHWM:')[1].split()\n"
              "print(int(status[0]) * 1024)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=os.environ, check=True)
    return int(done.stdout.split()[-1])


def test_the_file_is_small_and_its_states_are_large(large_base):
    assert os.path.getsize(large_base) < 2 << 20
    with anmkit.open(str(large_base)) as doc:
        assert (doc.sprite.width, doc.sprite.height, len(doc.sprite.states)) == (SIDE, SIDE, 4)


def test_one_state_costs_one_state(large_base):
    baseline = peak_of("pass", large_base)
    peak = peak_of("state = doc.sprite_state(2); assert state.shape == (4096, 4096) and state[0, 0] == 3", large_base)
    # The stored frames (the base is one state's size) and the state asked for, with room.
    assert peak - baseline < 3 * STATE, f"sprite_state(2) took {(peak - baseline) >> 20} MiB"


def test_every_state_costs_the_states_and_the_stored_frames(large_base):
    baseline = peak_of("pass", large_base)
    peak = peak_of("s = doc.sprite; assert len(s.states) == 4", large_base)
    # Four states the caller holds, the stored frames once: no copy of every state in the library.
    assert peak - baseline < 6 * STATE + (16 << 20), f".sprite took {(peak - baseline) >> 20} MiB"
