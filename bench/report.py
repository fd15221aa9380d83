#!/usr/bin/env python3
"""Writes docs/PERFORMANCE.md from bench/run's work folder: bench/PERFORMANCE.head.md (the
design notes and the before/after record, kept by hand), then every figure this run measured,
the ratios, and each of issue 6's targets as met or missed. Usage: report.py WORKDIR FILES."""

import datetime
import json
import os
import pathlib
import platform
import re
import subprocess
import sys

work, files = sys.argv[1], int(sys.argv[2])
here = os.path.dirname(os.path.abspath(__file__))


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def memory_gib():
    try:
        with open("/proc/meminfo") as f:
            kib = int(re.search(r"MemTotal:\s+(\d+)", f.read()).group(1))
        return f"{kib / 2**20:.0f} GiB"
    except (OSError, AttributeError):
        return "unknown"


def compiler():
    try:
        out = subprocess.run(["c++", "--version"], capture_output=True, text=True).stdout
        return out.splitlines()[0]
    except OSError:
        return "unknown"


with open(os.path.join(work, "bench.json")) as f:
    bench = json.load(f)
medians = {b["run_name"]: b for b in bench["benchmarks"] if b.get("aggregate_name") == "median"}


def fmt_time(b):
    ns = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b["time_unit"]] * b["real_time"]
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.1f} us"
    return f"{ns:.0f} ns"


def rate(b):
    if "bytes_per_second" in b:
        return f"{b['bytes_per_second'] / 1e6:,.0f} MB/s"
    for key, unit in (("bone_frames_per_second", "bone-frames/s"), ("nodes_per_second", "nodes/s")):
        if key in b:
            return f"{b[key] / 1e6:.1f} M {unit}"
    return ""


def ratio(b):
    return f"1/{1 / b['vs_memcpy']:.1f}" if b.get("vs_memcpy") else ""


def time_report(label):
    with open(os.path.join(work, f"{label}.time")) as f:
        text = f.read()
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
    seconds = 0.0
    for part in wall.split(":"):
        seconds = seconds * 60 + float(part)
    rss_kib = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
    return seconds, rss_kib / 1024


def corpus(label):
    with open(os.path.join(work, f"corpus-{label}.txt")) as f:
        m = re.match(r"(\d+) files, (\d+) bytes", f.read())
    return int(m.group(1)), int(m.group(2))


out = []
with open(os.path.join(here, "PERFORMANCE.head.md")) as f:
    out.append(f.read().rstrip() + "\n")

out.append("\n## This run\n")
out.append(f"Written by `bench/run` on {datetime.date.today().isoformat()}: {cpu_model()}, "
           f"{os.cpu_count()} cores, {memory_gib()}, {platform.system()} {platform.release()}, {compiler()}, "
           "Release build. Medians of 3 repetitions.\n")

out.append("\n### Benchmarks\n")
out.append("| benchmark | time | throughput | vs memcpy |\n| --- | --- | --- | --- |\n")
for name, b in medians.items():
    if b.get("error_occurred"):
        out.append(f"| {name} | skipped: {b.get('error_message', '')} | | |\n")
        continue
    out.append(f"| {name} | {fmt_time(b)} | {rate(b)} | {ratio(b)} |\n")

out.append("\n### `anmkit batch --to glb`\n")
out.append("Best of 3 runs (the 10x corpus: one run); corpora and outputs on a tmpfs when the machine has one. "
           "Peak memory is the process's maximum resident set.\n\n")
out.append("| corpus | files | input MB | -j | wall | files/s | MB/s | peak memory |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n")
runs = {}
for label, corpus_label, jobs in (("1x-j1", "1x", 1), ("1x-j2", "1x", 2), ("10x-j2", "10x", 2)):
    count, size = corpus(corpus_label)
    seconds, rss = time_report(label)
    runs[label] = (seconds, rss)
    out.append(f"| {corpus_label} | {count:,} | {size / 1e6:,.0f} | {jobs} | {seconds:.1f} s | {count / seconds:,.0f} | "
               f"{size / 1e6 / seconds:,.1f} | {rss:.1f} MB |\n")

out.append("\n### Targets (issue 6)\n")
out.append("| target | measured | |\n| --- | --- | --- |\n")


def target(what, measured, ok):
    out.append(f"| {what} | {measured} | {'met' if ok else '**missed**'} |\n")


for name in ("BM_Read/frm2", "BM_Read/frm3", "BM_Read/frmn", "BM_ReadRealCorpus", "BM_LmRead"):
    b = medians.get(name)
    if b and b.get("vs_memcpy"):
        fmt = "GEM" if name != "BM_LmRead" else "LM"
        target(f"{fmt} read ({name}) at least 1/8 of memcpy", ratio(b), b["vs_memcpy"] >= 0.125)
b = medians.get("BM_Mm2Decode")
if b:
    target("MM2 decode at least 500 MB/s of pixels", rate(b), b["bytes_per_second"] >= 500e6)
speedup = runs["1x-j1"][0] / runs["1x-j2"][0]
target("`batch -j2` at least 1.8x `-j1`", f"{speedup:.2f}x", speedup >= 1.8)
growth = runs["10x-j2"][1] / runs["1x-j2"][1]
target("peak memory of the 10x corpus within 10% of the 1x corpus", f"{(growth - 1) * 100:+.1f}%", growth <= 1.10)

out.append("\n### Targets (issue 13)\n")
out.append("| target | measured | |\n| --- | --- | --- |\n")
for name, floor in (("BM_SamplerGem/cursor", 50e6), ("BM_SamplerGem/no_cursor", 50e6),
                    ("BM_SamplerLm/cursor", 30e6), ("BM_SamplerLm/no_cursor", 30e6)):
    b = medians.get(name)
    if b and b.get("bone_frames_per_second"):
        measured = b["bone_frames_per_second"]
        target(f"`model::Sampler` ({name}) at least {floor / 1e6:.0f} M bone-frames/s", f"{measured / 1e6:.1f} M",
               measured >= floor)
for name in ("BM_Validate/frm2", "BM_Validate/frmn", "BM_LmValidate"):
    b = medians.get(name)
    if b and b.get("vs_memcpy"):
        target(f"validate ({name}) at least 1/20 of memcpy", ratio(b), b["vs_memcpy"] >= 1 / 20)
# The mesh side stays linear (issue 43): per name, four times the names take at most 1.5 times as long.
for name, small, large in (("BM_FigureSkinNames", 15000, 60000), ("BM_FigureMissingNames", 2000, 8000)):
    a, b = medians.get(f"{name}/{small}"), medians.get(f"{name}/{large}")
    if a and b and a.get("items_per_second") and b.get("items_per_second"):
        slower = a["items_per_second"] / b["items_per_second"]
        target(f"{name}: a name among {large:,} at most 1.5 times the time of one among {small:,} (linear)",
               f"{slower:.2f} times", slower <= 1.5)
python_report = pathlib.Path(sys.argv[1]) / "python.json"
if python_report.exists():
    p = json.loads(python_report.read_text())
    target("Python `sample_all` of the GEM clip at least 1/2 of the C++ sampler (issue 14)",
           f"{p['python_bone_frames_per_second'] / 1e6:.1f} M vs {p['cpp_bone_frames_per_second'] / 1e6:.1f} M "
           f"bone-frames/s ({p['ratio']:.2f})", p["ratio"] >= 0.5)
sys.stdout.write("".join(out))
