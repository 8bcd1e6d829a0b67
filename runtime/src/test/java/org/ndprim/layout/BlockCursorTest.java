package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ndprim.layout.LayoutTesting.arange;
import static org.ndprim.layout.LayoutTesting.slice;
import static org.ndprim.layout.RandomLayouts.naiveOffsets;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndprim.testing.Property;

/** BlockCursor: blocks of the runs RunCursor gives, examples and a property against the naive walk. */
class BlockCursorTest {

  /** "offset:rows x rowStride/stride/length" of every block. */
  private static String blocks(Layout l) {
    StringBuilder sb = new StringBuilder();
    for (BlockCursor c = l.blocks(); c.next(); ) {
      sb.append(sb.length() > 0 ? " " : "").append(c.offset()).append(':').append(c.rows())
          .append('x').append(c.rowStride()).append('/').append(c.stride()).append('/')
          .append(c.length());
    }
    return sb.toString();
  }

  @Test
  void examples() {
    // C-contiguous: one block of one run.
    assertThat(blocks(arange(2, 3, 4))).isEqualTo("0:1x0/1/24");
    // W3's x[:, ::-1, ::2] of (2, 3, 8): per outer index one block of 3 runs of 4.
    assertThat(blocks(slice(arange(2, 3, 8), ":, ::-1, ::2"))).isEqualTo("16:3x-8/2/4 40:3x-8/2/4");
    // One outer axis: one block of its runs.
    assertThat(blocks(slice(arange(4, 6), ":, 1:3"))).isEqualTo("1:4x6/1/2");
    assertThat(blocks(Layout.cOrder(org.ndprim.Shape.scalar()))).isEqualTo("0:1x0/0/1");
    assertThat(blocks(Layout.cOrder(org.ndprim.Shape.of(3, 0)))).isEmpty();
    assertThat(Layout.cOrder(org.ndprim.Shape.of(3, 0)).isSingleRun()).isFalse();
    assertThat(slice(arange(4, 6), "1, ::-2").isSingleRun()).isTrue();
    assertThat(slice(arange(4, 6), "1, ::-2").runStride()).isEqualTo(-2);
    assertThat(slice(arange(4, 6), ":, 2").runStride()).isEqualTo(6);
    assertThatThrownBy(() -> Layout.cOrder(org.ndprim.Shape.of(2)).blocks().offset())
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void blocksVisitTheNaiveOffsetsAsTheRunsDo() {
    Property.forAll(3000, RandomLayouts::layout, BlockCursorTest::check);
  }

  private static void check(Layout l) {
    List<Long> seen = new ArrayList<>();
    for (BlockCursor c = l.blocks(); c.next(); ) {
      assertThat(c.rows()).isPositive();
      long row = c.offset();
      for (long r = 0; r < c.rows(); r++, row += c.rowStride()) {
        long o = row;
        for (long k = 0; k < c.length(); k++, o += c.stride()) {
          seen.add(o);
        }
      }
    }
    long[] expected = naiveOffsets(l);
    assertThat(seen).as("offsets of %s", l).hasSize(expected.length);
    for (int i = 0; i < expected.length; i++) {
      assertThat(seen.get(i)).as("offset %s of %s", i, l).isEqualTo(expected[i]);
    }
    // isSingleRun: exactly when the naive offsets are one arithmetic progression (a lone element
    // has stride 0); then runStride is its step and the one block is that run.
    boolean progression = expected.length > 0;
    long step = expected.length > 1 ? expected[1] - expected[0] : 0;
    for (int i = 2; i < expected.length; i++) {
      progression &= expected[i] - expected[i - 1] == step;
    }
    assertThat(l.isSingleRun()).as("isSingleRun of %s", l).isEqualTo(progression);
    if (progression) {
      assertThat(l.runStride()).as("runStride of %s", l).isEqualTo(step);
      assertThat(blocks(l)).isEqualTo(expected[0] + ":1x0/" + step + "/" + expected.length);
    } else {
      assertThatThrownBy(l::runStride).isInstanceOf(IllegalStateException.class);
    }
    RunCursor runs = l.runs();
    BlockCursor blocks = l.blocks();
    if (runs.next()) {
      assertThat(blocks.next()).isTrue();
      assertThat(blocks.length()).isEqualTo(runs.length());
      assertThat(blocks.stride()).isEqualTo(runs.stride());
    }
  }
}
