package org.ndprim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.ndprim.layout.Layout;
import org.ndprim.ufunc.Promotion;

/**
 * NumPy's array-building and rearranging routines, for every element type: ranges
 * ({@link #arange}, {@link #linspace}, {@link #logspace}, {@link #geomspace}), filled arrays
 * ({@link #ones}, {@link #full}, {@link #eye}, {@link #diag}, {@link #tri}, the {@code *Like}
 * forms, {@link #meshgrid}, {@link #indices}), joining ({@link #concatenate}, {@link #stack} and
 * its forms), splitting ({@link #split}, {@link #arraySplit}: views), and rearranging
 * ({@link #tile}, {@link #repeat}, {@link #roll}, {@link #pad}, {@link #rot90},
 * {@link #swapaxes}, {@link #moveaxis}, {@link #ravel}, {@link #flatten}).
 *
 * <p>Each method says whether its result is a view (sharing the input's storage, as NumPy's
 * views) or a new C-order array. Results keep the type of their input ({@code tile} of an
 * {@code IntNdArray} is an {@code IntNdArray}); joining arrays of several types promotes them as
 * NumPy's {@code np.result_type} ({@link Promotion#resultType}). Copies are made by the typed
 * {@code copyFrom} between views, one call per block, never element by element through boxes.
 * Errors are NumPy's messages where NumPy has them: an axis out of range throws
 * {@link IndexOutOfBoundsException} ("axis 3 is out of bounds for array of dimension 2"), a
 * shape that does not fit throws {@link IllegalArgumentException}.
 *
 * <p>The indexing routines ({@code nonzero}, {@code take}, {@code put}, {@code compress}, ...)
 * are in {@link Indexing}, the sorting and searching ones in {@link Sorting}.
 */
public final class NdArrays {
  private NdArrays() {}

  // ------------------------------------------------------------------------------- helpers

  @SuppressWarnings("unchecked")
  private static <A extends NdArray> ScalarType<A> typeOf(A a) {
    return (ScalarType<A>) Objects.requireNonNull(a, "array").scalarType();
  }

  @SuppressWarnings("unchecked")
  private static <A extends NdArray> A same(NdArray view) {
    return (A) view;
  }

  /** Copies {@code src} into {@code dst}, both of one type and shape: one typed copyFrom. */
  private static void copy(NdArray src, NdArray dst) {
    dst.scalarType().copy(src, dst);
  }

  /** The index entries selecting {@code entry} on {@code axis} and everything on the others. */
  private static Index[] along(int rank, int axis, Index entry) {
    Index[] indices = new Index[rank];
    Arrays.fill(indices, Indices.all());
    indices[axis] = entry;
    return indices;
  }

  /** The view {@code a[..., start:stop, ...]} on {@code axis}, NumPy's slice semantics. */
  private static <A extends NdArray> A part(A a, int axis, long start, long stop) {
    return same(a.slice(along(a.rank(), axis, Indices.slice(start, stop))));
  }

  /** The view {@code a[..., i:i+1, ...]}: one hyperplane, keeping its axis. */
  private static <A extends NdArray> A plane(A a, int axis, long i) {
    return part(a, axis, i, i + 1);
  }

  /** A rank-0 array of {@code type} holding {@code value} cast as NumPy casts a float64. */
  private static <A extends NdArray> A scalar(ScalarType<A> type, double value) {
    return type.fromDoubles(Shape.scalar(), new double[] {value});
  }

  /** A rank-0 array of {@code type} holding {@code value} cast as NumPy casts an int64. */
  private static <A extends NdArray> A scalar(ScalarType<A> type, long value) {
    return type.fromLongs(Shape.scalar(), new long[] {value});
  }

  /** Writes {@code value} (rank 0) into every element of {@code dst}. */
  private static void fillWith(NdArray dst, NdArray value) {
    if (dst.size() > 0) {
      copy(value.broadcastTo(dst.shape()), dst);
    }
  }

  private static long[] dims(NdArray a) {
    return a.shape().asArray();
  }

  private static void requireNonNegative(long n, String what) {
    if (n < 0) {
      throw new IllegalArgumentException("negative dimensions are not allowed: " + what + " "
          + n);
    }
  }

  // ------------------------------------------------------------------------------- filled

  /**
   * Returns a new C-order array of zeros, as NumPy's {@code np.zeros(shape, dtype)}: the same as
   * {@link ScalarType#zeros}.
   *
   * @param type the element type
   * @param shape the shape
   * @param <A> the array type
   * @return a new writable array
   * @throws IllegalArgumentException if it would exceed the maximum heap
   */
  public static <A extends NdArray> A zeros(ScalarType<A> type, Shape shape) {
    return type.zeros(shape);
  }

  /**
   * Returns a new C-order array of ones, as NumPy's {@code np.ones(shape, dtype)} ({@code true}
   * for boolean, {@code 1+0j} for complex).
   *
   * @param type the element type
   * @param shape the shape
   * @param <A> the array type
   * @return a new writable array
   */
  public static <A extends NdArray> A ones(ScalarType<A> type, Shape shape) {
    return full(type, shape, 1L);
  }

  /**
   * Returns a new C-order array with every element {@code value} cast to the type as NumPy's
   * {@code np.full(shape, value, dtype)} casts a float ({@code astype} from {@code float64}).
   *
   * @param type the element type
   * @param shape the shape
   * @param value the value
   * @param <A> the array type
   * @return a new writable array
   */
  public static <A extends NdArray> A full(ScalarType<A> type, Shape shape, double value) {
    A result = type.zeros(shape);
    fillWith(result, scalar(type, value));
    return result;
  }

  /**
   * Returns a new C-order array with every element {@code value} cast to the type as NumPy casts
   * an {@code int64} (exact for every 64-bit integer), as {@code np.full(shape, value, dtype)}: a
   * value an integer type cannot hold is refused, as NumPy 2 refuses the Python int.
   *
   * @param type the element type
   * @param shape the shape
   * @param value the value
   * @param <A> the array type
   * @return a new writable array
   * @throws IllegalArgumentException if the type is an integer type that cannot hold
   *     {@code value} ("Python integer 300 out of bounds for uint8", NumPy's text)
   */
  public static <A extends NdArray> A full(ScalarType<A> type, Shape shape, long value) {
    org.ndprim.ufunc.Promotion.checkWeakInteger(type, value);
    A result = type.zeros(shape);
    fillWith(result, scalar(type, value));
    return result;
  }

  /**
   * Returns a new C-order array of zeros of the type and shape of {@code a}, as NumPy's
   * {@code np.zeros_like(a)} (C order whatever the order of {@code a}).
   *
   * @param a the array whose type and shape are taken
   * @param <A> the array type
   * @return a new writable array
   */
  public static <A extends NdArray> A zerosLike(A a) {
    return typeOf(a).zeros(a.shape());
  }

  /**
   * Returns a new C-order array of ones of the type and shape of {@code a}, as NumPy's
   * {@code np.ones_like(a)}.
   *
   * @param a the array whose type and shape are taken
   * @param <A> the array type
   * @return a new writable array
   */
  public static <A extends NdArray> A onesLike(A a) {
    return ones(typeOf(a), a.shape());
  }

  /**
   * Returns {@link #full(ScalarType, Shape, double)} of the type and shape of {@code a}, as
   * NumPy's {@code np.full_like(a, value)}.
   *
   * @param a the array whose type and shape are taken
   * @param value the value
   * @param <A> the array type
   * @return a new writable array
   */
  public static <A extends NdArray> A fullLike(A a, double value) {
    return full(typeOf(a), a.shape(), value);
  }

  /**
   * Returns {@link #full(ScalarType, Shape, long)} of the type and shape of {@code a}, as
   * NumPy's {@code np.full_like(a, value)} with an integer value.
   *
   * @param a the array whose type and shape are taken
   * @param value the value
   * @param <A> the array type
   * @return a new writable array
   */
  public static <A extends NdArray> A fullLike(A a, long value) {
    return full(typeOf(a), a.shape(), value);
  }

  // ------------------------------------------------------------------------------- ranges

  /**
   * Returns {@code arange(type, 0, stop, 1)}, NumPy's {@code np.arange(stop, dtype=type)}.
   *
   * @param type the element type
   * @param stop the end, not included
   * @param <A> the array type
   * @return a new rank-1 array
   */
  public static <A extends NdArray> A arange(ScalarType<A> type, long stop) {
    return arange(type, 0L, stop, 1L);
  }

