package org.ndprim;

import java.util.Objects;

/**
 * Receives the values of a cast ({@code astype}) in C order, in blocks, and writes them into a new
 * C-order array of the target type: a cast from any type to any other allocates its result and
 * one block of carrier values, never a second copy of the data; into {@code float64}, whose
 * carrier is its own value, the block is the result itself ({@link #doublesBlock()}).
 *
 * <p>Every source type reads its elements into one carrier, as NumPy's casting loops read the
 * source dtype: {@code long} for booleans (0 and 1), signed integers, {@code char} and the
 * unsigned types up to {@code uint32}; {@code long} bits read as unsigned for {@code uint64};
 * {@code double} for the floating-point types; interleaved {@code double} parts for complex
 * types. The target type converts each carrier value once (see {@link ScalarType#fromLongs},
 * {@link ScalarType#fromUnsignedLongs}, {@link ScalarType#fromDoubles},
 * {@link ScalarType#fromComplex}). So N types need 4N conversions, not N squared.
 *
 * <p>Typical use, by generated code:
 *
 * <pre>{@code
 * CastWriter<A> w = type.castWriter(shape());
 * long[] block = new long[CastWriter.blockLength(size())];
 * int n = 0;
 * for (each element e in C order) {
 *   block[n++] = e;
 *   if (n == block.length) { w.putLongs(block, n); n = 0; }
 * }
 * return w.putLongs(block, n).result();
 * }</pre>
 *
 * <p>A writer is not thread-safe and is used once.
 *
 * @param <A> the target array type
 */
public final class CastWriter<A extends NdArray> {
  /**
   * 512 carrier values (4 KiB): the block, the source run and the output it is written to stay
   * within L1. At 4096 (32 KiB, a whole L1) int32 to float64 ran 1.5x a plain loop; at 512, 1.0x
   * (2^25 elements, JDK 17, 2-core EPYC).
   */
  private static final int BLOCK = 512;

  private final ScalarType<A> type;
  private final A result;
  private final A flat;
  private long size;
  /** The result's array when the target is float64 over a Java array: {@link #doublesBlock()}. */
  private final double[] output;
  private long written;
  /** The blocks handed out, kept for the next cast of a reused writer ({@link #into}). */
  private long[] longs;
  private double[] doubles;
  private double[] parts;

  CastWriter(ScalarType<A> type, Shape shape) {
    this.type = type;
    type.allocationBytes(shape); // refused before anything is allocated, the size fits a long
    this.size = shape.size();
    if (type.storesDoublesAsGiven() && size > 0 && size <= ScalarType.MAX_ARRAY_SIZE) {
      // float64 takes float64 values as they are: the result's own array can be the block.
      this.output = new double[(int) size];
      this.result = type.wrapStorage(shape, output);
    } else {
      this.output = null;
      this.result = type.zeros(shape);
    }
    this.flat = type.arrayType().cast(result.reshapeView(Shape.of(size)));
  }

  private CastWriter(ScalarType<A> type, A flat) {
    this.type = type;
    this.result = flat;
    this.flat = flat;
    this.size = flat.size();
    this.output = null;
  }

  /**
   * A writer that casts into the first elements of an existing rank-1, C-order array, again and
   * again ({@link #restart}): the ufunc driver's buffers, as NumPy's buffered iterator casts each
   * buffer of an operand of another dtype. Its blocks are allocated once.
   */
  static <A extends NdArray> CastWriter<A> into(ScalarType<A> type, A flat) {
    if (flat.rank() != 1 || !flat.isContiguous()) {
      throw new IllegalArgumentException("a cast target must be one contiguous run, not "
          + flat.layout());
    }
    return new CastWriter<>(type, flat);
  }

  /** Starts a new cast of {@code count} elements into the first elements of the target. */
  void restart(long count) {
    if (output != null || count < 0 || count > flat.size()) {
      throw new IllegalStateException("cannot restart a cast of " + size + " elements with "
          + count);
    }
    size = count;
    written = 0;
  }

  /** {@return the target type} */
  public ScalarType<A> type() {
    return type;
  }

  /** {@return the rank-1 array cast into} */
  A target() {
    return flat;
  }

  /** Checks that every element of the current cast has been written. */
  void finish() {
    if (written != size) {
      throw new IllegalStateException("a cast to " + type.name() + " received " + written
          + " of its " + size + " values");
    }
  }

  /**
   * Returns the block a source fills with {@code int64} (or {@code uint64}) values for
   * {@link #putLongs}: {@link #blockLength} values, the same array each time for one writer.
   *
   * @return the block to fill from index 0
   */
  public long[] longsBlock() {
    if (longs == null) {
      longs = new long[blockLength(size)];
    }
    return longs;
  }

