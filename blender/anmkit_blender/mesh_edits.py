"""What an export cannot carry, said in its report: anmkit writes animations, so a vertex moved, a
part moved on its bone, a modifier or an object added in Blender is not written, and the report
names each, never a silent loss.

At import each mesh object gets a fingerprint (its vertices, its place on its parent, its
modifiers); at export every mesh object of the scene is compared with it, and one without a
fingerprint is new."""
import hashlib
from typing import List

import bpy

FINGERPRINT = "anmkit_fingerprint"


def fingerprint(obj) -> str:
    """The mesh object's vertices (their bytes), its transform on its parent and its modifiers."""
    digest = hashlib.blake2b(digest_size=16)
    mesh = obj.data
    count = len(mesh.vertices)
    coordinates = [0.0] * (3 * count)
    mesh.vertices.foreach_get("co", coordinates)
    digest.update(repr(coordinates).encode())
    digest.update(repr([list(row) for row in obj.matrix_basis]).encode())
    digest.update(repr([(m.type, m.name) for m in obj.modifiers]).encode())
    return digest.hexdigest()


def remember(objects) -> None:
    """Right after an import made `objects`: each mesh object's fingerprint."""
    for obj in objects:
        if obj.type == "MESH":
            obj[FINGERPRINT] = fingerprint(obj)


def unwritten(scene) -> List[str]:
    """The names of the scene's mesh objects that were edited or added since the import."""
    names = []
    for obj in scene.objects:
        if obj.type != "MESH":
            continue
        if obj.mode == "EDIT":
            obj.update_from_editmode()
        if obj.get(FINGERPRINT) != fingerprint(obj):
            names.append(obj.name)
    return sorted(names)


def report(scene) -> List[str]:
    """The export's warning of what it did not write ("3 mesh edits not written: anmkit writes
    animations; turret.ply, antenna, Cube"), or none."""
    names = unwritten(scene)
    if not names:
        return []
    shown = ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
    return [f"{len(names)} mesh edit{'s' if len(names) != 1 else ''} not written: anmkit writes animations; {shown}"]
