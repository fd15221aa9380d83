// The files dropped or picked: names and sizes at once, then format, version and validity filled
// in the background a few files at a time (each read, opened and validated on its own), so that a
// folder of thousands stays responsive. A file's bytes are read only when needed. A file that
// cannot be read gets a row that says so, and the rest are looked at all the same.

export class FileList {
  constructor(table, summary, inspect) {
    this.table = table;
    this.summary = summary;
    this.inspect = inspect;  // (entry) => { format, version, errors, warnings, error, unreadable }
    this.entries = [];
    this.onSelect = () => {};
    this.queue = [];
    this.working = false;
  }

  // `files`: [{ path, size, bytes: () => Promise<Uint8Array> }]
  add(files) {
    for (const f of files) {
      const entry = { ...f, info: null, row: this.row(f) };
      entry.row.addEventListener('click', () => this.onSelect(entry));
      this.entries.push(entry);
      this.queue.push(entry);
    }
    this.entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    this.table.tBodies[0].replaceChildren(...this.entries.map((e) => e.row));
    this.updateSummary();
    this.work();
  }

  row(f) {
    const tr = document.createElement('tr');
    for (const text of [f.path, '…', '', String(f.size), '']) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  }

  byPath(path) {
    return this.entries.find((e) => e.path === path);
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
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    } finally {
      this.working = false;
      this.updateSummary();
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
    entry.row.className = i.error || i.errors ? 'invalid' : i.format ? 'valid' : 'other';
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
