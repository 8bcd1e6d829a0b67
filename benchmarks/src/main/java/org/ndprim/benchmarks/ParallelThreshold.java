package org.ndprim.benchmarks;

import java.util.Arrays;
import java.util.Random;
import org.ndprim.DoubleNdArray;
import org.ndprim.Parallelism;
import org.ndprim.Shape;

/**
 * Where two threads start to win over one for an element-wise ufunc (issue 23, docs/jdk.md
 * "Threads"): {@code a.add(b, c)} of float64 arrays of 2^lo to 2^hi elements, with
 * {@link Parallelism#setMaxThreads} 1 and 2 alternating round by round, timed by wall time (the
 * second thread's work is the point), and prints each size's median and minimum per call and
 * the ratio two threads / one. Run it with the ufunc grain lowered so that every size can split:
 *
 * <pre>{@code
 * java -Xms3g -Xmx3g -Dndprim.parallel.ufuncGrain=1024 -cp benchmarks/target/benchmarks.jar \
 *     org.ndprim.benchmarks.ParallelThreshold 12 22 20
 * }</pre>
 *
 * <p>Arguments: the smallest and largest log2 sizes and the measured rounds (half as many again
 * run first as warm-up); each round makes about 2^23 element additions per variant.
 */
public final class ParallelThreshold {
  private ParallelThreshold() {}

  public static void main(String[] args) {
    if (args.length != 3) {
      System.err.println("usage: ParallelThreshold <min log2 size> <max log2 size> <rounds>");
      System.exit(2);
    }
    int lo = Integer.parseInt(args[0]);
    int hi = Integer.parseInt(args[1]);
    int rounds = Integer.parseInt(args[2]);
    for (int log = lo; log <= hi; log++) {
      int n = 1 << log;
      Random r = new Random(log);
      DoubleNdArray a = DoubleNdArray.zeros(Shape.of(n));
      DoubleNdArray b = DoubleNdArray.zeros(Shape.of(n));
      DoubleNdArray c = DoubleNdArray.zeros(Shape.of(n));
      for (int i = 0; i < n; i++) {
        a.setDouble(r.nextDouble(), i);
        b.setDouble(r.nextDouble(), i);
      }
      int calls = Math.max(1, (1 << 23) / n);
      double[][] t = new double[2][rounds];
      for (int round = -rounds / 2; round < rounds; round++) {
        for (int v = 0; v < 2; v++) {
          Parallelism.setMaxThreads(v + 1);
          long t0 = System.nanoTime();
          for (int k = 0; k < calls; k++) {
            a.add(b, c);
          }
          if (round >= 0) {
            t[v][round] = (System.nanoTime() - t0) / 1e3 / calls;
          }
        }
      }
      Arrays.sort(t[0]);
      Arrays.sort(t[1]);
      System.out.printf("n=2^%d  1 thread median %.1f us (min %.1f)  2 threads median %.1f us"
          + " (min %.1f)  ratio %.2f (min ratio %.2f)%n", log, t[0][rounds / 2], t[0][0],
          t[1][rounds / 2], t[1][0], t[1][rounds / 2] / t[0][rounds / 2], t[1][0] / t[0][0]);
    }
  }
}
