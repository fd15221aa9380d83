// What a model shows, in three.js (the C API's figure, anmkit.js Figure): one three.js mesh per
// figure mesh, hung on its joint's object, so that the pose the skeleton view computes moves it;
// its primitives as groups, each with its material; textures from the decoded RGBA; a clip's mesh
// animation as morph targets. The vertices are in their joint's rest frame, in the skeleton's units
// and axes; the joints' objects carry the view's matrix (pose.js, viewMatrix), so a vehicle stands
// where its skeleton does.
//
// A rigid mesh is a child of its joint's object. A skinned mesh (`skin` non-empty) is a three.js
// SkinnedMesh bound to the joints' objects with the figure's joints and weights: three.js skins on
// the GPU with the same sum the glTF export's skin describes (each joint's pose times the inverse
// of its rest, weighted), so it is exact to float precision and costs nothing a frame on the CPU.
//
// A collision volume (a mesh with `collision`, read when the page asks for them) hangs on its
// joint like a rigid mesh, named "volume NAME" as in the glTF, drawn with its material (the
// library's translucent one: blended, no depth written) shaded flat, and shown whatever its
// bone's visibility: it is where the game collides, not a part that hides.
import {
  Bone, BufferAttribute, BufferGeometry, Color, DataTexture, DoubleSide, FrontSide, Group, LinearMipmapLinearFilter,
  LinearFilter, LinearSRGBColorSpace, Matrix4, Mesh, MeshStandardMaterial, NoColorSpace, RGBAFormat, RepeatWrapping,
  SRGBColorSpace, Skeleton, SkinnedMesh, Sphere, UnsignedByteType, Vector3,
} from 'three';
import { restTransforms, worldTransforms } from './pose.js';

// anmkit_alpha_mode's stable numbers (anmkit.h).
const ALPHA_MASK = 1;
const ALPHA_BLEND = 2;

// A decoded picture as a three.js texture: top row first as the library gives it, which is v = 0
// with flipY false (glTF's and GEM's convention alike); repeating, with mipmaps.
function pictureTexture(texture, colorSpace) {
  const t = new DataTexture(texture.rgba, texture.width, texture.height, RGBAFormat, UnsignedByteType);
  t.flipY = false;
  t.wrapS = RepeatWrapping;
  t.wrapT = RepeatWrapping;
  t.magFilter = LinearFilter;
  t.minFilter = LinearMipmapLinearFilter;
  t.generateMipmaps = true;
  t.colorSpace = colorSpace;
  t.name = texture.name;
  t.needsUpdate = true;
  return t;
}

