package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ndprim.layout.LayoutTesting.arange;
import static org.ndprim.layout.LayoutTesting.slice;
import static org.ndprim.layout.RandomLayouts.naiveOffsets;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** PairRunCursor: lock-step walks merging the axes contiguous in both layouts. */
class RunCursorTest {

  /** "offset/stride/length" of every run. */
  private static String runs(Layout l) {
    StringBuilder sb = new StringBuilder();
    for (RunCursor c = l.runs(); c.next(); ) {
      sb.append(sb.length() > 0 ? " " : "").append(c.offset()).append('/').append(c.stride())
          .append('/').append(c.length());
    }
    return sb.toString();
  }

  private static String pairRuns(Layout a, Layout b) {
    StringBuilder sb = new StringBuilder();
    for (PairRunCursor c = RunCursor.pair(a, b); c.next(); ) {
      sb.append(sb.length() > 0 ? " " : "").append(c.offsetA()).append('/').append(c.strideA())
          .append(',').append(c.offsetB()).append('/').append(c.strideB()).append('/')
          .append(c.length());
    }
    return sb.toString();
  }

  @Test
  void pairMergesOnlyAxesMergeableInBoth() {
    Layout c = arange(2, 3);
    Layout f = RandomLayouts.fortran(new long[] {2, 3});
    assertThat(pairRuns(c, c)).isEqualTo("0/1,0/1/6");
    assertThat(pairRuns(c, f)).isEqualTo("0/1,0/2/3 3/1,1/2/3");
    assertThat(pairRuns(f, c)).isEqualTo("0/2,0/1/3 1/2,3/1/3");
    Layout strided = slice(arange(4, 6), "::2, ::-2");
    assertThat(pairRuns(c, strided)).isEqualTo("0/1,5/-2/3 3/1,17/-2/3");
    assertThat(pairRuns(arange(), arange())).isEqualTo("0/0,0/0/1");
    assertThat(pairRuns(arange(2, 0), arange(2, 0).transpose().transpose())).isEmpty();
  }

  @Test
  void pairRejectsDifferentShapes() {
    assertThatThrownBy(() -> RunCursor.pair(arange(2, 3), arange(3, 2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot walk layouts of shapes (2, 3) and (3, 2) in lock step: the shapes differ");
    PairRunCursor c = RunCursor.pair(arange(2), arange(2));
    assertThatThrownBy(c::offsetA).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(c::offsetB).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void noAllocationPerRun() {
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    Layout a = slice(arange(2000, 7), ":, ::2"); // 2000 runs of 4
    Layout b = slice(arange(2000, 8), ":, 1::2"); // one run of 8000, but not in lock step with a
    long sink = 0;
    for (int warm = 0; warm < 3; warm++) {
      sink += walk(a) + walkPair(a, b);
    }
    RunCursor c = a.runs();
    PairRunCursor p = RunCursor.pair(a, b);
    long before = bean.getCurrentThreadAllocatedBytes();
    while (c.next()) {
      sink += c.offset();
    }
    while (p.next()) {
      sink += p.offsetA() + p.offsetB();
    }
    long allocated = bean.getCurrentThreadAllocatedBytes() - before;
    assertThat(sink).isNotZero();
    assertThat(allocated).as("bytes allocated by 4000 runs").isLessThan(1024);
  }

  private static long walk(Layout l) {
    long s = 0;
    for (RunCursor c = l.runs(); c.next(); ) {
      s += c.offset();
    }
    return s;
  }

  private static long walkPair(Layout a, Layout b) {
    long s = 0;
    for (PairRunCursor c = RunCursor.pair(a, b); c.next(); ) {
      s += c.offsetA() - c.offsetB();
    }
    return s;
  }

  // ---- properties against the naive reference ----

  /** The offsets visited by the runs, in order, and checks that all runs look alike. */
  private static long[] visit(Layout l) {
    List<Long> out = new ArrayList<>();
    long length = -1;
    int stride = 0;
    for (RunCursor c = l.runs(); c.next(); ) {
      if (length < 0) {
        length = c.length();
        stride = c.stride();
      }
      assertThat(c.length()).isEqualTo(length).isPositive();
      assertThat(c.stride()).isEqualTo(stride);
      int o = c.offset();
      for (long k = 0; k < c.length(); k++, o += c.stride()) {
        out.add((long) o);
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  /**
   * The longest run a walk can have: the size of the smallest trailing block of axes (the last j
   * axes) whose first block's offsets are an arithmetic progression in every layout.
   */
  static long naiveMaxRun(long[] shape, long[]... offsets) {
    for (int j = 0; j <= shape.length; j++) {
      long block = 1;
      for (int a = j; a < shape.length; a++) {
        block *= shape[a];
      }
      boolean progression = true;
      for (long[] o : offsets) {
        for (int k = 2; k < block; k++) {
          progression &= o[k] - o[k - 1] == o[1] - o[0];
        }
      }
      if (progression) {
        return block;
      }
    }
    throw new AssertionError("unreachable: the empty block is a progression");
  }

  @Property(tries = 3000)
  void pairRunsVisitBothNaiveOffsetsInLockStep(@ForAll("pairs") Layout[] ab) {
    Layout a = ab[0];
    Layout b = ab[1];
    long[] expectedA = naiveOffsets(a);
    long[] expectedB = naiveOffsets(b);
    List<Long> seenA = new ArrayList<>();
    List<Long> seenB = new ArrayList<>();
    long length = a.size() == 0 ? 0
        : naiveMaxRun(a.shape().asArray(), expectedA, expectedB);
    for (PairRunCursor c = RunCursor.pair(a, b); c.next(); ) {
      assertThat(c.length()).as("run length of %s and %s", a, b).isEqualTo(length);
      if (length > 1) {
        assertThat(c.strideA()).isEqualTo(expectedA[1] - expectedA[0]);
        assertThat(c.strideB()).isEqualTo(expectedB[1] - expectedB[0]);
      }
      int o = c.offsetA();
      int p = c.offsetB();
      for (long k = 0; k < c.length(); k++, o += c.strideA(), p += c.strideB()) {
        seenA.add((long) o);
        seenB.add((long) p);
      }
    }
    assertThat(seenA).as("A of %s and %s", a, b)
        .containsExactly(Arrays.stream(expectedA).boxed().toArray(Long[]::new));
    assertThat(seenB).as("B of %s and %s", a, b)
        .containsExactly(Arrays.stream(expectedB).boxed().toArray(Long[]::new));
  }

  @Provide
  Arbitrary<Layout> layouts() {
    return RandomLayouts.layouts();
  }

  @Provide
  Arbitrary<Layout[]> pairs() {
    return RandomLayouts.pairs();
  }
}