  /**
   * Returns the integers {@code start, start + step, ...} before {@code stop}, as NumPy's
   * {@code np.arange(start, stop, step, dtype=type)} with Python integers: the length is
   * {@code ceil((stop - start) / step)} (0 when negative); element {@code i} is NumPy's
   * {@code start + i * delta} computed in the type (integer types wrap as NumPy's; floating
   * types compute in their own precision, as {@link #arange(ScalarType, double, double, double)}).
   *
   * @param type the element type
   * @param start the first value
   * @param stop the end, not included
   * @param step the distance between values, not 0
   * @param <A> the array type
   * @return a new rank-1 array
   * @throws ArithmeticException if {@code step} is 0 ("division by zero", NumPy's
   *     {@code ZeroDivisionError})
   * @throws IllegalArgumentException for a boolean type and a length above 2, or an integer type
   *     that cannot hold {@code start} or {@code start + step} ("Python integer -5 out of bounds
   *     for uint8"), NumPy's texts; if the count of values does not fit a {@code long} (the
   *     message names start, stop, step and the count); if the result would exceed the maximum
   *     heap (see {@link ScalarType#zeros})
   */
  public static <A extends NdArray> A arange(ScalarType<A> type, long start, long stop,
      long step) {
    if (step == 0) {
      throw new ArithmeticException("division by zero");
    }
    long length = arangeLength(start, stop, step);
    if (length > 0) {
      Promotion.checkWeakInteger(type, start); // NumPy 2 sets Python ints checked (NEP 50)
    }
    if (length > 1) {
      Promotion.checkWeakInteger(type, Math.addExact(start, step));
    }
    char kind = type.kind();
    if (kind != 'i' && kind != 'u') {
      return fill(type, length, (double) start, (double) start + (double) step);
    }
    checkBooleanLength(type, length);
    Shape shape = Shape.of(length);
    CastWriter<A> out = type.castWriter(shape);
    long[] block = new long[CastWriter.blockLength(length)];
    for (long done = 0; done < length; ) {
      int n = (int) Math.min(block.length, length - done);
      for (int j = 0; j < n; j++) {
        block[j] = start + (done + j) * step; // wraps as the type's own arithmetic
      }
      out.putLongs(block, n);
      done += n;
    }
    return out.result();
  }

  /**
   * The count of {@code arange(start, stop, step)}, {@code ceil((stop - start) / step)} or 0, in
   * exact arithmetic (the span may exceed a long).
   *
   * @throws IllegalArgumentException naming start, stop, step and the count if the count does not
   *     fit a long (NumPy: "Maximum allowed size exceeded")
   */
  private static long arangeLength(long start, long stop, long step) {
    java.math.BigInteger span =
        java.math.BigInteger.valueOf(stop).subtract(java.math.BigInteger.valueOf(start));
    java.math.BigInteger[] qr = span.divideAndRemainder(java.math.BigInteger.valueOf(step));
    java.math.BigInteger count = qr[0];
    if (qr[1].signum() != 0 && span.signum() == Long.signum(step)) {
      count = count.add(java.math.BigInteger.ONE);
    }
    if (count.bitLength() >= 64) {
      throw new IllegalArgumentException("arange: start " + start + ", stop " + stop + ", step "
          + step + " give " + count + " values, more than a long counts (Maximum allowed size"
          + " exceeded)");
    }
    return Math.max(0, count.longValue());
  }

  /**
   * The too-big error of a result whose length overflows a long: {@code operation + ": cannot
   * allocate the result: " + what + " exceeds 2^63-1 elements (numpy: array is too big)"}, as
   * {@link ScalarType#zeros} refuses a byte size beyond a long.
   */
  private static IllegalArgumentException tooLong(String operation, String what) {
    return new IllegalArgumentException(operation + ": cannot allocate the result: " + what
        + " exceeds 2^63-1 elements (numpy: array is too big)");
  }

  /**
   * Returns {@code arange(type, 0.0, stop, 1.0)}, NumPy's {@code np.arange(stop, dtype=type)}
   * with a float.
   *
   * @param type the element type
   * @param stop the end, not included
   * @param <A> the array type
   * @return a new rank-1 array
   */
  public static <A extends NdArray> A arange(ScalarType<A> type, double stop) {
    return arange(type, 0.0, stop, 1.0);
  }

  /**
   * Returns evenly spaced values in {@code [start, stop)}, bit for bit NumPy's
   * {@code np.arange(start, stop, step, dtype=type)}: the length is
   * {@code ceil((stop - start) / step)} in {@code float64} (0 when not positive); the first two
   * elements are {@code start} and {@code start + step} cast to the type, and element {@code i}
   * is {@code first + i * (second - first)} computed in the type's precision, as NumPy's
   * per-type {@code fill}: {@code float64} and {@code complex128} in {@code double},
   * {@code float32}, {@code complex64}, {@code float16} and {@code bfloat16} in {@code float},
   * integer types in 64-bit integers (wrapping as the type's own arithmetic). So
   * {@code arange(FloatNdArray.TYPE, 0, 1, 0.1)} is NumPy's {@code float32} result, not the
   * {@code float64} one rounded.
   *
   * @param type the element type
   * @param start the first value
   * @param stop the end, not included (though rounding may include it, as NumPy's)
   * @param step the distance between values
   * @param <A> the array type
   * @return a new rank-1 array
   * @throws ArithmeticException if {@code step} is 0 ("float division by zero")
   * @throws IllegalArgumentException if the length is NaN ("arange: cannot compute length") or
   *     too large ("arange: overflow while computing length"), for a boolean type and a length
   *     above 2, or for an integer type that cannot hold the integer part of {@code start} or
   *     {@code start + step} ("Python integer -2 out of bounds for uint8"), NumPy's texts
   */
  public static <A extends NdArray> A arange(ScalarType<A> type, double start, double stop,
      double step) {
    if (step == 0) {
      throw new ArithmeticException("float division by zero");
    }
    double quotient = Math.ceil((stop - start) / step);
    if (Double.isNaN(quotient)) {
      throw new IllegalArgumentException("arange: cannot compute length");
    }
    if (!(quotient >= -0x1p63 && quotient < 0x1p63)) {
      throw new IllegalArgumentException("arange: overflow while computing length");
    }
    long length = Math.max(0, (long) quotient);
    if (type.kind() == 'i' || type.kind() == 'u') {
      // NumPy 2 sets int(start) and int(start + step) checked, as Python integers (NEP 50)
      if (length > 0 && Double.isFinite(start)) {
        Promotion.checkWeakInteger(type, (long) start);
      }
      if (length > 1 && Double.isFinite(start + step)) {
        Promotion.checkWeakInteger(type, (long) (start + step));
      }
    }
    return fill(type, length, start, start + step);
  }

  private static void checkBooleanLength(ScalarType<?> type, long length) {
    if (type.kind() == 'b' && length > 2) {
      throw new IllegalArgumentException(
          "arange() is only supported for booleans when the result has at most length 2.");
    }
  }

  /**
   * NumPy's arange fill: the first two values cast to the type, then {@code first + i * delta}
   * in the type's precision.
   */
  private static <A extends NdArray> A fill(ScalarType<A> type, long length, double first,
      double second) {
    checkBooleanLength(type, length);
    Shape shape = Shape.of(length);
    if (length <= 2 || type.kind() == 'b') {
      double[] values = length == 0 ? new double[0]
          : length == 1 ? new double[] {first} : new double[] {first, second};
      return type.fromDoubles(shape, values);
    }
    CastWriter<A> out = type.castWriter(shape);
    char kind = type.kind();
    if (kind == 'i' || kind == 'u') {
      // integer types from float arguments: the cast values, then integer arithmetic
      LongNdArray b = type.fromDoubles(Shape.of(2), new double[] {first, second})
          .astype(LongNdArray.TYPE);
      long b0 = b.getLong(0);
      long delta = b.getLong(1) - b0;
      long[] block = new long[CastWriter.blockLength(length)];
      for (long done = 0; done < length; ) {
        int n = (int) Math.min(block.length, length - done);
        for (int j = 0; j < n; j++) {
          block[j] = b0 + (done + j) * delta; // element 1 is b0 + delta: exact
        }
        out.putLongs(block, n);
        done += n;
      }
      return out.result();
    }
    DoubleNdArray b = type.fromDoubles(Shape.of(2), new double[] {first, second})
        .astype(DoubleNdArray.TYPE);
    int partBytes = kind == 'c' ? type.itemSize() / 2 : type.itemSize();
    boolean inDouble = partBytes >= 8;
    double d0 = b.getDouble(0);
    double d1 = b.getDouble(1);
    float f0 = (float) d0;
    float fDelta = (float) d1 - f0;
    double dDelta = d1 - d0;
    double[] block = out.doublesBlock();
    for (long done = 0; done < length; ) {
      int n = (int) Math.min(block.length, length - done);
      for (int j = 0; j < n; j++) {
        long i = done + j;
        // elements 0 and 1 are the cast values; NumPy's fill computes from element 2 on
        block[j] = i < 2 ? (i == 0 ? d0 : d1)
            : inDouble ? d0 + i * dDelta : (double) (f0 + i * fDelta);
      }
      out.putDoubles(block, n);
      done += n;
    }
    return out.result();
  }

