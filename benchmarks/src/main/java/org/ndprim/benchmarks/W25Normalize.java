package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.FloatNdArray;
import org.ndprim.Shape;
import org.ndprim.UInt8NdArray;
import org.ndprim.Ufunc;
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
 * W25: normalise an image, {@code (img.astype(float32) - mean) / std} with per-channel
 * {@code mean} and {@code std} (float32 {@code [3]}) of a uint8 {@code [1024, 1024, 3]} image,
 * into a preallocated float32 output: plain, a lookup table of the 256 results per channel
 * ({@link #plain}; the arithmetic loops are variants beside it); ndprim {@code Ufunc.SUBTRACT.into(out, img, mean)} then
 * {@code Ufunc.DIVIDE.into(out, out, std)} (the uint8 image is cast in tiles). Target: at most
 * 1.3x plain, output only.
 *
 * <p>TF-Java's ndarray has no arithmetic, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W25Normalize {
  /** The shape; the unit test shrinks it. */
  public int[] dims = {1024, 1024, 3};

  byte[] img;
  float[] mean = {101.5f, 117.25f, 93.75f};
  float[] std = {55.5f, 61.25f, 49.0f};
  float[] out;
  UInt8NdArray nimg;
  FloatNdArray nmean;
  FloatNdArray nstd;
  FloatNdArray nout;

  @Setup(Level.Trial)
  public void setup() {
    int n = dims[0] * dims[1] * dims[2];
    img = new byte[n];
    java.util.Random r = new java.util.Random(1);
    r.nextBytes(img);
    out = new float[n];
    nimg = UInt8NdArray.wrap(Shape.of(dims[0], dims[1], dims[2]), img);
    nmean = FloatNdArray.wrap(Shape.of(3), mean);
    nstd = FloatNdArray.wrap(Shape.of(3), std);
    nout = FloatNdArray.zeros(Shape.of(dims[0], dims[1], dims[2]));
    float[] expected = plain().clone();
    Verify.variant("W25", "plainRows", expected, plainRows().clone());
    Verify.variant("W25", "plainInterleaved", expected, plainInterleaved().clone());
    Verify.variant("W25", "plainTwoPasses", expected, plainTwoPasses().clone());
    Verify.variant("W25", "ndprim", expected, ndprim().toArray());
  }

  /**
   * The arithmetic in one pass over each image row ({@code 1024 * 3} values) against the channel
   * means and deviations repeated along the row (built per call), so the loop's arrays are
   * indexed alike: 4.6 ms against the table's 2.8 (JDK 17, one thread, the 2-core Xeon VM,
   * 2026-12-03). The interleaved loop ({@link #plainInterleaved}), three channels per step, ran
   * at 14.1 ms there.
   */
  @Benchmark
  public float[] plainRows() {
    byte[] x = img;
    float[] z = out;
    int w = dims[1] * dims[2];
    float[] m = new float[w];
    float[] s = new float[w];
    for (int j = 0; j < w; j++) {
      m[j] = mean[j % 3];
      s[j] = std[j % 3];
    }
    for (int o = 0; o < z.length; o += w) {
      for (int j = 0; j < w; j++) {
        z[o + j] = ((x[o + j] & 0xFF) - m[j]) / s[j];
      }
    }
    return z;
  }

  /**
   * The best plain Java found, the reference: a lookup table of the 256 results per channel
   * (built per call: 768 divisions, the same bits as computing each value), then one load per
   * value. It beat the arithmetic loops ({@link #plainRows}, {@link #plainInterleaved}) on JDK 17.
   */
  @Benchmark
  public float[] plain() {
    byte[] x = img;
    float[] z = out;
    float[] t = new float[768];
    for (int k = 0; k < 3; k++) {
      for (int v = 0; v < 256; v++) {
        t[k * 256 + v] = (v - mean[k]) / std[k];
      }
    }
    for (int i = 0; i + 2 < z.length; i += 3) {
      z[i] = t[x[i] & 0xFF];
      z[i + 1] = t[256 + (x[i + 1] & 0xFF)];
      z[i + 2] = t[512 + (x[i + 2] & 0xFF)];
    }
    return z;
  }

  /**
   * Not a reference but the floor of ndprim's formulation: the same two passes its two ufunc
   * calls make (the image cast and less the means into the output, then the output divided in
   * place), in the tightest plain loops over each image row.
   */
  @Benchmark
  public float[] plainTwoPasses() {
    byte[] x = img;
    float[] z = out;
    int w = dims[1] * dims[2];
    float[] m = new float[w];
    float[] s = new float[w];
    for (int j = 0; j < w; j++) {
      m[j] = mean[j % 3];
      s[j] = std[j % 3];
    }
    for (int o = 0; o < z.length; o += w) {
      for (int j = 0; j < w; j++) {
        z[o + j] = (x[o + j] & 0xFF) - m[j];
      }
    }
    for (int o = 0; o < z.length; o += w) {
      for (int j = 0; j < w; j++) {
        z[o + j] = z[o + j] / s[j];
      }
    }
    return z;
  }

  /** The first plain variant: three channels per step, interleaved. */
  @Benchmark
  public float[] plainInterleaved() {
    byte[] x = img;
    float[] z = out;
    float m0 = mean[0];
    float m1 = mean[1];
    float m2 = mean[2];
    float s0 = std[0];
    float s1 = std[1];
    float s2 = std[2];
    for (int i = 0; i + 2 < z.length; i += 3) {
      z[i] = ((x[i] & 0xFF) - m0) / s0;
      z[i + 1] = ((x[i + 1] & 0xFF) - m1) / s1;
      z[i + 2] = ((x[i + 2] & 0xFF) - m2) / s2;
    }
    return z;
  }

  @Benchmark
  public FloatNdArray ndprim() {
    Ufunc.SUBTRACT.into(nout, nimg, nmean);
    return Ufunc.DIVIDE.into(nout, nout, nstd);
  }
}
