package org.ndprim;

import java.util.Arrays;
import java.util.Objects;
import org.ndprim.ufunc.Promotion;

/**
 * NumPy's sorting and searching routines, for every element type with an order: {@link #sort}
 * and {@link #argsort} (stable, NumPy's {@code kind='stable'}), {@link #partition} and
 * {@link #argpartition}, {@link #unique}, {@link #searchsorted}, {@link #median},
 * {@link #quantile} and {@link #percentile} (NumPy's default {@code linear} method),
 * {@link #histogram} and {@link #bincount}.
 *
 * <p><b>Order.</b> Elements compare as NumPy's sorts compare them: integers by value (unsigned
 * types as unsigned), {@code boolean} false before true, floating-point types by value with
 * every NaN after {@code +inf}; {@code -0.0} and {@code 0.0} are equal, so a stable sort keeps
 * them in their input order, as NumPy's. Complex numbers are ordered lexicographically, real part
 * first, as NumPy's: all numbers without NaN, then those with a NaN imaginary part (by real
 * part), then a NaN real part (by imaginary part), then both NaN. A user-declared type is ordered
 * by its logical value when that is a primitive; other types throw
 * {@link UnsupportedOperationException}.
 *
 * <p><b>How.</b> Each routine reads its input once into a C-order Java array of the values with
 * the working axis last ({@code double}, {@code float} or {@code long}, or the interleaved parts
 * of a complex type), works on each line of it and builds a new C-order result. Values are sorted
 * by {@link Arrays#sort}, which orders NaN last but puts {@code -0.0} before {@code 0.0}: when a
 * line holds a {@code -0.0}, the run of zeros is rewritten afterwards in its input order (one
 * pass over the line before the sort, and only then). NaNs keep their payload bits, but NaNs of
 * different payloads may end in another order than their input order. Indices ({@code argsort})
 * come from one stable merge sort over order keys: a {@code long} per element whose signed order
 * is the element order (for floating point: {@code -0.0} as {@code 0.0}, every NaN as one value
 * above {@code +inf}). Every array must fit a Java array ({@link ScalarType#MAX_ARRAY_SIZE});
 * results are new arrays, never views. The Java array of the values, the keys, the order and the
 * result are held at once: a call whose arrays together need more than the maximum heap
 * ({@code -Xmx}) throws an {@link IllegalArgumentException} naming the call and the input's shape
 * ("argsort: cannot allocate an array of shape (4500, 4500) and its working arrays: it needs
 * 405000000 bytes (386.2 MiB), more than the maximum heap (268435456 bytes (256.0 MiB))"),
 * before anything is allocated, rather than an {@code OutOfMemoryError}
 * ({@link StridedNdArray#requireHeap(String, Shape, long)}).
 */
public final class Sorting {
  private Sorting() {}

  /** How an element type's values are carried and compared. */
  private enum Domain {
    LONG, ULONG, FLOAT, DOUBLE, COMPLEX
  }

  private static Domain domain(ScalarType<?> t) {
    Class<?> logical = t.logicalType();
    if (t.kind() == 'c' && t.slots() == 2) {
      return Domain.COMPLEX;
    }
    if (t.slots() == 1 && logical.isPrimitive()) {
      if (logical == double.class) {
        return Domain.DOUBLE;
      }
      if (logical == float.class) {
        return t.storageType() == float.class ? Domain.FLOAT : Domain.DOUBLE;
      }
      return t.kind() == 'u' && logical == long.class ? Domain.ULONG : Domain.LONG;
    }
    throw new UnsupportedOperationException("no order for elements of " + t.name()
        + ": its logical type " + logical.getSimpleName() + " is not a primitive");
  }

  // ------------------------------------------------------------------------------ lines

  /** A C-order copy of an array's values with the working axis last. */
  private static final class Lines {
    final ScalarType<?> type;
    final Domain domain;
    /** The shape of the copy: the input's with the working axis moved last. */
    final Shape shape;
    /** The length of a line and the number of lines. */
    final int n;
    final int count;
    double[] d;
    float[] f;
    long[] l;

    Lines(ScalarType<?> type, Shape shape) {
      this.type = type;
      this.domain = domain(type);
      this.shape = shape;
      this.n = shape.rank() == 0 ? 1 : (int) shape.dim(shape.rank() - 1);
      long size = shape.size();
      this.count = n == 0 ? 0 : (int) (size / n);
    }

    /** The long order key of element {@code k} (not for complex). */
    long key(int k) {
      switch (domain) {
        case LONG:
          return l[k];
        case ULONG:
          return l[k] ^ Long.MIN_VALUE;
        case FLOAT:
          return doubleKey(f[k]);
        default:
          return doubleKey(d[k]);
      }
    }

    /** The value of element {@code k} as a double (not for complex; uint64 unsigned). */
    double value(int k) {
      switch (domain) {
        case LONG:
          return l[k];
        case ULONG:
          return Unsigned.toDouble(l[k]);
        case FLOAT:
          return f[k];
        default:
          return d[k];
      }
    }
  }

  /** The order key of a double: signed long order is NumPy's order, -0.0 = 0.0, NaN last. */
  static long doubleKey(double v) {
    if (v != v) {
      return Long.MAX_VALUE;
    }
    long bits = Double.doubleToRawLongBits(v == 0 ? 0.0 : v);
    return bits ^ ((bits >> 63) & Long.MAX_VALUE);
  }

  private static int fits(long size, String what) {
    if (size > ScalarType.MAX_ARRAY_SIZE) {
      throw new IllegalArgumentException(what + " of " + size
          + " elements does not fit a Java array");
    }
    return (int) size;
  }

  /** The bytes of one element of a {@link Lines} carrier of type {@code t}. */
  private static int carrierBytes(ScalarType<?> t) {
    if (t.kind() == 'c' && t.slots() == 2) {
      return 2 * Double.BYTES;
    }
    return t.storageType() == float.class && t.logicalType() == float.class ? Float.BYTES
        : Long.BYTES;
  }

  /**
   * Refuses {@code operation} on {@code a} before anything is allocated when the arrays it holds
   * at once do not fit the heap ({@link StridedNdArray#requireHeap(String, Shape, long)}): per
   * element of {@code a}, its {@link Lines} carrier, a copy in {@code a}'s own type when
   * {@code flat} and {@code a} is not contiguous ({@link #flat}: a broadcast is copied), and
   * {@code extra} bytes (keys, orders, results) the caller adds.
   */
  private static void need(String operation, NdArray a, boolean flat, long extra) {
    Objects.requireNonNull(a, "array");
    long size = fits(a.shape().size(), "an array");
    long copy = flat && !a.isContiguous() ? a.scalarType().itemSize() : 0;
    StridedNdArray.requireHeap(operation, a.shape(),
        StridedNdArray.bytes(size, carrierBytes(a.scalarType()) + copy + extra));
  }

  /** {@code bytes} when {@code axis} is not {@code a}'s last: the copy that moves it back. */
  private static long moved(NdArray a, int axis, long bytes) {
    return a.rank() == 0 || axis == a.rank() - 1 ? 0 : bytes;
  }

  /** The values of {@code a} with {@code axis} (normalized) moved last, as a C-order copy. */
  private static Lines lines(NdArray a, int axis) {
    Objects.requireNonNull(a, "array");
    NdArray m = axis == a.rank() - 1 || a.rank() == 0 ? a : NdArrays.moveaxis(a, axis, -1);
    ScalarType<?> t = a.scalarType();
    Lines lines = new Lines(t, m.shape());
    fits(m.shape().size(), "an array");
    switch (lines.domain) {
      case DOUBLE:
        lines.d = (double[]) storage(m.astype(DoubleNdArray.TYPE));
        break;
      case FLOAT:
        lines.f = (float[]) storage(m.astype(FloatNdArray.TYPE));
        break;
      case COMPLEX:
        lines.d = (double[]) storage(m.astype(Complex128NdArray.TYPE));
        break;
      default:
        ScalarType<?> carrier = lines.domain == Domain.ULONG ? UInt64NdArray.TYPE
            : LongNdArray.TYPE;
        lines.l = (long[]) storage(m.astype(carrier));
    }
    return lines;
  }

  /** The Java array of a new C-order array (from {@code astype}). */
  private static Object storage(NdArray copy) {
    Object s = UfuncDriver.javaArray(copy, copy.scalarType());
    if (s == null) {
      throw new IllegalArgumentException("an array of shape " + copy.shape()
          + " does not fit a Java array");
    }
    return s;
  }

  private static NdArray flat(NdArray a) {
    return Objects.requireNonNull(a, "array").reshape(-1);
  }

  /** {@link #flat} for {@code operation}, refused first as {@link #need} refuses. */
  private static NdArray flat(String operation, NdArray a) {
    need(operation, a, true, 1);
    return flat(a);
  }

  /** The array of {@code lines}' values, of its type, in the shape of the lines. */
  private static NdArray build(Lines lines) {
    ScalarType<?> t = lines.type;
    Shape shape = lines.shape;
    boolean own = t.storageType() == t.logicalType();
    switch (lines.domain) {
      case DOUBLE:
        return own && t.storageType() == double.class ? t.wrapStorage(shape, lines.d)
            : t.fromDoubles(shape, lines.d);
      case FLOAT:
        return own ? t.wrapStorage(shape, lines.f) : FloatNdArray.TYPE.wrapStorage(shape,
            lines.f).astype(t);
      case COMPLEX:
        return t.fromComplex(shape, lines.d);
      case ULONG:
        return own ? t.wrapStorage(shape, lines.l) : t.fromUnsignedLongs(shape, lines.l);
      default:
        return own && t.storageType() == long.class ? t.wrapStorage(shape, lines.l)
            : t.fromLongs(shape, lines.l);
    }
  }