  /**
   * Returns {@code linspace(type, start, stop, num, true)}, NumPy's
   * {@code np.linspace(start, stop, num, dtype=type)}.
   *
   * @param type the element type
   * @param start the first value
   * @param stop the last value
   * @param num the number of values, at least 0
   * @param <A> the array type
   * @return a new rank-1 array of {@code num} elements
   * @throws IllegalArgumentException if {@code num} is negative
   */
  public static <A extends NdArray> A linspace(ScalarType<A> type, double start, double stop,
      long num) {
    return linspace(type, start, stop, num, true);
  }

  /**
   * Returns {@code num} evenly spaced values from {@code start}, bit for bit NumPy's
   * {@code np.linspace(start, stop, num, endpoint, dtype=type)}: computed in {@code float64} as
   * {@code i * step + start} with {@code step = (stop - start) / div} ({@code div} is
   * {@code num - 1} with the endpoint, else {@code num}; {@code i / div * delta + start} when
   * the step underflows to 0), the last value exactly {@code stop} with the endpoint, then cast
   * to the type (integer types take the floor first, as NumPy's).
   *
   * @param type the element type
   * @param start the first value
   * @param stop the last value, or the end not included without the endpoint
   * @param num the number of values, at least 0
   * @param endpoint whether {@code stop} is the last value
   * @param <A> the array type
   * @return a new rank-1 array of {@code num} elements
   * @throws IllegalArgumentException if {@code num} is negative ("Number of samples, -1, must
   *     be non-negative.", NumPy's text)
   */
  public static <A extends NdArray> A linspace(ScalarType<A> type, double start, double stop,
      long num, boolean endpoint) {
    double[] y = linspaceValues(start, stop, num, endpoint);
    if (type.kind() == 'i' || type.kind() == 'u') {
      for (int i = 0; i < y.length; i++) {
        y[i] = Math.floor(y[i]);
      }
    }
    return type.fromDoubles(Shape.of(y.length), y);
  }

  private static double[] linspaceValues(double start, double stop, long num,
      boolean endpoint) {
    if (num < 0) {
      throw new IllegalArgumentException("Number of samples, " + num
          + ", must be non-negative.");
    }
    int n = StridedNdArray.arraySize("linspace", num, Shape.of(num), Double.BYTES);
    long div = endpoint ? num - 1 : num;
    double delta = stop - start;
    double[] y = new double[n];
    if (div > 0) {
      double step = delta / div;
      for (int i = 0; i < n; i++) {
        y[i] = step == 0 ? (double) i / div * delta + start : i * step + start;
      }
    } else {
      for (int i = 0; i < n; i++) {
        y[i] = i * delta + start;
      }
    }
    if (endpoint && num > 1) {
      y[n - 1] = stop;
    }
    return y;
  }

  /**
   * Returns {@code logspace(type, start, stop, num, true, 10.0)}, NumPy's
   * {@code np.logspace(start, stop, num, dtype=type)}.
   *
   * @param type the element type
   * @param start the first exponent
   * @param stop the last exponent
   * @param num the number of values, at least 0
   * @param <A> the array type
   * @return a new rank-1 array of {@code num} elements
   * @throws IllegalArgumentException if {@code num} is negative
   */
  public static <A extends NdArray> A logspace(ScalarType<A> type, double start, double stop,
      long num) {
    return logspace(type, start, stop, num, true, 10.0);
  }

  /**
   * Returns {@code base} raised to the {@link #linspace} values, as NumPy's
   * {@code np.logspace(start, stop, num, endpoint, base, dtype=type)}: {@code Math.pow} of the
   * {@code float64} exponents, then cast to the type.
   *
   * @param type the element type
   * @param start the first exponent
   * @param stop the last exponent
   * @param num the number of values, at least 0
   * @param endpoint whether {@code stop} is the last exponent
   * @param base the base
   * @param <A> the array type
   * @return a new rank-1 array of {@code num} elements
   * @throws IllegalArgumentException if {@code num} is negative
   */
  public static <A extends NdArray> A logspace(ScalarType<A> type, double start, double stop,
      long num, boolean endpoint, double base) {
    double[] y = linspaceValues(start, stop, num, endpoint);
    for (int i = 0; i < y.length; i++) {
      y[i] = Math.pow(base, y[i]);
    }
    return type.fromDoubles(Shape.of(y.length), y);
  }

  /**
   * Returns {@code geomspace(type, start, stop, num, true)}, NumPy's
   * {@code np.geomspace(start, stop, num, dtype=type)}.
   *
   * @param type the element type
   * @param start the first value, not 0
   * @param stop the last value, not 0
   * @param num the number of values, at least 0
   * @param <A> the array type
   * @return a new rank-1 array of {@code num} elements
   * @throws IllegalArgumentException if {@code start} or {@code stop} is 0, or {@code num} is
   *     negative
   */
  public static <A extends NdArray> A geomspace(ScalarType<A> type, double start, double stop,
      long num) {
    return geomspace(type, start, stop, num, true);
  }

  /**
   * Returns a geometric progression from {@code start}, as NumPy's
   * {@code np.geomspace(start, stop, num, endpoint, dtype=type)}: both ends divided by the sign
   * of {@code start}, {@code 10} raised to the {@link #linspace} of their {@code log10}, the
   * first value exactly {@code start} and (with the endpoint) the last exactly {@code stop},
   * computed in {@code float64} and cast to the type.
   *
   * @param type the element type
   * @param start the first value, not 0
   * @param stop the last value, not 0
   * @param num the number of values, at least 0
   * @param endpoint whether {@code stop} is the last value
   * @param <A> the array type
   * @return a new rank-1 array of {@code num} elements
   * @throws IllegalArgumentException if {@code start} or {@code stop} is 0 ("Geometric sequence
   *     cannot include zero", NumPy's text), or {@code num} is negative
   */
  public static <A extends NdArray> A geomspace(ScalarType<A> type, double start, double stop,
      long num, boolean endpoint) {
    if (start == 0 || stop == 0) {
      throw new IllegalArgumentException("Geometric sequence cannot include zero");
    }
    double sign = Math.signum(start);
    double first = start / sign;
    double last = stop / sign;
    double[] y = linspaceValues(Math.log10(first), Math.log10(last), num, endpoint);
    for (int i = 0; i < y.length; i++) {
      y[i] = Math.pow(10.0, y[i]);
    }
    if (y.length > 0) {
      y[0] = first;
      if (y.length > 1 && endpoint) {
        y[y.length - 1] = last;
      }
    }
    for (int i = 0; i < y.length; i++) {
      y[i] *= sign;
    }
    return type.fromDoubles(Shape.of(y.length), y);
  }

  // ------------------------------------------------------------------------------- matrices

  /**
   * Returns {@code eye(type, n, n, 0)}, NumPy's {@code np.eye(n, dtype=type)}.
   *
   * @param type the element type
   * @param n the number of rows and columns
   * @param <A> the array type
   * @return a new {@code (n, n)} array
   * @throws IllegalArgumentException if {@code n} is negative
   */
  public static <A extends NdArray> A eye(ScalarType<A> type, long n) {
    return eye(type, n, n, 0);
  }

  /**
   * Returns a new C-order {@code (n, m)} array with ones on diagonal {@code k} (above the main
   * one when positive, below when negative) and zeros elsewhere, as NumPy's
   * {@code np.eye(n, m, k, dtype=type)}.
   *
   * @param type the element type
   * @param n the number of rows
   * @param m the number of columns
   * @param k the diagonal
   * @param <A> the array type
   * @return a new {@code (n, m)} array
   * @throws IllegalArgumentException if {@code n} or {@code m} is negative
   */
  public static <A extends NdArray> A eye(ScalarType<A> type, long n, long m, long k) {
    requireNonNegative(n, "N");
    requireNonNegative(m, "M");
    A result = type.zeros(Shape.of(n, m));
    fillWith(writableDiagonal(result, k, 0, 1), scalar(type, 1L));
    return result;
  }

  /**
   * Returns {@link #eye(ScalarType, long)}, NumPy's {@code np.identity(n, dtype=type)}.
   *
   * @param type the element type
   * @param n the number of rows and columns
   * @param <A> the array type
   * @return a new {@code (n, n)} array
   * @throws IllegalArgumentException if {@code n} is negative
   */
  public static <A extends NdArray> A identity(ScalarType<A> type, long n) {
    return eye(type, n, n, 0);
  }

  /**
   * Returns the diagonal {@code k} of two axes as a view, NumPy's
   * {@code a.diagonal(k, axis1, axis2)}: the two axes are removed and the diagonal appended as
   * the last axis. Read-only, as NumPy's (since 1.9), so code written for it keeps working when
   * NumPy makes it writable; {@code copy()} it to write.
   *
   * @param a the array, of rank 2 or more
   * @param k the diagonal: above the main one when positive, below when negative
   * @param axis1 the rows' axis; negative counts from the end
   * @param axis2 the columns' axis; negative counts from the end
   * @param <A> the array type
   * @return a read-only view
   * @throws IndexOutOfBoundsException if an axis is out of range
   * @throws IllegalArgumentException if the two axes are the same
   */
  public static <A extends NdArray> A diagonal(A a, long k, int axis1, int axis2) {
    return same(writableDiagonal(a, k, axis1, axis2).readOnly());
  }

