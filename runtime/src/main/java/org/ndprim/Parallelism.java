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
 * is not a positive integer is ignored, with a warning on the {@code org.ndprim} logger);
 * {@link #setMaxThreads} and {@link #setPool} change
 * them at run time for the whole JVM.
 */
public final class Parallelism {
  /** The system property read once at start-up for the {@linkplain #maxThreads() cap}. */
  public static final String PROPERTY = "ndprim.parallelism";

  private static volatile int maxThreads = initialMaxThreads();
  private static volatile ForkJoinPool pool = ForkJoinPool.commonPool();

  private Parallelism() {}

  private static int initialMaxThreads() {
    return intProperty(PROPERTY, Runtime.getRuntime().availableProcessors(), 1, false);
  }

  /**
   * Reads an integer system property of ndprim's: its value, or {@code defaultValue} when it is
   * not set. A value that is not an integer (or, unless {@code clamp}, below {@code min}) is
   * ignored with a warning on the {@code org.ndprim} logger naming the property, the value and
   * what is used instead; with {@code clamp}, a value below {@code min} is {@code min}.
   *
   * @param name the property
   * @param defaultValue the value when the property is unset or ignored
   * @param min the least value
   * @param clamp whether a value below {@code min} becomes {@code min} rather than ignored
   * @return the value
   */
  static int intProperty(String name, int defaultValue, int min, boolean clamp) {
    String value = System.getProperty(name);
    if (value == null) {
      return defaultValue;
    }
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= min || clamp) {
        return Math.max(min, n);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    System.getLogger("org.ndprim").log(System.Logger.Level.WARNING, "ndprim ignores -D" + name
        + "=" + value + ": not a whole number from " + (clamp ? Integer.MIN_VALUE : min) + " to "
        + Integer.MAX_VALUE + "; using " + defaultValue);
    return defaultValue;
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
   * Runs {@code body.accept(p)} for every part {@code p} in {@code [0, parts)} and returns when
   * every part has finished. Parts are claimed in order, one at a time, by the calling thread and
   * by at most {@code parts - 1} helper tasks of the {@link #pool()} (forked when the caller is
   * one of its workers): the caller claims every part no helper has started, so a pool whose
   * workers are all busy, shut down or cancelling only costs the speed-up, never a wait for a
   * worker (the caller then runs every part itself). If parts fail, the others still run, and the
   * failure of the lowest-numbered part is rethrown, the exception object itself. With
   * {@code parts == 1}, runs part 0 on the calling thread alone; with 0, nothing. For ndprim's
   * kernels (and {@code linalg}'s); not a general task API.
   *
   * @param parts how many parts, at least 0
   * @param body the work of one part, given its number
   * @throws IllegalArgumentException if {@code parts} is negative
   */
  public static void forParts(int parts, IntConsumer body) {
    Objects.requireNonNull(body, "body");
    if (parts < 0) {
      throw new IllegalArgumentException("parts must not be negative: " + parts);
    }
    if (parts <= 1) {
      if (parts == 1) {
        body.accept(0);
      }
      return;
    }
    Claims claims = new Claims(parts, body);
    ForkJoinPool p = pool;
    boolean inPool = ForkJoinTask.getPool() == p;
    Helper[] forked = inPool ? new Helper[parts - 1] : null;
    for (int i = 0; i < parts - 1; i++) {
      Helper h = new Helper(claims);
      try {
        if (inPool) {
          h.fork();
          forked[i] = h;
        } else {
          p.execute(h);
        }
      } catch (RuntimeException | OutOfMemoryError e) {
        // a shut-down pool (RejectedExecutionException), or one that cannot start a worker (its
        // thread factory's exception, "unable to create native thread"): the caller claims
        // every part no helper took
        break;
      }
    }
    claims.work();
    if (inPool) {
      // every part is claimed: helpers still in the caller's own queue would find none; take
      // them back, or a caller that loops in one task (a pool of one) piles them up
      for (int i = forked.length - 1; i >= 0; i--) {
        if (forked[i] != null) {
          forked[i].tryUnfork();
        }
      }
    }
    claims.awaitAll();
    // helpers that start later (queued behind busy workers) find no part; they must not keep
    // the work (a matmul's packed panels, its operands) alive meanwhile
    claims.body = null;
    Throwable first = null;
    for (Throwable t : claims.failures) {
      if (t != null) {
        first = t;
        break;
      }
    }
    if (first instanceof RuntimeException e) {
      throw e;
    }
    if (first != null) {
      throw (Error) first;
    }
  }

  /** The parts of one {@link #forParts} call: who claims which, their failures, how many ran. */
  private static final class Claims {
    final int parts;
    /** Read only by a thread that has claimed a part; null once every part has finished. */
    IntConsumer body;
    final java.util.concurrent.atomic.AtomicInteger next =
        new java.util.concurrent.atomic.AtomicInteger();
    final java.util.concurrent.CountDownLatch done;
    final Throwable[] failures;

    Claims(int parts, IntConsumer body) {
      this.parts = parts;
      this.body = body;
      this.done = new java.util.concurrent.CountDownLatch(parts);
      this.failures = new Throwable[parts];
    }

    /** Claims and runs parts until none is left. */
    void work() {
      for (int q; (q = next.getAndIncrement()) < parts; ) {
        try {
          body.accept(q);
        } catch (RuntimeException | Error e) {
          failures[q] = e;
        } finally {
          done.countDown();
        }
      }
    }

    /** Waits for the parts other threads claimed (they are running), keeping an interrupt. */
    void awaitAll() {
      boolean interrupted = false;
      while (true) {
        try {
          done.await();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** A pool task that claims parts of a {@link #forParts} call; finds none when it starts late. */
  private static final class Helper extends RecursiveAction {
    private static final long serialVersionUID = 1L;
    private final transient Claims claims;

    Helper(Claims claims) {
      this.claims = claims;
    }

    @Override
    protected void compute() {
      claims.work();
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
