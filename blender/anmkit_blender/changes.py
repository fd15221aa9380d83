"""What an export changed, as a modder reads it: the bones whose pose differs from the original's
and at which frames, the bones added, the frames added or cut. A pose is compared bit for bit:
anmkit keeps the original's bytes wherever the glTF gives its values back, so any difference is
an edit that landed."""
from typing import Dict, List, Sequence, Tuple

import numpy

# A headline names at most this many bones; the rest go to the details (the system console).
NAMED = 3


def frame_ranges(frames: Sequence[int]) -> str:
    """"frame 10", "frames 10-12, 15": sorted frames, runs joined."""
    runs: List[Tuple[int, int]] = []
    for f in sorted(frames):
        if runs and f == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], f)
        else:
            runs.append((f, f))
    text = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)
    return ("frame " if len(frames) == 1 else "frames ") + text


def _differs(before, after, pairs: List[Tuple[int, int]], frames: int) -> List[List[int]]:
    """For each (bone of `before`, bone of `after`) in `pairs`, the frames < `frames` at which its
    poses (anmkit's NumPy arrays: Blender always has NumPy) differ in any bit."""
    if not pairs or frames == 0:
        return [[] for _ in pairs]
    old = numpy.array([b for b, _ in pairs], dtype=numpy.intp)
    new = numpy.array([a for _, a in pairs], dtype=numpy.intp)
    differ = numpy.zeros((frames, len(pairs)), dtype=bool)
    for name in ("translation", "rotation", "scale", "visible", "mirrored"):
        x, y = getattr(before, name)[:frames, old], getattr(after, name)[:frames, new]
        bits = numpy.uint8 if x.dtype.itemsize == 1 else numpy.uint32  # a NaN equals its own bits
        differ |= (x.view(bits) != y.view(bits)).reshape(frames, len(pairs), -1).any(axis=2)
    return [numpy.nonzero(differ[:, k])[0].tolist() for k in range(len(pairs))]


def what_changed(before, after) -> Tuple[str, str]:
    """(headline, details) of how the document `after` differs from `before` (both anmkit
    documents of a skeletal format); details is empty when the headline says it all."""
    old, new = before.skeleton, after.skeleton
    frames = min(old.frame_count, new.frame_count)
    index: Dict[str, int] = {bone.name: i for i, bone in enumerate(old.bones)}
    poses_before, poses_after = before.sample_all(0, frames), after.sample_all(0, frames)
    pairs = [(index[bone.name], a) for a, bone in enumerate(new.bones) if bone.name in index]
    changed = [f"{new.bones[a].name} at {frame_ranges(at)}"
               for (_, a), at in zip(pairs, _differs(poses_before, poses_after, pairs, frames)) if at]
    added = [bone.name for bone in new.bones if bone.name not in index]
    parts, details = [], []
    if len(changed) == 1:
        parts.append(f"{changed[0].replace(' at ', ' changed at ', 1)}")
    elif 1 < len(changed) <= NAMED:
        parts.append(f"{len(changed)} bones changed: {'; '.join(changed)}")
    elif changed:
        parts.append(f"{len(changed)} bones changed")
        details.append("changed: " + "; ".join(changed))
    if added:
        parts.append(f"{len(added)} bones added" if len(added) > NAMED else f"added {', '.join(added)}")
        if len(added) > NAMED:
            details.append("added: " + ", ".join(added))
    if new.frame_count != old.frame_count:
        parts.append(f"{new.frame_count} frames where the original has {old.frame_count}")
    if not parts:
        parts.append("no pose changed")
    return "; ".join(parts), "\n".join(details)
