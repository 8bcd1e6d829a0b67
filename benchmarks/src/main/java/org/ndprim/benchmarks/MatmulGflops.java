package org.ndprim.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.NdArray;
import org.ndprim.Parallelism;
import org.ndprim.Shape;
import org.ndprim.linalg.LinAlg;

/**
 * A diagnostic beside {@link MatmulFloat64} and {@link MatmulFloat32} for issue 23's matmul
 * rows: {@code LinAlg.matmul} of two {@code [n, n]} arrays, {@code float64} then
 * {@code float32}, on a given number of threads, and for each the median of the rounds (after
 * half as many unmeasured ones) of three clocks: the calling thread's CPU time, the wall time,
 * and the CPU time of all the JVM's threads (so the pool's share shows as "others"). GFLOPS are
 * {@code 2 n^3} over the time. On a machine shared with other work only the CPU times mean
 * anything; with two threads the calling thread's CPU time is what two free cores would take at
 * best.
 *
 * <pre>{@code
 * java -Xms2g -Xmx2g [--add-modules jdk.incubator.vector] -cp benchmarks/target/benchmarks.jar \
 *     org.ndprim.benchmarks.MatmulGflops 1024 1,2 10
 * }</pre>
 */
public final class MatmulGflops {
  private MatmulGflops() {}

  /**
   * Runs the products and prints one line per type and thread count.
   *
   * @param args the side {@code n}, the threads (or several, comma-separated, run in turn
   *     within each round of one JVM, followed by the median over rounds of each count's
   *     speed-up over the first count's wall time in the same round), the measured rounds
   */
  public static void main(String[] args) {
    if (args.length != 3) {
      System.err.println("usage: MatmulGflops <n> <threads>[,<threads>...] <rounds>");
      System.exit(2);
    }
    int n = Integer.parseInt(args[0]);
    int[] threads = Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray();
    int rounds = Integer.parseInt(args[2]);
    ThreadMXBean tm = ManagementFactory.getThreadMXBean();
    SplittableRandom r = new SplittableRandom(23);
    DoubleNdArray a = DoubleNdArray.wrap(Shape.of(n, n), r.doubles((long) n * n, -1, 1).toArray());
    DoubleNdArray b = DoubleNdArray.wrap(Shape.of(n, n), r.doubles((long) n * n, -1, 1).toArray());
    FloatNdArray af = a.astype(FloatNdArray.TYPE);
    FloatNdArray bf = b.astype(FloatNdArray.TYPE);
    double gflop = 2.0 * n * n * n / 1e9;
    Object sink = null;
    for (String type : new String[] {"float64", "float32"}) {
      boolean f64 = type.equals("float64");
      double[][] cpu = new double[threads.length][rounds];
      double[][] wall = new double[threads.length][rounds];
      double[][] all = new double[threads.length][rounds];
      for (int i = -rounds / 2; i < rounds; i++) {
        for (int t = 0; t < threads.length; t++) {
          Parallelism.setMaxThreads(threads[t]);
          long c0 = tm.getCurrentThreadCpuTime();
          long w0 = System.nanoTime();
          long a0 = allThreads(tm);
          NdArray c = f64 ? LinAlg.matmul(a, b) : LinAlg.matmul(af, bf);
          long c1 = tm.getCurrentThreadCpuTime();
          long w1 = System.nanoTime();
          long a1 = allThreads(tm);
          sink = c;
          if (i >= 0) {
            cpu[t][i] = (c1 - c0) / 1e6;
            wall[t][i] = (w1 - w0) / 1e6;
            all[t][i] = (a1 - a0) / 1e6;
          }
        }
      }
      for (int t = 0; t < threads.length; t++) {
        double mc = median(cpu[t]);
        double mw = median(wall[t]);
        double ma = median(all[t]);
        System.out.printf("%s n=%d threads=%d: calling thread's CPU median %.1f ms (%.1f GFLOPS),"
            + " wall median %.1f ms (%.1f GFLOPS), all threads' CPU median %.1f ms (others"
            + " %.1f)%n", type, n, threads[t], mc, gflop / mc * 1e3, mw, gflop / mw * 1e3, ma,
            ma - mc);
      }
      for (int t = 1; t < threads.length; t++) {
        double[] speedup = new double[rounds];
        for (int i = 0; i < rounds; i++) {
          speedup[i] = wall[0][i] / wall[t][i];
        }
        Arrays.sort(speedup);
        System.out.printf("%s n=%d threads=%d against threads=%d, wall time of the same round:"
            + " median speed-up %.2f (min %.2f, max %.2f)%n", type, n, threads[t], threads[0],
            median(speedup), speedup[0], speedup[rounds - 1]);
      }
    }
    if (sink == null) {
      System.out.println("(no result)");
    }
  }

  private static double median(double[] x) {
    double[] s = x.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static long allThreads(ThreadMXBean tm) {
    long sum = 0;
    for (long id : tm.getAllThreadIds()) {
      long t = tm.getThreadCpuTime(id);
      if (t > 0) {
        sum += t;
      }
    }
    return sum;
  }
}
