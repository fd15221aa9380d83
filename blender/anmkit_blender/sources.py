"""Where each imported action came from: stored on the armature object as a custom property (JSON
text, so it is saved with the .blend), read back by the export."""
import json

PROPERTY = "anmkit_sources"


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
