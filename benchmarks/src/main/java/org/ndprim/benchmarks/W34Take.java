package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
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
import org.ndprim.FloatNdArray;
import org.ndprim.Indices;
import org.ndprim.LongNdArray;
import org.ndprim.Shape;

/**
 * W34 (issue 21): {@code a[idx]} (NumPy's {@code a.take(idx)}), 2^20 uniform random indices into
 * a float32 array of 2^24, a new array: plain {@code out[i] = x[idx[i]]} with the indices as
 * {@code int}s; ndprim {@code a.slice(Indices.take(idx))} with the indices as an int64 array, as
 * NumPy holds them. Target: at most 1.2x plain.
 *
 * <p>TF-Java's ndarray has no integer-array indexing, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W34Take {
  /** Elements of the array; the unit test shrinks it. */
  public int n = 1 << 24;
  /** Indices taken; the unit test shrinks it. */
  public int k = 1 << 20;

  float[] a;
  int[] idx;
  FloatNdArray na;
  LongNdArray nidx;

  @Setup(Level.Trial)
  public void setup() {
    a = Data.smallIntFloats(n, 34);
    java.util.Random r = new java.util.Random(34);
    idx = new int[k];
    long[] longs = new long[k];
    for (int i = 0; i < k; i++) {
      idx[i] = r.nextInt(n);
      longs[i] = idx[i];
    }
    na = FloatNdArray.wrap(Shape.of(n), a);
    nidx = LongNdArray.wrap(Shape.of(k), longs);
    Verify.variant("W34", "ndprim", plain(), ndprim().toArray());
  }

  @Benchmark
  public float[] plain() {
    float[] x = a;
    int[] ix = idx;
    float[] out = new float[ix.length];
    for (int i = 0; i < ix.length; i++) {
      out[i] = x[ix[i]];
    }
    return out;
  }

  @Benchmark
  public FloatNdArray ndprim() {
    return na.slice(Indices.take(nidx));
  }
}
