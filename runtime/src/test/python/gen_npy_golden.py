#!/usr/bin/env python3
"""Golden .npy files for org.ndprim.io.Npy tests, written by numpy itself.

    python3 runtime/src/test/python/gen_npy_golden.py [OUT_DIR]

OUT_DIR defaults to runtime/src/test/resources/npy. The Java tests never run Python: they read
the committed output. Re-run after changing this script and commit the result.

Files (all shapes (2, 3) unless said otherwise; the values are spelled out again in NpyGoldenTest):
  <code>_le.npy / <code>_be.npy  each dtype in both byte orders: i2 u2 u4 u8 i4 i8 f2 f4 f8 c8 c16
  b1.npy, i1.npy, u1.npy         the single-byte dtypes ('|')
  bf16.npy                       ml_dtypes' bfloat16 as np.save writes it ('<V2'); needs ml_dtypes
  fortran_*.npy                  Fortran-order files (fortran_order: True)
  scalar_*.npy                   0-d arrays, shape ()
  empty_*.npy                    size-0 arrays
  vector_i8.npy, rank4_i2.npy    other ranks
  view_i4.npy                    np.save of arange(24, int32).reshape(4, 6)[::-1, 1::2]
  v2_0_*.npy, v3_0_*.npy         format versions 2.0 and 3.0 (write_array(version=...), or np.save's own choice)
  v*_guessed_header.bin          numpy's _wrap_header_guess_version bytes for long header texts
  hdr_*.npy                      valid but unusual headers, written by hand (numpy loads them)
  bad_*.npy                      malformed files (numpy refuses them)
  unsupported_*.npy              valid .npy files whose dtype ndprim does not map
"""
import io
import os
import struct
import sys
import warnings

import numpy as np
from numpy.lib import _format_impl as format_impl  # numpy 2.x: _wrap_header_guess_version

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "resources", "npy"))

VALUES = {
    "b1": [True, False, True, False, False, True],
    "i1": [-128, -1, 0, 1, 42, 127],
    "i2": [-32768, -1, 0, 1, 258, 32767],
    "u1": [0, 1, 127, 128, 200, 255],
    "u4": [0, 1, 0x01020304, 2**31 - 1, 2**31, 2**32 - 1],
    "u8": [0, 1, 0x0102030405060708, 2**63 - 1, 2**63, 2**64 - 1],
    "c8": [complex(1, 2), complex(-0.0, -1.5), complex(float("inf"), 0.1), complex(float("nan"), 0),
           complex(0, float("-inf")), complex(3.5, -0.0)],
    "c16": [complex(1, 2), complex(-0.0, -1.5), complex(float("inf"), 0.1), complex(float("nan"), 0),
            complex(0, float("-inf")), complex(3.5, -0.0)],
    "u2": [0, 1, 258, 32767, 32768, 65535],
    "i4": [-2147483648, -1, 0, 1, 0x01020304, 2147483647],
    "i8": [-2**63, -1, 0, 1, 0x0102030405060708, 2**63 - 1],
    "f2": [1.0, -2.0, 0.5, 65504.0, float("inf"), float("nan")],
    "f4": [float("-inf"), -1.5, -0.0, 0.1, float("nan"), float("inf")],
    "f8": [float("-inf"), -1.5, -0.0, 0.1, float("nan"), float("inf")],
}


def save(out, name, array):
    np.save(os.path.join(out, name), array)


