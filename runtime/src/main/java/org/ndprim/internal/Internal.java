package org.ndprim.internal;

import org.ndprim.NdArray;
import org.ndprim.ScalarType;

/**
 * What the package {@code org.ndprim} lends to ndprim's other packages without making it API
 * (the JDK's "shared secrets" pattern): {@code org.ndprim} hands its implementation over once,
 * while its classes initialise, and nothing else can replace it.
 */
public final class Internal {
  /** What {@code org.ndprim} lends: the Java arrays behind its arrays. */
  public interface Arrays {
    /**
     * {@return the Java array of {@code type}'s storage that {@code a}'s layout indexes (in
     * storage slots: two per complex element), or {@code null} if {@code a} is not of
     * {@code type} over a Java array} The array must never reach user code.
     *
     * @param a an array
     * @param type the scalar type the caller reads {@code a} as
     */
    Object javaArray(NdArray a, ScalarType<?> type);
  }

  private static volatile Arrays arrays;

  static {
    try {
      // org.ndprim lends its implementation while it initialises (before anything else can)
      Class.forName("org.ndprim.StridedNdArray", true, Internal.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private Internal() {}

  /**
   * Called once by {@code org.ndprim}.
   *
   * @param lent the implementation
   * @throws IllegalStateException if called again
   */
  public static synchronized void lend(Arrays lent) {
    if (arrays != null) {
      throw new IllegalStateException("org.ndprim.internal: already lent");
    }
    arrays = lent;
  }

  private static boolean vectorHint;

  /**
   * Says once per JVM, on the {@code org.ndprim} logger at {@code INFO}, how to enable the Vector
   * API kernels: for the JDK 22+ classes that find no {@code jdk.incubator.vector} in the boot
   * layer (sums, element-wise kernels and matmul share the one message).
   */
  public static synchronized void vectorHint() {
    if (!vectorHint) {
      vectorHint = true;
      System.getLogger("org.ndprim").log(System.Logger.Level.INFO, "ndprim runs without the Java"
          + " Vector API; for faster float sums, element-wise arithmetic and comparisons, and"
          + " matmul, with the same results, run with --add-modules jdk.incubator.vector");
    }
  }

  /** {@return what {@code org.ndprim} lent} */
  public static Arrays arrays() {
    return arrays;
  }
}