export class FigureView {
  // `figure`: anmkit.js's Figure (its copies; the view keeps no module pointer).
  constructor(figure) {
    this.figure = figure;
    const textures = new Map();  // (index, colour space) -> DataTexture
    const textureOf = (index, colorSpace) => {
      const t = figure.textures[index];
      if (!t || !t.rgba) return null;
      const key = `${index} ${colorSpace}`;
      if (!textures.has(key)) textures.set(key, pictureTexture(t, colorSpace));
      return textures.get(key);
    };
    // glTF's material from the figure's (docs/gltf.md): metallic 0, roughness 0.8; the base colour
    // multiplies the base texture; MASK cuts at alpha_cutoff, BLEND blends.
    // The materials only collision volumes draw with: shaded flat, the volumes having no normals.
    const collisionOnly = new Set();
    figure.meshes.forEach((m) => { if (m.collision) for (const p of m.primitives) collisionOnly.add(p.material); });
    figure.meshes.forEach((m) => { if (!m.collision) for (const p of m.primitives) collisionOnly.delete(p.material); });
    this.materials = figure.materials.map((m, index) => {
      const material = new MeshStandardMaterial({
        color: new Color().setRGB(m.baseColour[0], m.baseColour[1], m.baseColour[2], LinearSRGBColorSpace),
        opacity: m.baseColour[3], metalness: 0, roughness: 0.8, side: m.doubleSided ? DoubleSide : FrontSide,
      });
      material.name = m.name;
      material.map = m.baseTexture >= 0 ? textureOf(m.baseTexture, SRGBColorSpace) : null;
      // The games' normal maps grow green down the picture (along +v, Direct3D's way): three.js's
      // tangent frame from the uv derivatives has its bitangent along +v, which with flipY false is
      // down the picture, so the map is read as it is (glTF's maps, green up, would need y negated).
      material.normalMap = m.normalTexture >= 0 ? textureOf(m.normalTexture, NoColorSpace) : null;
      if (m.alphaMode === ALPHA_MASK) material.alphaTest = m.alphaCutoff;
      if (m.alphaMode === ALPHA_BLEND) {
        material.transparent = true;
        material.depthWrite = false;
      }
      material.flatShading = collisionOnly.has(index);
      return material;
    });
    // A primitive without a material: glTF's default, grey here so that it reads against white.
    this.plain = new MeshStandardMaterial({ color: 0xb8b8b8, metalness: 0, roughness: 0.8, side: DoubleSide });
    this.textures = [...textures.values()];
    // The arrays three.js uploads once, shared by every geometry made for an animation.
    this.parts = figure.meshes.map((m) => {
      const attributes = { position: new BufferAttribute(m.positions, 3) };
      if (m.normals) attributes.normal = new BufferAttribute(m.normals, 3);
      if (m.uvs) attributes.uv = new BufferAttribute(m.uvs, 2);
      if (m.skin) {
        attributes.skinIndex = new BufferAttribute(m.joints, 4);
        attributes.skinWeight = new BufferAttribute(m.weights, 4);
      }
      const total = m.primitives.reduce((n, p) => n + p.indices.length, 0);
      const indices = new Uint32Array(total);
      const groups = [];
      let at = 0;
      for (const p of m.primitives) {
        indices.set(p.indices, at);
        groups.push({ start: at, count: p.indices.length, material: p.material });
        at += p.indices.length;
      }
      return { attributes, index: new BufferAttribute(indices, 1), groups, triangles: total / 3 };
    });
    this.root = new Group();
    this.root.name = 'figure';
    this.geometries = [];
  }

  // Hangs the meshes on `nodes` (pose.js nodesOf: the document's joints, which are the model's),
  // seen through `view`, with `animation` (Figure.addMeshAnimation's, or null) as morph targets.
  // A mesh whose joint is not among the nodes is not drawn (`unplaced` counts them).
  attach(nodes, view, animation) {
    this.detach();
    this.nodes = nodes;
    this.view = view;
    this.world = nodes.map(() => new Matrix4());
    this.ownHidden = new Array(nodes.length).fill(false);
    const byName = new Map();
    nodes.forEach((n, i) => { if (!byName.has(n.name)) byName.set(n.name, i); });
    const nodeOf = (joint) => {
      const name = this.figure.joints[joint];
      if (name === undefined) return -1;
      if (nodes[joint] && nodes[joint].name === name) return joint;
      return byName.has(name) ? byName.get(name) : -1;
    };
    this.bones = nodes.map((n) => {
      const bone = new Bone();
      bone.name = n.name;
      bone.matrixAutoUpdate = false;
      return bone;
    });
    this.root.add(...this.bones);
    const rest = nodes.map(() => new Matrix4());
    restTransforms(nodes, rest);
    for (const m of rest) m.premultiply(view);
    const morphsOf = new Map((animation ? animation.morphs : []).map((m) => [m.mesh, m]));
    this.drawn = [];
    this.unplaced = 0;
    this.figure.meshes.forEach((m, index) => {
      const part = this.parts[index];
      const node = m.joint >= 0 ? nodeOf(m.joint) : -1;
      const skin = m.skin ? Array.from(m.skin, nodeOf) : null;
      if (node < 0 || (skin && skin.some((j) => j < 0)) || part.triangles === 0) {
        this.unplaced += 1;
        return;
      }
      const geometry = new BufferGeometry();
      for (const [name, attribute] of Object.entries(part.attributes)) geometry.setAttribute(name, attribute);
      geometry.setIndex(part.index);
      for (const g of part.groups) geometry.addGroup(g.start, g.count, g.material >= 0 && g.material < this.materials.length ? g.material : this.materials.length);
      if (!m.normals && !m.collision) geometry.computeVertexNormals();
      // The animation's targets as morph targets, relative (the library gives differences).
      const morphs = morphsOf.get(index) || null;
      let places = null;
      if (morphs) {
        places = new Map([...morphs.targets.keys()].map((target, k) => [target, k]));
        geometry.morphTargetsRelative = true;
        geometry.morphAttributes.position = [...morphs.targets.values()].map((t) => new BufferAttribute(t.positions, 3));
        if (m.normals && [...morphs.targets.values()].every((t) => t.normals)) {
          geometry.morphAttributes.normal = [...morphs.targets.values()].map((t) => new BufferAttribute(t.normals, 3));
        }
      }
      this.geometries.push(geometry);
      const materials = [...this.materials, this.plain];
      let object;
      if (skin) {
        object = new SkinnedMesh(geometry, materials);
        // Attached: the skinned vertices are the joints' world matrices times the inverses of their
        // rests, applied to the vertex at its owner's rest (the bind matrix), whatever the mesh's own
        // matrix; it hangs on its owner so that a mirror turns its faces as a rigid mesh's.
        object.bind(new Skeleton(skin.map((j) => this.bones[j]), skin.map((j) => rest[j].clone().invert())), rest[node]);
      } else {
        object = new Mesh(geometry, materials);
      }
      object.name = m.collision ? `volume ${m.name}` : m.name;
      object.frustumCulled = false;  // morphed and skinned vertices leave the bounds of the rest
      if (morphs) object.updateMorphTargets();
      this.bones[node].add(object);
      this.drawn.push({ index, object, node, shown: m.shown, morphs, places, skinned: Boolean(skin), collision: m.collision });
    });
  }

