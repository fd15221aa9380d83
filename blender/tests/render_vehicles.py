# The pictures of docs/blender.md (docs/images/blender-vehicle-e-75.png, blender-vehicle-e-25.png): a vehicle
# folder's .mdl imported by the add-on (File > Import) and rendered in a headless Blender. Not run
# by the test suite:
#
#   xvfb-run -a blender -b --factory-startup --python blender/tests/render_vehicles.py -- \
#       build/blender/anmkit_blender-0.1.0.zip OUT.png VEHICLE_FOLDER/NAME.mdl [SEQUENCE [FRAME [VIEW]]]
#
# e.g. ../shared/corpus/gem-vehicles/e-75/e-75.mdl. SEQUENCE (an action, as the import names it;
# "-" for the first) plays at FRAME (0 unless given); VIEW is the camera's bearing in degrees
# (below). With a display (xvfb-run, Debian's xvfb) Eevee renders, at 16 samples: under a minute
# on two cores; without one, Cycles on the CPU (slower, and grainy without a denoiser, which
# Debian's Blender lacks). 960 x 540; Debian's pngquant, where installed, then makes the PNG a
# third of its size. Set BLENDER_USER_SCRIPTS to a scratch folder to leave your own add-ons alone,
# as the tests do. Runs in Blender 3.4 to 5.2 (the docs' pictures are 5.2's, in the chroot of
# scripts/blender-chroot sid, through blender/tests/in_chroot.sh, with the release zip that
# scripts/build puts in build/blender-release/).
import math
import os
import shutil
import subprocess
import sys

import bpy
from mathutils import Vector

args = sys.argv[sys.argv.index("--") + 1:]
zip_path, out, mdl = args[:3]
sequence = args[3] if len(args) > 3 and args[3] != "-" else None
frame = int(args[4]) if len(args) > 4 else 0
view = math.radians(float(args[5]) if len(args) > 5 else -35.0)
ENGINE = "eevee" if os.environ.get("DISPLAY") else "cycles"

bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)  # the legacy zip, in every version
bpy.ops.preferences.addon_enable(module="anmkit_blender")
for obj in list(bpy.data.objects):
    bpy.data.objects.remove(obj)
if bpy.ops.import_anim.anmkit(filepath=mdl) != {"FINISHED"}:
    sys.exit(f"the import of {mdl} failed")
scene = bpy.context.scene
armature = next(o for o in bpy.data.objects if o.type == "ARMATURE")
if sequence is not None:
    armature.animation_data.action = bpy.data.actions[sequence]
bpy.context.view_layer.update()  # the meshes follow the action (the add-on's handler)
scene.frame_set(frame)

# The vehicle's vertices in Blender's world, as drawn (a hidden part, at scale 0, is one point: its bone).
depsgraph = bpy.context.evaluated_depsgraph_get()
points = []
for obj in (o for o in bpy.data.objects if o.type == "MESH"):
    evaluated = obj.evaluated_get(depsgraph)
    mesh = evaluated.to_mesh()
    points += [evaluated.matrix_world @ v.co for v in mesh.vertices]
    evaluated.to_mesh_clear()
low = Vector(tuple(min(p[k] for p in points) for k in range(3)))
high = Vector(tuple(max(p[k] for p in points) for k in range(3)))
centre = (low + high) / 2

# From VIEW degrees about the vertical from straight ahead (the game's forward is +X, its right
# Blender's -Y: -35, the default, is three-quarters from the front right; 145 from the rear left),
# 25 degrees above the ground, as near as every vertex fits the frame with a margin, centred.
camera_data = bpy.data.cameras.new("camera")
camera_data.lens = 50
camera = bpy.data.objects.new("camera", camera_data)
scene.collection.objects.link(camera)
scene.camera = camera
width, height = 960, 540
azimuth, elevation = view, math.radians(25)
direction = Vector((math.cos(elevation) * math.cos(azimuth), math.cos(elevation) * math.sin(azimuth), math.sin(elevation)))
turn = (-direction).to_track_quat("-Z", "Y")
camera.rotation_euler = turn.to_euler()
half_x = camera_data.sensor_width / 2 / camera_data.lens / 1.08  # tan of half the view, less a margin
half_y = half_x * height / width
local = [turn.inverted() @ (p - centre) for p in points]  # x right, y up, -z ahead
cx = (min(p.x for p in local) + max(p.x for p in local)) / 2
cy = (min(p.y for p in local) + max(p.y for p in local)) / 2
cz = max(max(abs(p.x - cx) / half_x, abs(p.y - cy) / half_y) + p.z for p in local)
camera.location = centre + turn @ Vector((cx, cy, cz))

