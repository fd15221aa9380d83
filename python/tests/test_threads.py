"""One Document shared by threads: each thread's poses are what one thread alone gets, and
close() in one thread while others sample waits for them, then refuses."""
import os
import pathlib
import threading

import pytest

import anmkit

EXAMPLES = pathlib.Path(os.environ.get("ANMKIT_EXAMPLES", pathlib.Path(__file__).resolve().parents[2] / "examples"))


def flat(pose) -> tuple:
    """A pose's values, comparable whether its arrays are NumPy's or lists."""
    return tuple(a.tobytes() if hasattr(a, "tobytes") else repr(a)
                 for a in (pose.translation, pose.rotation, pose.scale, pose.visible, pose.mirrored))


@pytest.mark.parametrize("name", ["turret_v60.anm", "mansion_door.anm"])
def test_threads_sampling_one_document_get_what_one_thread_gets(name):
    with anmkit.open(EXAMPLES / name) as doc:
        frames = [f / 4 for f in range(4 * doc.skeleton.frame_count)]
        alone = [flat(doc.sample(f)) for f in frames]
        every = flat(doc.sample_all())
        differing = []

        def play(offset: int) -> None:
            for round_ in range(20):
                # Each thread walks the frames from elsewhere, so that the cursors disagree.
                order = frames[offset:] + frames[:offset]
                for f in order:
                    if flat(doc.sample(f)) != alone[frames.index(f)]:
                        differing.append((offset, f))
                if flat(doc.sample_all()) != every:
                    differing.append((offset, "all"))

        threads = [threading.Thread(target=play, args=(k * 7 % len(frames),)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert differing == []


def test_close_waits_for_the_calls_running_and_later_calls_are_refused():
    doc = anmkit.open(EXAMPLES / "turret_v60.anm")
    started, results = threading.Event(), []

    def sample_on() -> None:
        try:
            while True:
                doc.sample_all()
                results.append("sampled")
                started.set()
        except ValueError as error:
            results.append(str(error))

    threads = [threading.Thread(target=sample_on) for _ in range(3)]
    for t in threads:
        t.start()
    assert started.wait(10)
    doc.close()
    for t in threads:
        t.join(10)
        assert not t.is_alive()
    assert results.count("the document is closed") == 3
    assert "sampled" in results
    with pytest.raises(ValueError, match="the document is closed"):
        doc.sample(0)
    with pytest.raises(ValueError, match="the document is closed"):
        doc.format
    doc.close()  # twice: nothing more
    assert repr(doc) == "<anmkit.Document closed>"
