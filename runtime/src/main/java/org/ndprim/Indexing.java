package org.ndprim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * NumPy's indexing routines (its reference's "Indexing routines" and the positions of nonzero
 * elements), for every element type and storage: where the nonzero elements are
 * ({@link #nonzero}, {@link #where(NdArray)}, {@link #argwhere}, {@link #flatnonzero}; their
 * count is {@link Reduce#countNonzero}), gathering elements by position ({@link #take},
 * {@link #takeAlongAxis}, {@link #compress}, {@link #extract}) and scattering them
 * ({@link #put}, {@link #putAlongAxis}).
 *
 * <p><b>Positions</b> are {@code int64} ({@link LongNdArray}), in C order: a nonzero element
 * comes before another when it comes first in C order. An element is nonzero as NumPy's
 * {@code bool(x)}: NaN is nonzero, {@code -0.0} is zero, a complex number is nonzero when either
 * part is. Negative positions count from the end of their axis.
 *
 * <p><b>Results</b> are new C-order arrays of the input's type (never views), as NumPy's. The
 * {@code put} forms write into their target through its own layout (any view, any storage) and
 * check everything (types, positions, shapes, the read-only flag) before the first element is
 * written, so a refused call leaves the target untouched.
 *
 * <p><b>How.</b> Every routine turns its positions into NumPy's advanced-indexing entries
 * ({@link Indices#take(NdArray)}'s kind) and lets {@link NdArray#slice(Index...)} gather or
 * {@link NdArray#assign(NdArray, Index...)} scatter: the offsets are computed once, for every
 * element type, and the elements move through the storage's own copies. The {@code int64}
 * positions (a copy of an index array that is not one whole C-order {@code int64} Java array) and
 * the result are held at once: when together they need more than the maximum heap
 * ({@code -Xmx}), the call throws an {@link IllegalArgumentException} naming it and the result's
 * shape ("take: cannot allocate an array of shape (5500, 5500) and its working arrays: ..."),
 * before anything is allocated, rather than an {@code OutOfMemoryError}.
 */
public final class Indexing {
  private Indexing() {}

  /**
   * What {@link #take} and {@link #put} do with a position outside its axis, NumPy's
   * {@code mode} argument.
   */
  public enum Mode {
    /** Refuse it ({@link IndexOutOfBoundsException}); NumPy's default {@code 'raise'}. */
    RAISE,
    /** Wrap it around the axis (position modulo the length), NumPy's {@code 'wrap'}. */
    WRAP,
    /**
     * Clip it to the axis: below 0 to 0, beyond the end to the last position, NumPy's
     * {@code 'clip'} (so a negative position does not count from the end).
     */
    CLIP
  }

  // ------------------------------------------------------------------------------ helpers

  @SuppressWarnings("unchecked")
  private static <A extends NdArray> A same(NdArray a) {
    return (A) a;
  }

  /** The C-order flags {@code bool(x)} of every element of {@code a}. */
  private static boolean[] truth(NdArray a) {
    Objects.requireNonNull(a, "array");
    // the flags are held twice (the bool cast, then its Java array): refused before either is
    // made when the heap cannot hold them, instead of an OutOfMemoryError
    long copies = a instanceof BooleanNdArray ? 1 : 2;
    ScalarType.requireHeap(
        a.size() > Long.MAX_VALUE / copies ? Long.MAX_VALUE : copies * a.size(),
        () -> "cannot find the nonzero elements of an array of shape " + a.shape());
    BooleanNdArray b = a instanceof BooleanNdArray m ? m : a.astype(BooleanNdArray.TYPE);
    return b.toArray();
  }

  /**
   * The positions held by {@code indices} as {@code int64}, after NumPy's cast of index arrays
   * to {@code intp}: {@code same_kind} ({@code take}) accepts booleans and every integer type
   * ({@code uint64} wraps, as NumPy's cast); {@code safe} ({@code put}) refuses {@code uint64}.
   */
  private static long[] positions(String operation, NdArray indices, String rule) {
    requireCastable(indices, rule);
    // the copy is refused as the user's call, not as the toArray it is made by
    StridedNdArray.requireHeap(operation, indices.shape(),
        StridedNdArray.bytes(indices.size(), Long.BYTES));
    if (indices instanceof LongNdArray l) {
      return l.toArray();
    }
    // the cast is a new array: its own storage, not a second copy
    NdArray cast = indices.astype(LongNdArray.TYPE);
    Object own = UfuncDriver.javaArray(cast, LongNdArray.TYPE);
    return own instanceof long[] p && p.length == cast.size() ? p : ((LongNdArray) cast).toArray();
  }

  /** Refuses {@code indices} that NumPy's cast to {@code intp} by {@code rule} refuses. */
  private static void requireCastable(NdArray indices, String rule) {
    Objects.requireNonNull(indices, "indices");
    ScalarType<?> t = indices.scalarType();
    char kind = t.kind();
    boolean ok = kind == 'b' || kind == 'i' || kind == 'u' && (rule.equals("same_kind")
        || t.itemSize() < 8);
    if (!ok) {
      throw new IllegalArgumentException("Cannot cast array data from dtype('"
          + UfuncTypes.numpyName(t) + "') to dtype('int64') according to the rule '" + rule
          + "'");
    }
  }

  /**
   * Refuses {@code operation} when the {@code int64} copy of {@code indices} and its result of
   * {@code result} elements of {@code itemBytes} together exceed the heap, before either is made
   * ({@link StridedNdArray#requireHeap}), naming {@code operation} and {@code result}.
   */
  private static void requireHeap(String operation, NdArray indices, long[] result,
      int itemBytes) {
    long size = size(result);
    long positions = StridedNdArray.bytes(indices.size(), Long.BYTES);
    long out = StridedNdArray.bytes(size, itemBytes);
    StridedNdArray.requireHeap(operation, Shape.of(result),
        StridedNdArray.sumBytes(positions, out));
  }

  /** The positions of an along-axis index: NumPy's {@code take_along_axis} takes integers. */
  private static long[] integerPositions(String operation, NdArray indices) {
    char kind = Objects.requireNonNull(indices, "indices").scalarType().kind();
    if (kind != 'i' && kind != 'u') {
      throw new IllegalArgumentException("`indices` must be an integer array");
    }
    return positions(operation, indices, "same_kind");
  }

  /** The index entries {@code [:, ..., :, entry]} with {@code entry} on {@code axis}. */
  private static Index[] along(int rank, int axis, Index entry) {
    Index[] spec = new Index[axis + 1];
    Arrays.fill(spec, Indices.all());
    spec[axis] = entry;
    return spec;
  }

  /** The size of {@code dims}, or an error naming the shape when it overflows a long. */
  private static long size(long[] dims) {
    long n = 1;
    for (long d : dims) {
      if (d == 0) {
        return 0;
      }
    }
    for (long d : dims) {
      try {
        n = Math.multiplyExact(n, d);
      } catch (ArithmeticException e) {
        throw new IllegalArgumentException("a result of shape " + Shape.of(dims)
            + " has more elements than a long counts", e);
      }
    }
    return n;
  }

  /**
   * Brings {@code pos} into {@code [0, n)} as {@code mode} says; with {@link Mode#RAISE} only
   * when {@code check}, refusing the first position outside {@code [-n, n)} with NumPy's message
   * (and leaving the others as they are when not checked).
   */
  private static void normalize(long[] pos, long n, Mode mode, int axis, boolean check) {
    for (int i = 0; i < pos.length; i++) {
      long x = pos[i];
      switch (mode) {
        case WRAP:
          pos[i] = Math.floorMod(x, n);
          break;
        case CLIP:
          pos[i] = x < 0 ? 0 : x >= n ? n - 1 : x;
          break;
        default:
          if (check) {
            long y = x < 0 ? x + n : x;
            if (y < 0 || y >= n) {
              throw new IndexOutOfBoundsException("index " + x + " is out of bounds for axis "
                  + axis + " with size " + n);
            }
            pos[i] = y;
          }
      }
    }
  }

  /**
   * The advanced-indexing entries selecting, in an array of {@code shape} (rank at least 1), the
   * elements at the flat C-order positions {@code flat} (each in {@code [0, size)}): one integer
   * array of shape {@code positions} per axis, so that the selection has shape
   * {@code positions}.
   */
  private static Index[] unravel(Shape shape, Shape positions, long[] flat) {
    int rank = shape.rank();
    ScalarType.requireHeap(8L * rank * flat.length, () -> "the coordinates of "
        + flat.length + " positions in an array of shape " + shape);
    long[][] coords = new long[rank][flat.length];
    for (int i = 0; i < flat.length; i++) {
      long x = flat[i];
      for (int k = rank - 1; k >= 0; k--) {
        long d = shape.dim(k);
        coords[k][i] = x % d;
        x /= d;
      }
    }
    Index[] spec = new Index[rank];
    for (int k = 0; k < rank; k++) {
      spec[k] = Index.array(positions, coords[k]);
    }
    return spec;
  }

  // ------------------------------------------------------------------------------ nonzero

  /**
   * Returns the positions of the nonzero elements, NumPy's {@code np.nonzero(a)}: one
   * {@code int64} array per axis, each of length {@code countNonzero(a)}, the coordinates of the
   * nonzero elements in C order ({@code a.slice(Indices.take(r.get(0)), Indices.take(r.get(1)),
   * ...)} gathers them). NaN is nonzero, {@code -0.0} is zero, a complex number is nonzero when
   * either part is.
   *
   * @param a the array, of rank at least 1
   * @return {@code a.rank()} new rank-1 arrays
   * @throws IllegalArgumentException for a rank-0 array ("Calling nonzero on 0d arrays is not
   *     allowed. Use np.atleast_1d(scalar).nonzero() instead.", NumPy's text), or one of more
   *     elements than a Java array holds or a result larger than the heap
   */
  public static List<LongNdArray> nonzero(NdArray a) {
    if (Objects.requireNonNull(a, "array").rank() == 0) {
      throw new IllegalArgumentException("Calling nonzero on 0d arrays is not allowed. Use"
          + " np.atleast_1d(scalar).nonzero() instead." + (a.scalarType().kind() == 'b'
              ? " If the context of this error is of the form `arr[nonzero(cond)]`, just use"
                  + " `arr[cond]`." : ""));
    }
    long[][] nz = AdvancedIndexing.nonzero("nonzero", a.shape(), truth(a));
    List<LongNdArray> out = new ArrayList<>(nz.length);
    for (long[] axis : nz) {
      out.add(LongNdArray.wrap(Shape.of(axis.length), axis));
    }
    return out;
  }

  /**
   * Returns the positions where {@code condition} is nonzero, NumPy's one-argument
   * {@code np.where(condition)}: the same as {@link #nonzero}. The three-argument form is
   * {@link Ufunc#where}.
   *
   * @param condition the condition, of rank at least 1 (e.g. a {@link BooleanNdArray} from a
   *     comparison)
   * @return {@code condition.rank()} new rank-1 {@code int64} arrays of coordinates, C order
   * @throws IllegalArgumentException for a rank-0 condition (NumPy's text, as {@link #nonzero})
   */
  public static List<LongNdArray> where(NdArray condition) {
    return nonzero(condition);
  }

  /**
   * Returns the coordinates of the nonzero elements, one row each, NumPy's
   * {@code np.argwhere(a)}: an {@code int64} array of shape {@code (countNonzero(a), a.rank())},
   * rows in C order of the elements. A rank-0 array gives shape {@code (1, 0)} when its element
   * is nonzero and {@code (0, 0)} else, as NumPy's.
   *
   * @param a the array
   * @return a new rank-2 array
   * @throws IllegalArgumentException if {@code a} has more elements than a Java array holds or
   *     the result is larger than the heap
   */
  public static LongNdArray argwhere(NdArray a) {
    boolean[] flags = truth(a);
    int rank = a.rank();
    if (rank == 0) {
      return LongNdArray.wrap(Shape.of(flags[0] ? 1 : 0, 0), new long[0]);
    }
    long[][] nz = AdvancedIndexing.nonzero("argwhere", a.shape(), flags);
    int count = nz[0].length;
    // the rows and the per-axis positions they are made from, at once
    StridedNdArray.requireHeap("argwhere", Shape.of(count, rank), 16L * rank * count);
    long[] out = new long[Math.multiplyExact(count, rank)];
    for (int k = 0; k < rank; k++) {
      long[] axis = nz[k];
      for (int i = 0; i < count; i++) {
        out[i * rank + k] = axis[i];
      }
    }
    return LongNdArray.wrap(Shape.of(count, rank), out);
  }

  /**
   * Returns the flat C-order positions of the nonzero elements, NumPy's
   * {@code np.flatnonzero(a)} ({@code nonzero(ravel(a))[0]}; a rank-0 array is one element).
   *
   * @param a the array
   * @return a new rank-1 {@code int64} array, increasing
   * @throws IllegalArgumentException if {@code a} has more elements than a Java array holds
   */
  public static LongNdArray flatnonzero(NdArray a) {
    boolean[] flags = truth(a);
    long[] nz = AdvancedIndexing.nonzero("flatnonzero", Shape.of(flags.length), flags)[0];
    return LongNdArray.wrap(Shape.of(nz.length), nz);
  }

  // ------------------------------------------------------------------------------ take

  /**
   * Returns the elements of the flattened array at {@code indices}, NumPy's
   * {@code np.take(a, indices)} ({@code axis=None}, {@code mode='raise'}).
   *
   * @param a the array (a rank-0 array is one element)
   * @param indices flat C-order positions, an integer or {@code bool} array of any shape
   *     (negative counts from the end)
   * @param <A> the array type
   * @return a new C-order array of {@code a}'s type and of {@code indices}' shape
   * @throws IndexOutOfBoundsException for a position outside {@code [-size, size)} ("index 7 is
   *     out of bounds for axis 0 with size 6", NumPy's text)
   * @throws IllegalArgumentException if {@code indices} is not of an integer or bool type
   *     ("Cannot cast array data from dtype('float64') to dtype('int64') according to the rule
   *     'same_kind'")
   */
  public static <A extends NdArray> A take(A a, NdArray indices) {
    return take(a, indices, Mode.RAISE);
  }

  /**
   * Returns the elements of the flattened array at {@code indices}, NumPy's
   * {@code np.take(a, indices, mode=mode)} ({@code axis=None}).
   *
   * @param a the array (a rank-0 array is one element)
   * @param indices flat C-order positions, an integer or {@code bool} array of any shape
   * @param mode what a position outside the array does
   * @param <A> the array type
   * @return a new C-order array of {@code a}'s type and of {@code indices}' shape
   * @throws IndexOutOfBoundsException as {@link #take(NdArray, NdArray, int, Mode)}
   * @throws IllegalArgumentException as {@link #take(NdArray, NdArray, int, Mode)}
   */
  public static <A extends NdArray> A take(A a, NdArray indices, Mode mode) {
    Objects.requireNonNull(a, "array");
    return same(take(a.reshape(-1), indices, 0, mode));
  }

  /**
   * Returns the elements at {@code indices} along {@code axis}, NumPy's
   * {@code np.take(a, indices, axis)} ({@code mode='raise'}).
   *
   * @param a the array (a rank-0 array is taken as shape {@code (1,)}, as NumPy's)
   * @param indices positions along the axis, an integer or {@code bool} array of any shape
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return a new C-order array of {@code a}'s type, of shape
   *     {@code a.shape[:axis] + indices.shape + a.shape[axis+1:]}
   * @throws IndexOutOfBoundsException as {@link #take(NdArray, NdArray, int, Mode)}
   * @throws IllegalArgumentException as {@link #take(NdArray, NdArray, int, Mode)}
   */
  public static <A extends NdArray> A take(A a, NdArray indices, int axis) {
    return take(a, indices, axis, Mode.RAISE);
  }

  /**
   * Returns the elements at {@code indices} along {@code axis}, NumPy's
   * {@code np.take(a, indices, axis, mode=mode)}: element {@code (i..., j..., k...)} of the
   * result is {@code a[i..., indices[j...], k...]}. With {@link Mode#RAISE} a negative position
   * counts from the end; positions are checked (in C order of {@code indices}) only when there
   * is something to take them from, as NumPy's: not when an axis before {@code axis} is empty.
   *
   * @param a the array (a rank-0 array is taken as shape {@code (1,)}, as NumPy's)
   * @param indices positions along the axis, an integer or {@code bool} array of any shape
   *     (booleans are positions 0 and 1, not a mask; {@code uint64} wraps, as NumPy's cast)
   * @param axis the axis; negative counts from the end
   * @param mode what a position outside the axis does
   * @param <A> the array type
   * @return a new C-order array of {@code a}'s type, of shape
   *     {@code a.shape[:axis] + indices.shape + a.shape[axis+1:]}
   * @throws IndexOutOfBoundsException if the axis is out of range ("axis 2 is out of bounds for
   *     array of dimension 2"), a position is outside its axis in {@link Mode#RAISE} ("index 3 is
   *     out of bounds for axis 1 with size 3"), or the axis is empty and the result is not
   *     ("cannot do a non-empty take from an empty axes.", NumPy's texts)
   * @throws IllegalArgumentException if {@code indices} is not of an integer or bool type
   *     ("Cannot cast array data from dtype('float64') to dtype('int64') according to the rule
   *     'same_kind'"), or the result's size overflows a long
   */
  public static <A extends NdArray> A take(A a, NdArray indices, int axis, Mode mode) {
    Objects.requireNonNull(a, "array");
    Objects.requireNonNull(mode, "mode");
    NdArray src = a.rank() == 0 ? a.reshape(1) : a;
    int ax = Shape.normalizeAxis(axis, src.rank());
    long[] dims = src.shape().asArray();
    Shape is = Objects.requireNonNull(indices, "indices").shape();
    long[] result = new long[dims.length - 1 + is.rank()];
    System.arraycopy(dims, 0, result, 0, ax);
    System.arraycopy(is.asArray(), 0, result, ax, is.rank());
    System.arraycopy(dims, ax + 1, result, ax + is.rank(), dims.length - ax - 1);
    requireCastable(indices, "same_kind");
    requireHeap("take", indices, result, src.scalarType().itemSize());
    long[] pos = positions("take", indices, "same_kind");
    long n = dims[ax];
    long resultSize = size(result);
    if (n == 0 && resultSize != 0) {
      throw new IndexOutOfBoundsException("cannot do a non-empty take from an empty axes.");
    }
    long outer = size(Arrays.copyOf(dims, ax));
    if (n > 0 || mode == Mode.RAISE) {
      normalize(pos, n, mode, ax, outer > 0);
    }
    if (resultSize == 0) {
      return same(src.scalarType().zeros(Shape.of(result)));
    }
    return same(src.slice(along(src.rank(), ax, Index.array(is, pos))));
  }

  // ------------------------------------------------------------------------------ put

  /**
   * Writes {@code values} into {@code a} at the flat positions {@code indices}, NumPy's
   * {@code np.put(a, indices, values)} ({@code mode='raise'}).
   *
   * @param a the target, any (writable) view
   * @param indices flat C-order positions
   * @param values the values
   * @param <A> the array type
   * @return {@code a}
   * @throws ReadOnlyArrayException as {@link #put(NdArray, NdArray, NdArray, Mode)}
   * @throws IndexOutOfBoundsException as {@link #put(NdArray, NdArray, NdArray, Mode)}
   * @throws IllegalArgumentException as {@link #put(NdArray, NdArray, NdArray, Mode)}
   */
  public static <A extends NdArray> A put(A a, NdArray indices, NdArray values) {
    return put(a, indices, values, Mode.RAISE);
  }

  /**
   * Writes {@code values} into {@code a} at the flat C-order positions {@code indices}, NumPy's
   * {@code np.put(a, indices, values, mode)}: the {@code i}-th position (C order of
   * {@code indices}) gets element {@code i % values.size()} of the flattened {@code values}
   * (which repeat when shorter, and of which only the first {@code indices.size()} are used),
   * cast to {@code a}'s type as NumPy's {@code astype} casts. A repeated position keeps the last
   * value. {@code a} may be any writable view: positions are its own C order, whatever its
   * strides. Every position is checked before anything is written (where NumPy's writes the
   * elements before a bad position), so a refused call leaves {@code a} untouched. No values
   * write nothing.
   *
   * @param a the target, any (writable) view
   * @param indices flat positions, an array of {@code bool} or of an integer type other than
   *     {@code uint64}, any shape
   * @param values the values, any shape and type
   * @param mode what a position outside {@code [-size, size)} does
   * @param <A> the array type
   * @return {@code a}
   * @throws ReadOnlyArrayException if {@code a} is read-only ("put: output array is read-only")
   * @throws IndexOutOfBoundsException for a position outside the array in {@link Mode#RAISE}
   *     ("index 9 is out of bounds for axis 0 with size 6"), or positions into an empty array
   *     ("cannot replace elements of an empty array", NumPy's texts)
   * @throws IllegalArgumentException if {@code indices} has another type ("Cannot cast array data
   *     from dtype('uint64') to dtype('int64') according to the rule 'safe'")
   */
  public static <A extends NdArray> A put(A a, NdArray indices, NdArray values, Mode mode) {
    Objects.requireNonNull(a, "array");
    Objects.requireNonNull(values, "values");
    Objects.requireNonNull(mode, "mode");
    if (a.isReadOnly()) {
      throw new ReadOnlyArrayException("put: output array is read-only");
    }
    long[] pos = positions("put", indices, "safe");
    long size = a.size();
    if (pos.length > 0 && size == 0) {
      throw new IndexOutOfBoundsException("cannot replace elements of an empty array");
    }
    long nv = values.size();
    if (nv == 0 || pos.length == 0) {
      return a;
    }
    normalize(pos, size, mode, 0, true);
    NdArray v = values.reshape(-1);
    if (nv != pos.length) {
      long[] cycle = new long[pos.length];
      for (int i = 0; i < cycle.length; i++) {
        cycle[i] = i % nv;
      }
      v = v.slice(Index.array(Shape.of(cycle.length), cycle));
    }
    NdArray target = a.rank() == 0 ? a.reshape(1) : a;
    target.assign(v, unravel(target.shape(), Shape.of(pos.length), pos));
    return a;
  }

  // ------------------------------------------------------------------------------ along axis

  /** NumPy's {@code _make_along_axis_idx}: orthogonal ranges with the indices on the axis. */
  private static Index[] alongAxis(String operation, Shape arr, NdArray indices, int axis) {
    long[] pos = integerPositions(operation, indices);
    if (arr.rank() != indices.rank()) {
      throw new IllegalArgumentException(
          "`indices` and `arr` must have the same number of dimensions");
    }
    int rank = arr.rank();
    Index[] spec = new Index[rank];
    for (int d = 0; d < rank; d++) {
      if (d == axis) {
        spec[d] = Index.array(indices.shape(), pos);
        continue;
      }
      long n = arr.dim(d);
      ScalarType.requireHeap(8 * n, () -> "a range of " + n + " positions");
      long[] dims = new long[rank];
      Arrays.fill(dims, 1);
      dims[d] = n;
      long[] range = new long[Math.toIntExact(n)];
      for (int i = 0; i < range.length; i++) {
        range[i] = i;
      }
      spec[d] = Index.array(Shape.of(dims), range);
    }
    return spec;
  }

  /**
   * Returns the elements at {@code indices} along {@code axis} of each line of {@code arr},
   * NumPy's {@code np.take_along_axis(arr, indices, axis)}: element {@code (i, j, k)} of the
   * result (for a rank-3 array and axis 1) is {@code arr[i, indices[i, j, k], k]}. The other
   * axes of {@code indices} and {@code arr} broadcast together; the result has their broadcast
   * shape with the indices' length on {@code axis}. {@code takeAlongAxis(a, Sorting.argsort(a,
   * axis), axis)} is {@code Sorting.sort(a, axis)}.
   *
   * @param arr the array
   * @param indices positions along the axis (negative counts from the end), an integer array of
   *     {@code arr}'s rank
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return a new C-order array of {@code arr}'s type
   * @throws IndexOutOfBoundsException if the axis is out of range, or a position is outside it
   *     ("index 3 is out of bounds for axis 1 with size 3", NumPy's text)
   * @throws IllegalArgumentException if {@code indices} is not of an integer type ("`indices`
   *     must be an integer array"), its rank differs ("`indices` and `arr` must have the same
   *     number of dimensions"), or the other axes do not broadcast ("shape mismatch: indexing
   *     arrays could not be broadcast together with shapes (2,1) (3,1)")
   */
  public static <A extends NdArray> A takeAlongAxis(A arr, NdArray indices, int axis) {
    int ax = Shape.normalizeAxis(axis, Objects.requireNonNull(arr, "array").rank());
    if (Objects.requireNonNull(indices, "indices").rank() == arr.rank()) {
      // the result has the broadcast of the other axes, the indices' length on the axis
      long[] result = indices.shape().asArray();
      for (int d = 0; d < result.length; d++) {
        result[d] = d == ax || result[d] != 1 ? result[d] : arr.shape().dim(d);
      }
      requireHeap("takeAlongAxis", indices, result, arr.scalarType().itemSize());
    }
    return same(arr.slice(alongAxis("takeAlongAxis", arr.shape(), indices, ax)));
  }

  /**
   * Returns the elements of the flattened array at {@code indices}, NumPy's
   * {@code np.take_along_axis(arr, indices, axis=None)}.
   *
   * @param arr the array (a rank-0 array is one element)
   * @param indices flat C-order positions (negative counts from the end), a rank-1 integer array
   * @param <A> the array type
   * @return a new rank-1 C-order array of {@code arr}'s type, of {@code indices}' length
   * @throws IllegalArgumentException if {@code indices} is not of rank 1 ("when axis=None,
   *     `indices` must have a single dimension.") or not of an integer type
   * @throws IndexOutOfBoundsException if a position is outside the array ("index 9 is out of
   *     bounds for axis 0 with size 6")
   */
  public static <A extends NdArray> A takeAlongAxisFlat(A arr, NdArray indices) {
    Objects.requireNonNull(arr, "array");
    if (Objects.requireNonNull(indices, "indices").rank() != 1) {
      throw new IllegalArgumentException(
          "when axis=None, `indices` must have a single dimension.");
    }
    Index[] spec = flatAlongAxis("takeAlongAxisFlat", arr, indices);
    NdArray src = arr.rank() == 0 ? arr.reshape(1) : arr;
    return same(src.slice(spec));
  }

  /** The entries of a flat along-axis index into {@code arr}, its positions checked. */
  private static Index[] flatAlongAxis(String operation, NdArray arr, NdArray indices) {
    long[] pos = integerPositions(operation, indices);
    normalize(pos, arr.size(), Mode.RAISE, 0, true);
    Shape shape = arr.rank() == 0 ? Shape.of(1) : arr.shape();
    return unravel(shape, indices.shape(), pos);
  }

  /**
   * Writes {@code values} into {@code arr} at {@code indices} along {@code axis} of each line,
   * NumPy's {@code np.put_along_axis(arr, indices, values, axis)}: {@code arr[i, indices[i, j,
   * k], k] = values[i, j, k]} (rank 3, axis 1), with {@code values} broadcast to the shape
   * {@link #takeAlongAxis} would return and cast to {@code arr}'s type as NumPy's
   * {@code __setitem__} casts. A repeated position keeps the last value (C order). Everything is
   * checked before anything is written.
   *
   * @param arr the target, any writable view
   * @param indices positions along the axis, an integer array of {@code arr}'s rank
   * @param values the values, broadcast to the selection
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return {@code arr}
   * @throws ReadOnlyArrayException if {@code arr} is read-only
   * @throws IndexOutOfBoundsException as {@link #takeAlongAxis}
   * @throws IllegalArgumentException as {@link #takeAlongAxis}, or if {@code values} does not
   *     broadcast to the selection ("shape mismatch: value array of shape (3,) could not be
   *     broadcast to indexing result of shape (2,1)", then which axis)
   */
  public static <A extends NdArray> A putAlongAxis(A arr, NdArray indices, NdArray values,
      int axis) {
    int ax = Shape.normalizeAxis(axis, Objects.requireNonNull(arr, "array").rank());
    Objects.requireNonNull(values, "values");
    Index[] spec = alongAxis("putAlongAxis", arr.shape(), indices, ax);
    arr.assign(values, spec);
    return arr;
  }

  /**
   * Writes {@code values} into the flattened {@code arr} at {@code indices}, NumPy's
   * {@code np.put_along_axis(arr, indices, values, axis=None)}: {@code values} is broadcast to
   * {@code indices}' shape; positions are {@code arr}'s C order, whatever its strides.
   *
   * @param arr the target, any writable view (a rank-0 array is one element)
   * @param indices flat C-order positions, a rank-1 integer array
   * @param values the values, broadcast to {@code indices}' shape
   * @param <A> the array type
   * @return {@code arr}
   * @throws ReadOnlyArrayException if {@code arr} is read-only
   * @throws IndexOutOfBoundsException if a position is outside the array
   * @throws IllegalArgumentException as {@link #takeAlongAxisFlat}, or if {@code values} does
   *     not broadcast
   */
  public static <A extends NdArray> A putAlongAxisFlat(A arr, NdArray indices, NdArray values) {
    Objects.requireNonNull(arr, "array");
    Objects.requireNonNull(values, "values");
    if (Objects.requireNonNull(indices, "indices").rank() != 1) {
      throw new IllegalArgumentException(
          "when axis=None, `indices` must have a single dimension.");
    }
    // as NumPy's setitem: the values' shape before the positions
    AdvancedIndexing.checkValue(values, indices.shape());
    Index[] spec = flatAlongAxis("putAlongAxisFlat", arr, indices);
    NdArray target = arr.rank() == 0 ? arr.reshape(1) : arr;
    target.assign(values, spec);
    return arr;
  }

  // ------------------------------------------------------------------------------ compress

  /**
   * Returns the elements of the flattened array where {@code condition} is nonzero, NumPy's
   * {@code np.compress(condition, a)} ({@code axis=None}): a {@code condition} shorter than the
   * array selects from its first elements only.
   *
   * @param condition the flags, a rank-1 array of any type (nonzero is true)
   * @param a the array
   * @param <A> the array type
   * @return a new rank-1 C-order array of {@code a}'s type
   * @throws IllegalArgumentException if {@code condition} is not of rank 1 ("condition must be a
   *     1-d array", NumPy's text)
   * @throws IndexOutOfBoundsException if a true flag is beyond the array ("index 7 is out of
   *     bounds for axis 0 with size 6")
   */
  public static <A extends NdArray> A compress(NdArray condition, A a) {
    Objects.requireNonNull(a, "array");
    return compress(condition, same(a.reshape(-1)), 0);
  }

  /**
   * Returns the slices along {@code axis} where {@code condition} is nonzero, NumPy's
   * {@code np.compress(condition, a, axis)}: {@code take(a, flatnonzero(condition), axis)}. A
   * {@code condition} shorter than the axis selects from its first positions only.
   *
   * @param condition the flags, a rank-1 array of any type (nonzero is true)
   * @param a the array (a rank-0 array is taken as shape {@code (1,)})
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return a new C-order array of {@code a}'s type and shape but on {@code axis}, whose length
   *     is the number of true flags
   * @throws IndexOutOfBoundsException if the axis is out of range, or a true flag is beyond it
   *     ("index 2 is out of bounds for axis 0 with size 2", NumPy's text)
   * @throws IllegalArgumentException if {@code condition} is not of rank 1 ("condition must be a
   *     1-d array")
   */
  public static <A extends NdArray> A compress(NdArray condition, A a, int axis) {
    Objects.requireNonNull(a, "array");
    Shape.normalizeAxis(axis, Math.max(a.rank(), 1));
    if (Objects.requireNonNull(condition, "condition").rank() != 1) {
      throw new IllegalArgumentException("condition must be a 1-d array");
    }
    return take(a, flatnonzero(condition), axis, Mode.RAISE);
  }

  /**
   * Returns the elements of {@code arr} where {@code condition} is nonzero, both flattened in C
   * order, NumPy's {@code np.extract(condition, arr)}: {@code take(arr,
   * flatnonzero(condition))}. The shapes need not match: a smaller condition selects from the
   * first elements only. For a boolean mask of {@code arr}'s shape this is
   * {@code arr.slice(Indices.mask(mask))}.
   *
   * @param condition the flags, any shape and type (nonzero is true)
   * @param arr the array
   * @param <A> the array type
   * @return a new rank-1 C-order array of {@code arr}'s type
   * @throws IndexOutOfBoundsException if a true flag is beyond {@code arr}'s size ("index 6 is
   *     out of bounds for axis 0 with size 6", NumPy's text)
   */
  public static <A extends NdArray> A extract(NdArray condition, A arr) {
    return take(arr, flatnonzero(condition));
  }
}