  /**
   * Returns the block a source fills with interleaved {@code complex128} parts for
   * {@link #putComplex}: twice {@link #blockLength} values, the same array each time for one
   * writer.
   *
   * @return the block to fill from index 0
   */
  public double[] partsBlock() {
    if (parts == null) {
      parts = new double[2 * blockLength(size)];
    }
    return parts;
  }

  /**
   * Returns the block a source fills with {@code float64} values for {@link #putDoubles}, from
   * index 0, handing it over whenever it is full: where the target is {@code float64} in a Java
   * array, the result's own array of all {@code size} elements, so each value is written once, in
   * place, and {@code putDoubles} of that array only counts them; else an array of
   * {@link #blockLength} values, the same array each time for one writer. (Complex parts need a block of their own, twice as long.)
   *
   * @return the block to fill from index 0
   */
  public double[] doublesBlock() {
    if (output != null) {
      return output;
    }
    if (doubles == null) {
      doubles = new double[blockLength(size)];
    }
    return doubles;
  }

  /**
   * Returns the length of a block of carrier values for a cast of {@code size} elements: at most
   * 512, and no more than the cast needs (for complex carriers, twice this many parts).
   *
   * @param size the number of elements cast
   * @return the block length, at least 1
   */
  public static int blockLength(long size) {
    return (int) Math.max(1, Math.min(size, BLOCK));
  }

  /**
   * Writes the next {@code count} elements from {@code int64} values.
   *
   * @param values the values; only the first {@code count} are read
   * @param count how many
   * @return this writer
   * @throws IllegalStateException if more values are written than the shape holds
   */
  public CastWriter<A> putLongs(long[] values, int count) {
    long start = advance(count, values.length, 1);
    if (count > 0) {
      type.putLongs(flat, start, values, count);
    }
    return this;
  }

  /**
   * Writes the next {@code count} elements from {@code uint64} values (a {@code long}'s bits read
   * as unsigned).
   *
   * @param values the values; only the first {@code count} are read
   * @param count how many
   * @return this writer
   * @throws IllegalStateException if more values are written than the shape holds
   */
  public CastWriter<A> putUnsignedLongs(long[] values, int count) {
    long start = advance(count, values.length, 1);
    if (count > 0) {
      type.putUnsignedLongs(flat, start, values, count);
    }
    return this;
  }

  /**
   * Writes the next {@code count} elements from {@code float64} values.
   *
   * @param values the values; only the first {@code count} are read
   * @param count how many
   * @return this writer
   * @throws IllegalStateException if more values are written than the shape holds
   */
  public CastWriter<A> putDoubles(double[] values, int count) {
    long start = advance(count, values.length, 1);
    if (values == output) {
      // Written in place (doublesBlock()): only whole, from the first element.
      if (count != 0 && (start != 0 || count != size)) {
        throw new IllegalStateException("the output block of a cast to " + type.name()
            + " is handed over whole: got " + count + " values at " + start + " of " + size);
      }
      return this;
    }
    if (count > 0) {
      type.putDoubles(flat, start, values, count);
    }
    return this;
  }

  /**
   * Returns whether the target is {@code float32} in a Java {@code float[]} run the source may
   * write {@code float} values into itself ({@link #floatsTarget()}), as a small integer type
   * (at most 32 bits: Java's {@code (float)} of the integer is NumPy's rounding) does: one pass,
   * no {@code double} block between (uint8 to float32, the image cast, ran in two passes).
   *
   * @return whether {@link #floatsTarget()} may be used
   */
  public boolean takesFloats() {
    return floatTarget() != null;
  }

  /**
   * Returns the target's own {@code float[]}, into which the source writes its next values from
   * {@link #floatsStart(long)} on and then counts them with {@link #putFloats}.
   *
   * @return the array
   * @throws IllegalStateException unless {@link #takesFloats()}
   */
  public float[] floatsTarget() {
    float[] f = floatTarget();
    if (f == null) {
      throw new IllegalStateException("a cast to " + type.name() + " takes no floats");
    }
    return f;
  }

  /**
   * Returns the index in {@link #floatsTarget()} of the next element to write, checking first
   * that {@code count} more elements fit this cast (so a source never writes past its part of
   * the target).
   *
   * @param count how many elements the source is about to write
   * @return the index
   * @throws IllegalStateException if more than the cast's remaining elements would be written
   */
  public int floatsStart(long count) {
    if (count < 0 || count > size - written) {
      throw new IllegalStateException("a cast to " + type.name() + " of " + size
          + " elements cannot take " + count + " more after " + written);
    }
    return (int) (flat.layout().offset() + written);
  }

