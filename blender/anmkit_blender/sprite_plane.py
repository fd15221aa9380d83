"""A Might and Magic II sprite in Blender: its composed states side by side in one packed image
(nearest-neighbour, pen 0 transparent), on a plane that shows one state at a time; the sequences
play one after another on the timeline at the game's tick rate (a frame a tick), each starting
at a marker named after it."""
import bpy

from . import versions

PIXELS_PER_UNIT = 100  # the plane is width / 100 by height / 100 Blender units


def _flat(rows):
    return [v for row in rows for v in (row.tolist() if hasattr(row, "tolist") else row)]


def sheet_pixels(sprite) -> list:
    """RGBA floats of the states side by side, bottom row first (Blender's order)."""
    count, width, height = len(sprite.states), sprite.width, sprite.height
    palette = [[c / 255.0 for c in (p.tolist() if hasattr(p, "tolist") else p)] for p in sprite.palette]
    states = [_flat(state) for state in sprite.states]
    out = []
    for y in reversed(range(height)):
        for k in range(count):
            row = states[k][y * width:(y + 1) * width]
            for pen in row:
                out.extend(palette[pen])
    return out


def build(context, sprite, name: str):
    count = max(1, len(sprite.states))
    image = bpy.data.images.new(name + "_states", sprite.width * count, sprite.height, alpha=True)
    image.pixels = sheet_pixels(sprite)
    image.pack()

    material = bpy.data.materials.new(name)
    material.use_nodes = True
    material.blend_method = "CLIP"
    nodes = material.node_tree.nodes
    texture = nodes.new("ShaderNodeTexImage")
    texture.image = image
    texture.interpolation = "Closest"
    texture.extension = "CLIP"
    mapping = nodes.new("ShaderNodeMapping")
    mapping.name = "anmkit_state"
    coordinates = nodes.new("ShaderNodeTexCoord")
    bsdf = nodes["Principled BSDF"]
    links = material.node_tree.links
    links.new(coordinates.outputs["UV"], mapping.inputs["Vector"])
    links.new(mapping.outputs["Vector"], texture.inputs["Vector"])
    links.new(texture.outputs["Color"], bsdf.inputs["Base Color"])
    links.new(texture.outputs["Alpha"], bsdf.inputs["Alpha"])

    w, h = sprite.width / PIXELS_PER_UNIT, sprite.height / PIXELS_PER_UNIT
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata([(0, 0, 0), (w, 0, 0), (w, 0, h), (0, 0, h)], [], [(0, 1, 2, 3)])  # upright, facing -Y
    uv = mesh.uv_layers.new(name="UVMap")
    for loop, (u, v) in zip(uv.data, [(0, 0), (1 / count, 0), (1 / count, 1), (0, 1)]):
        loop.uv = (u, v)
    mesh.materials.append(material)
    plane = bpy.data.objects.new(name, mesh)
    context.collection.objects.link(plane)

    scene = context.scene
    scene.render.fps = max(1, round(sprite.tick_hz))
    scene.render.fps_base = scene.render.fps / sprite.tick_hz
    location = mapping.inputs["Location"]
    tick = 0
    for index, sequence in enumerate(sprite.sequences):
        scene.timeline_markers.new(f"sequence {index}", frame=tick)
        for state, ticks in sequence:
            location.default_value[0] = state / count
            location.keyframe_insert("default_value", index=0, frame=tick)
            tick += ticks
    location.default_value[0] = 0.0
    if material.node_tree.animation_data and material.node_tree.animation_data.action:
        for curve in versions.fcurves(material.node_tree, material.node_tree.animation_data.action):
            for key in curve.keyframe_points:
                key.interpolation = "CONSTANT"
    scene.frame_start = 0
    scene.frame_end = max(0, tick - 1)
    return plane
