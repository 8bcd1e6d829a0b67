#!/usr/bin/env python3
"""The archive numpy saves for the Spark writer's .npz test, and a check of what the writer wrote.

    python3 spark/src/test/python/gen_npz_write_golden.py           # writes the golden archive
    python3 spark/src/test/python/gen_npz_write_golden.py OUT_DIR   # checks a writer's output

Writes spark/src/test/resources/golden/npz_write.npz, np.savez of four members aligned on their
first axis (6 rows):

  images  uint8 (6, 2, 3)       arange(36) * 7 % 256
  labels  int64 (6,)            [3, -1, 4, 1, -5, 9]
  scores  big-endian float32 (6, 2), NaN, -0.0 and infinities among them
  z       complex64 (6,)

NpzWriteTest reads it with the source, writes it back with option("format", "npz") and compares
every member, byte for byte, with what numpy saved. The Java tests never run Python. Given a
directory, the script instead loads every part-*.npz in it (in name order) with numpy and checks
that their members, concatenated, equal the golden arrays (dtype, shape and values).
"""
import glob
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "resources", "golden", "npz_write.npz"))


def arrays():
    images = (np.arange(36) * 7 % 256).astype(np.uint8).reshape(6, 2, 3)
    labels = np.array([3, -1, 4, 1, -5, 9], dtype=np.int64)
    scores = (np.arange(12, dtype=np.float32) * 0.3 - 2).reshape(6, 2)
    scores[0, 1] = np.nan
    scores[1, 0] = -0.0
    scores[2, 1] = np.inf
    scores[4, 0] = -np.inf
    scores = scores.astype(">f4")
    z = (np.arange(6) * 0.75 - 2 + 1j * (np.arange(6) - 3)).astype(np.complex64)
    return {"images": images, "labels": labels, "scores": scores, "z": z}


def check(directory):
    parts = sorted(glob.glob(os.path.join(directory, "part-*.npz")))
    assert parts, "no part-*.npz in " + directory
    loaded = [np.load(p) for p in parts]
    for name, expected in arrays().items():
        members = [f[name] for f in loaded]
        for m in members:  # np.concatenate would give the native byte order
            assert m.dtype == expected.dtype, (name, m.dtype, expected.dtype)
        got = np.concatenate(members)
        assert got.shape == expected.shape, (name, got.shape, expected.shape)
        assert np.array_equal(got, expected, equal_nan=True), name
        assert np.array_equal(np.signbit(got.real), np.signbit(expected.real)), name
    for f in loaded:
        assert list(f.keys()) == list(arrays().keys()), f.files
    print("numpy loads %d archives equal to the golden arrays" % len(parts))


def main():
    if len(sys.argv) > 1:
        check(sys.argv[1])
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    np.savez(OUT, **arrays())
    print("wrote", OUT)


if __name__ == "__main__":
    main()
