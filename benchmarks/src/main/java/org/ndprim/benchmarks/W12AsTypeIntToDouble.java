package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
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
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.ndarray.buffer.IntDataBuffer;
import org.tensorflow.ndarray.buffer.layout.DoubleDataLayout;

/**
 * W12: {@code x.astype(np.float64)} of an {@code int32} array of 2^25 (32M) elements
 * (random {@code int}s, {@link Data#ints}): a new {@code float64} array per call, as NumPy's
 * {@code astype} returns (every {@code int} converts to {@code double} exactly, so the three
 * results must be equal element for element).
 *
 * <ul>
 *   <li>plain: {@code double[] out = new double[n]; for (i) out[i] = a[i];}: one allocation of
 *       the output and one counted loop, which C2 unrolls and vectorises (int-to-double
 *       conversion of a vector of ints); nothing else touches memory;
 *   <li>TF-Java: it has no cast; its conversion mechanism is a {@link DoubleDataLayout} over
 *       the {@code IntDataBuffer} (the way TF-Java itself reads float16 and bfloat16 from
 *       short buffers): the layout's {@code readDouble} returns {@code buffer.getInt(i)}, and
 *       {@code NdArrays.wrap(shape, layout.applyTo(buffer)).copyTo(NdArrays.ofDoubles(shape))}
 *       copies the converting view into a new array;
 *   <li>ndprim: {@code IntNdArray.wrap(Shape.of(n), a).astype(DoubleNdArray.TYPE)}.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W12AsTypeIntToDouble {
  /** TF-Java's int32-as-float64 view of an {@code IntDataBuffer}: {@code (double) getInt(i)}. */
  static final DoubleDataLayout<IntDataBuffer> INT32_AS_FLOAT64 =
      new DoubleDataLayout<IntDataBuffer>() {
        @Override
        public void writeDouble(IntDataBuffer buffer, double value, long index) {
          buffer.setInt((int) value, index);
        }

        @Override
        public double readDouble(IntDataBuffer buffer, long index) {
          return buffer.getInt(index);
        }
      };

  /** The number of elements; the unit test shrinks it. */
  public int n = 1 << 25;

  int[] plainData;
  IntDataBuffer tfBuffer;
  IntNdArray ndArray;

  @Setup(Level.Trial)
  public void setup() {
    plainData = Data.ints(n, 12);
    tfBuffer = DataBuffers.of(plainData, false, false);
    ndArray = IntNdArray.wrap(Shape.of(n), plainData);
    Verify.same("W12", Results.plain(new long[] {n}, plain()), Results.tf(tf()),
        Results.ndprim(ndprim()));
  }

  @Benchmark
  public double[] plain() {
    int[] a = plainData;
    double[] out = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = a[i];
    }
    return out;
  }

  @Benchmark
  public org.tensorflow.ndarray.DoubleNdArray tf() {
    org.tensorflow.ndarray.Shape shape = org.tensorflow.ndarray.Shape.of(n);
    org.tensorflow.ndarray.DoubleNdArray out = NdArrays.ofDoubles(shape);
    NdArrays.wrap(shape, INT32_AS_FLOAT64.applyTo(tfBuffer)).copyTo(out);
    return out;
  }

  @Benchmark
  public DoubleNdArray ndprim() {
    return ndArray.astype(DoubleNdArray.TYPE);
  }
}
