// The skeleton in 3D (three.js): a line from each joint to its parent, a point at each joint
// (hidden ones grey), names on hover, the selected joint highlighted; an orbit camera, a ground
// grid and the axes at the origin (X red, Y green, Z blue). With a figure (figure_view.js: what the
// model shows), the meshes are drawn on the joints and the skeleton becomes an overlay drawn over
// them, switched on and off (setOverlay). The world is Blender's as it imports
// anmkit's glTF (pose.js, viewMatrix): Z up, right-handed, in metres, for every format.
import {
  AxesHelper, BufferAttribute, BufferGeometry, Color, DirectionalLight, GridHelper, HemisphereLight, LineBasicMaterial,
  LineSegments, Matrix4, PerspectiveCamera, Points, PointsMaterial, Raycaster, Scene, Vector2, Vector3, WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { worldTransforms } from './pose.js';

const SHOWN = new Color(0x2a6fdb);
const HIDDEN = new Color(0x9a9a9a);
const SELECTED = new Color(0xe0552b);

export class SkeletonView {
  constructor(canvas, tooltip) {
    this.canvas = canvas;
    this.tooltip = tooltip;
    this.renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
    this.renderer.setClearColor(0xf4f4f0);
    this.scene = new Scene();
    this.camera = new PerspectiveCamera(45, 1, 0.01, 1e6);
    this.camera.up.set(0, 0, 1);  // before the controls, which orbit about the camera's up as it is then
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.addEventListener('change', () => this.render());
    this.raycaster = new Raycaster();
    this.pointer = new Vector2();
    this.selected = -1;
    this.onSelect = () => {};
    canvas.addEventListener('pointermove', (e) => this.hover(e));
    canvas.addEventListener('click', () => { if (this.hovered >= 0) this.select(this.hovered); });
    new ResizeObserver(() => this.resize()).observe(canvas);
  }

  // A new document: its nodes (pose.js), and `view`, the matrix from its format's world to the
  // one shown (pose.js, viewMatrix).
  show(nodes, view, figure = null) {
    this.figure = figure;
    this.nodes = nodes;
    this.view = view;
    this.world = nodes.map(() => new Matrix4());
    this.hidden = new Array(nodes.length).fill(false);
    this.selected = -1;
    this.scene.clear();
    const count = nodes.length;
    this.linePositions = new Float32Array(6 * count);
    this.lineColors = new Float32Array(6 * count);
    const lines = new BufferGeometry();
    lines.setAttribute('position', new BufferAttribute(this.linePositions, 3));
    lines.setAttribute('color', new BufferAttribute(this.lineColors, 3));
    // Over the meshes: drawn last, through them.
    this.lines = new LineSegments(lines, new LineBasicMaterial({ vertexColors: true, depthTest: false }));
    this.lines.renderOrder = 2;
    this.pointPositions = new Float32Array(3 * count);
    this.pointColors = new Float32Array(3 * count);
    const points = new BufferGeometry();
    points.setAttribute('position', new BufferAttribute(this.pointPositions, 3));
    points.setAttribute('color', new BufferAttribute(this.pointColors, 3));
    this.points = new Points(points, new PointsMaterial({ size: 6, sizeAttenuation: false, vertexColors: true, depthTest: false }));
    this.points.renderOrder = 2;
    this.grid = new GridHelper(1, 10, 0xb0b0a8, 0xd8d8d0);
    this.grid.rotation.x = Math.PI / 2;  // the grid lies in XY, Z up
    this.axes = new AxesHelper(1);
    this.scene.add(this.grid, this.axes, this.lines, this.points);
    if (figure) {
      const sky = new HemisphereLight(0xffffff, 0x8a8a80, 1.3);
      sky.position.set(0, 0, 1);  // Z up
      const sun = new DirectionalLight(0xffffff, 1.7);
      sun.position.set(1.5, -2, 3);  // from the front right, above
      this.scene.add(sky, sun, figure.root);
    }
    this.setOverlay(true);
    this.framed = false;
  }

  // Whether the skeleton (lines and points) is drawn.
  setOverlay(on) {
    this.overlay = on;
    if (this.lines) this.lines.visible = this.points.visible = on;
    this.tooltip.hidden = true;
    this.hovered = -1;
    if (this.lines && this.framed) this.render();  // not before the first pose (update draws it)
  }

  // The pose at a frame (the document's sample); frames the camera on the first one.
  update(pose, frame = 0) {
    if (this.figure) this.figure.update(pose, frame);
    worldTransforms(this.nodes, pose, this.world, this.hidden);
    for (const m of this.world) m.premultiply(this.view);
    const p = new Vector3();
    for (let i = 0; i < this.nodes.length; ++i) {
      p.setFromMatrixPosition(this.world[i]);
      p.toArray(this.pointPositions, 3 * i);
      const parent = this.nodes[i].parent;
      // A root hangs from the origin (where glTF's root node is): without a skeleton every bone does.
      const from = parent >= 0 ? new Vector3().setFromMatrixPosition(this.world[parent]) : new Vector3();
      from.toArray(this.linePositions, 6 * i);
      p.toArray(this.linePositions, 6 * i + 3);
      const color = i === this.selected ? SELECTED : this.hidden[i] ? HIDDEN : SHOWN;
      color.toArray(this.pointColors, 3 * i);
      color.toArray(this.lineColors, 6 * i);
      color.toArray(this.lineColors, 6 * i + 3);
    }
    for (const g of [this.lines.geometry, this.points.geometry]) {
      g.attributes.position.needsUpdate = true;
      g.attributes.color.needsUpdate = true;
      g.computeBoundingSphere();
    }
    if (!this.framed) this.frame();
    this.render();
  }

  frame() {
    this.resize();  // the canvas's size now (the view was just shown), for its aspect
    const sphere = (this.figure && this.figure.bounds()) || this.points.geometry.boundingSphere;
    const radius = Math.max(sphere.radius, 1e-3);
    this.controls.target.copy(sphere.center);
    // From the front right and above, as Blender's default view looks (from +X, -Y, +Z).
    const side = new Vector3(1.4, -1.6, 0.9);
    // Far enough for the whole sphere to fit the narrower of the two fields of view (the view is
    // often taller than wide).
    const vertical = (this.camera.fov * Math.PI) / 180;
    const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * this.camera.aspect);
    // (A figure's sphere is around its box, whose corners are far from the vehicle: closer.)
    const distance = ((this.figure ? 0.85 : 1.1) * radius) / Math.sin(Math.min(vertical, horizontal) / 2);
    this.camera.position.copy(sphere.center).addScaledVector(side.normalize(), distance);
    this.camera.near = distance / 100;
    this.camera.far = distance * 100;
    this.camera.updateProjectionMatrix();
    this.grid.scale.setScalar(radius * 4);
    this.grid.position.set(sphere.center.x, sphere.center.y, 0);
    this.axes.scale.setScalar(radius * 0.5);
    this.controls.update();
    this.framed = true;
  }

  resize() {
    const w = this.canvas.clientWidth;
    const h = this.canvas.clientHeight;
    if (!w || !h) return;
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.render();
  }

  render() {
    this.renderer.render(this.scene, this.camera);
  }

  hover(event) {
    if (!this.points || !this.overlay) return;
    const r = this.canvas.getBoundingClientRect();
    this.pointer.set(((event.clientX - r.left) / r.width) * 2 - 1, -((event.clientY - r.top) / r.height) * 2 + 1);
    this.raycaster.params.Points.threshold = this.points.geometry.boundingSphere.radius / 50;
    this.raycaster.setFromCamera(this.pointer, this.camera);
    const hit = this.raycaster.intersectObject(this.points)[0];
    this.hovered = hit ? hit.index : -1;
    this.tooltip.hidden = !hit;
    if (hit) {
      this.tooltip.textContent = this.nodes[hit.index].name;
      this.tooltip.style.left = `${event.clientX - r.left + 12}px`;
      this.tooltip.style.top = `${event.clientY - r.top + 12}px`;
    }
  }

  select(index) {
    this.selected = index;
    this.onSelect(index);
  }
}
