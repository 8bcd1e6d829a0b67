package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ndprim.layout.LayoutTesting.arange;
import static org.ndprim.layout.LayoutTesting.slice;
import static org.ndprim.layout.RandomLayouts.naiveOffsets;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndprim.storage.SegmentCursor;
import org.ndprim.testing.Allocation;
import org.ndprim.testing.Property;

/**
 * RunCursor, and the lock-step runs of two layouts (the rows of NdIter's blocks, as
 * SegmentCursor.pair walks them over Java arrays): axis merging, examples and properties.
 */
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
    for (SegmentCursor c = SegmentCursor.pair(a, null, b, null, 8); c.next(); ) {
      sb.append(sb.length() > 0 ? " " : "").append(c.offsetA()).append('/').append(c.strideA())
          .append(',').append(c.offsetB()).append('/').append(c.strideB()).append('/')
          .append(c.count());
    }
    return sb.toString();
  }

  @Test
  void cOrderContiguousLayoutsAreOneRun() {
    assertThat(runs(arange(2, 3, 4))).isEqualTo("0/1/24");
    assertThat(runs(slice(arange(4, 5), "1:3"))).isEqualTo("5/1/10");
    assertThat(runs(slice(arange(2, 3, 4), "1, None, :, None"))).isEqualTo("12/1/12");
    assertThat(runs(arange(1, 1, 1))).isEqualTo("0/0/1");
    assertThat(runs(arange(5))).isEqualTo("0/1/5");
  }

  @Test
  void stepsOnTheLastAxisKeepLongRuns() {
    // x[..., ::2] of a (3, 4, 6) array is one arithmetic progression of 36 elements
    assertThat(runs(slice(arange(3, 4, 6), "..., ::2"))).isEqualTo("0/2/36");
    assertThat(runs(slice(arange(3, 4, 6), "::-1, ::-1, ::-2"))).isEqualTo("71/-2/36");
    assertThat(runs(slice(arange(2, 6), "..., ::-2"))).isEqualTo("5/-2/3 11/-2/3");
    // a row prefix breaks the progression at each row
    assertThat(runs(slice(arange(3, 5), ":, :3"))).isEqualTo("0/1/3 5/1/3 10/1/3");
    // rows of a (2, 3, 4) array: axes 1 and 2 merge, axis 0 does not (step 2 on it)
    assertThat(runs(slice(arange(4, 3, 4), "::2"))).isEqualTo("0/1/12 24/1/12");
  }

  @Test
  void transposedAndBroadcastLayouts() {
    assertThat(runs(arange(2, 3).transpose())).isEqualTo("0/3/2 1/3/2 2/3/2");
    Layout broadcast = Layout.of(0, new long[] {3, 4}, new long[] {0, 1});
    assertThat(runs(broadcast)).isEqualTo("0/1/4 0/1/4 0/1/4");
    Layout constant = Layout.of(7, new long[] {3, 4}, new long[] {0, 0});
    assertThat(runs(constant)).isEqualTo("7/0/12");
  }

  @Test
  void rankZeroEmptyAndLengthOneAxes() {
    assertThat(runs(arange())).isEqualTo("0/0/1");
    assertThat(runs(arange(3, 0))).isEmpty();
    assertThat(runs(arange(0, 3))).isEmpty();
    assertThat(runs(slice(arange(3, 4), "1:2, 2:3"))).isEqualTo("6/0/1");
    RunCursor c = arange(3).runs();
    assertThatThrownBy(c::offset).isInstanceOf(IllegalStateException.class);
    assertThat(c.next()).isTrue();
    assertThat(c.next()).isFalse();
    assertThat(c.next()).isFalse();
    assertThatThrownBy(c::offset).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void ofIsRuns() {
    Layout l = slice(arange(4, 5, 6), "::-1, 1:, ::3");
    StringBuilder sb = new StringBuilder();
    for (RunCursor c = RunCursor.of(l); c.next(); ) {
      sb.append(sb.length() > 0 ? " " : "").append(c.offset()).append('/').append(c.stride())
          .append('/').append(c.length());
    }
    assertThat(sb.toString()).isEqualTo(runs(l));
  }

  @Test
  void offsetsAndStridesBeyondAnIntAreLayoutOffsets() {
    long huge = 1L << 40;
    assertThat(runs(Layout.of(0, new long[] {2}, new long[] {huge})))
        .isEqualTo("0/1099511627776/2");
    assertThat(runs(Layout.of(0, new long[] {1, 3}, new long[] {huge, 1}))).isEqualTo("0/1/3");
    assertThat(runs(Layout.of(huge, new long[] {3}, new long[] {1})))
        .isEqualTo("1099511627776/1/3");
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
    assertThatThrownBy(() -> SegmentCursor.pair(arange(2, 3), null, arange(3, 2), null, 8))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot walk layouts of shapes (2, 3) and (3, 2) in lock step: the shapes differ");
  }

  @Test
  void noAllocationPerRun() {
    Layout a = slice(arange(2000, 7), ":, ::2"); // 2000 runs of 4
    Layout b = slice(arange(2000, 8), ":, 1::2"); // one run of 8000, but not in lock step with a
    long sink = 0;
    for (int warm = 0; warm < 3; warm++) {
      sink += walk(a) + walkPair(a, b);
    }
    assertThat(sink).isNotZero();
    // The two cursors and their arrays, once per walk (about 1.2 KB); one object per run would
    // be >= 16 B x 4000 in every round.
    long allocated = Allocation.leastOf(5, () -> walk(a) + walkPair(a, b));
    assertThat(allocated).as("bytes allocated by 4000 runs").isLessThan(4000);
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
    for (SegmentCursor c = SegmentCursor.pair(a, null, b, null, 8); c.next(); ) {
      s += c.offsetA() - c.offsetB();
    }
    return s;
  }

  // ---- properties against the naive reference ----

  /** The offsets visited by the runs, in order, and checks that all runs look alike. */
  private static long[] visit(Layout l) {
    List<Long> out = new ArrayList<>();
    long length = -1;
    long stride = 0;
    for (RunCursor c = l.runs(); c.next(); ) {
      if (length < 0) {
        length = c.length();
        stride = c.stride();
      }
      assertThat(c.length()).isEqualTo(length).isPositive();
      assertThat(c.stride()).isEqualTo(stride);
      long o = c.offset();
      for (long k = 0; k < c.length(); k++, o += c.stride()) {
        out.add(o);
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

  @Test
  void runsVisitTheNaiveOffsetsInMaximalRuns() {
    Property.forAll(3000, RandomLayouts::layout, RunCursorTest::checkMaximalRuns);
  }

  private static void checkMaximalRuns(Layout l) {
    long[] expected = naiveOffsets(l);
    assertThat(visit(l)).as("offsets of %s", l).containsExactly(expected);
    RunCursor c = l.runs();
    if (l.size() == 0) {
      assertThat(c.next()).isFalse();
      return;
    }
    assertThat(c.next()).isTrue();
    long max = naiveMaxRun(l.shape().asArray(), expected);
    assertThat(c.length()).as("run length of %s", l).isEqualTo(max);
    assertThat(c.stride()).isEqualTo(max > 1 ? expected[1] - expected[0] : 0);
    if (l.isContiguous()) {
      assertThat(c.length()).isEqualTo(l.size());
      assertThat(c.offset()).isEqualTo(l.offset());
      assertThat(c.next()).isFalse();
    }
  }

  @Test
  void pairRunsVisitBothNaiveOffsetsInLockStep() {
    Property.forAll(3000, RandomLayouts::pair, RunCursorTest::checkPairRuns);
  }

  private static void checkPairRuns(RandomLayouts.Pair ab) {
    Layout a = ab.a();
    Layout b = ab.b();
    long[] expectedA = naiveOffsets(a);
    long[] expectedB = naiveOffsets(b);
    List<Long> seenA = new ArrayList<>();
    List<Long> seenB = new ArrayList<>();
    long length = a.size() == 0 ? 0
        : naiveMaxRun(a.shape().asArray(), expectedA, expectedB);
    for (SegmentCursor c = SegmentCursor.pair(a, null, b, null, 8); c.next(); ) {
      assertThat((long) c.count()).as("run length of %s and %s", a, b).isEqualTo(length);
      if (length > 1) {
        assertThat((long) c.strideA()).isEqualTo(expectedA[1] - expectedA[0]);
        assertThat((long) c.strideB()).isEqualTo(expectedB[1] - expectedB[0]);
      }
      long o = c.offsetA();
      long p = c.offsetB();
      for (long k = 0; k < c.count(); k++, o += c.strideA(), p += c.strideB()) {
        seenA.add(o);
        seenB.add(p);
      }
    }
    assertThat(seenA).as("A of %s and %s", a, b)
        .containsExactly(Arrays.stream(expectedA).boxed().toArray(Long[]::new));
    assertThat(seenB).as("B of %s and %s", a, b)
        .containsExactly(Arrays.stream(expectedB).boxed().toArray(Long[]::new));
  }
}
