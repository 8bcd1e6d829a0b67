"""Prints the ufunc table of org.ndprim.Ufunc from NumPy's own loop lists (np.<name>.types).

Each ufunc's loops keep NumPy's order (the order its type resolver searches) and only the
dtypes ndprim has: bool, the integers (long 'l' is int64 'q' here), float16/32/64 and
complex64/128. Mixed-type loops (equal's 'qQ->?') are left out of the table: ndprim has no mixed
kernels; Ufunc.signedWithUint64 gives those comparisons their exact answers instead.
Run: python3 gen_ufunc_table.py, then paste the lines into Ufunc.java.
"""
import numpy as np

NAMES = ("add subtract multiply true_divide floor_divide remainder power negative positive "
         "absolute sign square reciprocal equal not_equal less less_equal greater greater_equal "
         "isnan isinf isfinite logical_and logical_or logical_xor logical_not bitwise_and "
         "bitwise_or bitwise_xor invert left_shift right_shift maximum minimum fmax fmin sqrt "
         "cbrt exp exp2 expm1 log log2 log10 log1p sin cos tan arcsin arccos arctan arctan2 "
         "sinh cosh tanh hypot floor ceil rint trunc conjugate").split()
KEEP = set("?bBhHiIqQefdFD")
CANON = {"l": "q", "L": "Q"}

for name in NAMES:
    f = getattr(np, name)
    loops = []
    for t in f.types:
        t = "".join(CANON.get(c, c) for c in t)
        ins, out = t.split("->")
        if set(ins) <= KEEP and set(out) <= KEEP and len(set(ins)) == 1:
            if ins + out not in loops:
                loops.append(ins + out)
    print('  /** NumPy\'s {@code np.%s}. */' % name)
    print('  public static final Ufunc %s = new Ufunc("%s", %d, "%s");'
          % (name.upper(), name, f.nin, " ".join(loops)))
