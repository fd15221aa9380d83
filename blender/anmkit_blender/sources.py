"""Where each imported action came from, and the model the armature was made from: stored on the
armature object as custom properties (JSON text, so they are saved with the .blend), read back by
the export (an action made in Blender is written on the model's skeleton)."""
import json
from typing import Optional

PROPERTY = "anmkit_sources"
MODEL = "anmkit_model"


def remember(obj, action_name: str, source: dict) -> None:
    """`source`: {"path", "sequence" (the glTF animation's name), "target", "skeleton" (or None),
    "fps"}."""
    sources = recall_all(obj)
    sources[action_name] = source
    obj[PROPERTY] = json.dumps(sources)


def recall_all(obj) -> dict:
    text = obj.get(PROPERTY) if obj is not None else None
    return json.loads(text) if text else {}


def recall(obj, action_name: str):
    return recall_all(obj).get(action_name)


def remember_model(obj, model: dict) -> None:
    """`model`: {"skeleton" (the model file), "fps", "target" (the version its sequences are
    written in, or None when it has none)}."""
    obj[MODEL] = json.dumps(model)


def recall_model(obj) -> Optional[dict]:
    text = obj.get(MODEL) if obj is not None else None
    return json.loads(text) if text else None
