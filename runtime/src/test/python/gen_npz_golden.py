#!/usr/bin/env python3
"""Golden .npz archives for org.ndprim.io.Npz tests, written by numpy itself.

    python3 runtime/src/test/python/gen_npz_golden.py [OUT_DIR]
    python3 runtime/src/test/python/gen_npz_golden.py --check FILE.npz...

OUT_DIR defaults to runtime/src/test/resources/npz. The Java tests never run Python: they read
the committed output. Re-run after changing this script and commit the result.

Files:
  savez.npz             np.savez(f, *POSITIONAL, **ARRAYS): stored members (numpy's zip64 local
                        headers included: it opens every member with force_zip64=True)
  savez_compressed.npz  np.savez_compressed of the same arrays: deflated members
  expected.tsv          per member of both: name, dtype.str, fortran order, shape, and the SHA-256
                        of np.save(ascontiguousarray(a, little-endian dtype)), which is what
                        Npy.write of the array ndprim reads must give byte for byte
  options/*.npy         np.save of arrays cast, byte-swapped and Fortran-ordered (NAME says how:
                        DTYPE_ORDER_SHAPE), for Npy.write with WriteOptions
  hostile/*.npz         archives that lie; hostile/manifest.tsv says what numpy does with each
                        (np.load(f)[name] for every member): OK or the exception's type

--check loads archives written by ndprim (NpzGoldenTest writes them to target/npz-check with
-Dndprim.npzCheck=true) and compares every member with ARRAYS as numpy reads them: the check
"the other way", run by hand; its output for the committed ndprim_*.npz is ndprim_check.txt.
"""
import hashlib
import io
import os
import struct
import sys
import zipfile
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "resources", "npz"))


def arrays():
    """The members, in the order np.savez writes them: keywords first, then arr_0, arr_1, ..."""
    nan, inf = float("nan"), float("inf")
    a = {}
    a["int16"] = np.array([[-32768, -1, 0], [1, 258, 32767]], dtype="<i2")
    a["float64"] = np.array([-inf, -1.5, -0.0, 0.1, nan, inf, 1e300, 5e-324], dtype="<f8")
    a["bool"] = np.array([[True, False], [False, True]])
    a["int8"] = np.arange(-4, 4, dtype="i1").reshape(2, 2, 2)
    a["big_int32"] = np.array([1, -2, 0x01020304, -(2**31)], dtype=">i4")
    a["fortran_float32"] = np.asfortranarray(np.arange(12, dtype="<f4").reshape(3, 4) / 4)
    a["scalar"] = np.array(7, dtype="<i8")
    a["empty"] = np.zeros((0, 3), dtype="<f8")
    a["uint16"] = np.array([0, 1, 65535, 32768], dtype="<u2")
    a["image"] = (np.arange(6 * 5, dtype="<i4").reshape(6, 5) * 3) % 17
    return a


POSITIONAL = [np.array([3.25, -1.0], dtype="<f4")]


def npy_bytes(array):
    b = io.BytesIO()
    np.save(b, array)
    return b.getvalue()


def canonical(array):
    """What Npy.write writes for the array ndprim reads: little-endian, C order."""
    return np.asarray(array, dtype=array.dtype.newbyteorder("<") if array.dtype.itemsize > 1 else array.dtype, order="C")


