package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The pairwise sum split across threads gives one thread's bits, with any cap and pool. */
class ParallelSumTest {
  private final int grain = ParallelSum.grain;
  private final int maxThreads = Parallelism.maxThreads();
  private final ForkJoinPool pool = Parallelism.pool();

  @AfterEach
  void restore() {
    ParallelSum.grain = grain;
    Parallelism.setMaxThreads(maxThreads);
    Parallelism.setPool(pool);
  }

  @Test
  void splitSumsHaveOneThreadsBitsForEveryCap() {
    SplittableRandom random = new SplittableRandom(23);
    double[] a = random.doubles(40_000, -1e9, 1e9).toArray();
    float[] f = new float[a.length];
    for (int i = 0; i < a.length; i++) {
      f[i] = (float) (a[i] * Math.pow(10, random.nextInt(-20, 20)));
    }
    AtomicInteger threads = new AtomicInteger();
    ForkJoinPool own = new ForkJoinPool(3, p -> {
      threads.incrementAndGet();
      return ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
    }, null, false);
    try {
      ParallelSum.grain = 256;
      for (ForkJoinPool p : new ForkJoinPool[] {ForkJoinPool.commonPool(), own}) {
        Parallelism.setPool(p);
        for (int cap = 1; cap <= 6; cap++) {
          Parallelism.setMaxThreads(cap);
          for (int k = 0; k < 60; k++) {
            int n = k < 10 ? 500 + k : random.nextInt(0, a.length - 20);
            int from = random.nextInt(0, a.length - n + 1);
            assertThat(Double.doubleToRawLongBits(BufferedSum.pairwise(a, from, n)))
                .as("cap %s n %s from %s", cap, n, from)
                .isEqualTo(Double.doubleToRawLongBits(ScalarSum.pairwise(a, from, n)));
            assertThat(Float.floatToRawIntBits(BufferedSum.pairwise(f, from, n)))
                .as("float cap %s n %s from %s", cap, n, from)
                .isEqualTo(Float.floatToRawIntBits(ScalarSum.pairwise(f, from, n)));
          }
        }
      }
    } finally {
      own.shutdown();
    }
    // the pool really ran parts
    assertThat(threads.get()).isPositive();
  }

  @Test
  void aSumStartedOnAWorkerForksWithinItsPool() throws Exception {
    double[] a = new SplittableRandom(5).doubles(10_000).toArray();
    ForkJoinPool own = new ForkJoinPool(2);
    try {
      ParallelSum.grain = 256;
      Parallelism.setPool(own);
      Parallelism.setMaxThreads(8);
      double inPool = own.submit(() -> {
        assertThat(Thread.currentThread()).isInstanceOf(ForkJoinWorkerThread.class);
        return BufferedSum.pairwise(a, 1, 9_999);
      }).get();
      assertThat(inPool).isEqualTo(ScalarSum.pairwise(a, 1, 9_999));
    } finally {
      own.shutdown();
    }
  }

  @Test
  void splitDepthGivesEveryThreadAPartAndNoneBelowTwoGrains() {
    Parallelism.setMaxThreads(1);
    assertThat(Parallelism.splitDepth(1L << 30, 1000)).isZero();
    Parallelism.setMaxThreads(2);
    assertThat(Parallelism.splitDepth(1999, 1000)).isZero();
    assertThat(Parallelism.splitDepth(2000, 1000)).isEqualTo(1);
    assertThat(Parallelism.splitDepth(1L << 30, 1000)).isEqualTo(1);
    Parallelism.setMaxThreads(3);
    assertThat(Parallelism.splitDepth(1L << 30, 1000)).isEqualTo(2);
    assertThat(Parallelism.splitDepth(2999, 1000)).isEqualTo(1);
    Parallelism.setMaxThreads(64);
    assertThat(Parallelism.splitDepth(1L << 30, 1000)).isEqualTo(6);
  }

  @Test
  void badSettingsAndBoundsAreRefused() {
    assertThatThrownBy(() -> Parallelism.setMaxThreads(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1, not 0");
    assertThatThrownBy(() -> Parallelism.setPool(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> BufferedSum.pairwise(new double[10], 5, 6))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> BufferedSum.pairwise(new float[10], -1, 2))
        .isInstanceOf(IndexOutOfBoundsException.class);
  }
}
