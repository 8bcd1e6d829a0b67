package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.FloatNdArray;
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
import org.tensorflow.ndarray.StdArrays;

/**
 * W7: import a {@code float[256][256][16]} into the library's array (a copy) and export it
 * back to a new {@code float[256][256][16]} (the result, which must deep-equal the input).
 *
 * <ul>
 *   <li>plain: import = {@code System.arraycopy} of every innermost row into a flat C-order
 *       {@code float[]}; export = {@code new float[d0][d1][d2]} filled row by row with
 *       {@code System.arraycopy}. Each element is copied once in and once out by the bulk copy
 *       stub, and the only allocations are the flat array and the nested result, which the work
 *       needs (the import is a copy, the export a new array): there is no tighter form;
 *   <li>TF-Java: {@code StdArrays.array3dCopyOf(StdArrays.ndCopyOf(in))};
 *   <li>ndprim: {@code (float[][][]) FloatNdArray.fromJava(in).toJava()}.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W7JavaArrays {
  /** The shape; the unit test shrinks it. */
  public int[] dims = {256, 256, 16};

  float[][][] input;

  @Setup(Level.Trial)
  public void setup() {
    input = Data.floats3d(dims[0], dims[1], dims[2], 7);
    float[][][] plain = plain();
    Verify.plainIs("W7", "a copy of the input", input, plain);
    Verify.same("W7", plain, tf(), ndprim());
  }

  @Benchmark
  public float[][][] plain() {
    float[][][] in = input;
    int d0 = in.length;
    int d1 = in[0].length;
    int d2 = in[0][0].length;
    // import
    float[] flat = new float[Math.multiplyExact(Math.multiplyExact(d0, d1), d2)];
    int o = 0;
    for (float[][] plane : in) {
      for (float[] row : plane) {
        System.arraycopy(row, 0, flat, o, d2);
        o += d2;
      }
    }
    // export
    float[][][] out = new float[d0][d1][d2];
    o = 0;
    for (float[][] plane : out) {
      for (float[] row : plane) {
        System.arraycopy(flat, o, row, 0, d2);
        o += d2;
      }
    }
    return out;
  }

  @Benchmark
  public float[][][] tf() {
    return StdArrays.array3dCopyOf(StdArrays.ndCopyOf(input));
  }

  @Benchmark
  public float[][][] ndprim() {
    return (float[][][]) FloatNdArray.fromJava(input).toJava();
  }
}