  /** Moves the last axis of {@code r} back to {@code axis} and makes it C order. */
  private static <A extends NdArray> A back(NdArray r, int axis, int rank) {
    @SuppressWarnings("unchecked")
    A out = (A) (axis == rank - 1 ? r : NdArrays.moveaxis(r, -1, axis).copy());
    return out;
  }

  // ------------------------------------------------------------------------------ order

  /** A strict order between element positions of one carrier. */
  private interface Order {
    boolean less(int i, int j);
  }

  private static Order order(Lines lines) {
    if (lines.domain == Domain.COMPLEX) {
      double[] p = lines.d;
      return (i, j) -> complexLess(p[2 * i], p[2 * i + 1], p[2 * j], p[2 * j + 1]);
    }
    long[] k = keys(lines);
    return (i, j) -> k[i] < k[j];
  }

  private static long[] keys(Lines lines) {
    if (lines.domain == Domain.LONG) {
      return lines.l; // its own keys, read only: no second copy
    }
    int size = lines.n * lines.count;
    long[] k = new long[size];
    for (int i = 0; i < size; i++) {
      k[i] = lines.key(i);
    }
    return k;
  }

  /** NumPy's complex order ({@code npy_sort}'s {@code CLT} with its NaN rules). */
  static boolean complexLess(double ar, double ai, double br, double bi) {
    if (ar < br) {
      return ai == ai || bi != bi;
    } else if (ar > br) {
      return bi != bi && ai == ai;
    } else if (ar == br || (ar != ar && br != br)) {
      return ai < bi || (bi != bi && ai == ai);
    } else {
      return br != br;
    }
  }

  private static boolean hasNan(Lines lines, int k) {
    if (lines.domain == Domain.COMPLEX) {
      return Double.isNaN(lines.d[2 * k]) || Double.isNaN(lines.d[2 * k + 1]);
    }
    return (lines.domain == Domain.DOUBLE || lines.domain == Domain.FLOAT)
        && Double.isNaN(lines.value(k));
  }

  /**
   * Sorts {@code idx[from, to)} (element positions) stably by {@code order}: a merge sort with
   * insertion-sorted runs of 32, through {@code tmp} (at least twice as long as the range).
   */
  private static void mergeSort(int[] idx, int from, int to, Order order, int[] tmp) {
    final int run = 32;
    int len = to - from;
    int[] src = tmp;
    System.arraycopy(idx, from, src, 0, len);
    for (int lo = 0; lo < len; lo += run) {
      int hi = Math.min(lo + run, len);
      for (int i = lo + 1; i < hi; i++) {
        int v = src[i];
        int j = i - 1;
        while (j >= lo && order.less(v, src[j])) {
          src[j + 1] = src[j];
          j--;
        }
        src[j + 1] = v;
      }
    }
    int srcOff = 0;
    int dstOff = len;
    for (int width = run; width < len; width *= 2) {
      for (int lo = 0; lo < len; lo += 2 * width) {
        int mid = Math.min(lo + width, len);
        int hi = Math.min(lo + 2 * width, len);
        int i = lo;
        int j = mid;
        int o = lo + dstOff;
        while (i < mid && j < hi) {
          int x = tmp[srcOff + i];
          int y = tmp[srcOff + j];
          if (order.less(y, x)) {
            tmp[o++] = y;
            j++;
          } else {
            tmp[o++] = x;
            i++;
          }
        }
        while (i < mid) {
          tmp[o++] = tmp[srcOff + i++];
        }
        while (j < hi) {
          tmp[o++] = tmp[srcOff + j++];
        }
      }
      int swap = srcOff;
      srcOff = dstOff;
      dstOff = swap;
    }
    System.arraycopy(tmp, srcOff, idx, from, len);
  }

  /** The stable sorting permutation of every line: element positions, line after line. */
  private static int[] permutation(Lines lines) {
    int size = lines.n * lines.count;
    int[] idx = new int[size];
    for (int i = 0; i < size; i++) {
      idx[i] = i;
    }
    if (lines.n > 1) {
      Order order = order(lines);
      int[] tmp = new int[2 * lines.n];
      for (int line = 0; line < lines.count; line++) {
        mergeSort(idx, line * lines.n, (line + 1) * lines.n, order, tmp);
      }
    }
    return idx;
  }

  /** Sorts each line of {@code lines} in place, stably by value. */
  private static void sortValues(Lines lines) {
    int n = lines.n;
    if (n < 2) {
      return;
    }
    switch (lines.domain) {
      case DOUBLE:
        for (int line = 0; line < lines.count; line++) {
          sortDoubles(lines.d, line * n, line * n + n);
        }
        return;
      case FLOAT:
        for (int line = 0; line < lines.count; line++) {
          sortFloats(lines.f, line * n, line * n + n);
        }
        return;
      case LONG:
        for (int line = 0; line < lines.count; line++) {
          Arrays.sort(lines.l, line * n, line * n + n);
        }
        return;
      case ULONG:
        long[] l = lines.l;
        for (int i = 0; i < l.length; i++) {
          l[i] ^= Long.MIN_VALUE;
        }
        for (int line = 0; line < lines.count; line++) {
          Arrays.sort(l, line * n, line * n + n);
        }
        for (int i = 0; i < l.length; i++) {
          l[i] ^= Long.MIN_VALUE;
        }
        return;
      default:
        lines.d = select(lines, permutation(lines)).d;
    }
  }

  private static final long NEGATIVE_ZERO = Double.doubleToRawLongBits(-0.0);
  private static final int NEGATIVE_ZERO_F = Float.floatToRawIntBits(-0.0f);

