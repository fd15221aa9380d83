// A Might and Magic II sprite: composed states, raw patches (each with the rectangle it is drawn
// in), a flipbook of the states, and sequence playback with the file's timing (ticks at the
// file's tick rate); palette swatches; nearest-neighbour zoom; the shown picture saved as PNG.
// Pen 0 is transparent.

// RGBA bytes of `pens` (w x h) through the palette (RGBA bytes a pen).
export function rgbaOf(pens, palette) {
  const out = new Uint8ClampedArray(pens.length * 4);
  for (let i = 0; i < pens.length; ++i) out.set(palette.subarray(4 * pens[i], 4 * pens[i] + 4), 4 * i);
  return out;
}

// When each step of a sequence starts and how long it shows, in milliseconds.
export function schedule(steps, tickHz) {
  let ticks = 0;
  return steps.map((step) => {
    const entry = { state: step.state, start: (ticks * 1000) / tickHz, duration: (step.ticks * 1000) / tickHz };
    ticks += step.ticks;
    return entry;
  });
}

// The step showing `ms` into a looping sequence.
export function stepAt(plan, ms) {
  const total = plan.length ? plan[plan.length - 1].start + plan[plan.length - 1].duration : 0;
  if (total <= 0) return plan.length ? 0 : -1;
  const t = ms % total;
  let i = 0;
  while (i + 1 < plan.length && plan[i + 1].start <= t) ++i;
  return i;
}

export class SpriteView {
  constructor(root) {
    this.root = root;
    this.canvas = root.querySelector('#sprite-canvas');
    this.placement = root.querySelector('#sprite-placement');
    this.caption = root.querySelector('#sprite-caption');
    this.swatches = root.querySelector('#sprite-palette');
    this.mode = root.querySelector('#sprite-mode');
    this.index = root.querySelector('#sprite-index');
    this.zoom = root.querySelector('#sprite-zoom');
    this.mode.addEventListener('change', () => { this.stop(); this.refreshIndex(); this.draw(); });
    this.index.addEventListener('change', () => { this.stop(); this.draw(); });
    this.zoom.addEventListener('change', () => this.draw());
    root.querySelector('#sprite-play').addEventListener('click', () => this.play());
    root.querySelector('#sprite-stop').addEventListener('click', () => this.stop());
    root.querySelector('#sprite-save').addEventListener('click', () => this.save());
    this.timer = 0;
  }

  show(sprite, name) {
    this.stop();
    this.sprite = sprite;
    this.name = name;
    this.swatches.replaceChildren(...Array.from({ length: sprite.paletteSize }, (_, pen) => {
      const c = sprite.palette.subarray(4 * pen, 4 * pen + 4);
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.title = `pen ${pen}: #${[c[0], c[1], c[2]].map((v) => v.toString(16).padStart(2, '0')).join('')}${c[3] ? '' : ' (transparent)'}`;
      swatch.style.background = c[3] ? `rgb(${c[0]},${c[1]},${c[2]})` : 'repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 50% / 8px 8px';
      return swatch;
    }));
    this.refreshIndex();
    this.draw();
  }

  refreshIndex() {
    const s = this.sprite;
    const mode = this.mode.value;
    const count = mode === 'raw' ? s.frameCount : mode === 'sequence' ? s.sequenceCount : s.stateCount;
    const label = mode === 'raw' ? 'frame' : mode === 'sequence' ? 'sequence' : 'state';
    this.index.replaceChildren(...Array.from({ length: count }, (_, i) => new Option(`${label} ${i}`, String(i))));
    this.index.disabled = mode === 'flipbook';
  }

  // What the canvas shows: { pens, width, height, caption, rect? }.
  picture(mode = this.mode.value, index = Number(this.index.value || 0), state = null) {
    const s = this.sprite;
    if (mode === 'raw') {
      const f = s.frames[index];
      return { pens: f.pens, width: f.width, height: f.height, rect: f,
               caption: `stored frame ${index}: ${f.width}x${f.height}, drawn in ${f.drawnWidth}x${f.drawnHeight} at (${f.x}, ${f.y})` };
    }
    const k = state ?? (mode === 'states' ? index : 0);
    return { pens: s.states[k], width: s.width, height: s.height, caption: `composed state ${k}: ${s.width}x${s.height}` };
  }

  draw(picture = this.picture()) {
    const s = this.sprite;
    if (!s || !picture.pens) return;
    const zoom = Number(this.zoom.value);
    this.current = picture;
    const image = new ImageData(rgbaOf(picture.pens, s.palette), picture.width, picture.height);
    const source = document.createElement('canvas');
    source.width = picture.width;
    source.height = picture.height;
    source.getContext('2d').putImageData(image, 0, 0);
    this.canvas.width = picture.width * zoom;
    this.canvas.height = picture.height * zoom;
    const g = this.canvas.getContext('2d');
    g.imageSmoothingEnabled = false;
    g.clearRect(0, 0, this.canvas.width, this.canvas.height);
    g.drawImage(source, 0, 0, this.canvas.width, this.canvas.height);
    this.caption.textContent = picture.caption;
    // Where a raw patch goes: the base faded, the rectangle outlined.
    this.placement.hidden = !picture.rect;
    if (picture.rect) {
      const r = picture.rect;
      this.placement.width = s.width * zoom;
      this.placement.height = s.height * zoom;
      const p = this.placement.getContext('2d');
      p.imageSmoothingEnabled = false;
      p.globalAlpha = 0.35;
      const base = document.createElement('canvas');
      base.width = s.width;
      base.height = s.height;
      base.getContext('2d').putImageData(new ImageData(rgbaOf(s.states[0], s.palette), s.width, s.height), 0, 0);
      p.drawImage(base, 0, 0, this.placement.width, this.placement.height);
      p.globalAlpha = 1;
      p.strokeStyle = '#e0552b';
      p.lineWidth = 2;
      p.strokeRect(r.x * zoom + 1, r.y * zoom + 1, r.drawnWidth * zoom - 2, r.drawnHeight * zoom - 2);
    }
  }

  // Flipbook: every state in turn, 10 ticks each; sequence: its steps with their own ticks.
  plan() {
    const s = this.sprite;
    if (this.mode.value === 'sequence') return schedule(s.sequences[Number(this.index.value || 0)] || [], s.tickHz);
    return schedule(Array.from({ length: s.stateCount }, (_, k) => ({ state: k, ticks: 10 })), s.tickHz);
  }

  play() {
    this.stop();
    if (this.mode.value !== 'sequence' && this.mode.value !== 'flipbook') this.mode.value = 'flipbook';
    const plan = this.plan();
    if (!plan.length) return;
    const start = performance.now();
    const tick = () => {
      const step = stepAt(plan, performance.now() - start);
      if (step >= 0) this.draw(this.picture(this.mode.value, Number(this.index.value || 0), plan[step].state));
      this.timer = requestAnimationFrame(tick);
    };
    tick();
  }

  stop() {
    if (this.timer) cancelAnimationFrame(this.timer);
    this.timer = 0;
  }

  save() {
    this.canvas.toBlob((blob) => {
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `${this.name}_${this.current.caption.split(':')[0].replace(/ /g, '_')}.png`;
      a.click();
      URL.revokeObjectURL(a.href);
    }, 'image/png');
  }
}
