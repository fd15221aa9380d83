// A Might and Magic II sprite: composed states, raw patches (each with the rectangle it is drawn
// in), a flipbook of the states, and sequence playback with the file's timing (ticks at the
// file's tick rate); palette swatches; nearest-neighbour zoom; the shown picture saved as PNG.
// Pen 0 is transparent. The work is bounded, so that the page answers with a huge sprite too: a
// picture's pens are read only when it is shown, at most one a playback tick (and only when the
// step changes), and the canvas is capped (sprite_pixels.js).
import { fit, rgbaOf } from './sprite_pixels.js';

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
    this.zoom.addEventListener('change', () => this.current && this.draw(this.current));
    root.querySelector('#sprite-play').addEventListener('click', () => this.play());
    root.querySelector('#sprite-stop').addEventListener('click', () => this.stop());
    root.querySelector('#sprite-save').addEventListener('click', () => this.save());
    this.timer = 0;
    this.source = document.createElement('canvas');  // the picture at its drawn resolution
    this.base = null;  // the faded base behind a raw patch: { sprite, zoom, canvas }
  }

  show(sprite, name) {
    this.stop();
    this.sprite = sprite;
    this.name = name;
    this.current = null;
    this.base = null;
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

  // What the canvas shows: { pens, width, height, caption, rect? } (the pens read now).
  picture(mode = this.mode.value, index = Number(this.index.value || 0), state = null) {
    const s = this.sprite;
    if (mode === 'raw') {
      const f = s.frames[index];
      return { pens: s.framePens(index), width: f.width, height: f.height, rect: f,
               caption: `stored frame ${index}: ${f.width}x${f.height}, drawn in ${f.drawnWidth}x${f.drawnHeight} at (${f.x}, ${f.y})` };
    }
    const k = state ?? (mode === 'states' ? index : 0);
    return { pens: s.statePens(k), width: s.width, height: s.height, caption: `composed state ${k}: ${s.width}x${s.height}` };
  }

  // Pens `width` x `height` into `canvas` at `zoom`, within the cap; returns the scale drawn at.
  paint(canvas, pens, width, height, zoom) {
    const f = fit(width, height, zoom);
    this.source.width = f.sampled.width;
    this.source.height = f.sampled.height;
    this.source.getContext('2d').putImageData(new ImageData(rgbaOf(pens, width, height, this.sprite.palette, f.step),
                                                            f.sampled.width, f.sampled.height), 0, 0);
    canvas.width = f.width;
    canvas.height = f.height;
    const g = canvas.getContext('2d');
    g.imageSmoothingEnabled = false;
    g.clearRect(0, 0, f.width, f.height);
    g.drawImage(this.source, 0, 0, f.width, f.height);
    return f;
  }

  draw(picture = this.picture()) {
    const s = this.sprite;
    if (!s || !picture.pens) return;
    const zoom = Number(this.zoom.value);
    this.current = picture;
    const f = this.paint(this.canvas, picture.pens, picture.width, picture.height, zoom);
    const scale = f.step > 1 ? `, shown at 1/${f.step} (a canvas holds at most ${f.width}x${f.height} here)`
      : f.zoom < zoom ? `, shown at zoom ${f.zoom} (the largest canvas shown)` : '';
    this.caption.textContent = picture.caption + scale;
    // Where a raw patch goes: the base faded (drawn once for the sprite and zoom), the rectangle
    // outlined.
    this.placement.hidden = !picture.rect;
    if (picture.rect) {
      if (!this.base || this.base.sprite !== s || this.base.zoom !== zoom) {
        const canvas = document.createElement('canvas');
        this.base = { sprite: s, zoom, canvas, fit: this.paint(canvas, s.statePens(0), s.width, s.height, zoom) };
      }
      const { canvas, fit: b } = this.base;
      const r = picture.rect;
      const k = b.zoom / b.step;
      this.placement.width = canvas.width;
      this.placement.height = canvas.height;
      const p = this.placement.getContext('2d');
      p.globalAlpha = 0.35;
      p.drawImage(canvas, 0, 0);
      p.globalAlpha = 1;
      p.strokeStyle = '#e0552b';
      p.lineWidth = 2;
      p.strokeRect(r.x * k + 1, r.y * k + 1, r.drawnWidth * k - 2, r.drawnHeight * k - 2);
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
    let shown = -1;
    // A tick draws only when the step shows another state: one picture read at most.
    const tick = () => {
      const step = stepAt(plan, performance.now() - start);
      if (step >= 0 && plan[step].state !== shown) {
        shown = plan[step].state;
        this.draw(this.picture(this.mode.value, Number(this.index.value || 0), shown));
      }
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
