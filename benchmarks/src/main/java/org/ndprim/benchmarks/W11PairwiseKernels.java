package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.BufferedSum;
import org.ndprim.Parallelism;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * W11's sums (NumPy's pairwise sum of {@code n} uniform random values) through ndprim's kernels
 * ({@link BufferedSum#pairwise}, issue 23): {@code plain} is {@link PairwiseSum}, plain Java;
 * {@code one} is ndprim's kernel on one thread ({@code Parallelism.setMaxThreads(1)}): plain Java
 * on JDK 17, vector lanes on JDK 22+ with {@code --add-modules jdk.incubator.vector}; {@code two}
 * the same split across two threads. Every variant gives the same bits (checked at set-up).
 *
 * <p>The split threshold was chosen with this class: {@code -jvmArgsAppend
 * -Dndprim.parallel.sumGrain=1024} lets {@code two} split every size measured, and the smallest
 * {@code n} where {@code two} beats {@code one} is twice the grain to choose (docs/jdk.md). For
 * {@link Interleave} the size is the system property {@code w11.n} (default 2^25).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W11PairwiseKernels {
  /** The number of values. */
  @Param({"33554432"})
  public int n = Integer.getInteger("w11.n", 1 << 25);

  double[] doubles;
  float[] floats;

  @Setup(Level.Trial)
  public void setup() {
    doubles = Data.uniformDoubles(n, W11SumFloat64.SEED);
    floats = Data.uniformFloats(n, W11SumFloat32.SEED);
    double d = plain64();
    float f = plain32();
    for (double other : new double[] {one64(), two64()}) {
      Verify.sameBits("W11PairwiseKernels", "ndprim", d, other);
    }
    for (float other : new float[] {one32(), two32()}) {
      Verify.sameBits("W11PairwiseKernels", "ndprim float", f, other);
    }
  }

  @Benchmark
  public double plain64() {
    return PairwiseSum.sum(doubles);
  }

  @Benchmark
  public double one64() {
    Parallelism.setMaxThreads(1);
    return BufferedSum.pairwise(doubles, 0, n);
  }

  @Benchmark
  public double two64() {
    Parallelism.setMaxThreads(2);
    return BufferedSum.pairwise(doubles, 0, n);
  }

  @Benchmark
  public float plain32() {
    return PairwiseSum.sum(floats);
  }

  @Benchmark
  public float one32() {
    Parallelism.setMaxThreads(1);
    return BufferedSum.pairwise(floats, 0, n);
  }

  @Benchmark
  public float two32() {
    Parallelism.setMaxThreads(2);
    return BufferedSum.pairwise(floats, 0, n);
  }
}
