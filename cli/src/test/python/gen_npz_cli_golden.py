#!/usr/bin/env python3
"""Archives made by numpy for the cli's .npz tests, and what numpy writes for the conversions tested.

    python3 cli/src/test/python/gen_npz_cli_golden.py

Writes cli/src/test/resources/npz/. The Java tests never run Python.

  digits.npz            np.savez_compressed(images=digits, labels=labels): the README's example
  mixed.npz             np.savez: a Fortran-order float64 (2, 3), a big-endian int16 (4,), a bool
                        (2, 2) and a 0-d float32, stored
  one.npz               np.savez(f, frame): one member, arr_0, so --member may be left out
  labels_be_f8.npy      np.save(labels.astype('>f8')): `convert digits.npz OUT.npy --member labels --dtype '>f8'`
  fortran_c.npy         np.save(np.ascontiguousarray(mixed['fortran'])): `convert mixed.npz OUT.npy --member fortran --order C`
  big_c_f4.npy          np.save(mixed['big'].astype('<f4')): `convert mixed.npz OUT.npy --member big --dtype float32`
"""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
OUT = os.path.normpath(os.path.join(HERE, "..", "resources", "npz"))


def main():
    os.makedirs(OUT, exist_ok=True)
    digits = np.load(os.path.join(ROOT, "data", "digits.npy"))
    labels = np.load(os.path.join(ROOT, "data", "digits_labels.npy"))
    np.savez_compressed(os.path.join(OUT, "digits.npz"), images=digits, labels=labels)
    fortran = np.asfortranarray(np.array([[1.5, -2.0, 3.0], [4.0, 5.0, -6.25]]))
    big = np.array([1, -2, 300, -32768], dtype=">i2")
    np.savez(os.path.join(OUT, "mixed.npz"), fortran=fortran, big=big,
             mask=np.array([[True, False], [False, False]]), scalar=np.float32(2.5))
    np.savez(os.path.join(OUT, "one.npz"), (np.arange(20, dtype="<i4").reshape(4, 5) * 13) % 11)
    np.save(os.path.join(OUT, "labels_be_f8.npy"), labels.astype(">f8"))
    np.save(os.path.join(OUT, "fortran_c.npy"), np.ascontiguousarray(fortran))
    np.save(os.path.join(OUT, "big_c_f4.npy"), big.astype("<f4"))


if __name__ == "__main__":
    main()
