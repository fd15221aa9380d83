"""The issue's acceptance test: `anmkit batch --skeleton-dir` pairs every animation of the real
vehicle folders with the .mdl of its own folder, and the CLI, Python, the Blender add-on and the
viewer give that same pairing for every file.

  python3 pairing_test.py ANMKIT_CLI ADDON.zip VIEWER_DIR CORPUS SCRATCH
(ANMKIT_LIBRARY and PYTHONPATH set for the anmkit package.) Run by run_pairing_test.sh, which
skips (or fails under ANMKIT_REQUIRE_EXTERNALS) without Blender, Chromium or the corpus.
Prints PASS/FAIL lines; exits 1 when any check fails."""
import json
import os
import pathlib
import subprocess
import sys
import time

import anmkit

cli, addon_zip, viewer_dir, corpus, scratch = sys.argv[1:6]
corpus, scratch = pathlib.Path(corpus), pathlib.Path(scratch)
here = pathlib.Path(__file__).resolve().parent
root = here.parents[1]
# By name, not suffix: e-25/.anm (its .mdl's "start") has none.
ANIMATIONS = sorted(p for p in corpus.rglob("*") if p.is_file() and p.name.lower().endswith(".anm"))
failures = []


def under_corpus(path):
    """A client's path as one key: relative to the corpus folder, links resolved."""
    return None if path is None else os.path.relpath(os.path.realpath(path), os.path.realpath(corpus))


def own_mdl(animation):
    """The .mdl of the animation's own folder, named as the folder (e-75/e-75.mdl)."""
    folder = pathlib.PurePath(animation).parent
    return str(folder / (folder.name + ".mdl"))


def timed(name, run):
    started = time.monotonic()
    pairing = run()
    print(f"{name}: {len(pairing)} pairings in {time.monotonic() - started:.1f} s")
    return pairing


def by_cli():
    out = subprocess.run([cli, "batch", str(corpus), "-o", str(scratch / "glb"), "--to", "glb",
                          "--skeleton-dir", str(corpus)], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"FAIL anmkit batch exited {out.returncode}:\n{out.stdout}{out.stderr}")
    pairing = {}
    for line in out.stdout.splitlines():  # converted IN -> OUT (skeleton PATH)
        if line.startswith("converted ") and ".mdl -> " in line:
            continue  # a model converted whole (its meshes and sequences): no pairing to make
        if line.startswith("converted ") and " (skeleton " in line:
            source = line[len("converted "):line.index(" -> ")]
            pairing[under_corpus(source)] = under_corpus(line[line.index(" (skeleton ") + len(" (skeleton "):-1])
        elif line.startswith("converted "):
            pairing[under_corpus(line[len("converted "):line.index(" -> ")])] = None
    return pairing


def by_python():
    return {under_corpus(p): under_corpus(anmkit.find_skeleton(p, roots=[corpus]).model) for p in ANIMATIONS}


def by_addon():
    out = scratch / "addon.json"
    env = dict(os.environ, PATH="/usr/bin:" + os.environ["PATH"],  # Debian's Python for Blender (docs/blender.md)
               BLENDER_USER_SCRIPTS=str(scratch / "scripts"), BLENDER_USER_CONFIG=str(scratch / "config"))
    env.pop("ANMKIT_LIBRARY", None)  # the add-on loads the library inside its zip
    run = subprocess.run(["blender", "-b", "--factory-startup", "--python-exit-code", "1", "--python",
                          str(root / "blender" / "tests" / "pairing_in_blender.py"), "--", addon_zip, str(out),
                          *map(str, ANIMATIONS)], capture_output=True, text=True, env=env)
    print("\n".join(line for line in run.stdout.splitlines() if line.startswith(("FAIL", "the add-on"))))
    if run.returncode != 0:
        failures.append("the add-on's run")
        print(f"FAIL the add-on's run exited {run.returncode}:\n{run.stdout[-3000:]}{run.stderr[-3000:]}")
    pairing = json.loads(out.read_text()) if out.is_file() else {}
    return {under_corpus(a): under_corpus(m) for a, m in pairing.items()}


def by_viewer():
    out = scratch / "viewer.json"
    run = subprocess.run(["/usr/bin/node", str(root / "viewer" / "tests" / "pairing_in_viewer.mjs"), viewer_dir,
                          str(corpus), str(out)], capture_output=True, text=True)
    print(run.stdout.rstrip())
    if run.returncode != 0:
        failures.append("the viewer's run")
        print(f"FAIL the viewer's run exited {run.returncode}:\n{run.stderr[-3000:]}")
    pairing = json.loads(out.read_text()) if out.is_file() else {}
    # The page names files under the picked folder's own name (gem-vehicles/e-25/fire.anm).
    on_disk = lambda p: None if p is None else str(corpus.parent / p)  # noqa: E731
    return {under_corpus(on_disk(a)): under_corpus(on_disk(m)) for a, m in pairing.items()}


def check(name, ok, detail=""):
    print(f"{'PASS' if ok else 'FAIL'} {name}{'' if ok else chr(10) + detail}")
    if not ok:
        failures.append(name)


files = [under_corpus(p) for p in ANIMATIONS]
check("the corpus holds the 21 animations of its three vehicle folders",
      len(files) == 21 and {pathlib.PurePath(f).parent.name for f in files} == {"e-25", "e-75", "pzh2000_x"},
      f"{len(files)} animations: {files}")
clients = {name: timed(name, run) for name, run in
           (("the CLI", by_cli), ("Python", by_python), ("the add-on", by_addon), ("the viewer", by_viewer))}

for name, pairing in clients.items():
    extra = sorted(set(pairing) - set(files))
    missing = [f for f in files if f not in pairing]
    wrong = [f"{f}: {pairing[f]}, not {own_mdl(f)}" for f in files if f in pairing and pairing[f] != own_mdl(f)]
    check(f"{name} pairs every animation with its own folder's .mdl", not (missing or extra or wrong),
          "\n".join([f"missing {f}" for f in missing] + [f"not an animation of the corpus: {f}" for f in extra] + wrong))

# The one statement: for every file, the four clients name the same model, and it is its own folder's.
differing = [f for f in files if len({pairing.get(f, "(none)") for pairing in clients.values()} | {own_mdl(f)}) != 1]
check("the CLI, Python, the add-on and the viewer pair every animation alike, with its own folder's .mdl",
      not differing,
      "\n".join(f"{f}: " + ", ".join(f"{n} {p.get(f, '(none)')}" for n, p in clients.items()) for f in differing))
print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
