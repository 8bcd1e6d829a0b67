package org.ndprim.ufunc;

/**
 * The inner loops of one scalar type: for each ufunc it computes natively, its {@link Kernel}.
 * Generated as {@code <Name>Loops} for every type that computes in its own storage; a type that
 * computes through another one (float16 and bfloat16 through float32) has none, and the ufunc
 * driver casts its blocks.
 *
 * <p>It also holds the type's direct casts of a run of its storage array into {@code float32}
 * and {@code float64} ({@link #castRun(Object, int, float[], int, int)}), generated for the
 * types whose values are booleans or integers of at most 32 bits: NumPy's contiguous casting
 * loops ({@code npy_ubyte -> npy_float} and the like), which {@code astype}, the casts of
 * reductions and the ufunc driver's buffers take for a contiguous run. Each value is converted
 * once from its logical value, as the general cast converts it through its {@code long} carrier:
 * an integer of at most 32 bits is exact in a {@code long}, so {@code (float) v} rounds it as
 * {@code (float) (long) v} does.
 */
public interface Loops {
  /**
   * {@return the kernel of the ufunc with NumPy's name {@code ufunc} (e.g. {@code "add"}), or
   * {@code null} if this type has none}
   *
   * @param ufunc NumPy's name of the ufunc
   */
  Kernel kernel(String ufunc);

  /**
   * {@return whether this type has the direct run casts {@link #castRun(Object, int, float[],
   * int, int)} and {@link #castRun(Object, int, double[], int, int)}} False unless generated.
   */
  default boolean castsRuns() {
    return false;
  }

  /**
   * Casts {@code n} elements of this type's storage array {@code from}, starting at {@code at},
   * into {@code to[into, into + n)} as NumPy's {@code astype(float32)}; only when
   * {@link #castsRuns()}.
   *
   * @param from the storage array (e.g. a {@code byte[]} for {@code uint8})
   * @param at the first element read
   * @param to the target
   * @param into the first element written
   * @param n how many elements
   * @throws UnsupportedOperationException if this type has no run cast
   */
  default void castRun(Object from, int at, float[] to, int into, int n) {
    throw new UnsupportedOperationException("no run cast to float32");
  }

  /**
   * Casts {@code n} elements of this type's storage array {@code from}, starting at {@code at},
   * into {@code to[into, into + n)} as NumPy's {@code astype(float64)}; only when
   * {@link #castsRuns()}.
   *
   * @param from the storage array
   * @param at the first element read
   * @param to the target
   * @param into the first element written
   * @param n how many elements
   * @throws UnsupportedOperationException if this type has no run cast
   */
  default void castRun(Object from, int at, double[] to, int into, int n) {
    throw new UnsupportedOperationException("no run cast to float64");
  }
}