  /**
   * {@link Arrays#sort(double[], int, int)}, then the zeros in their input order (NumPy's stable
   * sort keeps {@code -0.0} and {@code 0.0}, which compare equal, in input order).
   */
  static void sortDoubles(double[] d, int from, int to) {
    boolean[] signs = null;
    int zeros = 0;
    for (int i = from; i < to; i++) {
      if (Double.doubleToRawLongBits(d[i]) == NEGATIVE_ZERO) {
        signs = new boolean[to - from];
        for (int j = from; j < to; j++) {
          if (d[j] == 0) {
            signs[zeros++] = Double.doubleToRawLongBits(d[j]) == NEGATIVE_ZERO;
          }
        }
        break;
      }
    }
    Arrays.sort(d, from, to);
    if (signs != null) {
      int lo = from;
      int hi = to;
      while (lo < hi) { // the first element not below zero
        int mid = (lo + hi) >>> 1;
        if (d[mid] < 0) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      for (int z = 0; z < zeros; z++) {
        d[lo + z] = signs[z] ? -0.0 : 0.0;
      }
    }
  }

  /** {@link #sortDoubles} for {@code float}. */
  static void sortFloats(float[] d, int from, int to) {
    boolean[] signs = null;
    int zeros = 0;
    for (int i = from; i < to; i++) {
      if (Float.floatToRawIntBits(d[i]) == NEGATIVE_ZERO_F) {
        signs = new boolean[to - from];
        for (int j = from; j < to; j++) {
          if (d[j] == 0) {
            signs[zeros++] = Float.floatToRawIntBits(d[j]) == NEGATIVE_ZERO_F;
          }
        }
        break;
      }
    }
    Arrays.sort(d, from, to);
    if (signs != null) {
      int lo = from;
      int hi = to;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (d[mid] < 0) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      for (int z = 0; z < zeros; z++) {
        d[lo + z] = signs[z] ? -0.0f : 0.0f;
      }
    }
  }

  /** The elements of {@code lines} at positions {@code at}, as one line. */
  private static Lines select(Lines lines, int[] at) {
    int m = at.length;
    Lines out = new Lines(lines.type, Shape.of(m));
    switch (lines.domain) {
      case FLOAT:
        out.f = new float[m];
        for (int r = 0; r < m; r++) {
          out.f[r] = lines.f[at[r]];
        }
        break;
      case DOUBLE:
        out.d = new double[m];
        for (int r = 0; r < m; r++) {
          out.d[r] = lines.d[at[r]];
        }
        break;
      case COMPLEX:
        out.d = new double[2 * m];
        for (int r = 0; r < m; r++) {
          out.d[2 * r] = lines.d[2 * at[r]];
          out.d[2 * r + 1] = lines.d[2 * at[r] + 1];
        }
        break;
      default:
        out.l = new long[m];
        for (int r = 0; r < m; r++) {
          out.l[r] = lines.l[at[r]];
        }
    }
    return out;
  }

  private static int axisOf(NdArray a, int axis) {
    return Shape.normalizeAxis(axis, Objects.requireNonNull(a, "array").rank());
  }

  // ------------------------------------------------------------------------------ sort

  /**
   * Returns a sorted copy along the last axis, NumPy's {@code np.sort(a, kind='stable')}.
   *
   * @param a the array, of rank at least 1
   * @param <A> the array type
   * @return a new C-order array of {@code a}'s type and shape
   * @throws IndexOutOfBoundsException for a rank-0 array ("axis -1 is out of bounds for array of
   *     dimension 0", NumPy's text)
   * @throws UnsupportedOperationException if the type has no order
   */
  public static <A extends NdArray> A sort(A a) {
    return sort(a, -1);
  }

  /**
   * Returns a copy of {@code a} with every line along {@code axis} sorted, as NumPy's
   * {@code np.sort(a, axis, kind='stable')}: equal elements keep their order, NaN sorts last
   * (see the class comment for the order of each type).
   *
   * @param a the array
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return a new C-order array of {@code a}'s type and shape
   * @throws IndexOutOfBoundsException if the axis is out of range (NumPy's {@code AxisError}
   *     text)
   * @throws UnsupportedOperationException if the type has no order
   */
  public static <A extends NdArray> A sort(A a, int axis) {
    int ax = axisOf(a, axis);
    need("sort", a, false, sortBytes(a, ax));
    Lines lines = lines(a, ax);
    sortValues(lines);
    return back(build(lines), ax, a.rank());
  }

  /**
   * Returns the sorted elements of the flattened array, NumPy's
   * {@code np.sort(a, axis=None, kind='stable')}.
   *
   * @param a the array, of any rank
   * @param <A> the array type
   * @return a new rank-1 array of {@code a.size()} elements of {@code a}'s type
   * @throws UnsupportedOperationException if the type has no order
   */
  public static <A extends NdArray> A sortFlat(A a) {
    need("sort", a, true, sortBytes(a, -1));
    @SuppressWarnings("unchecked")
    A out = (A) sort(flat(a), 0);
    return out;
  }

  /**
   * The bytes per element {@link #sort(NdArray, int)} holds besides the carrier: the result in
   * the input's type (and its copy moving the axis back), NaN-sign flags, and for complex values
   * the order and the sorted copy.
   */
  private static long sortBytes(NdArray a, int axis) {
    long item = a.scalarType().itemSize();
    boolean complex = domain(a.scalarType()) == Domain.COMPLEX;
    return item + (axis < 0 ? 0 : moved(a, axis, item)) + 1
        + (complex ? Integer.BYTES + carrierBytes(a.scalarType()) : 0);
  }

  /** The bytes per element of {@link #keys}: none for complex and signed integers (the carrier). */
  private static int keyBytes(ScalarType<?> t) {
    Domain d = domain(t);
    return d == Domain.COMPLEX || d == Domain.LONG ? 0 : Long.BYTES;
  }

  /**
   * The bytes per element {@link #argsort(NdArray, int)} holds besides the carrier: the order
   * keys (none for complex), the permutation, the {@code int64} result and its copy moving the
   * axis back.
   */
  private static long argsortBytes(NdArray a, int axis) {
    return keyBytes(a.scalarType()) + Integer.BYTES + Long.BYTES
        + (axis < 0 ? 0 : moved(a, axis, Long.BYTES));
  }

  /**
   * Returns the indices that sort {@code a} along the last axis, NumPy's
   * {@code np.argsort(a, kind='stable')}.
   *
   * @param a the array, of rank at least 1
   * @return a new {@code int64} array of {@code a}'s shape
   * @throws IndexOutOfBoundsException for a rank-0 array
   * @throws UnsupportedOperationException if the type has no order
   */
  public static LongNdArray argsort(NdArray a) {
    return argsort(a, -1);
  }

  /**
   * Returns the indices along {@code axis} that sort {@code a}, NumPy's
   * {@code np.argsort(a, axis, kind='stable')}: {@code takeAlongAxis(a, argsort(a, axis), axis)}
   * is {@code sort(a, axis)}, and equal elements keep their index order.
   *
   * A rank-0 array is taken as one element, as NumPy's: its argsort is {@code [0]}.
   *
   * @param a the array
   * @param axis the axis; negative counts from the end
   * @return a new {@code int64} array of {@code a}'s shape (shape {@code (1,)} for rank 0)
   * @throws IndexOutOfBoundsException if the axis is out of range
   * @throws UnsupportedOperationException if the type has no order
   */
  public static LongNdArray argsort(NdArray a, int axis) {
    if (Objects.requireNonNull(a, "array").rank() == 0) {
      a = a.reshape(1); // NumPy's argsort takes a 0-d array as one element
    }
    int ax = axisOf(a, axis);
    need("argsort", a, false, argsortBytes(a, ax));
    Lines lines = lines(a, ax);
    int[] idx = permutation(lines);
    long[] out = new long[idx.length];
    for (int i = 0; i < idx.length; i++) {
      out[i] = idx[i] - (i / Math.max(lines.n, 1)) * (long) lines.n;
    }
    return back(LongNdArray.wrap(lines.shape, out), ax, a.rank());
  }

  /**
   * Returns the indices that sort the flattened array, NumPy's
   * {@code np.argsort(a, axis=None, kind='stable')}.
   *
   * @param a the array, of any rank
   * @return a new rank-1 {@code int64} array of {@code a.size()} flat C-order indices
   * @throws UnsupportedOperationException if the type has no order
   */
  public static LongNdArray argsortFlat(NdArray a) {
    need("argsort", a, true, argsortBytes(a, -1));
    return argsort(flat(a), 0);
  }

  // ------------------------------------------------------------------------------ partition

  private static void checkKth(long[] kth, NdArray a, int axis) {
    if (a.size() == 0) {
      return; // NumPy checks kth against the lines, and there are none
    }
    long n = a.shape().dim(axis);
    for (long k : kth) {
      if (k < -n || k >= n) {
        throw new IllegalArgumentException("kth(=" + k + ") out of bounds (" + n + ")");
      }
    }
  }

  /**
   * Returns a copy of {@code a} partitioned along {@code axis} around each {@code kth}, as NumPy's
   * {@code np.partition(a, kth, axis)}: on every line the element at position {@code k} is the
   * one a sort would put there, no element before it is greater and none after it is smaller.
   * NumPy leaves the order within the parts unspecified; this returns the fully sorted line,
   * which has the property (so the result equals {@link #sort(NdArray, int)}'s).
   *
   * @param a the array
   * @param kth the positions, each in {@code [-n, n)} for lines of length {@code n}
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return a new C-order array of {@code a}'s type and shape
   * @throws IllegalArgumentException if a position is out of range ("kth(=5) out of bounds
   *     (5)", NumPy's text)
   * @throws IndexOutOfBoundsException if the axis is out of range
   */
  public static <A extends NdArray> A partition(A a, long[] kth, int axis) {
    int ax = axisOf(a, axis);
    checkKth(kth, a, ax);
    need("partition", a, false, sortBytes(a, ax));
    return sort(a, ax);
  }

  /**
   * Returns {@code partition(a, new long[] {kth}, -1)}.
   *
   * @param a the array, of rank at least 1
   * @param kth the position
   * @param <A> the array type
   * @return a new C-order array of {@code a}'s type and shape
   * @throws IllegalArgumentException if the position is out of range
   */
  public static <A extends NdArray> A partition(A a, long kth) {
    return partition(a, new long[] {kth}, -1);
  }

  /**
   * Returns the indices that partition {@code a} along {@code axis}, as NumPy's
   * {@code np.argpartition(a, kth, axis)}; see {@link #partition(NdArray, long[], int)}: these
   * are the indices of a stable sort, which have the partition property.
   *
   * @param a the array
   * @param kth the positions, each in {@code [-n, n)}
   * @param axis the axis; negative counts from the end
   * @return a new {@code int64} array of {@code a}'s shape
   * @throws IllegalArgumentException if a position is out of range
   * @throws IndexOutOfBoundsException if the axis is out of range
   */
  public static LongNdArray argpartition(NdArray a, long[] kth, int axis) {
    int ax = axisOf(a, axis);
    checkKth(kth, a, ax);
    need("argpartition", a, false, argsortBytes(a, ax));
    return argsort(a, ax);
  }

  /**
   * Returns {@code argpartition(a, new long[] {kth}, -1)}.
   *
   * @param a the array, of rank at least 1
   * @param kth the position
   * @return a new {@code int64} array of {@code a}'s shape
   * @throws IllegalArgumentException if the position is out of range
   */
  public static LongNdArray argpartition(NdArray a, long kth) {
    return argpartition(a, new long[] {kth}, -1);
  }

  // ------------------------------------------------------------------------------ unique

  /**
   * What {@link #unique(NdArray, boolean, boolean, boolean)} returns: NumPy's
   * {@code np.unique(a, return_index, return_inverse, return_counts)}.
   *
   * @param values the sorted distinct elements, rank 1, of the input's type
   * @param index for each value the flat C-order index of its first occurrence ({@code int64}),
   *     or {@code null} when not asked for
   * @param inverse for each input element the index of its value in {@code values}, of the
   *     input's shape ({@code int64}), or {@code null}
   * @param counts how often each value occurs ({@code int64}), or {@code null}
   * @param <A> the array type
   */
  public record Unique<A extends NdArray>(A values, LongNdArray index, LongNdArray inverse,
      LongNdArray counts) {}

  /**
   * Returns the sorted distinct elements of the flattened array, NumPy's {@code np.unique(a)}.
   *
   * @param a the array, of any rank
   * @param <A> the array type
   * @return a new rank-1 array of {@code a}'s type
   * @throws UnsupportedOperationException if the type has no order
   */
  public static <A extends NdArray> A unique(A a) {
    return unique(a, false, false, false).values();
  }

  /**
   * Returns the sorted distinct elements of the flattened array and what else is asked for,
   * NumPy's {@code np.unique(a, return_index, return_inverse, return_counts)} with its default
   * {@code equal_nan=True}: all NaNs are one value (for complex numbers, every number with a
   * NaN part), {@code -0.0} and {@code 0.0} are one value, given as whichever comes first in
   * the input.
   *
   * @param a the array, of any rank
   * @param returnIndex whether to give the index of each value's first occurrence
   * @param returnInverse whether to give the inverse (of {@code a}'s shape, as NumPy 2's)
   * @param returnCounts whether to give each value's count
   * @param <A> the array type
   * @return the values and the parts asked for
   * @throws UnsupportedOperationException if the type has no order
   */
  public static <A extends NdArray> Unique<A> unique(A a, boolean returnIndex,
      boolean returnInverse, boolean returnCounts) {
    boolean order = returnIndex || returnInverse || domain(a.scalarType()) == Domain.COMPLEX;
    // the carrier and: the permutation and its keys, run starts and firsts, the values (a
    // carrier and the input's type), and the int64 parts asked for
    need("unique", a, true, (order ? Integer.BYTES + keyBytes(a.scalarType()) : 1)
        + 2 * Integer.BYTES + carrierBytes(a.scalarType()) + a.scalarType().itemSize()
        + Long.BYTES * ((returnIndex ? 1 : 0) + (returnInverse ? 1 : 0) + (returnCounts ? 1 : 0)));
    Lines lines = lines(flat(a), 0);
    int n = lines.n * lines.count;
    int[] idx = null;
    if (returnIndex || returnInverse || lines.domain == Domain.COMPLEX) {
      idx = permutation(lines);
    } else {
      sortValues(lines);
    }
    // the starts of the runs of equal elements, in sorted order
    int[] starts = new int[n + 1];
    int runs = 0;
    for (int i = 0; i < n; i++) {
      int p = idx == null ? i : idx[i];
      if (i == 0) {
        starts[runs++] = i;
        continue;
      }
      int q = idx == null ? i - 1 : idx[i - 1];
      boolean start;
      if (lines.domain == Domain.COMPLEX) {
        double[] d = lines.d;
        boolean pn = hasNan(lines, p);
        start = pn != hasNan(lines, q)
            || !pn && (d[2 * p] != d[2 * q] || d[2 * p + 1] != d[2 * q + 1]);
      } else {
        start = lines.key(p) != lines.key(q);
      }
      if (start) {
        starts[runs++] = i;
      }
    }
    starts[runs] = n;
    int[] firsts = new int[runs];
    for (int r = 0; r < runs; r++) {
      firsts[r] = idx == null ? starts[r] : idx[starts[r]];
    }
    if (lines.domain == Domain.COMPLEX && runs > 0 && !returnIndex && !returnInverse
        && !returnCounts && hasNan(lines, firsts[runs - 1])) {
      // NumPy's hash-table unique keeps the first NaN of the input, its sort the first sorted
      for (int i = starts[runs - 1]; i < n; i++) {
        firsts[runs - 1] = Math.min(firsts[runs - 1], idx[i]);
      }
    }
    Lines values = select(lines, firsts);
    @SuppressWarnings("unchecked")
    A vals = (A) build(values);
    LongNdArray index = null;
    LongNdArray inverse = null;
    LongNdArray counts = null;
    if (returnIndex) {
      long[] first = new long[runs];
      for (int r = 0; r < runs; r++) {
        first[r] = idx[starts[r]];
      }
      index = LongNdArray.wrap(Shape.of(runs), first);
    }
    if (returnInverse) {
      long[] inv = new long[n];
      for (int r = 0; r < runs; r++) {
        for (int i = starts[r]; i < starts[r + 1]; i++) {
          inv[idx[i]] = r;
        }
      }
      inverse = LongNdArray.wrap(a.shape(), inv);
    }
    if (returnCounts) {
      long[] c = new long[runs];
      for (int r = 0; r < runs; r++) {
        c[r] = starts[r + 1] - starts[r];
      }
      counts = LongNdArray.wrap(Shape.of(runs), c);
    }
    return new Unique<>(vals, index, inverse, counts);
  }

  // ------------------------------------------------------------------------------ searchsorted

  /**
   * Returns where each element of {@code v} would be inserted into the sorted rank-1 {@code a} to
   * keep it sorted, NumPy's {@code np.searchsorted(a, v, side, sorter)}: with {@code right} false
   * the first suitable index ({@code a[i-1] < v <= a[i]}), else the last
   * ({@code a[i-1] <= v < a[i]}). Both are compared in their common type
   * ({@link Promotion#resultType}) in the order of {@link #sort} (NaN last). {@code a} is not
   * checked to be sorted; an unsorted {@code a} gives unspecified indices, as NumPy's.
   *
   * @param a the sorted rank-1 array (or sorted through {@code sorter})
   * @param v the values, of any shape
   * @param right whether to give the last suitable index ({@code side='right'})
   * @param sorter indices that sort {@code a} ({@code argsort(a)}), or {@code null}
   * @return a new {@code int64} array of {@code v}'s shape, each in {@code [0, a.size()]}
   * @throws IllegalArgumentException if {@code a} is not rank 1, or {@code sorter} is not of
   *     {@code a}'s shape ("sorter.size must equal a.size") or holds an index out of range
   *     ("Sorter index out of range.", NumPy's texts)
   */
  public static LongNdArray searchsorted(NdArray a, NdArray v, boolean right,
      LongNdArray sorter) {
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(v, "v");
    if (a.rank() != 1) {
      throw new IllegalArgumentException("object too deep for desired array: a must be rank 1,"
          + " not of shape " + a.shape());
    }
    int n = (int) a.size();
    ScalarType<?> common = Promotion.resultType(a.scalarType(), v.scalarType());
    // v is searched in blocks, each joined to a (at most twice the work of one join): held at
    // once are v's flat copy and the int64 result, a's order, sorter and cast, and for one block
    // and a: the cast block, the join, its carrier and keys
    long item = common.itemSize();
    long m = fits(v.size(), "an array");
    int block = Math.max(SEARCH_BLOCK, n);
    long joined = n + Math.min(m, block);
    long bytes = StridedNdArray.sumBytes(
        StridedNdArray.bytes(m, Long.BYTES + (v.isContiguous() ? 0 : v.scalarType().itemSize())),
        StridedNdArray.bytes(n, item + Integer.BYTES + 2 * Long.BYTES),
        StridedNdArray.bytes(joined, 2 * item + carrierBytes(common) + keyBytes(common)));
    StridedNdArray.requireHeap("searchsorted", v.shape(), bytes);
    int[] pos = new int[n];
    for (int i = 0; i < n; i++) {
      pos[i] = i;
    }
    if (sorter != null) {
      if (sorter.size() != n || sorter.rank() != 1) {
        throw new IllegalArgumentException("sorter.size must equal a.size");
      }
      long[] s = (long[]) sorter.astype(LongNdArray.TYPE).toStorageArray();
      for (int i = 0; i < n; i++) {
        if (s[i] < 0 || s[i] >= n) {
          throw new IllegalArgumentException("Sorter index out of range.");
        }
        pos[i] = (int) s[i];
      }
    }
    NdArray values = flat(v);
    NdArray sorted = a.astype(common);
    long[] out = new long[(int) m];
    for (int from = 0; from < m; from += block) {
      int to = (int) Math.min(m, (long) from + block);
      NdArray both = NdArrays.concatenate(0, sorted,
          values.slice(Indices.slice(from, to)).astype(common));
      Order order = order(lines(both, 0));
      for (int k = from; k < to; k++) {
        int x = n + k - from;
        int lo = 0;
        int hi = n;
        while (lo < hi) {
          int mid = (lo + hi) >>> 1;
          int at = pos[mid];
          boolean goRight = right ? !order.less(x, at) : order.less(at, x);
          if (goRight) {
            lo = mid + 1;
          } else {
            hi = mid;
          }
        }
        out[k] = lo;
      }
    }
    return LongNdArray.wrap(v.shape(), out);
  }

  /** The elements of {@code v} {@link #searchsorted} joins to {@code a} at a time (at least). */
  private static final int SEARCH_BLOCK = 1 << 16;

  /**
   * Returns {@code searchsorted(a, v, false, null)}, NumPy's {@code np.searchsorted(a, v)}.
   *
   * @param a the sorted rank-1 array
   * @param v the values, of any shape
   * @return a new {@code int64} array of {@code v}'s shape
   * @throws IllegalArgumentException if {@code a} is not rank 1
   */
  public static LongNdArray searchsorted(NdArray a, NdArray v) {
    return searchsorted(a, v, false, null);
  }

  // ------------------------------------------------------------------------------ statistics

  /** Rounding to the arithmetic of a floating-point dtype, applied after each operation. */
  private enum Rounding {
    F64, F32, F16, BF16;

    static Rounding of(ScalarType<?> t) {
      if (t.logicalType() != float.class) {
        return F64;
      }
      if (t.storageType() == float.class) {
        return F32;
      }
      return t == BFloat16NdArray.TYPE ? BF16 : F16;
    }

    /** {@code v} rounded to the dtype: exact emulation of one operation on dtype values. */
    double r(double v) {
      switch (this) {
        case F32:
          return (float) v;
        case F16:
          return Float16Scalar.toLogical(Float16Scalar.toStorage((float) v));
        case BF16:
          return BFloat16Scalar.toLogical(BFloat16Scalar.toStorage((float) v));
        default:
          return v;
      }
    }

    ScalarType<?> type() {
      switch (this) {
        case F32:
          return FloatNdArray.TYPE;
        case F16:
          return Float16NdArray.TYPE;
        case BF16:
          return BFloat16NdArray.TYPE;
        default:
          return DoubleNdArray.TYPE;
      }
    }
  }

  private static void requireReal(NdArray a, String routine) {
    if (domain(Objects.requireNonNull(a, "array").scalarType()) == Domain.COMPLEX) {
      throw new IllegalArgumentException(routine + ": a must be an array of real numbers, not "
          + a.scalarType().name());
    }
  }

  /**
   * Returns the median of all elements, NumPy's {@code np.median(a)}: the middle element of the
   * sorted values, or the mean of the two middle ones ({@code np.mean}'s arithmetic and dtype:
   * {@code float64} for integers and booleans, the input's type for floating point and complex),
   * NaN when any element is NaN or there are none. Complex values are ordered lexicographically,
   * as NumPy sorts them; a complex NaN median is the last sorted element (the NaN itself), and no
   * elements give {@code nan+nanj}.
   *
   * @param a the array, of any rank
   * @return a new rank-0 array of {@link Reduce#meanType}, or of {@code a}'s complex type
   */
  public static NdArray median(NdArray a) {
    need("median", a, true, medianBytes(a));
    return median(flat(a), 0);
  }

  /**
   * Returns the medians along {@code axis}, NumPy's {@code np.median(a, axis)}; see
   * {@link #median(NdArray)}.
   *
   * @param a the array
   * @param axis the axis; negative counts from the end
   * @return a new array of {@code a}'s shape without {@code axis}, of {@link Reduce#meanType}
   *     (of {@code a}'s type when complex)
   * @throws IndexOutOfBoundsException if the axis is out of range
   */
  public static NdArray median(NdArray a, int axis) {
    Objects.requireNonNull(a, "array");
    need("median", a, false, medianBytes(a));
    if (domain(a.scalarType()) == Domain.COMPLEX) {
      return complexMedian(a, axisOf(a, axis));
    }
    int ax = axisOf(a, axis);
    Lines lines = lines(a, ax);
    sortValues(lines);
    NdArray sorted = build(lines);
    int last = lines.shape.rank() - 1;
    long half = lines.n / 2;
    Index middle = lines.n % 2 == 1 ? Indices.slice(half, half + 1)
        : Indices.slice(half - 1, half + 1);
    Index[] at = new Index[last + 1];
    Arrays.fill(at, Indices.all());
    at[last] = middle;
    NdArray mean = Reduce.mean(sorted.slice(at), NdArray.class, false, last);
    boolean nan = false;
    double[] m = null;
    for (int line = 0; line < lines.count && lines.n > 0; line++) {
      if (hasNan(lines, line * lines.n + lines.n - 1)) {
        if (m == null) {
          m = (double[]) mean.astype(DoubleNdArray.TYPE).toStorageArray();
        }
        m[line] = Double.NaN;
        nan = true;
      }
    }
    return nan ? mean.scalarType().fromDoubles(mean.shape(), m) : mean;
  }

  /**
   * The bytes per element a median holds besides the carrier: the sorted values in the input's
   * type ({@link #sortBytes}, with the axis moved back), NaN-sign flags.
   */
  private static long medianBytes(NdArray a) {
    return sortBytes(a, -1);
  }

  /**
   * NumPy's median of a complex array: the middle element (or two) of each line sorted in
   * lexicographic order, then {@code np.mean}'s arithmetic: {@code 0 + x} (or {@code 0 + (x +
   * y)}) in the input's type, divided by the count (an {@code intp}, so complex64 divides in
   * complex128 and rounds back) with NumPy's complex division; a line whose last sorted element
   * is NaN (either part) gives that element, as NumPy's {@code _median_nancheck}; an empty line
   * gives {@code nan+nanj} (0 / 0).
   */
  private static NdArray complexMedian(NdArray a, int ax) {
    ScalarType<?> t = a.scalarType();
    long n = a.shape().dim(ax);
    NdArray sorted = sort(a, ax);
    Index[] at = new Index[a.rank()];
    Arrays.fill(at, Indices.all());
    NdArray sum;
    if (n == 0) {
      long[] dims = a.shape().asArray();
      long[] kept = new long[dims.length - 1];
      for (int d = 0, w = 0; d < dims.length; d++) {
        if (d != ax) {
          kept[w++] = dims[d];
        }
      }
      sum = t.zeros(Shape.of(kept));
    } else {
      at[ax] = Indices.at((n - 1) / 2);
      NdArray mid = sorted.slice(at);
      if (n % 2 == 0) {
        at[ax] = Indices.at(n / 2);
        mid = Ufunc.ADD.apply(mid, sorted.slice(at));
      }
      // np.mean's sum starts from the identity: 0 + x turns -0 into 0, as NumPy's does
      sum = Ufunc.ADD.apply(t.zeros(mid.shape()), mid);
    }
    long count = n == 0 ? 0 : n % 2 == 0 ? 2 : 1;
    NdArray mean = Ufunc.DIVIDE.apply(sum.astype(Complex128NdArray.TYPE), count);
    if (mean.scalarType() != t) {
      mean = mean.astype(t);
    }
    if (n == 0) {
      return mean;
    }
    at[ax] = Indices.at(n - 1);
    NdArray last = sorted.slice(at);
    BooleanNdArray nan = (BooleanNdArray) Ufunc.ISNAN.apply(last);
    return Ufunc.where(nan, last, mean);
  }

  /**
   * Returns the {@code q}-th quantile of all elements, NumPy's {@code np.quantile(a, q)} with its
   * default {@code linear} method, bit for bit: NumPy's {@code _lerp} of the sorted neighbours
   * ({@code a + (b - a) * g}, or {@code b - (b - a) * (1 - g)} when {@code g >= 0.5}), with
   * {@code q} a Python float: {@code float32}, {@code float16} and {@code bfloat16} inputs compute
   * in their own type, the others in {@code float64} ({@code b - a} in the input's type first,
   * so integer differences wrap as NumPy's). NaN when any element is NaN.
   *
   * @param a the array, of any rank, with at least one element
   * @param q the quantile, in {@code [0, 1]}
   * @return a new rank-0 array: {@code float32}, {@code float16} or {@code bfloat16} for those
   *     inputs, else {@code float64}
   * @throws IllegalArgumentException if {@code q} is not in {@code [0, 1]} ("Quantiles must be in
   *     the range [0, 1]"), or for a boolean ({@code b - a} is not defined, NumPy's
   *     {@code TypeError}) or complex array
   * @throws IndexOutOfBoundsException if there are no elements ("index -1 is out of bounds for
   *     axis 0 with size 0", NumPy's text)
   */
  public static NdArray quantile(NdArray a, double q) {
    return quantiles(flat("quantile", a), 0, new double[] {q}, true,
        "Quantiles must be in the range [0, 1]");
  }

  /**
   * Returns the {@code q}-th quantiles along {@code axis}, NumPy's
   * {@code np.quantile(a, q, axis)}; see {@link #quantile(NdArray, double)}.
   *
   * @param a the array
   * @param q the quantile, in {@code [0, 1]}
   * @param axis the axis; negative counts from the end
   * @return a new array of {@code a}'s shape without {@code axis}
   * @throws IllegalArgumentException as {@link #quantile(NdArray, double)}
   * @throws IndexOutOfBoundsException if the axis is out of range or of length 0
   */
  public static NdArray quantile(NdArray a, double q, int axis) {
    return quantiles(a, axisOf(a, axis), new double[] {q}, true,
        "Quantiles must be in the range [0, 1]");
  }

  /**
   * Returns the quantiles {@code q} of all elements, NumPy's {@code np.quantile(a, q)} with
   * {@code q} an array: as {@link #quantile(NdArray, double)} but, as NumPy's, the interpolation
   * weights are a {@code float64} array, so every input but the difference {@code b - a} is
   * computed in {@code float64} and the result is {@code float64}.
   *
   * @param a the array, of any rank, with at least one element
   * @param q the quantiles, each in {@code [0, 1]}
   * @return a new rank-1 {@code float64} array of {@code q.length} elements
   * @throws IllegalArgumentException as {@link #quantile(NdArray, double)}
   * @throws IndexOutOfBoundsException if there are no elements
   */
  public static NdArray quantile(NdArray a, double[] q) {
    return quantiles(flat("quantile", a), 0, q.clone(), false,
        "Quantiles must be in the range [0, 1]");
  }

  /**
   * Returns the quantiles {@code q} along {@code axis}, NumPy's {@code np.quantile(a, q, axis)}
   * with {@code q} an array; see {@link #quantile(NdArray, double[])}.
   *
   * @param a the array
   * @param q the quantiles, each in {@code [0, 1]}
   * @param axis the axis; negative counts from the end
   * @return a new {@code float64} array of shape {@code (q.length,)} followed by {@code a}'s shape
   *     without {@code axis}
   * @throws IllegalArgumentException as {@link #quantile(NdArray, double)}
   * @throws IndexOutOfBoundsException if the axis is out of range or of length 0
   */
  public static NdArray quantile(NdArray a, double[] q, int axis) {
    return quantiles(a, axisOf(a, axis), q.clone(), false,
        "Quantiles must be in the range [0, 1]");
  }

  /**
   * Returns the {@code q}-th percentile of all elements, NumPy's {@code np.percentile(a, q)}: the
   * quantile {@code q / 100} ({@code float64} division).
   *
   * @param a the array, of any rank, with at least one element
   * @param q the percentile, in {@code [0, 100]}
   * @return a new rank-0 array, typed as {@link #quantile(NdArray, double)}'s
   * @throws IllegalArgumentException if {@code q} is not in {@code [0, 100]} ("Percentiles must be
   *     in the range [0, 100]"), or as {@link #quantile(NdArray, double)}
   * @throws IndexOutOfBoundsException if there are no elements
   */
  public static NdArray percentile(NdArray a, double q) {
    return quantiles(flat("percentile", a), 0, new double[] {q / 100}, true,
        "Percentiles must be in the range [0, 100]");
  }

  /**
   * Returns the {@code q}-th percentiles along {@code axis}, NumPy's
   * {@code np.percentile(a, q, axis)}.
   *
   * @param a the array
   * @param q the percentile, in {@code [0, 100]}
   * @param axis the axis; negative counts from the end
   * @return a new array of {@code a}'s shape without {@code axis}
   * @throws IllegalArgumentException as {@link #percentile(NdArray, double)}
   * @throws IndexOutOfBoundsException if the axis is out of range or of length 0
   */
  public static NdArray percentile(NdArray a, double q, int axis) {
    return quantiles(a, axisOf(a, axis), new double[] {q / 100}, true,
        "Percentiles must be in the range [0, 100]");
  }

  /**
   * Returns the percentiles {@code q} of all elements, NumPy's {@code np.percentile(a, q)} with
   * {@code q} an array ({@code float64} results, as {@link #quantile(NdArray, double[])}).
   *
   * @param a the array, of any rank, with at least one element
   * @param q the percentiles, each in {@code [0, 100]}
   * @return a new rank-1 {@code float64} array of {@code q.length} elements
   * @throws IllegalArgumentException as {@link #percentile(NdArray, double)}
   * @throws IndexOutOfBoundsException if there are no elements
   */
  public static NdArray percentile(NdArray a, double[] q) {
    return quantiles(flat("percentile", a), 0, hundredths(q), false,
        "Percentiles must be in the range [0, 100]");
  }

  /**
   * Returns the percentiles {@code q} along {@code axis}, NumPy's
   * {@code np.percentile(a, q, axis)} with {@code q} an array.
   *
   * @param a the array
   * @param q the percentiles, each in {@code [0, 100]}
   * @param axis the axis; negative counts from the end
   * @return a new {@code float64} array of shape {@code (q.length,)} followed by {@code a}'s shape
   *     without {@code axis}
   * @throws IllegalArgumentException as {@link #percentile(NdArray, double)}
   * @throws IndexOutOfBoundsException if the axis is out of range or of length 0
   */
  public static NdArray percentile(NdArray a, double[] q, int axis) {
    return quantiles(a, axisOf(a, axis), hundredths(q), false,
        "Percentiles must be in the range [0, 100]");
  }

  private static double[] hundredths(double[] q) {
    double[] out = new double[q.length];
    for (int i = 0; i < q.length; i++) {
      out[i] = q[i] / 100;
    }
    return out;
  }

  /** NumPy's {@code _quantile} with the linear method, {@code q} weak (a scalar) or an array. */
  private static NdArray quantiles(NdArray a, int axis, double[] q, boolean weak, String range) {
    requireReal(a, "quantile");
    for (double x : q) {
      if (!(x >= 0 && x <= 1)) {
        throw new IllegalArgumentException(range);
      }
    }
    ScalarType<?> t = a.scalarType();
    need(range.startsWith("Percentiles") ? "percentile" : "quantile", a, false, 1);
    Lines lines = lines(a, axis);
    int n = lines.n;
    if (n == 0) {
      // NumPy first reads the last element of a floating-point axis (for NaN), else indexes
      // the axis at -1 (q = 0) or 0 (q > 0) for the first quantile
      boolean inexact = lines.domain == Domain.DOUBLE || lines.domain == Domain.FLOAT;
      throw new IndexOutOfBoundsException("index "
          + (inexact || q.length > 0 && q[0] == 0 ? -1 : 0)
          + " is out of bounds for axis 0 with size 0");
    }
    if (t.kind() == 'b') {
      throw new IllegalArgumentException("numpy boolean subtract, the `-` operator, is not"
          + " supported, use the bitwise_xor, the `^` operator, or the logical_xor function"
          + " instead.");
    }
    sortValues(lines);
    Rounding dtype = Rounding.of(t);
    boolean integer = lines.domain == Domain.LONG || lines.domain == Domain.ULONG;
    Rounding work = weak ? dtype : Rounding.F64;
    int count = lines.count;
    double[] out = new double[q.length * count];
    for (int k = 0; k < q.length; k++) {
      double virtual = (n - 1) * q[k];
      double prev = Math.floor(virtual);
      double next = prev + 1;
      if (virtual >= n - 1) {
        prev = -1;
        next = -1;
      }
      if (virtual < 0) {
        prev = 0;
        next = 0;
      }
      double gamma = virtual - prev;
      int pi = prev < 0 ? n - 1 : (int) prev;
      int ni = next < 0 ? n - 1 : (int) next;
      for (int line = 0; line < count; line++) {
        int base = line * n;
        double av = lines.value(base + pi);
        double bv = lines.value(base + ni);
        double diff;
        if (integer) {
          diff = wrappedDifference(t, lines.l[base + ni], lines.l[base + pi]);
        } else {
          diff = dtype.r(bv - av);
        }
        double tt = work.r(gamma);
        double r = work.r(av + work.r(diff * tt));
        if (gamma >= 0.5) {
          r = work.r(bv - work.r(diff * work.r(1 - gamma)));
        }
        if (hasNan(lines, base + n - 1)) {
          r = Double.NaN;
        }
        out[k * count + line] = r;
      }
    }
    long[] reduced = Arrays.copyOf(lines.shape.asArray(), lines.shape.rank() - 1);
    Shape shape;
    if (weak) {
      shape = Shape.of(reduced);
    } else {
      long[] dims = new long[reduced.length + 1];
      dims[0] = q.length;
      System.arraycopy(reduced, 0, dims, 1, reduced.length);
      shape = Shape.of(dims);
    }
    return work.type().fromDoubles(shape, out);
  }

  /** {@code b - a} in the integer type {@code t} (wrapping), as a double. */
  private static double wrappedDifference(ScalarType<?> t, long b, long a) {
    long d = b - a;
    int bits = 8 * t.itemSize();
    if (t.kind() == 'u') {
      return bits == 64 ? Unsigned.toDouble(d) : (double) (d & ((1L << bits) - 1));
    }
    return bits == 64 ? d : (double) ((d << (64 - bits)) >> (64 - bits));
  }

  /**
   * What {@link #histogram} returns, NumPy's {@code (hist, bin_edges)}.
   *
   * @param counts the number of elements in each bin ({@code int64}, rank 1)
   * @param edges the {@code bins + 1} bin edges, rank 1: {@code float64} for integer and boolean
   *     inputs, else the input's type
   */
  public record Histogram(LongNdArray counts, NdArray edges) {
    /**
     * Returns NumPy's {@code density=True} values of this histogram, bit for bit: each count
     * divided by its bin's width ({@code np.diff(edges)} in the edges' type, then as
     * {@code float64}) and by the total count, {@code n / db / n.sum()}: the histogram's integral
     * over the range is 1. A bin of width 0 gives infinity or NaN, and no counted element NaN
     * everywhere, as NumPy's.
     *
     * @return a new rank-1 {@code float64} array of the bins' densities
     */
    public DoubleNdArray density() {
      long[] n = (long[]) counts.toStorageArray();
      // np.diff: not_equal for booleans, else subtract in the edges' type
      Ufunc diff = edges.scalarType() == BooleanNdArray.TYPE ? Ufunc.NOT_EQUAL : Ufunc.SUBTRACT;
      NdArray widths = edges.size() < 2 ? edges.slice(Indices.range(0, 0))
          : diff.apply(edges.slice(Indices.range(1, edges.size())),
              edges.slice(Indices.range(0, edges.size() - 1)));
      double[] db = ((DoubleNdArray) widths.astype(DoubleNdArray.TYPE)).toArray();
      long total = 0;
      for (long c : n) {
        total += c;
      }
      double[] out = new double[n.length];
      for (int i = 0; i < n.length; i++) {
        out[i] = n[i] / db[i] / (double) total;
      }
      return DoubleNdArray.wrap(Shape.of(out.length), out);
    }
  }

  /**
   * Returns the histogram of all elements over the bins between consecutive {@code binEdges},
   * NumPy's {@code np.histogram(a, bins=binEdges)}: bin {@code i} counts the elements {@code x}
   * with {@code edges[i] <= x < edges[i + 1]}, the last bin also those equal to its right edge;
   * elements outside the edges (and NaN) are not counted. Elements and edges are compared in
   * their common type, as NumPy's {@code searchsorted} of the sorted elements compares them.
   *
   * @param a the array, of any rank, real
   * @param binEdges the edges, rank 1, increasing (equal neighbours allowed: an empty bin)
   * @return the counts ({@code binEdges.size() - 1} of them) and {@code binEdges} itself
   * @throws IllegalArgumentException if {@code binEdges} is not rank 1 ("`bins` must be 1d, when
   *     an array"), decreases somewhere ("`bins` must increase monotonically, when an array",
   *     NumPy's texts), or {@code a} or {@code binEdges} is complex
   */
  public static Histogram histogram(NdArray a, NdArray binEdges) {
    requireReal(a, "histogram");
    checkEdges(binEdges);
    int m = (int) binEdges.size();
    if (m == 0) {
      return new Histogram(LongNdArray.zeros(Shape.of(0)), binEdges); // NumPy's: no bins
    }
    NdArray sorted = sort(flat(a), 0);
    long[] left = (long[]) searchsorted(sorted, binEdges.slice(Indices.range(0, m - 1)), false,
        null).toStorageArray();
    long last = searchsorted(sorted, binEdges.slice(Indices.range(m - 1, m)), true, null)
        .getLong(0);
    long[] counts = new long[m - 1];
    for (int i = 0; i < m - 1; i++) {
      counts[i] = (i + 1 < m - 1 ? left[i + 1] : last) - left[i];
    }
    return new Histogram(LongNdArray.wrap(Shape.of(m - 1), counts), binEdges);
  }

  /** NumPy's checks of bin edges given as an array: real, rank 1, increasing. */
  private static void checkEdges(NdArray binEdges) {
    Objects.requireNonNull(binEdges, "binEdges");
    requireReal(binEdges, "histogram");
    if (binEdges.rank() != 1) {
      throw new IllegalArgumentException("`bins` must be 1d, when an array");
    }
    long m = binEdges.size();
    if (m > 1 && ((BooleanNdArray) Reduce.anyAll(Ufunc.GREATER.apply(
        binEdges.slice(Indices.range(0, m - 1)), binEdges.slice(Indices.range(1, m))), false,
        false)).getBoolean()) {
      throw new IllegalArgumentException("`bins` must increase monotonically, when an array");
    }
  }

  /**
   * Returns the histogram of all elements in {@code bins} equal bins over their range, NumPy's
   * {@code np.histogram(a, bins)}: the range is {@code [a.min(), a.max()]} ({@code [0, 1]} for
   * no elements, widened by 0.5 both ways when it is one value).
   *
   * @param a the array, of any rank, real
   * @param bins the number of bins, at least 1
   * @return the counts and the edges
   * @throws IllegalArgumentException if {@code bins} is below 1 ("`bins` must be positive, when
   *     an integer"), the range is not finite ("autodetected range of [nan, nan] is not finite",
   *     NumPy's texts) or the array is complex
   */
  public static Histogram histogram(NdArray a, long bins) {
    return histogram(a, bins, Double.NaN, Double.NaN, false);
  }

  /**
   * Returns the histogram of all elements in {@code bins} equal bins over {@code [lo, hi]},
   * NumPy's {@code np.histogram(a, bins, range=(lo, hi))}, bit for bit: the edges are
   * {@code np.linspace(lo, hi, bins + 1)} in the edges' type; each bin is half-open but the last
   * also holds {@code hi}; elements outside the range (and NaN) are not counted. An element's bin
   * is computed as NumPy's: {@code (x - lo) / (hi - lo) * bins} in the edges' type, corrected by
   * one against the edges.
   *
   * @param a the array, of any rank, real
   * @param bins the number of bins, at least 1
   * @param lo the lower end of the range
   * @param hi the upper end, at least {@code lo}
   * @return the counts and the edges
   * @throws IllegalArgumentException if {@code bins} is below 1, {@code lo > hi} ("max must be
   *     larger than min in range parameter."), the range is not finite ("supplied range of [0.0,
   *     inf] is not finite", NumPy's texts) or the array is complex
   */
  public static Histogram histogram(NdArray a, long bins, double lo, double hi) {
    return histogram(a, bins, lo, hi, true);
  }

  private static Histogram histogram(NdArray a, long bins, double lo, double hi,
      boolean ranged) {
    return (Histogram) histogram(a, bins, lo, hi, ranged, null);
  }

  /** The uniform bins' histogram: a {@link Histogram}, or with weights a {@link WeightedHistogram}. */
  private static Object histogram(NdArray a, long bins, double lo, double hi,
      boolean ranged, NdArray weights) {
    requireReal(a, "histogram");
    WeightSums sums = weights == null ? null : new WeightSums(a, weights, bins);
    if (bins < 1) {
      throw new IllegalArgumentException("`bins` must be positive, when an integer");
    }
    fits(Math.max(bins, bins + 1), "a histogram"); // bins + 1 edges
    Lines lines = lines(flat(a), 0);
    int n = lines.n * lines.count;
    ScalarType<?> t = a.scalarType();
    boolean floating = lines.domain == Domain.DOUBLE || lines.domain == Domain.FLOAT;
    Rounding rd = floating ? Rounding.of(t) : Rounding.F64;
    ScalarType<?> edgeType = floating ? t : DoubleNdArray.TYPE;
    double first;
    double last;
    if (ranged) {
      if (lo > hi) {
        throw new IllegalArgumentException("max must be larger than min in range parameter.");
      }
      if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
        throw new IllegalArgumentException("supplied range of [" + py(lo) + ", " + py(hi)
            + "] is not finite");
      }
      first = lo;
      last = hi;
    } else if (n == 0) {
      first = 0;
      last = 1;
    } else {
      first = Double.POSITIVE_INFINITY;
      last = Double.NEGATIVE_INFINITY;
      boolean nan = false;
      for (int i = 0; i < n; i++) {
        double v = lines.value(i);
        nan |= v != v;
        first = Math.min(first, v);
        last = Math.max(last, v);
      }
      if (nan) {
        first = Double.NaN;
        last = Double.NaN;
      }
      if (!Double.isFinite(first) || !Double.isFinite(last)) {
        throw new IllegalArgumentException("autodetected range of [" + py(first) + ", "
            + py(last) + "] is not finite");
      }
    }
    // the range in the data's own type (from the data) or Python floats (given)
    boolean own = !ranged && n > 0 && floating;
    if (first == last) {
      first = own ? rd.r(first - 0.5) : first - 0.5;
      last = own ? rd.r(last + 0.5) : last + 0.5;
    }
    double[] edges;
    NdArray edgeArray;
    int nb = (int) bins;
    if (own && rd != Rounding.F64) {
      // np.linspace of two scalars of the data's type computes in that type
      edges = new double[nb + 1];
      double delta = rd.r(last - first);
      double step = rd.r(delta / nb);
      for (int i = 0; i <= nb; i++) {
        edges[i] = step == 0 ? rd.r(rd.r(rd.r(i / (double) nb) * delta) + first)
            : rd.r(rd.r(i * step) + first);
      }
      edges[nb] = last;
      edgeArray = edgeType.fromDoubles(Shape.of(nb + 1), edges);
    } else {
      edgeArray = NdArrays.linspace(edgeType, first, last, nb + 1, true);
      edges = (double[]) edgeArray.astype(DoubleNdArray.TYPE).toStorageArray();
    }
    for (int i = 0; i < nb; i++) {
      if (!(edges[i] < edges[i + 1])) {
        throw new IllegalArgumentException("Too many bins for data range. Cannot create " + nb
            + " finite-sized bins.");
      }
    }
    double firstR = rd.r(first);
    double lastR = rd.r(last);
    double denom = rd.r(last - first);
    double bn = rd.r(nb);
    long[] counts = sums == null ? new long[nb] : null;
    for (int i = 0; i < n; i++) {
      if (sums != null && i % HISTOGRAM_BLOCK == 0 && i > 0) {
        sums.flush();
      }
      double x = lines.value(i);
      if (!(x >= firstR && x <= lastR)) {
        continue;
      }
      double f = rd.r(rd.r(rd.r(x - firstR) / denom) * bn);
      long idx = (long) f;
      if (idx == nb) {
        idx--;
      }
      if (x < edges[(int) idx]) {
        idx--;
      }
      if (x >= edges[(int) idx + 1] && idx != nb - 1) {
        idx++;
      }
      if (sums == null) {
        counts[(int) idx]++;
      } else {
        sums.block[(int) idx] += sums.w[i];
      }
    }
    if (sums == null) {
      return new Histogram(LongNdArray.wrap(Shape.of(nb), counts), edgeArray);
    }
    if (n > 0) {
      sums.flush();
    }
    return new WeightedHistogram(sums.n, edgeArray);
  }

