"""anmkit for Blender: File > Import > "Game animation (.anm, .mdl)" and File > Export > ".anm".

GEM (with its .mdl) and Luigi's Mansion (with its .bin) come in as one armature with an action per
sequence; Might and Magic II sprites as a plane playing the composed states. Export writes the
active action back over the file it was imported from, so that everything not edited keeps the
game's bytes. Built by blender/make_addon.py into a zip that holds this package, the anmkit
Python package and its C library (docs/blender.md)."""

bl_info = {
    "name": "anmkit: game animations (.anm, .mdl)",
    "author": "anmkit",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "File > Import > Game animation (.anm, .mdl); File > Export > Game animation (.anm)",
    "description": "GEM (Men of War, Gates of Hell), Luigi's Mansion and Might and Magic II .anm files, exact both ways",
    "category": "Import-Export",
}

import bpy

from . import parts
from .export_anm import ExportAnm
from .import_anm import ImportAnm


def _import_menu(self, context):
    self.layout.operator(ImportAnm.bl_idname, text="Game animation (.anm, .mdl)")


def _export_menu(self, context):
    self.layout.operator(ExportAnm.bl_idname, text="Game animation (.anm)")


def register():
    bpy.utils.register_class(ImportAnm)
    bpy.utils.register_class(ExportAnm)
    bpy.types.TOPBAR_MT_file_import.append(_import_menu)
    bpy.types.TOPBAR_MT_file_export.append(_export_menu)
    parts.register()


def unregister():
    parts.unregister()
    bpy.types.TOPBAR_MT_file_export.remove(_export_menu)
    bpy.types.TOPBAR_MT_file_import.remove(_import_menu)
    bpy.utils.unregister_class(ExportAnm)
    bpy.utils.unregister_class(ImportAnm)
