package org.ndprim.storage;

/**
 * Per-thread scratch arrays of {@link #LENGTH} elements, one per storage primitive, for generated
 * code that reads a buffer segment in bulk ({@code LongBuffer.get(index, long[], 0, n)}) and then
 * loops over a Java array, which the JIT compiles to vector code where a loop of
 * {@code buffer.get(i)} stays scalar. A kernel takes its array, fills and reads it, and calls no
 * user code meanwhile, so one array per thread suffices; nothing is allocated after a thread's
 * first use.
 */
public final class Scratch {
  /** The length of every scratch array: 512 elements, at most 4 KiB, within L1. */
  public static final int LENGTH = 512;

  private static final ThreadLocal<byte[]> BYTES = ThreadLocal.withInitial(() -> new byte[LENGTH]);
  private static final ThreadLocal<short[]> SHORTS =
      ThreadLocal.withInitial(() -> new short[LENGTH]);
  private static final ThreadLocal<char[]> CHARS = ThreadLocal.withInitial(() -> new char[LENGTH]);
  private static final ThreadLocal<int[]> INTS = ThreadLocal.withInitial(() -> new int[LENGTH]);
  private static final ThreadLocal<long[]> LONGS = ThreadLocal.withInitial(() -> new long[LENGTH]);
  private static final ThreadLocal<float[]> FLOATS =
      ThreadLocal.withInitial(() -> new float[LENGTH]);
  private static final ThreadLocal<double[]> DOUBLES =
      ThreadLocal.withInitial(() -> new double[LENGTH]);

  private Scratch() {}

  /** {@return this thread's scratch {@code byte[LENGTH]}} */
  public static byte[] bytes() {
    return BYTES.get();
  }

  /** {@return this thread's scratch {@code short[LENGTH]}} */
  public static short[] shorts() {
    return SHORTS.get();
  }

  /** {@return this thread's scratch {@code char[LENGTH]}} */
  public static char[] chars() {
    return CHARS.get();
  }

  /** {@return this thread's scratch {@code int[LENGTH]}} */
  public static int[] ints() {
    return INTS.get();
  }

  /** {@return this thread's scratch {@code long[LENGTH]}} */
  public static long[] longs() {
    return LONGS.get();
  }

  /** {@return this thread's scratch {@code float[LENGTH]}} */
  public static float[] floats() {
    return FLOATS.get();
  }

  /** {@return this thread's scratch {@code double[LENGTH]}} */
  public static double[] doubles() {
    return DOUBLES.get();
  }
}