  /** NumPy's {@code BLOCK} of {@code np.histogram}: weights are summed block by block. */
  private static final int HISTOGRAM_BLOCK = 65536;

  /**
   * The weighted sums of {@code np.histogram}'s equal bins: per block of
   * {@value #HISTOGRAM_BLOCK} elements (in C order), {@code np.bincount}'s {@code float64} sums
   * in input order, cast to the weights' type and added to the histogram in that type.
   */
  private static final class WeightSums {
    final double[] w;
    final double[] block;
    final NdArray n;

    WeightSums(NdArray a, NdArray weights, long bins) {
      checkWeights(a, weights);
      this.w = (double[]) storage(flat(weights).astype(DoubleNdArray.TYPE));
      int nb = fits(Math.max(bins, 1), "a histogram");
      this.block = new double[nb];
      this.n = weights.scalarType().zeros(Shape.of(nb));
    }

    void flush() {
      NdArray add = DoubleNdArray.wrap(Shape.of(block.length), block).astype(n.scalarType());
      Ufunc.ADD.into(n, n, add);
      Arrays.fill(block, 0.0);
    }
  }

  /** NumPy's checks of {@code np.histogram}'s weights: real, of {@code a}'s shape. */
  private static void checkWeights(NdArray a, NdArray weights) {
    Objects.requireNonNull(weights, "weights");
    if (!weights.shape().equals(a.shape())) {
      throw new IllegalArgumentException("weights should have the same shape as a.");
    }
    if (domain(weights.scalarType()) == Domain.COMPLEX) {
      throw new IllegalArgumentException("histogram: complex weights are not supported by ndprim"
          + " (NumPy sums their real and imaginary parts apart)");
    }
  }

