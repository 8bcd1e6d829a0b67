package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.FloatNdArray;
import org.ndprim.Shape;
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
 * W21: {@code a += row}, float32 {@code [4096, 256]} plus a {@code [256]} row broadcast over
 * the first axis ({@code a += row} in NumPy): plain, two loops adding {@code row[j]} to
 * {@code a[o + j]}; ndprim {@code a.addInPlace(row)}. Each call adds the row once more (the
 * values stay small integers, exact). Target: at most 1.15x plain, 0 B/op.
 *
 * <p>TF-Java's ndarray has no arithmetic, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W21AddRowInPlace {
  /** The shape; the unit test shrinks it. */
  public int[] dims = {4096, 256};

  float[] a;
  float[] row;
  FloatNdArray na;
  FloatNdArray nrow;

  @Setup(Level.Trial)
  public void setup() {
    a = Data.smallIntFloats(dims[0] * dims[1], 1);
    row = Data.smallIntFloats(dims[1], 2);
    na = FloatNdArray.wrap(Shape.of(dims[0], dims[1]), a.clone());
    nrow = FloatNdArray.wrap(Shape.of(dims[1]), row);
    Verify.variant("W21", "ndprim", plain().clone(), ndprim().toArray());
  }

  @Benchmark
  public float[] plain() {
    float[] x = a;
    float[] r = row;
    int n1 = r.length;
    for (int i = 0, o = 0; i < dims[0]; i++, o += n1) {
      for (int j = 0; j < n1; j++) {
        x[o + j] += r[j];
      }
    }
    return x;
  }

  @Benchmark
  public FloatNdArray ndprim() {
    return na.addInPlace(nrow);
  }
}
