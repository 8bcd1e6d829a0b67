"""Golden cases of NumPy's sorting and searching routines for ndprim's Sorting.

    python3 runtime/src/test/python/gen_sorting_cases.py \
        | gzip -9n > runtime/src/test/resources/golden/sorting_cases.txt.gz

Lines (tab-separated):  OP  INPUTS  PARAMS  RESULT
    OP      sort, argsort, partition, argpartition, unique, searchsorted, median, quantile,
            quantile_arr, percentile, percentile_arr, histogram, histogram_range, bincount,
            histogram_w, histogram_range_w, histogram_edges_w (weighted)
    INPUTS  arrays, ';'-separated, each DTYPE (SHAPE) HEX|INDEX|T: the C-order little-endian
            bytes of a base array, then indexed by the basic-index string INDEX (empty: none)
            and transposed when T is 't' (so views of every layout are covered)
    PARAMS  space-separated, per routine (see SortingGoldenTest); None for no axis
    RESULT  OK followed by one entry per result array, ';'-separated, each DTYPE (SHAPE) HEX;
            or ERR KIND MESSAGE (NumPy's exception)

partition and argpartition results are only specified by NumPy up to the partition property:
the Java test checks the property and the elements at the kth positions, not the order.
"""
import warnings

import golden_arrays
import numpy as np

warnings.simplefilter("ignore")

ALL = ["b1", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "f2", "f4", "f8", "c8", "c16"]
REAL = [d for d in ALL if d[0] != "c"]
rng = np.random.default_rng(20261202)


enc = golden_arrays.enc
view_of = golden_arrays.view_of


def data(dt, shape, special=True):
    return golden_arrays.data(rng, dt, shape, special)



VIEWS = {  # base shape, index, transpose
    "1": ((9,), "", ""),
    "1r": ((9,), "::-1", ""),
    "1s": ((11,), "1::3", ""),
    "2": ((3, 5), "", ""),
    "2t": ((3, 5), "", "t"),
    "2s": ((4, 6), "::-2, 1::2", ""),
    "3": ((2, 3, 4), "", ""),
    "0": ((0,), "", ""),
    "02": ((2, 0), "", ""),
    "()": ((), "", ""),
    "big": ((30,), "", ""),
}


def spec(dt, view, special=True):
    shape, index, t = VIEWS[view]
    base = data(dt, shape, special)
    return "%s|%s|%s" % (enc(base), index, t), view_of(base, index, t)


def param(tok):
    if tok == "None":
        return None
    if tok.startswith("["):
        inner = tok[1:-1]
        return [param(x) for x in inner.split(",")] if inner else []
    for conv in (int, float):
        try:
            return conv(tok)
        except ValueError:
            pass
    return tok


def run(op, arrays, p):
    a = arrays[0]
    if op == "sort":
        return [np.sort(a, axis=p[0], kind="stable")]
    if op == "argsort":
        return [np.argsort(a, axis=p[0], kind="stable")]
    if op == "partition":
        return [np.partition(a, p[0], axis=p[1])]
    if op == "argpartition":
        return [np.partition(a, p[0], axis=p[1])]  # the values the indices must select
    if op == "unique":
        r = np.unique(a, return_index=bool(p[0]), return_inverse=bool(p[1]),
                      return_counts=bool(p[2]))
        return list(r) if isinstance(r, tuple) else [r]
    if op == "searchsorted":
        sorter = np.argsort(a, kind="stable") if p[1] else None
        s = a if p[1] else np.sort(a, kind="stable")
        return [np.searchsorted(s, arrays[1], side=p[0], sorter=sorter)]
    if op == "median":
        return [np.median(a, axis=p[0])]
    if op == "histogram_edges":
        return list(np.histogram(a, bins=arrays[1], density=bool(p[0])))
    if op == "histogram_density":
        return list(np.histogram(a, bins=p[0], density=True))
    if op == "quantile":
        return [np.quantile(a, p[0], axis=p[1])]
    if op == "quantile_arr":
        return [np.quantile(a, np.array(p[0], dtype=np.float64), axis=p[1])]
    if op == "percentile":
        return [np.percentile(a, p[0], axis=p[1])]
    if op == "percentile_arr":
        return [np.percentile(a, np.array(p[0], dtype=np.float64), axis=p[1])]
    if op == "histogram_w":  # a, weights; bins, density
        return list(np.histogram(a, p[0], weights=arrays[1], density=bool(p[1])))
    if op == "histogram_range_w":  # a, weights; bins, lo, hi, density
        return list(np.histogram(a, p[0], range=(p[1], p[2]), weights=arrays[1],
                                 density=bool(p[3])))
    if op == "histogram_edges_w":  # a, edges, weights; density
        return list(np.histogram(a, bins=arrays[1], weights=arrays[2], density=bool(p[0])))
    if op == "histogram":
        return list(np.histogram(a, p[0]))
    if op == "histogram_range":
        return list(np.histogram(a, p[0], range=(p[1], p[2])))
    if op == "bincount":
        return [np.bincount(a, weights=arrays[1] if len(arrays) > 1 else None, minlength=p[0])]
    raise ValueError(op)