  /**
   * Returns the weighted histogram of all elements over {@code bins} equal bins over their
   * range, NumPy's {@code np.histogram(a, bins, weights=weights)}, bit for bit: each bin holds
   * the sum of the weights of its elements instead of their count.
   *
   * @param a the array, of any rank, real
   * @param bins the number of bins, at least 1
   * @param weights a real array of {@code a}'s shape, one weight per element
   * @return the sums, in the weights' type, and the edges
   * @throws IllegalArgumentException as {@link #histogram(NdArray, long)}, or if the weights'
   *     shape is not {@code a}'s ("weights should have the same shape as a.", NumPy's text) or
   *     they are complex
   */
  public static WeightedHistogram histogram(NdArray a, long bins, NdArray weights) {
    return (WeightedHistogram) histogram(a, bins, Double.NaN, Double.NaN, false,
        Objects.requireNonNull(weights, "weights"));
  }

  /**
   * Returns the weighted histogram of all elements over {@code bins} equal bins over
   * {@code [lo, hi]}, NumPy's {@code np.histogram(a, bins, range=(lo, hi), weights=weights)},
   * bit for bit. As NumPy's, the weights are summed per block of 65,536 elements in C order:
   * each block's sums in {@code float64}, in input order ({@code np.bincount}), then cast to the
   * weights' type and added to the histogram in that type ({@code bool} weights: or-ed). A block
   * sum of integer weights beyond the integer type's range is cast by ndprim's rule for
   * out-of-range floats (docs/differences.md), where NumPy's cast is the platform's.
   *
   * @param a the array, of any rank, real
   * @param bins the number of bins, at least 1
   * @param lo the lower end of the range
   * @param hi the upper end, at least {@code lo}
   * @param weights a real array of {@code a}'s shape, one weight per element
   * @return the sums, in the weights' type, and the edges
   * @throws IllegalArgumentException as {@link #histogram(NdArray, long, double, double)}, or
   *     if the weights' shape is not {@code a}'s or they are complex
   */
  public static WeightedHistogram histogram(NdArray a, long bins, double lo, double hi,
      NdArray weights) {
    return (WeightedHistogram) histogram(a, bins, lo, hi, true,
        Objects.requireNonNull(weights, "weights"));
  }

