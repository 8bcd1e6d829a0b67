package org.ndprim;

import java.util.Objects;
import java.util.concurrent.ForkJoinPool;

/**
 * Where and on how many threads ndprim's kernels may split a large piece of work.
 *
 * <p>A kernel splits only where the split cannot change the result: NumPy's pairwise sum is a
 * tree, and its two halves are summed on two threads and then added exactly as one thread adds
 * them, so every result is bit for bit the same with any setting. Work is split only when it is
 * large enough to gain from it (for a sum, about a million elements); the calling thread sums
 * one part itself and the {@link #pool()} the others.
 *
 * <p>The defaults: {@link ForkJoinPool#commonPool()}, and at most
 * {@link Runtime#availableProcessors()} threads. The system property
 * {@value #PROPERTY} sets the cap at start-up ({@code -Dndprim.parallelism=1} turns splitting
 * off, as inside a Spark executor or a server whose threads already use every core; a value that
 * is not a positive integer is ignored); {@link #setMaxThreads} and {@link #setPool} change
 * them at run time for the whole JVM.
 */
public final class Parallelism {
  /** The system property read once at start-up for the {@linkplain #maxThreads() cap}. */
  public static final String PROPERTY = "ndprim.parallelism";

  private static volatile int maxThreads = initialMaxThreads();
  private static volatile ForkJoinPool pool = ForkJoinPool.commonPool();

  private Parallelism() {}

  private static int initialMaxThreads() {
    String value = System.getProperty(PROPERTY);
    if (value != null) {
      try {
        int n = Integer.parseInt(value.trim());
        if (n >= 1) {
          return n;
        }
      } catch (NumberFormatException e) {
        // documented: ignored
      }
    }
    return Runtime.getRuntime().availableProcessors();
  }

  /**
   * {@return the most threads one kernel call uses, the calling thread included; 1 means no
   * splitting}
   */
  public static int maxThreads() {
    return maxThreads;
  }

  /**
   * Caps the threads one kernel call uses, the calling thread included, for every later call.
   *
   * @param threads at least 1; 1 turns splitting off
   * @throws IllegalArgumentException if {@code threads < 1}
   */
  public static void setMaxThreads(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("maxThreads must be at least 1, not " + threads);
    }
    maxThreads = threads;
  }

  /** {@return the pool that runs the parts the calling thread does not} */
  public static ForkJoinPool pool() {
    return pool;
  }

  /**
   * Sets the pool that runs the parts of a split kernel the calling thread does not run itself.
   *
   * @param pool the pool, for instance one sized for this work alone
   * @throws NullPointerException if {@code pool} is null
   */
  public static void setPool(ForkJoinPool pool) {
    Parallelism.pool = Objects.requireNonNull(pool, "pool");
  }

  /**
   * Returns into how many levels of halves work of {@code n} elements is split: none when the
   * cap is 1 or the work is less than two grains, else enough that every thread has a part.
   */
  static int splitDepth(long n, long grain) {
    int threads = maxThreads;
    if (threads <= 1 || n < 2 * grain) {
      return 0;
    }
    long parts = Math.min(threads, n / grain);
    return 64 - Long.numberOfLeadingZeros(parts - 1);
  }
}