def case(op, inputs, params):
    arrays = [x[1] for x in inputs]
    p = [param(t) for t in params.split(" ")] if params else []
    try:
        with np.errstate(all="ignore"):
            rs = run(op, arrays, p)
        result = "OK " + ";".join(enc(x) for x in rs)
    except Exception as e:  # noqa: BLE001 - every NumPy error is a golden case
        result = "ERR %s %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
    print("%s\t%s\t%s\t%s" % (op, ";".join(x[0] for x in inputs), params, result))


def main():
    print("# NumPy %s sorting cases for ndprim; generated by runtime/src/test/python/gen_sorting_cases.py"
          % np.__version__)
    for dt in ALL:
        for v in VIEWS:
            rank = len(view_of(np.zeros(VIEWS[v][0]), VIEWS[v][1], VIEWS[v][2]).shape)
            axes = ["None"] + [str(x) for x in range(-rank, rank)] + ["%d" % rank]
            for rep in range(2):
                s = spec(dt, v)
                for ax in axes:
                    case("sort", [s], ax)
                    case("argsort", [s], ax)
                if rank >= 1 and rep == 0:
                    n = s[1].shape[-1]
                    for kth in ["0", "-1", str(n // 2), "[0,%d]" % (n - 1) if n else "[0]", str(n)]:
                        case("partition", [s], kth + " -1")
                        case("argpartition", [s], kth + " -1")
                    if rank >= 2:
                        case("partition", [s], "1 0")
                        case("argpartition", [s], "1 0")
                for flags in ["0 0 0", "1 1 1", "1 0 0", "0 1 0", "0 0 1"]:
                    case("unique", [s], flags)
                if dt[0] != "c":
                    for ax in ["None", "0", "-1"][:rank + 1 if rank < 2 else 3]:
                        case("median", [s], ax)
                        qs = ["0.0", "0.5", "1.0", "0.3", "0.75", "0.1", "0.999", "1.5"]
                        for q in qs[:1] if dt == "b1" else qs:
                            case("quantile", [s], q + " " + ax)
                        case("quantile_arr", [s], "[0.0,0.25,0.5,0.7,1.0] " + ax)
                        for q in ["50.0", "33.0", "90.0", "-1.0"]:
                            case("percentile", [s], q + " " + ax)
                        case("percentile_arr", [s], "[10.0,50.0,99.0] " + ax)
        # histograms: finite data (autodetected ranges refuse NaN and infinities) and some with
        if dt[0] != "c":
            for v in ["1", "1s", "2t", "3", "0", "()", "big"]:
                for special in [False, True]:
                    s = spec(dt, v, special)
                    for bins in ["1", "3", "10", "0"]:
                        case("histogram", [s], bins)
                        for lo, hi in [("-1.0", "2.0"), ("0.0", "7.0"), ("1.5", "1.5"),
                                       ("-3.3", "100.1"), ("2.0", "1.0"), ("0.0", "inf")]:
                            case("histogram_range", [s], "%s %s %s" % (bins, lo, hi))
        # searchsorted: a (sorted by numpy, or through a sorter) and values of another view
        for v in ["1", "1s", "0", "big"]:
            a = spec(dt, v)
            for w in ["2t", "1", "()", "0"]:
                x = spec(dt, w)
                for side in ["left", "right"]:
                    for sorter in ["0", "1"]:
                        case("searchsorted", [a, x], side + " " + sorter)
        # bincount
        if dt[0] in "biu":
            for v in ["1", "1r", "1s", "0", "2", "()", "big"]:
                base, index, t = VIEWS[v]
                raw = rng.integers(0, 9, int(np.prod(base)) if base else 1).astype(dt).reshape(base)
                s = ("%s|%s|%s" % (enc(raw), index, t), view_of(raw, index, t))
                for minlength in ["0", "3", "12", "-1"]:
                    case("bincount", [s], minlength)
                w = spec("f8", v, False)
                case("bincount", [s, w], "2")
        if dt[0] == "i":
            neg = np.array([1, -1, 2]).astype(dt)
            case("bincount", [("%s||" % enc(neg), neg)], "0")
    for dt in ["f8", "f4", "c16"]:
        s = spec(dt, "1")
        case("bincount", [s], "0")
    # histograms over given edges, and densities (added last, so the cases above keep their data)
    edges = [np.array([-1.0, 0.0, 0.5, 2.0, 7.0]), np.array([0, 1, 3, 5], dtype=np.int64),
             np.array([0.0, 0.0, 1.5], dtype=np.float32), np.array([2.0, 1.0]), np.array([3.0]),
             np.array([], dtype=np.float64), np.array([0.0, np.nan]), np.zeros((2, 2)),
             np.array([0, 200, 255], dtype=np.uint8), np.array([False, True]),
             np.array([-2.0, 0.0, 2.0], dtype=np.float16)]
    for dt in REAL:
        for v in ["1", "1s", "2t", "0", "()", "big"]:
            for special in [False, True]:
                s = spec(dt, v, special)
                for e in edges:
                    es = ("%s||" % enc(e), e)
                    for density in ["0", "1"]:
                        case("histogram_edges", [s, es], density)
                if not special:
                    for bins in ["1", "3", "10"]:
                        case("histogram_density", [s], bins)
    # complex medians (added last, so the cases above keep their data): lexicographic order,
    # np.mean's complex division, NaN (either part) as the last sorted element
    for dt in ["c8", "c16"]:
        for v in VIEWS:
            rank = len(view_of(np.zeros(VIEWS[v][0]), VIEWS[v][1], VIEWS[v][2]).shape)
            for special in [False, True]:
                s = spec(dt, v, special)
                for ax in ["None", "0", "-1"][:rank + 1 if rank < 2 else 3]:
                    case("median", [s], ax)

    # weighted histograms (added last, so the cases above keep their data): weights of every
    # real dtype on views of every layout, equal bins, ranges and edges, densities; a wrong shape
    for dt in ["i2", "u1", "f4", "f8"]:
        for v in ["1", "1s", "2t", "0", "()", "big"]:
            s = spec(dt, v, False)
            shape = s[1].shape
            for wdt in REAL:
                if wdt[0] in "iu":
                    # small integers: a block's float64 sums cast back stay in range (an
                    # out-of-range float -> int cast is the platform's in NumPy, ndprim's rule in
                    # ndprim: docs/differences.md)
                    w = rng.integers(0 if wdt[0] == "u" else -3, 4, shape).astype(wdt)
                else:
                    w = data(wdt, shape, False)
                ws = ("%s||" % enc(np.asarray(w)), np.asarray(w))
                for density in ["0", "1"]:
                    case("histogram_w", [s, ws], "4 " + density)
                    case("histogram_range_w", [s, ws], "3 -1.0 2.5 " + density)
                    e = np.array([-1.0, 0.0, 0.5, 2.0, 7.0])
                    case("histogram_edges_w", [s, ("%s||" % enc(e), e), ws], density)
        wrong = data("f8", (2,), False)
        case("histogram_w", [spec(dt, "1", False), ("%s||" % enc(wrong), wrong)], "4 0")
    # more than one block of 65,536 elements: float32 weights summed block by block, of a few
    # values (so the hex compresses); ties in a with distinct integer weights (exact in any order)
    n = 65536 + 4000
    a = rng.integers(0, 50, n).astype(np.uint8)
    w = rng.choice(np.array([0.1, 0.7, 1e7, -3.3], dtype=np.float32), n)
    big = [("%s||" % enc(a), a), ("%s||" % enc(w), w)]
    case("histogram_w", big, "7 0")
    case("histogram_range_w", big, "5 3.0 40.0 1")
    wi = rng.integers(-5, 5, n).astype(np.int32)
    e = np.array([0.0, 10.0, 10.5, 49.0])
    case("histogram_edges_w", [big[0], ("%s||" % enc(e), e), ("%s||" % enc(wi), wi)], "0")


main()