  /**
   * Returns the weighted histogram of all elements over the bins between consecutive
   * {@code binEdges}, NumPy's {@code np.histogram(a, bins=binEdges, weights=weights)}: per block
   * of 65,536 elements in C order, the elements are sorted with their weights, the weights'
   * cumulative sums ({@code np.cumsum}, in its type) are taken at the edges and added, in the
   * weights' type, to the cumulative histogram, whose differences are the sums. Bit for bit
   * NumPy's, but for equal elements: ndprim's sort is stable and NumPy's {@code argsort} is not,
   * so floating-point weights of equal elements may be added in another order (the sums may then
   * differ in their last bits).
   *
   * @param a the array, of any rank, real
   * @param binEdges the edges, rank 1, increasing
   * @param weights a real array of {@code a}'s shape, one weight per element
   * @return the sums, in the weights' type, and {@code binEdges} itself
   * @throws IllegalArgumentException as {@link #histogram(NdArray, NdArray)}, if the weights'
   *     shape is not {@code a}'s or they are complex, or NumPy's casting error where its
   *     in-place addition refuses the weights' type ({@code bool}: "Cannot cast ufunc 'add'
   *     output from dtype('int64') to dtype('bool') with casting rule 'same_kind'")
   */
  public static WeightedHistogram histogram(NdArray a, NdArray binEdges, NdArray weights) {
    requireReal(a, "histogram");
    checkWeights(a, weights); // NumPy's order: the weights, then the edges
    checkEdges(binEdges);
    int m = (int) binEdges.size();
    ScalarType<?> ntype = weights.scalarType();
    NdArray cum = ntype.zeros(Shape.of(m));
    if (m == 0) {
      return new WeightedHistogram(cum, binEdges);
    }
    NdArray fa = flat(a);
    NdArray fw = flat(weights);
    NdArray left = binEdges.slice(Indices.range(0, m - 1));
    NdArray right = binEdges.slice(Indices.range(m - 1, m));
    for (long i = 0; i < fa.size(); i += HISTOGRAM_BLOCK) {
      long end = Math.min(fa.size(), i + HISTOGRAM_BLOCK);
      NdArray ta = fa.slice(Indices.range(i, end));
      NdArray order = argsort(ta, 0);
      NdArray sa = Indexing.take(ta, order);
      NdArray sw = Indexing.take(fw.slice(Indices.range(i, end)), order);
      NdArray cumsum = Reduce.accumulate(sw, NdArray.class, false);
      // np.concatenate((zeros(1, ntype), cumsum)): cumsum's type holds ntype's (int64 for bool)
      NdArray cw = NdArrays.concatenate(0, cumsum.scalarType().zeros(Shape.of(1)), cumsum);
      NdArray at = NdArrays.concatenate(0, searchsorted(sa, left, false, null),
          searchsorted(sa, right, true, null));
      Ufunc.ADD.into(cum, cum, Indexing.take(cw, at));
    }
    // np.diff: not_equal for booleans, else subtract in the type
    Ufunc diff = ntype == BooleanNdArray.TYPE ? Ufunc.NOT_EQUAL : Ufunc.SUBTRACT;
    NdArray n = diff.apply(cum.slice(Indices.range(1, m)), cum.slice(Indices.range(0, m - 1)));
    return new WeightedHistogram(n, binEdges);
  }

