// The dropped files the module can read right now. The library reads files by path, from the
// module's in-memory file system (MEMFS), so a file is written there while something uses it (the
// view shown, a file being looked at for the list, a skeleton search) and removed when the last
// user lets it go: the module holds only what the page is using, not every file ever opened
// (ten 20 MB .mdl files beside a small .anm once stayed for good).

// Where the page keeps what the user picked in the module's file system, each file at the path it
// was picked by under its root: the dropped files, and the game's texture folder. These paths are
// the page's own: the user never sees them (userWords).
export const FILES_ROOT = '/files/';
export const TEXTURES_ROOT = '/game-textures/';

// The same places in the set of files handed to the library for a figure or a model's sequences
// (anmkit_files, whose names are relative): 'files/e-75/body.ply', 'game-textures/texture/x.dds'.
export const HANDED_FILES = FILES_ROOT.slice(1);
export const HANDED_TEXTURES = TEXTURES_ROOT.slice(1);

// `text`, a message the library worded (an error, a warning, the pairing's reason), with each path
// in the module's file system or the files handed over said as the user knows it: the path under
// its root, which is the dropped file's own ('e-75/body.ply'), or the picked folder's name and the
// file in it ('texture/vehicle2/x.dds'). A root counts only where a path begins (the start, or
// after a space, quote, bracket, comma or '='), never inside the user's own path ('game/files/x.anm').
const ROOT_WHERE_A_PATH_BEGINS = new RegExp(`(^|[\\s'"(\\[{,=])/?(?:${HANDED_FILES}|${HANDED_TEXTURES})`, 'g');
export const userWords = (text) => String(text).replace(ROOT_WHERE_A_PATH_BEGINS, '$1');

export class ModuleFiles {
  constructor(kit, root) {
    this.kit = kit;
    this.root = root;
    this.held = new Map();  // path -> { count, written: Promise }
  }

  pathOf(entry) { return this.root + entry.path; }

  // Writes `entry` (unless it is there already) and returns its path; release(path) lets it go.
  // Rejects, holding nothing, when the file cannot be read.
  async hold(entry) {
    const path = this.pathOf(entry);
    let record = this.held.get(path);
    if (!record) {
      record = { count: 0, written: entry.bytes().then((bytes) => this.kit.writeFile(path, bytes)) };
      this.held.set(path, record);
    }
    record.count += 1;
    try {
      await record.written;
    } catch (error) {
      this.release(path);
      throw error;
    }
    return path;
  }

  release(path) {
    const record = this.held.get(path);
    if (!record || --record.count > 0) return;
    this.held.delete(path);
    try { this.kit.M.FS.unlink(path); } catch { /* never written: its read failed */ }
  }

  // The paths held now.
  paths() { return [...this.held.keys()]; }
}