  /** The diagonal view, writable when {@code a} is: for eye and diag to write into. */
  private static <A extends NdArray> A writableDiagonal(A a, long k, int axis1, int axis2) {
    return same(a.asStrided(a.layout().diagonal(k, axis1, axis2)));
  }

  /**
   * Returns {@code diag(a, 0)}, NumPy's {@code np.diag(a)}.
   *
   * @param a a rank-1 or rank-2 array
   * @param <A> the array type
   * @return a new array (from rank 1) or a read-only view (from rank 2)
   * @throws IllegalArgumentException if {@code a} is of another rank
   */
  public static <A extends NdArray> A diag(A a) {
    return diag(a, 0);
  }

  /**
   * Returns, as NumPy's {@code np.diag(a, k)}: for a rank-1 {@code a} of length {@code n}, a new
   * {@code (n + |k|, n + |k|)} array with {@code a} on diagonal {@code k} and zeros elsewhere;
   * for a rank-2 {@code a}, its diagonal {@code k} as a read-only view (see
   * {@link #diagonal}).
   *
   * @param a a rank-1 or rank-2 array
   * @param k the diagonal: above the main one when positive, below when negative
   * @param <A> the array type
   * @return a new array (from rank 1) or a read-only view (from rank 2)
   * @throws IllegalArgumentException if {@code a} is of another rank ("Input must be 1- or
   *     2-d.", NumPy's text)
   * @throws IllegalArgumentException if the result is too big: a length beyond 2^63-1 elements
   *     (NumPy's "array is too big") or more bytes than the heap; the message names the operation
   */
  public static <A extends NdArray> A diag(A a, long k) {
    if (a.rank() == 1) {
      long n = a.size() + Math.abs(k); // |k| of Long.MIN_VALUE stays negative: refused too
      if (n < 0 || Math.abs(k) < 0) {
        throw tooLong("diag", "the side " + a.size() + " + |" + k + "|");
      }
      A result = typeOf(a).zeros(Shape.of(n, n));
      copy(a, writableDiagonal(result, k, 0, 1));
      return result;
    }
    if (a.rank() == 2) {
      return diagonal(a, k, 0, 1);
    }
    throw new IllegalArgumentException("Input must be 1- or 2-d.");
  }

  /**
   * Returns a new C-order {@code (n, m)} array with ones at and below diagonal {@code k}
   * ({@code j <= i + k}) and zeros above, as NumPy's {@code np.tri(n, m, k, dtype=type)}.
   *
   * @param type the element type
   * @param n the number of rows
   * @param m the number of columns
   * @param k the diagonal at and below which the ones are
   * @param <A> the array type
   * @return a new {@code (n, m)} array
   * @throws IllegalArgumentException if {@code n} or {@code m} is negative
   */
  public static <A extends NdArray> A tri(ScalarType<A> type, long n, long m, long k) {
    requireNonNegative(n, "N");
    requireNonNegative(m, "M");
    A result = type.zeros(Shape.of(n, m));
    A one = scalar(type, 1L);
    long kk = Math.max(-n - 1, Math.min(m + 1, k)); // beyond the array: no overflow below
    for (long i = 0; i < n; i++) {
      long end = Math.max(0, Math.min(m, i + kk + 1));
      fillWith(result.slice(Indices.at(i), Indices.slice(0, end)), one);
    }
    return result;
  }

  /**
   * Returns a copy of {@code a} with the elements above diagonal {@code k} of its last two axes
   * zeroed, as NumPy's {@code np.tril(a, k)}; a rank-1 {@code a} is first broadcast to
   * {@code (n, n)}, as NumPy's.
   *
   * @param a an array of rank 1 or more
   * @param k the diagonal at and below which elements are kept
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException if {@code a} has rank 0
   */
  public static <A extends NdArray> A tril(A a, long k) {
    return triangle(a, k, true);
  }

  /**
   * Returns a copy of {@code a} with the elements below diagonal {@code k} of its last two axes
   * zeroed, as NumPy's {@code np.triu(a, k)}; a rank-1 {@code a} is first broadcast to
   * {@code (n, n)}, as NumPy's.
   *
   * @param a an array of rank 1 or more
   * @param k the diagonal at and above which elements are kept
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException if {@code a} has rank 0
   */
  public static <A extends NdArray> A triu(A a, long k) {
    return triangle(a, k, false);
  }

  private static <A extends NdArray> A triangle(A a, long k, boolean lower) {
    if (a.rank() == 0) {
      throw new IllegalArgumentException((lower ? "tril" : "triu")
          + " needs an array of rank 1 or more, got rank 0");
    }
    NdArray source = a.rank() == 1 ? a.broadcastTo(Shape.of(a.size(), a.size())) : a;
    A result = typeOf(a).zeros(source.shape());
    copy(source, result);
    int rank = result.rank();
    long rows = result.shape().dim(rank - 2);
    long cols = result.shape().dim(rank - 1);
    A zero = scalar(typeOf(a), 0L);
    long kk = Math.max(-rows - 1, Math.min(cols + 1, k)); // beyond the array: no overflow below
    for (long i = 0; i < rows; i++) {
      Index cleared = lower ? Indices.slice(Math.max(0, Math.min(cols, i + kk + 1)), cols)
          : Indices.slice(0, Math.max(0, Math.min(cols, i + kk)));
      fillWith(result.slice(Indices.ellipsis(), Indices.at(i), cleared), zero);
    }
    return result;
  }