  detach() {
    for (const g of this.geometries) g.dispose();
    this.geometries = [];
    this.root.clear();
    this.drawn = [];
    this.bones = [];
  }

  // The pose at `frame` (the document's sample): the joints' objects, the meshes' visibility (a
  // bone's own, not its parent's), the morph targets' weights (STEP: from a key's frame on, its
  // target in full, until the next key). A mesh hidden at rest (`shown` 0) is drawn only where the
  // clip animates its joint and shows it: the C API gives a bone's visibility as sampled, as its
  // joint rests before its first visibility key, and a joint the clip does not animate keeps the
  // model's rest.
  update(pose, frame) {
    worldTransforms(this.nodes, pose, this.world, this.ownHidden, { foldHidden: false });
    for (let i = 0; i < this.bones.length; ++i) this.bones[i].matrix.multiplyMatrices(this.view, this.world[i]);
    const whole = Math.floor(frame);
    for (const d of this.drawn) {
      d.object.visible = d.collision || (!this.ownHidden[d.node] && (d.shown || this.nodes[d.node].bone >= 0));
      if (!d.morphs) continue;
      let target = -1;
      for (const key of d.morphs.keys) {
        if (key.frame > whole) break;
        target = key.target;
      }
      const weights = d.object.morphTargetInfluences;
      weights.fill(0);
      if (target >= 0 && d.places.has(target)) weights[d.places.get(target)] = 1;
    }
    this.root.updateMatrixWorld(true);
  }

  // A sphere around the meshes as they are drawn now (for the camera), or null when none is.
  bounds() {
    const box = { min: new Vector3(Infinity, Infinity, Infinity), max: new Vector3(-Infinity, -Infinity, -Infinity) };
    const corner = new Vector3();
    for (const d of this.drawn) {
      const g = d.object.geometry;
      if (!g.boundingBox) g.computeBoundingBox();
      // A skinned mesh's vertices rest in its owner's frame, as a rigid one's.
      const m = d.object.matrixWorld;
      for (let c = 0; c < 8; ++c) {
        corner.set(c & 1 ? g.boundingBox.max.x : g.boundingBox.min.x, c & 2 ? g.boundingBox.max.y : g.boundingBox.min.y,
                   c & 4 ? g.boundingBox.max.z : g.boundingBox.min.z).applyMatrix4(m);
        box.min.min(corner);
        box.max.max(corner);
      }
    }
    if (!this.drawn.length) return null;
    const center = box.min.clone().add(box.max).multiplyScalar(0.5);
    return new Sphere(center, box.max.distanceTo(center));
  }

  dispose() {
    this.detach();
    for (const m of [...this.materials, this.plain]) m.dispose();
    for (const t of this.textures) t.dispose();
  }
}
