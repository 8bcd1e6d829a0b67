package org.ndprim.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Supplier;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.Parallelism;
import org.ndprim.Shape;

/**
 * Where two threads start to win over one for the reductions of {@code org.ndprim.Reduce} (issue
 * 23, docs/jdk.md "Threads"), for each size 2^lo to 2^hi: {@code int32} sum over every axis
 * (parts combined), {@code float64} max over every axis (parts combined), {@code float64} sums of
 * the rows of a C-order {@code (n / 1024, 1024)} matrix (the kept rows cut), and {@code int32}
 * sums over axis 0 of {@code (n / 16, 16)} (parts combined). {@link Parallelism#setMaxThreads} 1
 * and 2 alternate round by round; prints per size and workload the median wall time per call,
 * the median CPU time of the calling thread, and the ratio of the wall medians two threads / one.
 * Run it with the reduction grain lowered so that every size can split:
 *
 * <pre>{@code
 * java -Xms3g -Xmx3g -Dndprim.parallel.reduceGrain=1024 -cp benchmarks/target/benchmarks.jar \
 *     org.ndprim.benchmarks.ReduceThreshold 14 25 15
 * }</pre>
 *
 * <p>Arguments: the smallest and largest log2 sizes and the measured rounds (half as many again
 * run first as warm-up); each round makes about 2^24 element reads per variant.
 */
public final class ReduceThreshold {
  /** Keeps each result reachable, so that no call is optimised away. */
  static volatile Object sink;

  private ReduceThreshold() {}

  public static void main(String[] args) {
    if (args.length != 3) {
      System.err.println("usage: ReduceThreshold <min log2 size> <max log2 size> <rounds>");
      System.exit(2);
    }
    int lo = Integer.parseInt(args[0]);
    int hi = Integer.parseInt(args[1]);
    int rounds = Integer.parseInt(args[2]);
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    for (int log = lo; log <= hi; log++) {
      int n = 1 << log;
      Random r = new Random(log);
      IntNdArray ints = IntNdArray.zeros(Shape.of(n));
      DoubleNdArray doubles = DoubleNdArray.zeros(Shape.of(n));
      for (int i = 0; i < n; i++) {
        ints.setInt(r.nextInt(1000), i);
        doubles.setDouble(r.nextGaussian(), i);
      }
      DoubleNdArray rows = (DoubleNdArray) doubles.reshape(Shape.of(n / 1024, 1024));
      IntNdArray cols = (IntNdArray) ints.reshape(Shape.of(n / 16, 16));
      String[] names = {"int32 sum()", "float64 max()", "float64 sum(axis=1)",
          "int32 sum(axis=0)"};
      java.util.List<Supplier<Object>> work = java.util.List.of(
          () -> ints.sum(false),
          () -> doubles.max(false),
          () -> rows.sum(false, 1),
          () -> cols.sum(false, 0));
      int calls = Math.max(1, (1 << 24) / n);
      for (int w = 0; w < names.length; w++) {
        double[][] wall = new double[2][rounds];
        double[][] cpu = new double[2][rounds];
        for (int round = -rounds / 2; round < rounds; round++) {
          for (int v = 0; v < 2; v++) {
            Parallelism.setMaxThreads(v + 1);
            long c0 = mx.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            for (int k = 0; k < calls; k++) {
              sink = work.get(w).get();
            }
            if (round >= 0) {
              wall[v][round] = (System.nanoTime() - t0) / 1e3 / calls;
              cpu[v][round] = (mx.getCurrentThreadCpuTime() - c0) / 1e3 / calls;
            }
          }
        }
        for (double[] x : wall) {
          Arrays.sort(x);
        }
        for (double[] x : cpu) {
          Arrays.sort(x);
        }
        int m = rounds / 2;
        System.out.printf("n=2^%d %-20s 1 thread %9.1f us (cpu %9.1f)  2 threads %9.1f us"
            + " (caller cpu %9.1f)  ratio %.2f%n", log, names[w], wall[0][m], cpu[0][m],
            wall[1][m], cpu[1][m], wall[1][m] / wall[0][m]);
      }
    }
  }
}
