package org.ndprim.benchmarks;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.ndprim.IntNdArray;
import org.ndprim.Shape;
import org.ndprim.Sorting;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * W31 (issue 21): {@code np.unique(a, return_counts=True)} of 2^22 random int32 values in
 * {@code [0, 2^20)} (about four of each): plain {@code a.clone()}, {@link Arrays#sort(int[])},
 * one scan writing the distinct values ({@code int[]}) and their counts ({@code long[]}); ndprim
 * {@code Sorting.unique(a, false, false, true)}. Target: at most 1.3x plain.
 *
 * <p>TF-Java's ndarray has no unique, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W31UniqueInt32 {
  /** Elements; the unit test shrinks it. */
  public int n = 1 << 22;

  int[] a;
  IntNdArray na;

  @Setup(Level.Trial)
  public void setup() {
    a = Data.ints(n, 1);
    for (int i = 0; i < n; i++) {
      a[i] &= (1 << 20) - 1;
    }
    na = IntNdArray.wrap(Shape.of(n), a);
    Object[] p = plain();
    Sorting.Unique<IntNdArray> u = ndprim();
    Verify.variant("W31", "ndprim values", p[0], u.values().toArray());
    Verify.variant("W31", "ndprim counts", p[1], u.counts().toArray());
  }

  /** The distinct values and their counts. */
  @Benchmark
  public Object[] plain() {
    int[] s = a.clone();
    Arrays.sort(s);
    int runs = 0;
    for (int i = 0; i < s.length; i++) {
      if (i == 0 || s[i] != s[i - 1]) {
        runs++;
      }
    }
    int[] values = new int[runs];
    long[] counts = new long[runs];
    int r = -1;
    for (int i = 0; i < s.length; i++) {
      if (i == 0 || s[i] != s[i - 1]) {
        values[++r] = s[i];
      }
      counts[r]++;
    }
    return new Object[] {values, counts};
  }

  @Benchmark
  public Sorting.Unique<IntNdArray> ndprim() {
    return Sorting.unique(na, false, false, true);
  }
}
