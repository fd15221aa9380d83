# blender -b --factory-startup --python-exit-code 1 --python pairing_in_blender.py -- ADDON.zip OUT.json ANIMATION...
# Which model file the add-on pairs each animation with, as a user gets it: the add-on installed
# from its zip, each file imported through its operator (File > Import) into an empty scene, and
# the skeleton read back from what the import left: the source the add-on remembers (sources.py,
# what the export reads) for the action that plays, which must be that very file's.
# Writes { "ANIMATION": "MODEL" or null } (ANIMATION as given); tests/pairing/pairing_test.py
# compares it with the other clients. Exits 1 when an import fails or what plays is not the file.
import json
import pathlib
import sys

import bpy

zip_path, out, *animations = sys.argv[sys.argv.index("--") + 1:]
bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
bpy.ops.preferences.addon_enable(module="anmkit_blender")
from anmkit_blender import sources  # noqa: E402  (installed just above)


def clean():
    for collection in (bpy.data.objects, bpy.data.armatures, bpy.data.actions, bpy.data.meshes):
        for item in list(collection):
            collection.remove(item)


pairing, problems = {}, []
for animation in animations:
    clean()
    result = bpy.ops.import_anim.anmkit(filepath=animation)
    if result != {"FINISHED"}:
        problems.append(f"{animation}: the import returned {result}")
        continue
    itself = str(pathlib.Path(animation).resolve())
    made = [obj for obj in bpy.data.objects if obj.type == "ARMATURE"]
    playing = made[0].animation_data.action if len(made) == 1 and made[0].animation_data else None
    source = sources.recall(made[0], playing.name) if playing else None
    if source is None or source["path"] != itself:
        problems.append(f"{animation}: {len(made)} armatures, playing {playing and playing.name} from "
                        f"{source and source['path']}, not the file")
        continue
    pairing[animation] = source["skeleton"]
pathlib.Path(out).write_text(json.dumps(pairing, indent=1))
print(f"the add-on imported {len(pairing)} of {len(animations)} animations")
for problem in problems:
    print(f"FAIL {problem}")
sys.exit(1 if problems else 0)
