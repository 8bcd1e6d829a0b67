#!/usr/bin/env python3
"""Convert scikit-learn's copy of the UCI handwritten digits to .npy files.

Input:  digits.csv.gz as shipped inside scikit-learn (sklearn/datasets/data/digits.csv.gz):
        1797 lines, each 64 pixel values (an 8x8 image, row-major) followed by the label.
Output: digits.npy         shape (1797, 8, 8), dtype <i2 (int16), C order
        digits_labels.npy  shape (1797,),      dtype <i4 (int32)

Only numpy is needed (scikit-learn itself is not imported).

    python3 data/convert_digits.py PATH/TO/sklearn/datasets/data/digits.csv.gz [OUT_DIR]

OUT_DIR defaults to the directory of this script.
"""
import gzip
import os
import sys

import numpy as np

N_SAMPLES = 1797


def main(argv):
    if len(argv) not in (2, 3):
        sys.exit(__doc__)
    src = argv[1]
    out_dir = argv[2] if len(argv) == 3 else os.path.dirname(os.path.abspath(__file__))

    with gzip.open(src, "rt", encoding="ascii") as f:
        table = np.loadtxt(f, delimiter=",", dtype=np.int64)

    if table.shape != (N_SAMPLES, 65):
        sys.exit(f"unexpected table shape {table.shape}, expected ({N_SAMPLES}, 65)")
    pixels, labels = table[:, :64], table[:, 64]
    if pixels.min() < 0 or pixels.max() > 16:
        sys.exit(f"pixels outside 0..16: min {pixels.min()}, max {pixels.max()}")
    if labels.min() < 0 or labels.max() > 9:
        sys.exit(f"labels outside 0..9: min {labels.min()}, max {labels.max()}")

    # Pixels are counts 0..16: int16 holds them exactly, is a multi-byte type (so reading
    # it exercises the byte-order path) and keeps the file at 230 KB (int32: 460 KB).
    images = pixels.reshape(N_SAMPLES, 8, 8).astype("<i2")
    # Labels 0..9 as int32, the natural Java int for a class index.
    targets = labels.astype("<i4")

    os.makedirs(out_dir, exist_ok=True)
    np.save(os.path.join(out_dir, "digits.npy"), images)
    np.save(os.path.join(out_dir, "digits_labels.npy"), targets)
    print(f"digits.npy {images.shape} {images.dtype.str}, "
          f"digits_labels.npy {targets.shape} {targets.dtype.str} -> {out_dir}")


if __name__ == "__main__":
    main(sys.argv)
