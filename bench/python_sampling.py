#!/usr/bin/env python3
"""The Python package's sampling speed against the C++ sampler's, in one run on the same file:
every frame of the GEM benchmark clip (54 bones, 2000 frames, FRM2) by Document.sample_all(),
and by model::Sampler::sample_frames (BM_SamplerGemFrames). Prints one JSON object; the target
(issue 14) is a ratio of at least 1/2.

Usage: python_sampling.py BENCH_BINARY LIBRARY PYTHON_PACKAGE_DIR OUT.json"""
import json
import pathlib
import subprocess
import sys
import tempfile
import time

bench, library, package, out = sys.argv[1:5]
sys.path.insert(0, package)
import os  # noqa: E402

os.environ["ANMKIT_LIBRARY"] = library
import anmkit  # noqa: E402

with tempfile.TemporaryDirectory() as work:
    clip = pathlib.Path(work) / "bench_clip.anm"
    subprocess.run([bench, "--write-gem-clip", str(clip)], check=True)
    doc = anmkit.open(clip)
    bones, frames = len(doc.skeleton.bones), doc.skeleton.frame_count
    # The sampler is built and the arrays allocated once, outside the timing, as the C++
    # benchmark's buffer is.
    pose = doc.sample_all()
    best = float("inf")
    for _ in range(15):
        start = time.perf_counter()
        doc.sample_all(out=pose)
        best = min(best, time.perf_counter() - start)
    python_rate = bones * frames / best
    report = subprocess.run([bench, "--benchmark_filter=^BM_SamplerGemFrames$", "--benchmark_repetitions=3",
                             "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
                            check=True, capture_output=True, text=True)
    runs = json.loads(report.stdout)["benchmarks"]
    cpp_rate = max(b["bone_frames_per_second"] for b in runs if b.get("aggregate_name") == "median")
    result = {"file_bytes": clip.stat().st_size, "bones": bones, "frames": frames, "numpy": anmkit.have_numpy(),
              "python_bone_frames_per_second": python_rate, "cpp_bone_frames_per_second": cpp_rate,
              "ratio": python_rate / cpp_rate}
pathlib.Path(out).write_text(json.dumps(result, indent=2) + "\n")
print(json.dumps(result))