def write_expected(out, names):
    lines = ["# archive\tmember\tdtype\tfortran\tshape\tsha256 of np.save(little-endian C-order copy)"]
    for archive in names:
        with np.load(os.path.join(out, archive)) as z:
            for name in z.files:
                a = z[name]
                fortran = a.flags.f_contiguous and not a.flags.c_contiguous
                shape = "(" + ", ".join(str(d) for d in a.shape) + ("," if a.ndim == 1 else "") + ")"
                digest = hashlib.sha256(npy_bytes(canonical(a))).hexdigest()
                lines.append("\t".join([archive, name, a.dtype.str, str(fortran), shape, digest]))
    with open(os.path.join(out, "expected.tsv"), "w") as f:
        f.write("\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------- hostile

def zip_bytes(members, method=zipfile.ZIP_STORED):
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w", compression=method) as z:
        for name, data in members:
            z.writestr(name, data)
    return bytearray(b.getvalue())


def patch_sizes(data, name, size=None, csize=None, crc=None):
    """Rewrites a member's sizes or CRC in both its local header and its central directory record."""
    name = name.encode()
    pos = 0
    while True:
        pos = data.find(b"PK\x03\x04", pos)
        if pos < 0:
            break
        n = struct.unpack_from("<H", data, pos + 26)[0]
        if bytes(data[pos + 30:pos + 30 + n]) == name:
            if crc is not None:
                struct.pack_into("<I", data, pos + 14, crc)
            if csize is not None:
                struct.pack_into("<I", data, pos + 18, csize)
            if size is not None:
                struct.pack_into("<I", data, pos + 22, size)
        pos += 4
    pos = 0
    while True:
        pos = data.find(b"PK\x01\x02", pos)
        if pos < 0:
            break
        n = struct.unpack_from("<H", data, pos + 28)[0]
        if bytes(data[pos + 46:pos + 46 + n]) == name:
            if crc is not None:
                struct.pack_into("<I", data, pos + 16, crc)
            if csize is not None:
                struct.pack_into("<I", data, pos + 20, csize)
            if size is not None:
                struct.pack_into("<I", data, pos + 24, size)
        pos += 4
    return data


def hostile(out):
    d = os.path.join(out, "hostile")
    os.makedirs(d, exist_ok=True)
    good = npy_bytes(np.arange(1000, dtype="<f8"))
    cases = {}

    # a flipped data byte in a stored member: the CRC-32 no longer matches
    z = zip_bytes([("x.npy", good)])
    z[z.find(good[:10]) + 200] ^= 0x55
    cases["bad_crc.npz"] = z

    # the archive cut in half: no end of central directory
    cases["truncated.npz"] = zip_bytes([("x.npy", good)])[:4000]

    # a 75-byte .npy header claiming 640 MB, with 8 bytes of data, in a valid archive
    claim = bytearray(npy_bytes(np.zeros((4, 20000000), dtype="<f8"))[:128]) + b"\0" * 8
    cases["header_claims_640MB.npz"] = zip_bytes([("x.npy", bytes(claim))], zipfile.ZIP_DEFLATED)

    # a deflated member whose directory claims 4 GB - 1 from a few hundred compressed bytes
    z = zip_bytes([("x.npy", good)], zipfile.ZIP_DEFLATED)
    cases["claims_4GB_deflated.npz"] = patch_sizes(z, "x.npy", size=0xFFFFFFFE)

    # a deflated member claiming fewer bytes than it inflates to
    z = zip_bytes([("x.npy", good)], zipfile.ZIP_DEFLATED)
    cases["inflates_more.npz"] = patch_sizes(z, "x.npy", size=len(good) - 100)

    # a deflated member claiming more bytes than it inflates to (within deflate's ratio)
    zeros = npy_bytes(np.zeros(200000, dtype="<f8"))
    z = zip_bytes([("x.npy", zeros)], zipfile.ZIP_DEFLATED)
    cases["inflates_less.npz"] = patch_sizes(z, "x.npy", size=len(zeros) + 20000)

    # a stored member whose directory claims more than the file holds
    z = zip_bytes([("x.npy", good)])
    cases["stored_claims_more.npz"] = patch_sizes(z, "x.npy", size=len(good) * 1000, csize=len(good) * 1000)

    # a member that is not a .npy file, next to one that is
    cases["not_npy_member.npz"] = zip_bytes([("notes.txt", b"hello"), ("x.npy", good)])

    # bzip2, which numpy reads but java.util.zip does not
    cases["bzip2.npz"] = zip_bytes([("x.npy", good)], zipfile.ZIP_BZIP2)

    # a zip file of no members
    cases["empty.npz"] = zip_bytes([])

    manifest = ["# file\tmember\tnumpy's outcome of np.load(file)[member]"]
    for name, data in sorted(cases.items()):
        path = os.path.join(d, name)
        with open(path, "wb") as f:
            f.write(bytes(data))
        try:
            with np.load(path) as z:
                members = list(z.files) or ["-"]
                for m in members:
                    if m == "-":
                        manifest.append(f"{name}\t-\tOK no members")
                        continue
                    try:
                        v = z[m]
                        what = f"OK {v.dtype.str} {v.shape}" if isinstance(v, np.ndarray) else f"OK bytes {len(v)}"
                    except Exception as e:  # noqa: BLE001 - recording numpy's behaviour
                        what = type(e).__name__
                    manifest.append(f"{name}\t{m}\t{what}")
        except Exception as e:  # noqa: BLE001
            manifest.append(f"{name}\t-\t{type(e).__name__}")
    with open(os.path.join(d, "manifest.tsv"), "w") as f:
        f.write("\n".join(manifest) + "\n")


# ----------------------------------------------------------------------------------- --check

def check(paths):
    """numpy loads archives that ndprim wrote: every member equals the array ndprim was given."""
    expected = dict(arrays())
    expected.update({f"arr_{i}": v for i, v in enumerate(POSITIONAL)})
    ok = True
    for path in paths:
        with zipfile.ZipFile(path) as zf:
            infos = {i.filename: i for i in zf.infolist()}
            bad = zf.testzip()
        with np.load(path) as z:
            print(f"{os.path.basename(path)}: {len(z.files)} members, zip CRCs {'ok' if bad is None else 'BAD ' + bad}")
            ok &= bad is None
            for name in z.files:
                a = z[name]
                e = expected[name]
                same = a.shape == e.shape and a.dtype == canonical(e).dtype and np.array_equal(a, e, equal_nan=a.dtype.kind == "f")
                same_bytes = npy_bytes(canonical(e)) == zf_read(path, name + ".npy")
                info = infos[name + ".npy"]
                method = {0: "stored", 8: "deflated"}.get(info.compress_type, str(info.compress_type))
                print(f"  {name}: {a.dtype.str} {a.shape} {method}: values {'equal' if same else 'DIFFER'},"
                      f" member bytes {'= np.save' if same_bytes else '!= np.save'}")
                ok &= same and same_bytes
    print("all equal" if ok else "DIFFERENCES")
    return 0 if ok else 1


def zf_read(path, entry):
    with zipfile.ZipFile(path) as zf:
        return zf.read(entry)


def options(out):
    """np.save(np.asarray(np.arange(n).reshape(shape), dtype=dtype, order=order))."""
    d = os.path.join(out, "options")
    os.makedirs(d, exist_ok=True)
    cases = [(">f8", "F", (2, 3)), (">i2", "C", (2, 3)), ("<f4", "F", (1, 5)), ("|b1", "F", (2, 3)),
             ("<i4", "F", (0, 3)), (">u2", "F", (3, 1, 2)), ("|i1", "F", (4, 3)), ("<i8", "F", ()),
             (">f4", "F", (12, 1000))]
    for dtype, order, shape in cases:
        n = int(np.prod(shape))
        a = np.asarray(np.arange(n).reshape(shape) % 7 - 3, dtype=dtype, order=order)
        name = "%s_%s_%s.npy" % (dtype[1:] + ("_be" if dtype[0] == ">" else ""), order, "x".join(map(str, shape)) or "scalar")
        np.save(os.path.join(d, name), a)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--check":
        return check(sys.argv[2:])
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    os.makedirs(out, exist_ok=True)
    a = arrays()
    np.savez(os.path.join(out, "savez.npz"), *POSITIONAL, **a)
    np.savez_compressed(os.path.join(out, "savez_compressed.npz"), *POSITIONAL, **a)
    write_expected(out, ["savez.npz", "savez_compressed.npz"])
    options(out)
    hostile(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
