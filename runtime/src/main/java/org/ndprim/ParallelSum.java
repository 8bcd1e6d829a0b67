package org.ndprim;

import java.util.Objects;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * NumPy's pairwise sum split across threads at the pairwise tree's own nodes: a node of more
 * than 128 values is the sum of its halves, split at {@code n / 2} rounded down to a multiple of
 * 8, so summing the halves on two threads and adding their sums gives the bits of one thread.
 * The leaves below the split are {@link SumKernel}'s (scalar, or vector lanes on JDK 22+).
 */
final class ParallelSum {
  /**
   * The fewest values worth a thread: a split needs at least two grains. Measured with
   * {@code org.ndprim.benchmarks.W11PairwiseKernels} (docs/jdk.md); the system property
   * {@code ndprim.parallel.sumGrain} overrides it, for that measurement.
   */
  static volatile int grain =
      Parallelism.intProperty("ndprim.parallel.sumGrain", 1 << 17, 2 * ScalarSum.BLOCK, true);

  private ParallelSum() {}

  static double pairwise(double[] a, int from, int n) {
    Objects.checkFromIndexSize(from, n, a.length);
    int depth = Parallelism.splitDepth(n, grain);
    return depth == 0 ? SumKernel.pairwise(a, from, n) : sum(a, from, n, depth);
  }

  static float pairwise(float[] a, int from, int n) {
    Objects.checkFromIndexSize(from, n, a.length);
    int depth = Parallelism.splitDepth(n, grain);
    return depth == 0 ? SumKernel.pairwise(a, from, n) : sum(a, from, n, depth);
  }

  /** The node's halves, as {@code pairwise_sum} splits a node of more than 128 values. */
  private static int half(int n) {
    int n2 = n / 2;
    return n2 - n2 % 8;
  }

  private static double sum(double[] a, int from, int n, int depth) {
    if (depth == 0 || n <= ScalarSum.BLOCK) {
      return SumKernel.pairwise(a, from, n);
    }
    int n2 = half(n);
    ForkJoinTask<Double> left = start(new DoubleNode(a, from, n2, depth - 1));
    double right = sum(a, from + n2, n - n2, depth - 1);
    return left.join() + right;
  }

  private static float sum(float[] a, int from, int n, int depth) {
    if (depth == 0 || n <= ScalarSum.BLOCK) {
      return SumKernel.pairwise(a, from, n);
    }
    int n2 = half(n);
    ForkJoinTask<Float> left = start(new FloatNode(a, from, n2, depth - 1));
    float right = sum(a, from + n2, n - n2, depth - 1);
    return left.join() + right;
  }

  /** Forks {@code task} within the pool when on one of its workers, else submits it there. */
  private static <T> ForkJoinTask<T> start(ForkJoinTask<T> task) {
    ForkJoinPool pool = Parallelism.pool();
    if (ForkJoinTask.getPool() == pool) {
      return task.fork();
    }
    pool.execute(task);
    return task;
  }

  /** A left half, run by the pool. */
  private static final class DoubleNode extends RecursiveTask<Double> {
    private static final long serialVersionUID = 1L;
    private final double[] a;
    private final int from;
    private final int n;
    private final int depth;

    DoubleNode(double[] a, int from, int n, int depth) {
      this.a = a;
      this.from = from;
      this.n = n;
      this.depth = depth;
    }

    @Override
    protected Double compute() {
      return sum(a, from, n, depth);
    }
  }

  /** A left half in {@code float}, run by the pool. */
  private static final class FloatNode extends RecursiveTask<Float> {
    private static final long serialVersionUID = 1L;
    private final float[] a;
    private final int from;
    private final int n;
    private final int depth;

    FloatNode(float[] a, int from, int n, int depth) {
      this.a = a;
      this.from = from;
      this.n = n;
      this.depth = depth;
    }

    @Override
    protected Float compute() {
      return sum(a, from, n, depth);
    }
  }
}
