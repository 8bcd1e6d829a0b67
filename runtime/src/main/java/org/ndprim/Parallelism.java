package org.ndprim;

import java.util.Objects;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.function.IntConsumer;

/**
 * Where and on how many threads ndprim's kernels may split a large piece of work.
 *
 * <p>A kernel splits only where the split cannot change the result: NumPy's pairwise sum is a
 * tree, and its two halves are summed on two threads and then added exactly as one thread adds
 * them; an element-wise ufunc, a copy or a cast computes each output element from its own input
 * elements alone, and each thread writes its own disjoint part of the output. So every result
 * is bit for bit the same with any setting. Work is split only when it is large enough to gain
 * from it (measured: docs/jdk.md, "Threads"); the calling thread does one part itself and the
 * {@link #pool()} the others. When a part fails, the others still finish, then the first
 * failure in the walk's order is thrown, as one thread would throw it (the output may then be
 * partly written, as with one thread).
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
   * {@return into how many parts to split work of {@code n} elements of which each part needs
   * at least {@code grain}: 1 when the cap is 1 or the work is less than two grains, else at most
   * the cap}
   */
  static int parts(long n, long grain) {
    int threads = maxThreads;
    if (threads <= 1 || n < 2 * grain) {
      return 1;
    }
    return (int) Math.min(threads, n / grain);
  }

  /**
   * {@return where part {@code p} of {@code total} items split into {@code parts} nearly equal
   * ranges starts; {@code share(total, parts, parts) == total}}
   */
  static long share(long total, int parts, int p) {
    long q = total / parts;
    return q * p + Math.min(p, total % parts);
  }

  /**
   * Runs {@code body.accept(p)} for every part {@code p} in {@code [0, parts)}: the calling thread
   * runs the last part, the {@link #pool()} the others (forked when the caller is one of its
   * workers); returns when every part has finished. If parts fail, rethrows the failure of the
   * lowest-numbered one, the exception object itself. With {@code parts <= 1}, runs part 0 on
   * the calling thread alone.
   */
  static void forParts(int parts, IntConsumer body) {
    if (parts <= 1) {
      body.accept(0);
      return;
    }
    ForkJoinPool p = pool;
    boolean inPool = ForkJoinTask.getPool() == p;
    Part[] tasks = new Part[parts - 1];
    for (int i = 0; i < tasks.length; i++) {
      tasks[i] = new Part(body, i);
      if (inPool) {
        tasks[i].fork();
      } else {
        p.execute(tasks[i]);
      }
    }
    Throwable failure = null;
    try {
      body.accept(parts - 1);
    } catch (RuntimeException | Error e) {
      failure = e;
    }
    Throwable first = null;
    for (Part t : tasks) {
      t.join(); // never throws: a part keeps its failure
      if (first == null) {
        first = t.failure;
      }
    }
    first = first == null ? failure : first;
    if (first instanceof RuntimeException e) {
      throw e;
    }
    if (first != null) {
      throw (Error) first;
    }
  }

  /** One part of {@link #forParts}, run by the pool; keeps its failure for the caller. */
  private static final class Part extends RecursiveAction {
    private static final long serialVersionUID = 1L;
    private final transient IntConsumer body;
    private final int part;
    private transient Throwable failure;

    Part(IntConsumer body, int part) {
      this.body = body;
      this.part = part;
    }

    @Override
    protected void compute() {
      try {
        body.accept(part);
      } catch (RuntimeException | Error e) {
        failure = e;
      }
    }
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
