// World transforms of a skeletal document's joints at a frame, as glTF (and the game) compose them:
// each joint's local transform is its rest, or its bone's sampled pose when the file animates it;
// a mirrored bone negates its local Z scale; a hidden bone has scale 0. Without a skeleton every
// bone hangs under one root, as in anmkit's glTF export. Positions are in the format's own axes and
// units (GEM: Z up, left-handed; LM: Y up); viewMatrix takes them to the world the page shows.
import { Matrix4, Quaternion, Vector3 } from 'three';

// glTF's Y up to Blender's Z up, as Blender's importer turns it: (x, y, z) -> (x, -z, y).
const Y_UP_TO_Z_UP = new Matrix4().set(1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1);

// The matrix from the format's world (the clip's reflection to a right-handed world, up rotation
// and metres a unit, as the C API's clip info gives them) to the page's, which is Blender's after it imports anmkit's glTF: the glTF's root node (the
// reflection, then the up rotation and the units, as docs/gltf.md applies them), then Y up to Z
// up. Z up, right-handed, in metres, for every format: a GEM tank's right wheels are on its right.
export function viewMatrix(clip) {
  const [x, y, z] = clip.toRightHanded;
  const m = clip.metresPerUnit > 0 ? clip.metresPerUnit : 1;
  const root = new Matrix4().compose(new Vector3(), new Quaternion(...clip.upRotation).normalize(), new Vector3(x * m, y * m, z * m));
  return Y_UP_TO_Z_UP.clone().multiply(root);
}

// The nodes drawn: { name, parent (index or -1), bone (index into the sample or -1), joint }.
export function nodesOf(clip) {
  if (clip.joints.length === 0) return clip.bones.map((b, i) => ({ name: b.name, parent: -1, bone: i, joint: null }));
  const boneOfJoint = new Map();
  clip.bones.forEach((b, i) => { if (b.joint >= 0) boneOfJoint.set(b.joint, i); });
  return clip.joints.map((j, i) => ({ name: j.name, parent: j.parent, bone: boneOfJoint.has(i) ? boneOfJoint.get(i) : -1, joint: j }));
}

const t = new Vector3();
const q = new Quaternion();
const s = new Vector3();
const local = new Matrix4();

// Fills `world` (an array of Matrix4, one a node) and `hidden` (booleans) from `pose`. With
// `foldHidden` (the skeleton's lines, as the glTF export of a clip without meshes): a hidden bone
// has scale 0 and its children are greyed with it. Without (what a figure's meshes hang on, as
// GEM draws them): every transform is the bone's own, and `hidden` is the bone's own visibility,
// which hides its own mesh and not its children's.
export function worldTransforms(nodes, pose, world, hidden, { foldHidden = true } = {}) {
  for (let i = 0; i < nodes.length; ++i) {
    const node = nodes[i];
    const b = node.bone;
    let mirrored;
    if (b >= 0) {
      t.set(pose.translation[3 * b], pose.translation[3 * b + 1], pose.translation[3 * b + 2]);
      q.set(pose.rotation[4 * b], pose.rotation[4 * b + 1], pose.rotation[4 * b + 2], pose.rotation[4 * b + 3]).normalize();
      s.set(pose.scale[3 * b], pose.scale[3 * b + 1], pose.scale[3 * b + 2]);
      mirrored = pose.mirrored[b] === 1;
      hidden[i] = pose.visible[b] === 0;
    } else {
      const j = node.joint;
      t.fromArray(j.translation);
      q.fromArray(j.rotation).normalize();
      s.fromArray(j.scale);
      mirrored = j.mirrored;
      hidden[i] = false;
    }
    if (mirrored) s.z = -s.z;
    if (foldHidden && b >= 0 && pose.visible[b] === 0) s.set(0, 0, 0);
    local.compose(t, q, s);
    if (foldHidden && node.parent >= 0 && hidden[node.parent]) hidden[i] = true;  // greyed with its hidden parent
    if (node.parent >= 0) world[i].multiplyMatrices(world[node.parent], local);
    else world[i].copy(local);
  }
}

// Fills `world` with every node's rest transform (its joint's: translation, rotation, scale, the
// mirror), composed as worldTransforms composes a pose: where a skinned mesh's vertices are bound.
export function restTransforms(nodes, world) {
  for (let i = 0; i < nodes.length; ++i) {
    const node = nodes[i];
    const j = node.joint;
    if (j) {
      t.fromArray(j.translation);
      q.fromArray(j.rotation).normalize();
      s.fromArray(j.scale);
      if (j.mirrored) s.z = -s.z;
    } else {
      t.set(0, 0, 0);
      q.identity();
      s.set(1, 1, 1);
    }
    local.compose(t, q, s);
    if (node.parent >= 0) world[i].multiplyMatrices(world[node.parent], local);
    else world[i].copy(local);
  }
}