def raw(out, name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


def npy_bytes(array):
    b = io.BytesIO()
    np.save(b, array)
    return b.getvalue()


def v1(header, data=b""):
    """A version 1.0 file with the given header text, stored as is (no padding added)."""
    h = header.encode("latin1")
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h + data


def expect_numpy_loads(path, expected):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # numpy warns about Python 2 'L' suffixes
        got = np.load(path)
    assert got.dtype == expected.dtype and got.shape == expected.shape, (path, got.dtype, got.shape)
    assert np.array_equal(got, expected, equal_nan=got.dtype.kind == "f"), path


def expect_numpy_refuses(path):
    try:
        np.load(path, allow_pickle=False)
    except Exception:
        return
    raise AssertionError(f"numpy loads {path}, but it is meant to be malformed")


def main(argv):
    out = argv[1] if len(argv) > 1 else DEFAULT_OUT
    os.makedirs(out, exist_ok=True)

    # --- every dtype, both byte orders (values identical, so a read-then-write of either
    #     must give the bytes of the _le file) --------------------------------------------
    for code in ("b1", "i1", "u1"):
        save(out, f"{code}.npy", np.array(VALUES[code], dtype="|" + code).reshape(2, 3))
    for code in ("i2", "u2", "u4", "u8", "i4", "i8", "f2", "f4", "f8", "c8", "c16"):
        for suffix, order in (("le", "<"), ("be", ">")):
            a = np.array(VALUES[code], dtype=order + code).reshape(2, 3)
            save(out, f"{code}_{suffix}.npy", a)

    # --- Fortran order --------------------------------------------------------------------
    save(out, "fortran_i4_2x3.npy", np.asfortranarray(np.arange(6, dtype="<i4").reshape(2, 3)))
    save(out, "fortran_f8_2x3x4.npy", np.asfortranarray(np.arange(24, dtype="<f8").reshape(2, 3, 4)))
    save(out, "fortran_i2_be_3x4.npy", np.asfortranarray((np.arange(12).reshape(3, 4) - 6).astype(">i2")))
    save(out, "fortran_b1_2x2.npy", np.asfortranarray(np.array([[True, False], [True, True]])))
    # C-order equivalents, for comparing what a Fortran read gives, and for byte-identical writes
    save(out, "c_i4_2x3.npy", np.arange(6, dtype="<i4").reshape(2, 3))
    save(out, "c_f8_2x3x4.npy", np.arange(24, dtype="<f8").reshape(2, 3, 4))

    # --- 0-d, empty, other ranks -----------------------------------------------------------
    save(out, "scalar_i4.npy", np.array(-7, dtype="<i4"))
    save(out, "scalar_f8.npy", np.array(2.5, dtype="<f8"))
    save(out, "scalar_b1.npy", np.array(True))
    save(out, "empty_f8_0x3.npy", np.zeros((0, 3), dtype="<f8"))
    save(out, "empty_i2_0.npy", np.zeros((0,), dtype="<i2"))
    save(out, "empty_i4_2x0x3.npy", np.zeros((2, 0, 3), dtype="<i4"))
    save(out, "vector_i8.npy", np.arange(-2, 3, dtype="<i8"))
    save(out, "rank4_i2.npy", np.arange(12, dtype="<i2").reshape(2, 1, 3, 2))
    save(out, "view_i4.npy", np.arange(24, dtype="<i4").reshape(4, 6)[::-1, 1::2])

    # --- valid but unusual headers (numpy writes none of these, but loads all of them) ------
    i4 = np.arange(6, dtype="<i4").reshape(2, 3)
    data = i4.tobytes()
    hand = {
        # keys in another order, double quotes, no trailing comma, no padding
        "hdr_reordered.npy": "{\"shape\": (2, 3), \"fortran_order\": False, \"descr\": \"<i4\"}\n",
        # whitespace (spaces, tabs, newlines) everywhere Python allows it
        "hdr_whitespace.npy": "  {\n 'descr' :\t'<i4' ,\n  'fortran_order':False,'shape':( 2 ,\t3 , ) ,\n}   \n",
        # the 16-byte alignment of numpy < 1.14 (header length 70 here)
        "hdr_align16.npy": "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }" + " " * 9 + "\n",
    }
    for name, header in hand.items():
        raw(out, name, v1(header, data))
        expect_numpy_loads(os.path.join(out, name), i4)
    # '=' (native) byte order, as numpy reads it: native order of the reading machine
    raw(out, "hdr_native_order.npy", v1("{'descr': '=i4', 'fortran_order': False, 'shape': (2, 3), }\n", data))
    expect_numpy_loads(os.path.join(out, "hdr_native_order.npy"), i4)
    # Python 2 era 'L' suffixes on the shape ints
    raw(out, "hdr_long_suffix.npy", v1("{'descr': '<i4', 'fortran_order': False, 'shape': (2L, 3L), }\n", data))
    expect_numpy_loads(os.path.join(out, "hdr_long_suffix.npy"), i4)

    # --- malformed --------------------------------------------------------------------------
    good = npy_bytes(i4)
    raw(out, "bad_magic.npy", b"\x93NUMPX" + good[6:])
    raw(out, "bad_empty.npy", b"")
    raw(out, "bad_truncated_data.npy", good[:-5])
    raw(out, "bad_truncated_header.npy", good[:40])
    raw(out, "bad_missing_key.npy", v1("{'descr': '<i4', 'shape': (2, 3), }\n", data))
    raw(out, "bad_extra_key.npy", v1("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), 'x': 1}\n", data))
    raw(out, "bad_not_a_dict.npy", v1("['<i4', False, (2, 3)]\n", data))
    raw(out, "bad_shape_not_tuple.npy", v1("{'descr': '<i4', 'fortran_order': False, 'shape': 6}\n", data))
    raw(out, "bad_fortran_not_bool.npy", v1("{'descr': '<i4', 'fortran_order': 0, 'shape': (2, 3)}\n", data))
    raw(out, "bad_shape_overflow.npy",
        v1("{'descr': '<i4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296)}\n", data))
    raw(out, "bad_negative_dim.npy", v1("{'descr': '<i4', 'fortran_order': False, 'shape': (-2, 3)}\n", data))
    for name in ("bad_magic.npy", "bad_empty.npy", "bad_truncated_data.npy", "bad_truncated_header.npy",
                 "bad_missing_key.npy", "bad_extra_key.npy", "bad_not_a_dict.npy", "bad_shape_not_tuple.npy",
                 "bad_fortran_not_bool.npy", "bad_shape_overflow.npy", "bad_negative_dim.npy"):
        expect_numpy_refuses(os.path.join(out, name))

    # --- format versions 2.0 (32-bit header length) and 3.0 (UTF-8 header) ------------------
    for version in ((2, 0), (3, 0)):
        with open(os.path.join(out, f"v{version[0]}_{version[1]}_i4.npy"), "wb") as f:
            np.lib.format.write_array(f, i4, version=version)
    with open(os.path.join(out, "v2_0_fortran_f8_2x3x4.npy"), "wb") as f:
        np.lib.format.write_array(f, np.asfortranarray(np.arange(24, dtype="<f8").reshape(2, 3, 4)), version=(2, 0))
    with open(os.path.join(out, "v3_0_be_i2.npy"), "wb") as f:
        np.lib.format.write_array(f, np.arange(-3, 3, dtype=">i2").reshape(3, 2), version=(3, 0))
    # np.save picks 3.0 by itself when the header is not latin-1 (a field name 'pi' in Greek)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        save(out, "v3_0_utf8_structured.npy", np.zeros(2, dtype=[("\u03c0", "<i4")]))
    # np.save picks 2.0 when the header needs more than 65535 bytes: _wrap_header_guess_version's
    # bytes for a long header text (no dtype of ndprim's needs one; the writer's rule is tested on it)
    long_header = "{'descr': '<i4', 'fortran_order': False, 'shape': (1,), 'pad': '" + "x" * 70000 + "'}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        raw(out, "v2_0_guessed_header.bin", format_impl._wrap_header_guess_version(long_header))
        # and 1.0 for one that just fits
        raw(out, "v1_0_guessed_header.bin", format_impl._wrap_header_guess_version(
            "{'descr': '<i4', 'fortran_order': False, 'shape': (1,), 'pad': '" + "x" * 65400 + "'}"))

    # --- valid .npy files with dtypes that ndprim does not map ------------------------------
    save(out, "unsupported_f16.npy", np.arange(6, dtype="<f16").reshape(2, 3))
    save(out, "unsupported_c32.npy", np.arange(6, dtype="<c32").reshape(2, 3))
    save(out, "unsupported_V4.npy", np.zeros(3, dtype="|V4"))
    save(out, "unsupported_S5.npy", np.array([b"ab", b"cdefg"], dtype="|S5"))
    save(out, "unsupported_structured.npy", np.zeros(2, dtype=[("x", "<i4"), ("y", "<f8")]))

    # --- bfloat16 as ml_dtypes and np.save write it: descr '<V2' ------------------------------
    import ml_dtypes
    bf = np.array([1.0, -2.0, 0.1, 3.0e38, float("inf"), float("nan")]).astype(ml_dtypes.bfloat16)
    save(out, "bf16.npy", bf.reshape(2, 3))

    print(f"wrote {len(os.listdir(out))} files to {out}")


if __name__ == "__main__":
    main(sys.argv)
