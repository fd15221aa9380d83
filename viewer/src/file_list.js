// The files dropped or picked: names and sizes at once, then format, version and validity filled
// in the background a few files at a time (each read, opened and validated on its own), so that a
// folder of thousands stays responsive. A file's bytes are read only when needed. A file that
// cannot be read gets a row that says so, and the rest are looked at all the same.
//
// The rows are a tree of the folders (each a row that folds and unfolds what is under it, with
// how many of its files are shown), narrowed by the filter box (a substring of the path, in
// letters of either case) and by the switch "models and animations only" (on by default: a game
// folder is mostly meshes, textures and text).

const extensionOf = (path) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();

// Whether a file is an animation or a model as far as the list knows: by what it is once looked
// at (an animation, valid or not, a model, or a file that cannot be read, which the user must
// see), by its extension before.
export function isModelOrAnimation(entry, extensions) {
  const i = entry.info;
  if (!i) return extensions.has(extensionOf(entry.path));
  return Boolean(i.unreadable || i.format || i.model || i.error);
}

export class FileList {
  // `elements`: { table, summary, shown (the line saying how many rows are shown), filter (the
  // text box), only (the switch's checkbox) }.
  constructor(elements, inspect) {
    Object.assign(this, elements);
    this.inspect = inspect;  // (entry) => { format, version, errors, warnings, model, error, unreadable }
    this.entries = [];
    this.paths = new Map();  // path -> entry
    this.folders = new Map();  // folder path ('a/b/') -> { path, name, depth, parent, folders, files, row, open }
    // What may be a model or an animation before it is read: the extensions the formats register
    // for them (main.js sets them from the library once it is loaded).
    this.extensions = new Set();
    this.onSelect = () => {};
    this.queue = [];
    this.working = false;
    this.filter.addEventListener('input', () => this.apply());
    this.only.addEventListener('change', () => this.apply());
  }

  // `files`: [{ path, size, bytes: () => Promise<Uint8Array> }]
  add(files) {
    for (const f of files) {
      const entry = { ...f, info: null, row: this.row(f) };
      entry.row.addEventListener('click', () => this.onSelect(entry));
      this.entries.push(entry);
      this.paths.set(entry.path, entry);
      this.queue.push(entry);
    }
    this.entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    this.layOut();
    this.apply();
    this.work();
  }

  row(f) {
    const tr = document.createElement('tr');
    tr.className = 'file pending';
    const slash = f.path.lastIndexOf('/', f.path.length - 2);
    const name = f.path.slice(slash + 1) || f.path;
    for (const text of [name, '…', '', String(f.size), '']) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    tr.cells[0].title = f.path;
    tr.dataset.path = f.path;
    return tr;
  }

  // The folder `path` ('a/b/'), made with its parents as needed ('' is the top, which has no row).
  folder(path) {
    let node = this.folders.get(path);
    if (node) return node;
    const slash = path.lastIndexOf('/', path.length - 2);
    const parent = path === '' ? null : this.folder(path.slice(0, slash + 1));
    node = { path, name: path.slice(slash + 1, -1), depth: parent ? parent.depth + 1 : -1, parent, folders: [], files: [], open: true, row: null };
    if (parent) {
      parent.folders.push(node);
      const tr = document.createElement('tr');
      tr.className = 'folder';
      const td = document.createElement('td');
      td.colSpan = 5;
      td.title = path;
      tr.append(td);
      tr.dataset.folder = path;
      tr.addEventListener('click', () => { node.open = !node.open; this.apply(); });
      node.row = tr;
    }
    this.folders.set(path, node);
    return node;
  }

