# The picture of docs/blender.md (docs/images/blender-e25.png), in a real Blender window on a virtual
# display (Debian's xvfb):
#   xvfb-run -s "-screen 0 1280x800x24" blender EMPTY.blend --python screenshot.py -- ADDON.zip SEQUENCE.anm OUT.png
# (a .blend given on the command line keeps the splash screen away; the sequence file sits beside
# its .mdl under the names the .mdl gives).
import bpy, sys
args = sys.argv[sys.argv.index("--") + 1:]
zip_path, anm, out = args
bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
bpy.ops.preferences.addon_enable(module="anmkit_blender")
bpy.ops.import_anim.anmkit(filepath=anm)
bpy.context.scene.frame_set(12)
def shoot():
    arm = [o for o in bpy.data.objects if o.type == "ARMATURE"][0]
    arm.select_set(True)
    bpy.context.view_layer.objects.active = arm
    arm.data.display_type = "STICK"
    arm.show_in_front = True
    for area in bpy.context.screen.areas:
        if area.type == "VIEW_3D":
            with bpy.context.temp_override(area=area, region=[r for r in area.regions if r.type == "WINDOW"][0]):
                bpy.ops.view3d.view_selected()
    bpy.ops.screen.screenshot(filepath=out)
    bpy.ops.wm.quit_blender()
bpy.app.timers.register(shoot, first_interval=3.0)
