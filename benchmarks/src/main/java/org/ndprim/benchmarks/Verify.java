package org.ndprim.benchmarks;

import java.lang.reflect.Array;
import java.util.Objects;

/**
 * The check every workload runs in its {@code @Setup(Level.Trial)} before JMH measures anything:
 * the TF-Java and ndprim results must equal the plain-array result exactly (bit for bit for
 * floating point, element for element for arrays, nested arrays compared deeply). A mismatch
 * throws, which makes JMH report the benchmark as failed (and stop the run with {@code -foe true}).
 *
 * <p>The one exception is W11, a sum of random fractions, whose result depends on the summation
 * order: there {@link #close} bounds the relative difference from the plain (NumPy pairwise)
 * result, and {@link #sameBits} demands bit equality once ndprim's {@code sum()} is pairwise.
 */
final class Verify {
  private Verify() {}

  static void same(String workload, Object plain, Object tf, Object ndprim) {
    check(workload, "org.tensorflow:ndarray", plain, tf);
    check(workload, "ndprim", plain, ndprim);
  }

  /**
   * For the buffer-storage variants ({@code ndprimBuffer}, {@code ndprimChunks}): the same check
   * against the plain-array result.
   */
  static void variant(String workload, String variant, Object plain, Object actual) {
    check(workload, variant, plain, actual);
  }

  /** For workloads whose plain result has a known expected value (W7: a copy of the input). */
  static void plainIs(String workload, String what, Object expected, Object plain) {
    if (!Objects.deepEquals(expected, plain)) {
      throw new IllegalStateException(workload + ": the plain-array result is not " + what + ": "
          + difference(expected, plain, ""));
    }
  }

  /**
   * For sums whose last bits depend on the order of the additions (W11): {@code actual} must be
   * within {@code relTolerance * |expected|} of the plain-array result {@code expected}.
   */
  static void close(String workload, String variant, double expected, double actual,
      double relTolerance) {
    double diff = Math.abs(actual - expected);
    if (!(diff <= relTolerance * Math.abs(expected))) {
      throw new IllegalStateException(workload + ": the " + variant + " result " + actual
          + " differs from the plain-array result " + expected + " by " + diff / Math.abs(expected)
          + " relative, more than the tolerance " + relTolerance);
    }
  }

  /** {@code actual} must be {@code expected} bit for bit ({@code Double.doubleToRawLongBits}). */
  static void sameBits(String workload, String variant, double expected, double actual) {
    if (Double.doubleToRawLongBits(expected) != Double.doubleToRawLongBits(actual)) {
      throw new IllegalStateException(workload + ": the " + variant + " result "
          + Double.toHexString(actual) + " is not the plain-array result "
          + Double.toHexString(expected) + " bit for bit");
    }
  }

  private static void check(String workload, String variant, Object expected, Object actual) {
    if (!Objects.deepEquals(expected, actual)) {
      throw new IllegalStateException(workload + ": the " + variant
          + " result differs from the plain-array result: " + difference(expected, actual, ""));
    }
  }

  /** Where two unequal values first differ, e.g. {@code at [3][1]: expected 2.0, got 2.5}. */
  static String difference(Object expected, Object actual, String path) {
    if (expected != null && actual != null && expected.getClass().isArray()
        && expected.getClass() == actual.getClass()) {
      int n = Array.getLength(expected);
      int m = Array.getLength(actual);
      if (n != m) {
        return "at " + (path.isEmpty() ? "top level" : path) + ": expected length " + n
            + ", got " + m;
      }
      for (int i = 0; i < n; i++) {
        Object e = Array.get(expected, i);
        Object a = Array.get(actual, i);
        if (!Objects.deepEquals(e, a)) {
          return difference(e, a, path + "[" + i + "]");
        }
      }
    }
    return (path.isEmpty() ? "" : "at " + path + ": ") + "expected " + show(expected) + ", got "
        + show(actual);
  }

  private static String show(Object o) {
    if (o == null) {
      return "null";
    }
    if (o.getClass().isArray()) {
      return o.getClass().getComponentType().getSimpleName() + "[" + Array.getLength(o) + "]";
    }
    return String.valueOf(o);
  }
}