  /**
   * What the weighted {@link #histogram} returns, NumPy's {@code (hist, bin_edges)} with
   * {@code weights}.
   *
   * @param sums the sum of the weights in each bin, in the weights' type, rank 1
   * @param edges the bin edges, rank 1, as {@link Histogram#edges()}
   */
  public record WeightedHistogram(NdArray sums, NdArray edges) {
    /**
     * Returns NumPy's {@code density=True} values, bit for bit: {@code n / db / n.sum()}, each
     * sum divided by its bin's width ({@code np.diff(edges)} as {@code float64}) and by the sum
     * of all bins ({@code np.sum} in the weights' type, {@code int64} for integers and
     * {@code bool}).
     *
     * @return a new rank-1 {@code float64} array
     */
    public DoubleNdArray density() {
      Ufunc diff = edges.scalarType() == BooleanNdArray.TYPE ? Ufunc.NOT_EQUAL : Ufunc.SUBTRACT;
      NdArray widths = edges.size() < 2 ? edges.slice(Indices.range(0, 0))
          : diff.apply(edges.slice(Indices.range(1, edges.size())),
              edges.slice(Indices.range(0, edges.size() - 1)));
      NdArray db = widths.astype(DoubleNdArray.TYPE);
      NdArray total = Reduce.sum(sums, NdArray.class, false);
      return (DoubleNdArray) Ufunc.DIVIDE.apply(Ufunc.DIVIDE.apply(sums, db), total)
          .astype(DoubleNdArray.TYPE);
    }
  }