# The ground under the tracks, a pale grey that the sky's colour fades into far away.
bpy.ops.mesh.primitive_plane_add(size=400, location=(centre.x, centre.y, low.z))
ground = bpy.data.materials.new("ground")
ground.use_nodes = True
ground.node_tree.nodes["Principled BSDF"].inputs["Base Color"].default_value = (0.55, 0.55, 0.53, 1)
ground.node_tree.nodes["Principled BSDF"].inputs["Roughness"].default_value = 1.0
bsdf_inputs = ground.node_tree.nodes["Principled BSDF"].inputs
# (Blender 4 renamed the Principled BSDF's "Specular" "Specular IOR Level".)
bsdf_inputs["Specular IOR Level" if "Specular IOR Level" in bsdf_inputs else "Specular"].default_value = 0.0
bpy.context.active_object.data.materials.append(ground)

# A sun high, 40 degrees round from the camera, and a pale sky.
sun_data = bpy.data.lights.new("sun", "SUN")
sun_data.energy = 2.5
sun_data.angle = math.radians(5)
sun = bpy.data.objects.new("sun", sun_data)
towards_sun = Vector((math.cos(view + math.radians(40)), math.sin(view + math.radians(40)), 1.6)).normalized()
sun.rotation_euler = (-towards_sun).to_track_quat("-Z", "Y").to_euler()
scene.collection.objects.link(sun)
world = bpy.data.worlds.new("sky")
world.use_nodes = True
world.node_tree.nodes["Background"].inputs["Color"].default_value = (0.72, 0.76, 0.82, 1)
world.node_tree.nodes["Background"].inputs["Strength"].default_value = 0.8
scene.world = world

if ENGINE == "eevee":
    # Eevee: soft shadows and ambient occlusion, noise-free; it draws with OpenGL, so Blender needs
    # a display (xvfb-run gives it one).
    # (Blender 4.2 to 4.5 call their Eevee BLENDER_EEVEE_NEXT; its ambient occlusion and soft
    # shadows are always on, and the settings of 3.x's are gone.)
    engines = bpy.types.RenderSettings.bl_rna.properties["engine"].enum_items.keys()
    scene.render.engine = "BLENDER_EEVEE_NEXT" if "BLENDER_EEVEE_NEXT" in engines else "BLENDER_EEVEE"
    scene.eevee.taa_render_samples = 16
    for name, value in (("use_gtao", True), ("gtao_distance", 1.0), ("use_soft_shadows", True),
                        ("shadow_cascade_size", "4096")):
        if hasattr(scene.eevee, name):
            setattr(scene.eevee, name, value)
    if hasattr(sun_data, "shadow_cascade_max_distance"):
        sun_data.shadow_cascade_max_distance = 60
else:
    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = 32
    scene.cycles.use_denoising = False  # Debian's Blender is built without a denoiser (OpenImageDenoise)
    # Few bounces and clamped indirect light: less noise, and a smaller PNG.
    scene.cycles.max_bounces, scene.cycles.diffuse_bounces, scene.cycles.glossy_bounces = 4, 1, 1
    scene.cycles.sample_clamp_indirect = 1.0
    scene.cycles.caustics_reflective = scene.cycles.caustics_refractive = False
scene.render.resolution_x, scene.render.resolution_y, scene.render.resolution_percentage = width, height, 100
scene.render.image_settings.file_format = "PNG"
scene.render.image_settings.color_mode = "RGB"
scene.render.image_settings.compression = 100
scene.view_settings.view_transform = "Filmic"
scene.view_settings.look = "Medium High Contrast"
scene.render.filepath = out
bpy.ops.render.render(write_still=True)
# 256 colours, dithered (Debian's pngquant, where installed): a third of the size, for the docs.
if shutil.which("pngquant"):
    subprocess.run(["pngquant", "--quality", "85-98", "--speed", "1", "--strip", "--force", "--output", out, out], check=True)
print(f"wrote {out}")