  /**
   * Counts {@code count} elements the source wrote into {@link #floatsTarget()} from
   * {@link #floatsStart(long)}.
   *
   * @param count how many
   * @return this writer
   * @throws IllegalStateException if more values are written than the shape holds
   */
  public CastWriter<A> putFloats(int count) {
    float[] f = floatsTarget();
    advance(count, f.length, 1);
    return this;
  }

  /** The target's float[] when it is float32 over one unit-stride run of it, else null. */
  private float[] floatTarget() {
    if (!type.takesSmallIntegersAsDoubles() // no fromLong/fromDouble of a spec's own
        || type.storageType() != float.class || type.logicalType() != float.class
        || type.slots() != 1 || type.kind() != 'f' || type.itemSize() != 4
        || !(flat instanceof StridedNdArray<?> s) || !(s.storage() instanceof float[] f)
        || flat.size() > 1 && flat.layout().strides()[0] != 1) {
      return null;
    }
    return f;
  }

  /**
   * Returns whether a run of a Java array of {@code from} casts into {@code to} by {@code from}'s
   * generated direct run cast ({@link org.ndprim.ufunc.Loops#castsRuns()}): {@code to} is
   * {@code float32} or {@code float64}, whose conversions are Java's own, and {@code from} a type
   * of booleans or integers of at most 32 bits. The one run cast that {@code astype}, the
   * reductions' casts ({@link StridedNdArray#castAll}) and the ufunc driver's buffers take.
   */
  static boolean castsRuns(ScalarType<?> from, ScalarType<?> to) {
    return (to == FloatNdArray.TYPE || to == DoubleNdArray.TYPE) && from.loops() != null
        && from.loops().castsRuns();
  }

  /**
   * Casts {@code n} elements of {@code from}'s storage array {@code src} from {@code si} into
   * {@code dst} (a {@code float[]} or {@code double[]}) from {@code di}, by {@code from}'s run
   * cast; only where {@link #castsRuns} holds.
   */
  static void castRun(ScalarType<?> from, Object src, int si, Object dst, int di, int n) {
    if (dst instanceof float[] f) {
      from.loops().castRun(src, si, f, di, n);
    } else {
      from.loops().castRun(src, si, (double[]) dst, di, n);
    }
  }

  /**
   * Returns the target's own array ({@code float[]} or {@code double[]}) when it is
   * {@code float32} or {@code float64} over one unit-stride run of a Java array and
   * {@code from}'s runs cast into it ({@link #castsRuns}); else null.
   */
  Object runTarget(ScalarType<?> from) {
    if (!castsRuns(from, type)) {
      return null;
    }
    if (output != null) {
      return output;
    }
    if (!(flat instanceof StridedNdArray<?> s) || flat.size() > 1
        && flat.layout().strides()[0] != 1) {
      return null;
    }
    Object storage = s.storage();
    return storage instanceof float[] || storage instanceof double[] ? storage : null;
  }

  /**
   * Casts the next {@code n} elements from a run of {@code from}'s storage array {@code src}
   * starting at {@code si} into {@code target}, this writer's {@link #runTarget}.
   *
   * @throws IllegalStateException if more values are written than the cast holds
   */
  void putRun(ScalarType<?> from, Object src, int si, Object target, long n) {
    if (n < 0 || n > size - written) {
      throw new IllegalStateException("a cast to " + type.name() + " of " + size
          + " elements cannot take " + n + " more after " + written);
    }
    castRun(from, src, si, target, (int) (flat.layout().offset() + written), (int) n);
    written += n;
  }

  /**
   * Writes the next {@code count} elements from {@code complex128} values: {@code 2 * count}
   * parts, real and imaginary interleaved.
   *
   * @param parts the parts; only the first {@code 2 * count} are read
   * @param count how many elements
   * @return this writer
   * @throws IllegalStateException if more values are written than the shape holds
   */
  public CastWriter<A> putComplex(double[] parts, int count) {
    long start = advance(count, parts.length, 2);
    if (count > 0) {
      type.putComplex(flat, start, parts, count);
    }
    return this;
  }

  private long advance(int count, int length, int perElement) {
    Objects.checkFromIndexSize(0, (long) count * perElement, length);
    long start = written;
    if (count > size - start) {
      throw new IllegalStateException("a cast to " + type.name() + " of shape " + result.shape()
          + " received more than " + size + " values");
    }
    written = start + count;
    return start;
  }

  /**
   * Returns the new array, once every element has been written.
   *
   * @return the array, C order, of the shape given to {@link ScalarType#castWriter}
   * @throws IllegalStateException if fewer values were written than the shape holds
   */
  public A result() {
    if (written != size) {
      throw new IllegalStateException("a cast to " + type.name() + " of shape " + result.shape()
          + " received " + written + " of its " + size + " values");
    }
    return result;
  }
}