  // The rows in the tree's order: in each folder its folders, then its files, by name.
  layOut() {
    for (const node of this.folders.values()) { node.folders = []; node.files = []; }
    for (const e of this.entries) {
      const slash = e.path.lastIndexOf('/', e.path.length - 2);
      const node = this.folder(e.path.slice(0, slash + 1));
      node.files.push(e);
      e.depth = node.depth + 1;
      e.row.cells[0].style.paddingLeft = `${0.4 + 1.1 * e.depth}em`;
    }
    for (const node of this.folders.values()) {
      if (node.parent && !node.parent.folders.includes(node)) node.parent.folders.push(node);
      node.folders.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    const rows = [];
    const walk = (node) => {
      if (node.row) rows.push(node.row);
      for (const child of node.folders) walk(child);
      for (const e of node.files) rows.push(e.row);
    };
    walk(this.folder(''));
    this.table.tBodies[0].replaceChildren(...rows);
  }

  // Whether `entry` passes the filter and the switch.
  passes(entry, needle = this.filter.value.trim().toLowerCase()) {
    if (needle && !entry.path.toLowerCase().includes(needle)) return false;
    return !this.only.checked || isModelOrAnimation(entry, this.extensions);
  }

  // Shows the rows that pass, under unfolded folders; each folder row says how many of its files
  // (all below it) pass.
  apply() {
    const needle = this.filter.value.trim().toLowerCase();
    const count = (node) => {
      let passing = 0;
      let all = 0;
      for (const child of node.folders) {
        const [p, a] = count(child);
        passing += p;
        all += a;
      }
      for (const e of node.files) {
        e.passes = this.passes(e, needle);
        passing += e.passes ? 1 : 0;
        all += 1;
      }
      node.passing = passing;
      node.all = all;
      return [passing, all];
    };
    const [shown, all] = count(this.folder(''));
    const show = (node, visible) => {
      if (node.row) {
        node.row.hidden = !visible || node.passing === 0;
        node.row.classList.toggle('closed', !node.open);
        node.row.cells[0].textContent = `${node.open ? '▾' : '▸'} ${node.name}`;
        const counts = document.createElement('span');
        counts.className = 'count';
        counts.textContent = node.passing === node.all ? ` ${node.all}` : ` ${node.passing} of ${node.all}`;
        node.row.cells[0].append(counts);
        node.row.cells[0].style.paddingLeft = `${0.4 + 1.1 * node.depth}em`;
      }
      const inside = visible && (node.open || !node.row);
      for (const child of node.folders) show(child, inside);
      for (const e of node.files) e.row.hidden = !inside || !e.passes;
    };
    show(this.folder(''), true);
    this.shown.textContent = this.entries.length ? `${shown} of ${all} shown` : '';
  }

  byPath(path) {
    return this.paths.get(path);
  }

  // The background pass: a few files, then back to the event loop.
  async work() {
    if (this.working) return;
    this.working = true;
    try {
      while (this.queue.length) {
        const started = performance.now();
        while (this.queue.length && performance.now() - started < 12) await this.fill(this.queue.shift());
        this.updateSummary();
        this.apply();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    } finally {
      this.working = false;
      this.updateSummary();
      this.apply();
    }
  }

  async fill(entry) {
    if (entry.info) return entry.info;
    try {
      entry.info = await this.inspect(entry);
    } catch (error) {
      entry.info = { error: `cannot be looked at: ${error}` };  // one file's failure stops no other
    }
    const cells = entry.row.cells;
    const i = entry.info;
    cells[1].textContent = i.unreadable ? 'unreadable' : i.format || (i.model ? `${i.model} model` : 'not an animation');
    cells[2].textContent = i.version || '';
    cells[4].textContent = i.unreadable ? i.error : i.error ? `invalid: ${i.error}`
      : i.format ? (i.errors ? `invalid (${i.errors} errors)` : i.warnings ? `valid (${i.warnings} warnings)` : 'valid') : '';
    for (const k of [1, 4]) cells[k].title = cells[k].textContent;
    const selected = entry.row.classList.contains('selected');
    entry.row.className = `file ${i.error || i.errors ? 'invalid' : i.format ? 'valid' : i.model ? 'model' : 'other'}`;
    entry.row.classList.toggle('selected', selected);
    return entry.info;
  }

  updateSummary() {
    const done = this.entries.filter((e) => e.info);
    const unreadable = done.filter((e) => e.info.unreadable).length;
    const animations = done.filter((e) => !e.info.unreadable && (e.info.format || e.info.error));
    const invalid = animations.filter((e) => e.info.error || e.info.errors).length;
    this.summary.textContent = `${this.entries.length} files` +
      (done.length < this.entries.length ? `, ${this.entries.length - done.length} still to look at` : '') +
      `; ${animations.length - invalid} valid, ${invalid} invalid` + (unreadable ? `, ${unreadable} unreadable` : '');
  }
}