  /**
   * Returns coordinate matrices from coordinate vectors, as NumPy's
   * {@code np.meshgrid(*xs, indexing=indexing)} (dense, copies): each input is flattened; with
   * {@code "ij"} output {@code i} has shape {@code (n0, n1, ...)} and varies along axis
   * {@code i}; with {@code "xy"} (NumPy's default) the first two lengths are swapped
   * {@code (n1, n0, n2, ...)}, so the first input varies along the columns. Each output keeps
   * the type of its input.
   *
   * @param indexing {@code "xy"} or {@code "ij"}
   * @param xs the coordinate vectors
   * @return one new C-order array per input
   * @throws IllegalArgumentException if {@code indexing} is neither (NumPy's text)
   */
  public static List<NdArray> meshgrid(String indexing, NdArray... xs) {
    if (!"xy".equals(indexing) && !"ij".equals(indexing)) {
      throw new IllegalArgumentException("Valid values for `indexing` are 'xy' and 'ij'.");
    }
    int n = xs.length;
    long[] lengths = new long[n];
    for (int i = 0; i < n; i++) {
      lengths[i] = xs[i].size();
    }
    boolean swap = "xy".equals(indexing) && n > 1;
    long[] shape = lengths.clone();
    if (swap) {
      shape[0] = lengths[1];
      shape[1] = lengths[0];
    }
    List<NdArray> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long[] s = new long[n];
      Arrays.fill(s, 1);
      int position = swap && i < 2 ? 1 - i : i;
      s[position] = lengths[i];
      NdArray column = ravel(xs[i]).reshape(Shape.of(s));
      NdArray result = xs[i].scalarType().zeros(Shape.of(shape));
      copy(column.broadcastTo(result.shape()), result);
      out.add(result);
    }
    return out;
  }

  /**
   * Returns the grid of indices of an array of shape {@code dims}, as NumPy's
   * {@code np.indices(dims, dtype=type)}: a new C-order array of shape
   * {@code (dims.length, dims...)} whose {@code [i]} holds the index along axis {@code i}.
   *
   * @param type the element type (NumPy's default is {@code int64}: {@code LongNdArray.TYPE})
   * @param dims the shape of the grid
   * @param <A> the array type
   * @return a new array
   * @throws IllegalArgumentException if a dimension is negative
   */
  public static <A extends NdArray> A indices(ScalarType<A> type, long... dims) {
    Shape grid = Shape.of(dims);
    long[] outer = new long[dims.length + 1];
    outer[0] = dims.length;
    System.arraycopy(dims, 0, outer, 1, dims.length);
    A result = type.zeros(Shape.of(outer));
    for (int i = 0; i < dims.length; i++) {
      long[] s = new long[dims.length];
      Arrays.fill(s, 1);
      s[i] = dims[i];
      NdArray axis = arange(type, dims[i]).reshape(Shape.of(s));
      NdArray target = result.get(i);
      if (target.size() > 0) {
        copy(axis.broadcastTo(grid), target);
      }
    }
    return result;
  }

  // ------------------------------------------------------------------------------- joining

  /**
   * Joins arrays along an existing axis, as NumPy's {@code np.concatenate(arrays, axis)}: every
   * axis but {@code axis} must have the same length. Arrays of different types are promoted as
   * {@link Promotion#resultType} (NumPy's {@code np.result_type}) and cast as {@code astype}.
   *
   * @param axis the axis to join along; negative counts from the end
   * @param arrays the arrays, at least one, of one rank of at least 1
   * @param <A> the array type (the result's type when every input has it)
   * @return a new C-order array
   * @throws IllegalArgumentException if there is no array ("need at least one array to
   *     concatenate"), an array has rank 0 ("zero-dimensional arrays cannot be concatenated"),
   *     the ranks differ, or another axis differs in length (NumPy's texts, naming the axis,
   *     the arrays' positions and both lengths)
   * @throws IndexOutOfBoundsException if {@code axis} is out of range
   * @throws IllegalArgumentException if the result is too big: a length beyond 2^63-1 elements
   *     (NumPy's "array is too big") or more bytes than the heap; the message names the operation
   */
  @SafeVarargs
  public static <A extends NdArray> A concatenate(int axis, A... arrays) {
    return concatenate(axis, Arrays.asList(arrays));
  }

  /**
   * Returns {@link #concatenate(int, NdArray[])} of a list.
   *
   * @param axis the axis to join along; negative counts from the end
   * @param arrays the arrays, at least one
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException as {@link #concatenate(int, NdArray[])}
   * @throws IndexOutOfBoundsException if {@code axis} is out of range
   */
  public static <A extends NdArray> A concatenate(int axis, List<? extends A> arrays) {
    if (arrays.isEmpty()) {
      throw new IllegalArgumentException("need at least one array to concatenate");
    }
    NdArray first = arrays.get(0);
    int rank = first.rank();
    if (rank == 0) {
      throw new IllegalArgumentException("zero-dimensional arrays cannot be concatenated");
    }
    int ax = Shape.normalizeAxis(axis, rank);
    long[] shape = dims(first);
    ScalarType<?> type = first.scalarType();
    long total = 0;
    for (int i = 0; i < arrays.size(); i++) {
      NdArray a = Objects.requireNonNull(arrays.get(i), "array");
      if (a.rank() != rank) {
        throw new IllegalArgumentException("all the input arrays must have same number of"
            + " dimensions, but the array at index 0 has " + rank + " dimension(s) and the array"
            + " at index " + i + " has " + a.rank() + " dimension(s)");
      }
      for (int d = 0; d < rank; d++) {
        if (d != ax && a.shape().dim(d) != shape[d]) {
          throw new IllegalArgumentException("all the input array dimensions except for the"
              + " concatenation axis must match exactly, but along dimension " + d + ", the array"
              + " at index 0 has size " + shape[d] + " and the array at index " + i
              + " has size " + a.shape().dim(d));
        }
      }
      total += a.shape().dim(ax);
      if (total < 0) {
        throw tooLong("concatenate", "the sum of the lengths along axis " + ax + " of arrays 0.."
            + i);
      }
      type = Promotion.resultType(type, a.scalarType());
    }
    shape[ax] = total;
    NdArray result = type.zeros(Shape.of(shape));
    long offset = 0;
    for (NdArray a : arrays) {
      long n = a.shape().dim(ax);
      NdArray source = a.scalarType() == type ? a : a.astype(type);
      if (a.size() > 0) {
        copy(source, part(result, ax, offset, offset + n));
      }
      offset += n;
    }
    return same(result);
  }

  /**
   * Joins arrays of one shape along a new axis, as NumPy's {@code np.stack(arrays, axis)}: the
   * result has rank {@code rank + 1} and its axis {@code axis} indexes the inputs. Types are
   * promoted as {@link #concatenate(int, NdArray[])}.
   *
   * @param axis the position of the new axis in the result; negative counts from the end
   * @param arrays the arrays, at least one, of one shape
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException if there is no array ("need at least one array to stack")
   *     or the shapes differ ("all input arrays must have the same shape")
   * @throws IndexOutOfBoundsException if {@code axis} is not in {@code [-rank-1, rank]}
   */
  @SafeVarargs
  public static <A extends NdArray> A stack(int axis, A... arrays) {
    if (arrays.length == 0) {
      throw new IllegalArgumentException("need at least one array to stack");
    }
    Shape shape = arrays[0].shape();
    for (A a : arrays) {
      if (!a.shape().equals(shape)) {
        throw new IllegalArgumentException("all input arrays must have the same shape");
      }
    }
    int ax = Shape.normalizeAxis(axis, shape.rank() + 1);
    List<A> expanded = new ArrayList<>();
    for (A a : arrays) {
      expanded.add(same(a.expandDims(ax)));
    }
    return concatenate(ax, expanded);
  }

  /**
   * Joins arrays column-wise, as NumPy's {@code np.hstack}: along axis 0 for rank-1 arrays
   * (rank-0 arrays count as length 1), else along axis 1.
   *
   * @param arrays the arrays, at least one
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException as {@link #concatenate(int, NdArray[])}
   */
  @SafeVarargs
  public static <A extends NdArray> A hstack(A... arrays) {
    List<A> at = atLeast(1, arrays);
    return concatenate(at.get(0).rank() == 1 ? 0 : 1, at);
  }

  /**
   * Joins arrays row-wise, as NumPy's {@code np.vstack}: rank-1 arrays of length {@code n}
   * become rows {@code (1, n)} (rank 0: {@code (1, 1)}), then they join along axis 0.
   *
   * @param arrays the arrays, at least one
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException as {@link #concatenate(int, NdArray[])}
   */
  @SafeVarargs
  public static <A extends NdArray> A vstack(A... arrays) {
    return concatenate(0, atLeast(2, arrays));
  }

  /**
   * Joins arrays depth-wise, as NumPy's {@code np.dstack}: arrays are made rank 3 as NumPy's
   * {@code atleast_3d} ({@code (n)} becomes {@code (1, n, 1)}, {@code (m, n)} becomes
   * {@code (m, n, 1)}), then join along axis 2.
   *
   * @param arrays the arrays, at least one
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException as {@link #concatenate(int, NdArray[])}
   */
  @SafeVarargs
  public static <A extends NdArray> A dstack(A... arrays) {
    return concatenate(2, atLeast(3, arrays));
  }

  /**
   * Joins rank-1 arrays as the columns of a matrix, as NumPy's {@code np.column_stack}: arrays
   * of rank below 2 become columns {@code (n, 1)}, then all join along axis 1.
   *
   * @param arrays the arrays, at least one
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException as {@link #concatenate(int, NdArray[])}
   */
  @SafeVarargs
  public static <A extends NdArray> A columnStack(A... arrays) {
    List<A> columns = new ArrayList<>();
    for (A a : arrays) {
      columns.add(a.rank() >= 2 ? a : same(a.reshapeView(a.size(), 1)));
    }
    return concatenate(1, columns);
  }

  /** NumPy's atleast_1d/2d/3d, as views. */
  private static <A extends NdArray> List<A> atLeast(int rank, A[] arrays) {
    if (arrays.length == 0) {
      throw new IllegalArgumentException("need at least one array to concatenate");
    }
    List<A> out = new ArrayList<>();
    for (A a : arrays) {
      NdArray v = a;
      if (a.rank() < rank) {
        if (a.rank() == 0) {
          v = a.reshapeView(rank == 1 ? new long[] {1} : rank == 2 ? new long[] {1, 1}
              : new long[] {1, 1, 1});
        } else if (rank == 2) {
          v = a.expandDims(0);
        } else if (a.rank() == 1) { // rank 3
          v = a.expandDims(0).expandDims(2);
        } else {
          v = a.expandDims(2);
        }
      }
      out.add(same(v));
    }
    return out;
  }

  // ------------------------------------------------------------------------------- splitting

  /**
   * Splits an array into {@code sections} equal views along {@code axis}, as NumPy's
   * {@code np.split(a, sections, axis)}.
   *
   * @param a the array
   * @param sections the number of parts, dividing the axis length
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return the parts, views of {@code a}
   * @throws IllegalArgumentException if {@code sections} does not divide the length ("array
   *     split does not result in an equal division", NumPy's text) or is negative
   * @throws ArithmeticException if {@code sections} is 0 ("integer modulo by zero", NumPy's)
   * @throws IndexOutOfBoundsException if {@code axis} is out of range
   */
  public static <A extends NdArray> List<A> split(A a, long sections, int axis) {
    int ax = Shape.normalizeAxis(axis, a.rank());
    if (sections == 0) {
      throw new ArithmeticException("integer modulo by zero"); // NumPy's ZeroDivisionError
    }
    if (sections > 0 && a.shape().dim(ax) % sections != 0) {
      throw new IllegalArgumentException("array split does not result in an equal division");
    }
    return arraySplit(a, sections, axis);
  }

  /**
   * Splits an array at the given positions along {@code axis}, as NumPy's
   * {@code np.split(a, indices, axis)} (the same as {@link #arraySplit(NdArray, long[], int)}):
   * the parts are {@code a[:i0]}, {@code a[i0:i1]}, ..., {@code a[ik:]} on that axis, with
   * NumPy's slice semantics (negative positions count from the end, positions clamp, a part may
   * be empty).
   *
   * @param a the array
   * @param indices the split positions
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return {@code indices.length + 1} views of {@code a}
   * @throws IndexOutOfBoundsException if {@code axis} is out of range
   */
  public static <A extends NdArray> List<A> split(A a, long[] indices, int axis) {
    return arraySplit(a, indices, axis);
  }

  /**
   * Splits an array into {@code sections} views along {@code axis} that differ in length by at
   * most 1, as NumPy's {@code np.array_split(a, sections, axis)}: the first {@code n % sections}
   * parts have {@code n / sections + 1} positions, the others {@code n / sections}.
   *
   * @param a the array
   * @param sections the number of parts, positive
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return the parts, views of {@code a}
   * @throws IllegalArgumentException if {@code sections} is not positive ("number sections must
   *     be larger than 0.", NumPy's text), or so large that the parts would not fit a Java list or
   *     the heap
   * @throws IndexOutOfBoundsException if {@code axis} is out of range
   */
  public static <A extends NdArray> List<A> arraySplit(A a, long sections, int axis) {
    int ax = Shape.normalizeAxis(axis, a.rank());
    if (sections <= 0) {
      throw new IllegalArgumentException("number sections must be larger than 0.");
    }
    if (sections > ScalarType.MAX_ARRAY_SIZE) {
      throw new IllegalArgumentException("cannot split into " + sections + " parts: a Java list"
          + " holds at most " + ScalarType.MAX_ARRAY_SIZE);
    }
    // each part is a view object: refuse a count the heap cannot hold rather than run out of it
    ScalarType.requireHeap(Math.multiplyExact(sections, 160L),
        () -> "cannot split into " + sections + " parts");
    long n = a.shape().dim(ax);
    long each = n / sections;
    long extras = n % sections;
    List<A> parts = new ArrayList<>();
    long start = 0;
    for (long i = 0; i < sections; i++) {
      long length = each + (i < extras ? 1 : 0);
      parts.add(part(a, ax, start, start + length));
      start += length;
    }
    return parts;
  }

  /**
   * Splits an array at the given positions along {@code axis}, as NumPy's
   * {@code np.array_split(a, indices, axis)}: see {@link #split(NdArray, long[], int)}.
   *
   * @param a the array
   * @param indices the split positions
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return {@code indices.length + 1} views of {@code a}
   * @throws IndexOutOfBoundsException if {@code axis} is out of range
   */
  public static <A extends NdArray> List<A> arraySplit(A a, long[] indices, int axis) {
    int ax = Shape.normalizeAxis(axis, a.rank());
    long n = a.shape().dim(ax);
    List<A> parts = new ArrayList<>();
    for (int i = 0; i <= indices.length; i++) {
      long start = i == 0 ? 0 : indices[i - 1];
      long stop = i == indices.length ? n : indices[i];
      parts.add(same(a.slice(along(a.rank(), ax, Indices.slice(start, stop)))));
    }
    return parts;
  }

  /**
   * Splits column-wise, as NumPy's {@code np.hsplit}: along axis 1, or axis 0 for a rank-1
   * array.
   *
   * @param a the array, of rank 1 or more
   * @param sections the number of equal parts
   * @param <A> the array type
   * @return the parts, views of {@code a}
   * @throws IllegalArgumentException if {@code a} has rank 0 ("hsplit only works on arrays of 1
   *     or more dimensions") or the division is not equal
   */
  public static <A extends NdArray> List<A> hsplit(A a, long sections) {
    if (a.rank() == 0) {
      throw new IllegalArgumentException("hsplit only works on arrays of 1 or more dimensions");
    }
    return split(a, sections, a.rank() > 1 ? 1 : 0);
  }

  /**
   * Splits row-wise, as NumPy's {@code np.vsplit}: along axis 0.
   *
   * @param a the array, of rank 2 or more
   * @param sections the number of equal parts
   * @param <A> the array type
   * @return the parts, views of {@code a}
   * @throws IllegalArgumentException if {@code a} has rank below 2 ("vsplit only works on
   *     arrays of 2 or more dimensions") or the division is not equal
   */
  public static <A extends NdArray> List<A> vsplit(A a, long sections) {
    if (a.rank() < 2) {
      throw new IllegalArgumentException("vsplit only works on arrays of 2 or more dimensions");
    }
    return split(a, sections, 0);
  }

  // ------------------------------------------------------------------------------- rearranging

  /**
   * Repeats an array, as NumPy's {@code np.tile(a, reps)}: with {@code d = max(rank, reps.length)}
   * both the shape and {@code reps} are padded with leading 1s to length {@code d}, and axis
   * {@code i} of the result has length {@code shape[i] * reps[i]}. One copy from a broadcast
   * view.
   *
   * @param a the array
   * @param reps the repetitions per axis, none negative
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException if a repetition is negative
   * @throws IllegalArgumentException if the result is too big: a length beyond 2^63-1 elements
   *     (NumPy's "array is too big") or more bytes than the heap; the message names the operation
   */
  public static <A extends NdArray> A tile(A a, long... reps) {
    int d = Math.max(a.rank(), reps.length);
    long[] shape = new long[d];
    long[] r = new long[d];
    Arrays.fill(shape, 1);
    Arrays.fill(r, 1);
    System.arraycopy(dims(a), 0, shape, d - a.rank(), a.rank());
    System.arraycopy(reps, 0, r, d - reps.length, reps.length);
    long[] interleavedSource = new long[2 * d];
    long[] interleaved = new long[2 * d];
    long[] out = new long[d];
    for (int i = 0; i < d; i++) {
      if (r[i] < 0) {
        throw new IllegalArgumentException("negative dimensions are not allowed");
      }
      interleavedSource[2 * i] = 1;
      interleavedSource[2 * i + 1] = shape[i];
      interleaved[2 * i] = r[i];
      interleaved[2 * i + 1] = shape[i];
      if (shape[i] != 0 && r[i] > Long.MAX_VALUE / shape[i]) {
        throw tooLong("tile", "axis " + i + " of length " + shape[i] + " repeated " + r[i]
            + " times");
      }
      out[i] = shape[i] * r[i];
    }
    A result = typeOf(a).zeros(Shape.of(out));
    if (result.size() > 0) {
      NdArray source = a.reshape(Shape.of(interleavedSource))
          .broadcastTo(Shape.of(interleaved));
      copy(source, result.reshapeView(Shape.of(interleaved)));
    }
    return result;
  }

  /**
   * Repeats each element of the flattened array {@code repeats} times, as NumPy's
   * {@code np.repeat(a, repeats)}.
   *
   * @param a the array
   * @param repeats the repetitions, not negative
   * @param <A> the array type
   * @return a new rank-1 array of {@code a.size() * repeats} elements
   * @throws IllegalArgumentException if {@code repeats} is negative
   */
  public static <A extends NdArray> A repeat(A a, long repeats) {
    return repeat(ravel(a), repeats, 0);
  }

  /**
   * Repeats each position along {@code axis} {@code repeats} times, as NumPy's
   * {@code np.repeat(a, repeats, axis)}: {@code [a0, a0, a1, a1, ...]}. One copy from a
   * broadcast view.
   *
   * @param a the array; rank 0 counts as shape {@code (1,)}, as NumPy's
   * @param repeats the repetitions, not negative (unless the axis is empty)
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException if {@code repeats} is negative ("negative dimensions are
   *     not allowed", NumPy's text)
   * @throws IndexOutOfBoundsException if {@code axis} is out of range
   * @throws IllegalArgumentException if the result is too big: a length beyond 2^63-1 elements
   *     (NumPy's "array is too big") or more bytes than the heap; the message names the operation
   */
  public static <A extends NdArray> A repeat(A a, long repeats, int axis) {
    if (a.rank() == 0) {
      return repeat(same(a.reshapeView(1)), repeats, axis); // NumPy's: 0-d is (1,) here
    }
    int ax = Shape.normalizeAxis(axis, a.rank());
    if (repeats < 0 && a.shape().dim(ax) > 0) {
      throw new IllegalArgumentException("negative dimensions are not allowed");
    }
    long[] shape = dims(a);
    long[] out = shape.clone();
    if (shape[ax] != 0 && repeats > Long.MAX_VALUE / shape[ax]) {
      throw tooLong("repeat", "axis " + ax + " of length " + shape[ax] + " with each element "
          + repeats + " times");
    }
    out[ax] = shape[ax] * Math.max(0, repeats);
    A result = typeOf(a).zeros(Shape.of(out));
    if (result.size() > 0) {
      long[] split = new long[shape.length + 1];
      for (int i = 0, j = 0; i < shape.length; i++) {
        split[j++] = shape[i];
        if (i == ax) {
          split[j++] = repeats;
        }
      }
      copy(a.expandDims(ax + 1).broadcastTo(Shape.of(split)),
          result.reshapeView(Shape.of(split)));
    }
    return result;
  }

  /**
   * Repeats position {@code i} along {@code axis} {@code repeats[i]} times, as NumPy's
   * {@code np.repeat(a, repeats, axis)} with a sequence (one entry applies to every position).
   *
   * @param a the array
   * @param repeats one repetition count per position along the axis, or one for all
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException if a count is negative, or their number is neither 1 nor the
   *     axis length (NumPy's broadcast text naming both shapes)
   * @throws IndexOutOfBoundsException if {@code axis} is out of range
   * @throws IllegalArgumentException if the result is too big: a length beyond 2^63-1 elements
   *     (NumPy's "array is too big") or more bytes than the heap; the message names the operation
   */
  public static <A extends NdArray> A repeat(A a, long[] repeats, int axis) {
    if (a.rank() == 0) {
      return repeat(same(a.reshapeView(1)), repeats, axis); // NumPy's: 0-d is (1,) here
    }
    int ax = Shape.normalizeAxis(axis, a.rank());
    if (repeats.length == 1) {
      return repeat(a, repeats[0], axis);
    }
    long n = a.shape().dim(ax);
    if (repeats.length != n) {
      throw new IllegalArgumentException("operands could not be broadcast together with shape ("
          + n + ",) (" + repeats.length + ",)");
    }
    long total = 0;
    for (long r : repeats) {
      if (r < 0) {
        throw new IllegalArgumentException("repeats may not contain negative values.");
      }
      total += r;
      if (total < 0) {
        throw tooLong("repeat", "the sum of the repeats along axis " + ax);
      }
    }
    long[] out = dims(a);
    out[ax] = total;
    A result = typeOf(a).zeros(Shape.of(out));
    long offset = 0;
    for (int i = 0; i < n; i++) {
      A target = part(result, ax, offset, offset + repeats[i]);
      if (target.size() > 0) {
        copy(plane(a, ax, i).broadcastTo(target.shape()), target);
      }
      offset += repeats[i];
    }
    return result;
  }

  /**
   * Rolls the flattened array by {@code shift} positions and restores its shape, as NumPy's
   * {@code np.roll(a, shift)}: element {@code i} moves to {@code (i + shift) mod size}.
   *
   * @param a the array
   * @param shift the positions to roll by; negative rolls backward
   * @param <A> the array type
   * @return a new C-order array
   */
  public static <A extends NdArray> A roll(A a, long shift) {
    return same(roll(flatten(a), shift, 0).reshapeView(a.shape()));
  }

  /**
   * Rolls the positions along {@code axis} by {@code shift}, as NumPy's
   * {@code np.roll(a, shift, axis)}: position {@code i} moves to {@code (i + shift) mod n}. Two
   * block copies.
   *
   * @param a the array
   * @param shift the positions to roll by; negative rolls backward
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return a new C-order array
   * @throws IndexOutOfBoundsException if {@code axis} is out of range
   */
  public static <A extends NdArray> A roll(A a, long shift, int axis) {
    int ax = Shape.normalizeAxis(axis, a.rank());
    A result = typeOf(a).zeros(a.shape());
    long n = a.shape().dim(ax);
    if (result.size() == 0) {
      return result;
    }
    long s = Math.floorMod(shift, n);
    copy(part(a, ax, 0, n - s), part(result, ax, s, n));
    if (s > 0) {
      copy(part(a, ax, n - s, n), part(result, ax, 0, s));
    }
    return result;
  }

  /**
   * Rolls along several axes, as NumPy's {@code np.roll(a, shifts, axes)}: shift {@code i} on
   * axis {@code axes[i]} (an axis named twice is rolled by the sum). The two arrays broadcast
   * together as NumPy broadcasts them: one of length 1 goes with every element of the other
   * ({@code shifts = {1}, axes = {0, 1}} rolls both axes by 1; {@code shifts = {1, 2}, axes =
   * {1}} rolls axis 1 by 3).
   *
   * @param a the array
   * @param shifts the shifts, one per axis named, or one for all
   * @param axes the axes, one per shift, or one for all; negative counts from the end
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException if the lengths differ and neither is 1, with NumPy's
   *     message
   * @throws IndexOutOfBoundsException if an axis is out of range (checked first, as NumPy)
   */
  public static <A extends NdArray> A roll(A a, long[] shifts, int[] axes) {
    for (int axis : axes) {
      Shape.normalizeAxis(axis, a.rank()); // every axis checked first, as NumPy does
    }
    int n = Math.max(shifts.length, axes.length);
    if (shifts.length != axes.length && shifts.length != 1 && axes.length != 1) {
      throw new IllegalArgumentException("shape mismatch: objects cannot be broadcast to a"
          + " single shape.  Mismatch is between arg 0 with shape (" + shifts.length
          + ",) and arg 1 with shape (" + axes.length + ",).");
    }
    if (shifts.length == 0 || axes.length == 0) {
      n = 0; // a length of 1 broadcasts to 0 as well
    }
    A result = typeOf(a).zeros(a.shape());
    copy(a, result);
    for (int i = 0; i < n; i++) {
      result = roll(result, shifts[shifts.length == 1 ? 0 : i], axes[axes.length == 1 ? 0 : i]);
    }
    return result;
  }

  /** How {@link #pad} fills the added positions: NumPy's {@code np.pad} modes. */
  public enum PadMode {
    /** A constant value (NumPy's {@code 'constant'}, by default 0). */
    CONSTANT,
    /** The edge value of each axis (NumPy's {@code 'edge'}). */
    EDGE,
    /** The mirror image without the edge (NumPy's {@code 'reflect'}: 3 2 | 1 2 3 | 2 1). */
    REFLECT,
    /** The values from the other end (NumPy's {@code 'wrap'}: 2 3 | 1 2 3 | 1 2). */
    WRAP
  }

  /**
   * Returns {@code pad(a, widths, mode, 0)} with {@code before} and {@code after} positions on
   * every axis, as NumPy's {@code np.pad(a, (before, after), mode)}.
   *
   * @param a the array
   * @param before the positions added before each axis
   * @param after the positions added after each axis
   * @param mode how the new positions are filled
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException as {@link #pad(NdArray, long[][], PadMode, double)}
   */
  public static <A extends NdArray> A pad(A a, long before, long after, PadMode mode) {
    return pad(a, new long[][] {{before, after}}, mode, 0.0);
  }

  /**
   * Pads an array, as NumPy's {@code np.pad(a, widths, mode, constant_values=value)}: axis
   * {@code i} gains {@code widths[i][0]} positions before and {@code widths[i][1]} after
   * ({@code widths} of length 1 applies to every axis); the axes are padded in order, each over
   * the result of the previous ones, so corners are filled as NumPy fills them. {@code REFLECT}
   * and {@code WRAP} repeat periodically when the padding is longer than the axis; a length-1
   * axis reflects as its edge, as NumPy's.
   *
   * @param a the array
   * @param widths {@code {before, after}} per axis, or one pair for all
   * @param mode how the new positions are filled
   * @param value the constant for {@link PadMode#CONSTANT}, cast as {@code astype} from
   *     {@code float64}; ignored otherwise
   * @param <A> the array type
   * @return a new C-order array
   * @throws IllegalArgumentException if a width is negative ("index can't contain negative
   *     values"), {@code widths} is not one pair or one pair per axis, or an empty axis is to be
   *     padded by a mode other than constant (NumPy's text)
   * @throws IllegalArgumentException if the result is too big: a length beyond 2^63-1 elements
   *     (NumPy's "array is too big") or more bytes than the heap; the message names the operation
   */
  public static <A extends NdArray> A pad(A a, long[][] widths, PadMode mode, double value) {
    Objects.requireNonNull(mode, "mode");
    int rank = a.rank();
    if (widths.length != 1 && widths.length != rank) {
      throw new IllegalArgumentException("pad widths: " + widths.length + " pairs for an array"
          + " of dimension " + rank + " (give one pair, or one per axis)");
    }
    for (long[] pair : widths) {
      if (pair.length != 2) {
        throw new IllegalArgumentException("pad widths: each entry is {before, after}, got "
            + pair.length + " numbers");
      }
      if (pair[0] < 0 || pair[1] < 0) {
        throw new IllegalArgumentException("index can't contain negative values");
      }
    }
    long[] shape = dims(a);
    long[] out = new long[rank];
    long[][] w = new long[rank][];
    for (int axis = 0; axis < rank; axis++) {
      long[] pair = widths[widths.length == 1 ? 0 : axis];
      w[axis] = pair;
      out[axis] = shape[axis] + pair[0];
      if (out[axis] < 0 || out[axis] + pair[1] < 0) {
        throw tooLong("pad", "axis " + axis + " of length " + shape[axis] + " padded by "
            + pair[0] + " and " + pair[1]);
      }
      out[axis] += pair[1];
      if (mode != PadMode.CONSTANT && shape[axis] == 0 && (pair[0] > 0 || pair[1] > 0)) {
        throw new IllegalArgumentException("can't extend empty axis " + axis + " using modes"
            + " other than 'constant' or 'empty'");
      }
    }
    ScalarType<A> type = typeOf(a);
    A result = type.zeros(Shape.of(out));
    Index[] center = new Index[rank];
    for (int axis = 0; axis < rank; axis++) {
      center[axis] = Indices.slice(w[axis][0], w[axis][0] + shape[axis]);
    }
    if (a.size() > 0) {
      copy(a, result.slice(center));
    }
    if (result.size() == 0) {
      return result;
    }
    A constant = scalar(type, value);
    for (int axis = 0; axis < rank; axis++) {
      long before = w[axis][0];
      long n = shape[axis];
      long size = out[axis];
      if (mode == PadMode.CONSTANT) {
        fillWith(part(result, axis, 0, before), constant);
        fillWith(part(result, axis, before + n, size), constant);
        continue;
      }
      for (long j = 0; j < size; j++) {
        if (j >= before && j < before + n) {
          continue;
        }
        long t = j - before; // the position relative to the original data
        long source;
        if (mode == PadMode.EDGE || (mode == PadMode.REFLECT && n == 1)) {
          source = t < 0 ? 0 : n - 1;
        } else if (mode == PadMode.WRAP) {
          source = Math.floorMod(t, n);
        } else {
          long period = 2 * (n - 1);
          long m = Math.floorMod(t, period);
          source = m < n ? m : period - m;
        }
        copy(plane(result, axis, before + source), plane(result, axis, j));
      }
    }
    return result;
  }

  /**
   * Returns the view with the order of positions along {@code axis} reversed, NumPy's
   * {@code np.flip(a, axis)}.
   *
   * @param a the array
   * @param axis the axis; negative counts from the end
   * @param <A> the array type
   * @return a view of {@code a}
   * @throws IndexOutOfBoundsException if {@code axis} is out of range
   */
  public static <A extends NdArray> A flip(A a, int axis) {
    int ax = Shape.normalizeAxis(axis, a.rank());
    return same(a.slice(along(a.rank(), ax, Indices.flip())));
  }

  /**
   * Returns {@code rot90(a, k, 0, 1)}, NumPy's {@code np.rot90(a, k)}.
   *
   * @param a the array, of rank 2 or more
   * @param k the number of quarter turns, counterclockwise; negative turns clockwise
   * @param <A> the array type
   * @return a view of {@code a}
   * @throws IllegalArgumentException if {@code a} has rank below 2
   */
  public static <A extends NdArray> A rot90(A a, int k) {
    return rot90(a, k, 0, 1);
  }

  /**
   * Rotates by {@code k} quarter turns in the plane of two axes, from the first toward the
   * second, as NumPy's {@code np.rot90(a, k, axes=(axis1, axis2))}: a view (a flip and a
   * transpose).
   *
   * @param a the array, of rank 2 or more
   * @param k the number of quarter turns; negative turns the other way
   * @param axis1 the first axis of the plane
   * @param axis2 the second axis of the plane
   * @param <A> the array type
   * @return a view of {@code a}
   * @throws IllegalArgumentException if the axes are the same ("Axes must be different.") or out
   *     of range ("Axes=(0, 2) out of range for array of ndim=2."), NumPy's texts
   */
  public static <A extends NdArray> A rot90(A a, int k, int axis1, int axis2) {
    int rank = a.rank();
    if (axis1 == axis2 || Math.abs(axis1 - axis2) == rank) {
      throw new IllegalArgumentException("Axes must be different.");
    }
    if (axis1 >= rank || axis1 < -rank || axis2 >= rank || axis2 < -rank) {
      throw new IllegalArgumentException("Axes=(" + axis1 + ", " + axis2 + ") out of range for"
          + " array of ndim=" + rank + ".");
    }
    int turns = Math.floorMod(k, 4);
    if (turns == 0) {
      return same(a.slice(Indices.ellipsis()));
    }
    if (turns == 2) {
      return flip(flip(a, axis1), axis2);
    }
    int[] order = new int[rank];
    for (int i = 0; i < rank; i++) {
      order[i] = i;
    }
    int a1 = Shape.normalizeAxis(axis1, rank);
    int a2 = Shape.normalizeAxis(axis2, rank);
    order[a1] = a2;
    order[a2] = a1;
    return turns == 1 ? same(flip(a, axis2).permute(order))
        : flip(same(a.permute(order)), axis2);
  }

  /**
   * Returns the view with two axes interchanged, NumPy's {@code np.swapaxes(a, axis1, axis2)}.
   *
   * @param a the array
   * @param axis1 the first axis; negative counts from the end
   * @param axis2 the second axis; negative counts from the end
   * @param <A> the array type
   * @return a view of {@code a}
   * @throws IndexOutOfBoundsException if an axis is out of range ("axis2: axis 2 is out of
   *     bounds for array of dimension 2", NumPy's text)
   */
  public static <A extends NdArray> A swapaxes(A a, int axis1, int axis2) {
    int rank = a.rank();
    int a1 = normalizeAxis(axis1, rank, "axis1");
    int a2 = normalizeAxis(axis2, rank, "axis2");
    int[] order = new int[rank];
    for (int i = 0; i < rank; i++) {
      order[i] = i;
    }
    order[a1] = a2;
    order[a2] = a1;
    return same(a.permute(order));
  }

  /**
   * Returns the view with axis {@code source} moved to position {@code destination}, the
   * others in their order, NumPy's {@code np.moveaxis(a, source, destination)}.
   *
   * @param a the array
   * @param source the axis to move; negative counts from the end
   * @param destination its position in the result; negative counts from the end
   * @param <A> the array type
   * @return a view of {@code a}
   * @throws IndexOutOfBoundsException if an axis is out of range
   */
  public static <A extends NdArray> A moveaxis(A a, int source, int destination) {
    return moveaxis(a, new int[] {source}, new int[] {destination});
  }

  /**
   * Returns the view with axes {@code source[i]} moved to positions {@code destination[i]}, the
   * others in their order, NumPy's {@code np.moveaxis(a, source, destination)} with sequences.
   *
   * @param a the array
   * @param source the axes to move; negative counts from the end
   * @param destination their positions in the result; negative counts from the end
   * @param <A> the array type
   * @return a view of {@code a}
   * @throws IllegalArgumentException if the arrays differ in length ("`source` and
   *     `destination` arguments must have the same number of elements") or an axis repeats
   *     ("repeated axis in `source` argument"), NumPy's texts
   * @throws IndexOutOfBoundsException if an axis is out of range
   */
  public static <A extends NdArray> A moveaxis(A a, int[] source, int[] destination) {
    int rank = a.rank();
    int[] src = normalizeAxes(source, rank, "source");
    int[] dst = normalizeAxes(destination, rank, "destination");
    if (src.length != dst.length) {
      throw new IllegalArgumentException("`source` and `destination` arguments must have the"
          + " same number of elements");
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < rank; i++) {
      final int axis = i;
      if (Arrays.stream(src).noneMatch(s -> s == axis)) {
        order.add(i);
      }
    }
    Integer[] byDestination = new Integer[src.length];
    for (int i = 0; i < src.length; i++) {
      byDestination[i] = i;
    }
    Arrays.sort(byDestination, (x, y) -> Integer.compare(dst[x], dst[y]));
    for (int i : byDestination) {
      order.add(dst[i], src[i]);
    }
    return same(a.permute(order.stream().mapToInt(Integer::intValue).toArray()));
  }

  /** {@link Shape#normalizeAxis}, its message prefixed {@code what: } as NumPy's. */
  private static int normalizeAxis(int axis, int rank, String what) {
    try {
      return Shape.normalizeAxis(axis, rank);
    } catch (IndexOutOfBoundsException e) {
      throw new IndexOutOfBoundsException(what + ": " + e.getMessage());
    }
  }

  private static int[] normalizeAxes(int[] axes, int rank, String what) {
    int[] out = new int[axes.length];
    boolean[] seen = new boolean[rank];
    for (int i = 0; i < axes.length; i++) {
      out[i] = normalizeAxis(axes[i], rank, what);
      if (seen[out[i]]) {
        throw new IllegalArgumentException("repeated axis in `" + what + "` argument");
      }
      seen[out[i]] = true;
    }
    return out;
  }

  /**
   * Returns the elements in C order as a rank-1 array, as NumPy's {@code np.ravel(a)}: a view
   * when {@code a} is C-contiguous ({@link NdArray#isContiguous()}), else a copy, as NumPy's
   * (NumPy copies any other layout, even one a view could describe).
   *
   * @param a the array
   * @param <A> the array type
   * @return a view of {@code a}, or a new array
   */
  public static <A extends NdArray> A ravel(A a) {
    return a.isContiguous() ? same(a.reshapeView(a.size())) : flatten(a);
  }

  /**
   * Returns a copy of the elements in C order as a rank-1 array, as NumPy's
   * {@code a.flatten()}: always a new array.
   *
   * @param a the array
   * @param <A> the array type
   * @return a new rank-1 array
   */
  public static <A extends NdArray> A flatten(A a) {
    return same(a.copy().reshapeView(a.size()));
  }
}
