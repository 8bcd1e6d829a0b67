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
import org.ndprim.NdArrays;
import org.ndprim.Shape;

/**
 * W35 (issue 21): {@code np.concatenate(arrays, axis=1)} of 16 float32 {@code [1024, 1024]}
 * arrays, a new {@code [1024, 16384]} array: plain, one {@code System.arraycopy} per row of each
 * input into its place in a new {@code float[]} (the fewest, longest copies the layout allows);
 * ndprim {@code NdArrays.concatenate(1, arrays)}. Target: at most 1.1x plain.
 *
 * <p>TF-Java's ndarray has no concatenate, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W35Concatenate {
  /** Rows and columns of each input; the unit test shrinks them. */
  public int rows = 1024;
  public int cols = 1024;
  /** How many inputs. */
  public int count = 16;

  float[][] a;
  FloatNdArray[] na;

  @Setup(Level.Trial)
  public void setup() {
    a = new float[count][];
    na = new FloatNdArray[count];
    for (int k = 0; k < count; k++) {
      a[k] = Data.smallIntFloats(rows * cols, 35 + k);
      na[k] = FloatNdArray.wrap(Shape.of(rows, cols), a[k]);
    }
    Verify.variant("W35", "ndprim", plain(), ndprim().toArray());
  }

  @Benchmark
  public float[] plain() {
    int width = count * cols;
    float[] out = new float[rows * width];
    for (int r = 0; r < rows; r++) {
      for (int k = 0; k < count; k++) {
        System.arraycopy(a[k], r * cols, out, r * width + k * cols, cols);
      }
    }
    return out;
  }

  @Benchmark
  public FloatNdArray ndprim() {
    return NdArrays.concatenate(1, na);
  }
}
