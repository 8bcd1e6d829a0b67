package org.ndprim;

/**
 * A sum accumulated as NumPy's buffered reduction does it when the accumulator's dtype differs
 * from the array's ({@code np.add.reduce(a, dtype=...)}, which {@code np.mean} calls): NumPy's
 * iterator casts the elements, in C order for a C-contiguous array, into a buffer of
 * {@code NPY_BUFSIZE} = {@value #LENGTH} values, and the add loop adds each full buffer's
 * pairwise sum ({@code pairwise_sum} of {@code numpy/_core/src/umath/loops_utils.h.src}) to the
 * accumulator, which starts at the identity 0. The generated {@code mean()} of integer types
 * (accumulated in {@code float64}) and of {@code float16} ({@code float32}) fills the buffer from
 * the array's storage and hands it over here.
 *
 * <p>The pairwise sum: fewer than 8 values are added in order from {@code -0.0}; 8 to 128
 * ({@code PW_BLOCKSIZE}) in eight accumulators, element {@code i} into accumulator {@code i % 8},
 * combined as {@code ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))}, then the last
 * {@code n % 8} one by one; more are split at {@code n / 2} rounded down to a multiple of 8.
 *
 * <p>Use: write values into {@link #doubles()} (or {@link #floats()}) from {@link #filled()} on,
 * {@link #advance} by their count (a full buffer is summed there), and at the end read
 * {@link #doubleTotal()} (or {@link #floatTotal()}). Not thread-safe; one per reduction.
 */
public final class BufferedSum {
  /** NumPy's {@code NPY_BUFSIZE}: the values its iterator casts per buffer. */
  public static final int LENGTH = 8192;
  private final double[] doubles;
  private final float[] floats;
  private int filled;
  private double doubleTotal;
  private float floatTotal;

  private BufferedSum(boolean inFloat, long size) {
    int length = (int) Math.max(1, Math.min(LENGTH, size));
    this.doubles = inFloat ? null : new double[length];
    this.floats = inFloat ? new float[length] : null;
  }

  /**
   * Returns a sum accumulated in {@code double} ({@code float64}), with a buffer of
   * {@value #LENGTH} values or {@code size}, whichever is smaller.
   *
   * @param size the number of values that will be added (sizes the buffer only)
   * @return the empty sum
   */
  public static BufferedSum ofDoubles(long size) {
    return new BufferedSum(false, size);
  }

  /**
   * Returns a sum accumulated in {@code float} ({@code float32}), as {@link #ofDoubles}.
   *
   * @param size the number of values that will be added (sizes the buffer only)
   * @return the empty sum
   */
  public static BufferedSum ofFloats(long size) {
    return new BufferedSum(true, size);
  }

  /** {@return the buffer of a sum in {@code double}: write values at {@link #filled()} on} */
  public double[] doubles() {
    return doubles;
  }

  /** {@return the buffer of a sum in {@code float}: write values at {@link #filled()} on} */
  public float[] floats() {
    return floats;
  }

  /** {@return how many values of the buffer are written and not yet summed} */
  public int filled() {
    return filled;
  }

  /** {@return the buffer's length: room for {@code length() - filled()} more values} */
  public int length() {
    return doubles != null ? doubles.length : floats.length;
  }

  /**
   * Counts {@code count} more values written to the buffer; when it is full, adds its pairwise
   * sum to the total and empties it.
   *
   * @param count the values written, at most {@code length() - filled()}
   * @throws IllegalArgumentException if {@code count} is negative or more than the room left
   */
  public void advance(int count) {
    if (count < 0 || count > length() - filled) {
      throw new IllegalArgumentException("cannot add " + count + " values to a buffer of "
          + length() + " holding " + filled);
    }
    filled += count;
    if (filled == length()) {
      flush();
    }
  }

  /** {@return the total in {@code double}: the sum of everything added (0.0 if nothing)} */
  public double doubleTotal() {
    flush();
    return doubleTotal;
  }

  /** {@return the total in {@code float}: the sum of everything added (0.0f if nothing)} */
  public float floatTotal() {
    flush();
    return floatTotal;
  }

  private void flush() {
    if (filled == 0) {
      return;
    }
    if (doubles != null) {
      doubleTotal += pairwise(doubles, 0, filled);
    } else {
      floatTotal += pairwise(floats, 0, filled);
    }
    filled = 0;
  }

  /**
   * Returns NumPy's pairwise sum of {@code a[from .. from + n)} (see the class comment). A long
   * run is split at the pairwise tree's own nodes across {@link Parallelism#pool()}, and with
   * {@code jdk.incubator.vector} in the boot layer on JDK 22+ the leaves are summed in vector
   * lanes: the bits are the same either way.
   *
   * @param a the values
   * @param from the first index
   * @param n the count
   * @return the pairwise sum, {@code -0.0} for {@code n == 0}
   * @throws IndexOutOfBoundsException if {@code from} or {@code n} is negative or
   *     {@code from + n > a.length}
   */
  public static double pairwise(double[] a, int from, int n) {
    return ParallelSum.pairwise(a, from, n);
  }

  /**
   * Returns NumPy's pairwise sum of {@code a[from .. from + n)} in {@code float}, as its
   * {@code float32} loop; parallel and vectorized as {@link #pairwise(double[], int, int)}.
   *
   * @param a the values
   * @param from the first index
   * @param n the count
   * @return the pairwise sum, {@code -0.0f} for {@code n == 0}
   * @throws IndexOutOfBoundsException if {@code from} or {@code n} is negative or
   *     {@code from + n > a.length}
   */
  public static float pairwise(float[] a, int from, int n) {
    return ParallelSum.pairwise(a, from, n);
  }
}