  /** A double as Python's {@code str(float)} prints the common cases. */
  private static String py(double v) {
    if (Double.isNaN(v)) {
      return "nan";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    return Double.toString(v);
  }

  /**
   * Returns how often each value occurs in the non-negative integers {@code x}, NumPy's
   * {@code np.bincount(x, minlength=minlength)}: element {@code i} of the result counts the
   * elements equal to {@code i}.
   *
   * @param x a rank-1 array of a boolean or integer type, no element negative
   * @param minlength the least length of the result, at least 0
   * @return a new rank-1 {@code int64} array of {@code max(max(x) + 1, minlength)} elements
   * @throws IllegalArgumentException if {@code x} is not rank 1 ("object too deep for desired
   *     array", "object of too small depth for desired array"), not of an integer type ("Cannot
   *     cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'"),
   *     holds a negative element ("'list' argument must have no negative elements"),
   *     {@code minlength} is negative ("'minlength' must not be negative", NumPy's texts), or the
   *     result would not fit a Java array
   */
  public static LongNdArray bincount(NdArray x, long minlength) {
    return (LongNdArray) bincount(x, null, minlength);
  }

  /**
   * Returns the sums of {@code weights} per value of the non-negative integers {@code x}, NumPy's
   * {@code np.bincount(x, weights, minlength)}: element {@code i} of the result is the sum, in
   * {@code float64} and in input order, of the weights of the elements equal to {@code i};
   * without weights ({@code null}) the counts, as {@link #bincount(NdArray, long)}.
   *
   * @param x a rank-1 array of a boolean or integer type, no element negative
   * @param weights a real array of {@code x}'s length, or {@code null}
   * @param minlength the least length of the result, at least 0
   * @return a new rank-1 array of {@code max(max(x) + 1, minlength)} elements: {@code float64}
   *     with weights, else (and, as NumPy's, for an empty {@code x}) {@code int64}
   * @throws IllegalArgumentException as {@link #bincount(NdArray, long)}, or if the weights
   *     differ in length ("The weights and list don't have the same length.")
   */
  public static NdArray bincount(NdArray x, NdArray weights, long minlength) {
    Objects.requireNonNull(x, "x");
    if (x.rank() == 0) {
      throw new IllegalArgumentException("object of too small depth for desired array");
    }
    if (x.rank() > 1) {
      throw new IllegalArgumentException("object too deep for desired array");
    }
    Domain dom = domain(x.scalarType());
    if (dom != Domain.LONG && dom != Domain.ULONG || x.scalarType().kind() == 'c') {
      throw new IllegalArgumentException("Cannot cast array data from dtype('"
          + UfuncTypes.numpyName(x.scalarType()) + "') to dtype('int64') according to the rule"
          + " 'safe'");
    }
    if (minlength < 0) {
      throw new IllegalArgumentException("'minlength' must not be negative");
    }
    Lines lines = lines(x, 0);
    int n = (int) x.size();
    long length = minlength;
    for (int i = 0; i < n; i++) {
      long v = lines.l[i];
      if (v < 0) {
        if (dom == Domain.ULONG) {
          throw new IllegalArgumentException("a bincount of " + Unsigned.toString(v)
              + " bins does not fit a Java array");
        }
        throw new IllegalArgumentException("'list' argument must have no negative elements");
      }
      if (v == Long.MAX_VALUE) { // v + 1 overflows: no Java array holds that many bins
        throw new IllegalArgumentException("a bincount of " + Long.MAX_VALUE + " + 1 bins does"
            + " not fit a Java array");
      }
      length = Math.max(length, v + 1);
    }
    int size = fits(length, "a bincount");
    if (weights != null) {
      requireReal(weights, "bincount");
      if (weights.rank() == 0) {
        throw new IllegalArgumentException("object of too small depth for desired array");
      }
      if (weights.rank() > 1) {
        throw new IllegalArgumentException("object too deep for desired array");
      }
      if (weights.size() != n) {
        throw new IllegalArgumentException("The weights and list don't have the same length.");
      }
    }
    if (weights == null || n == 0) { // NumPy: no elements give int64 zeros, weights or not
      long[] c = new long[size];
      for (int i = 0; i < n; i++) {
        c[(int) lines.l[i]]++;
      }
      return LongNdArray.wrap(Shape.of(size), c);
    }
    double[] w = (double[]) storage(flat(weights).astype(DoubleNdArray.TYPE));
    double[] s = new double[size];
    for (int i = 0; i < n; i++) {
      s[(int) lines.l[i]] += w[i];
    }
    return DoubleNdArray.wrap(Shape.of(size), s);
  }
}
