package org.ndprim.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndprim.Shape;
import org.ndprim.layout.CoordinateCursor;
import org.ndprim.layout.Layout;
import org.ndprim.layout.RandomLayouts;
import org.ndprim.testing.Property;

class SegmentCursorTest {
  /** Memory of {@code 2^k}-item chunks holding every offset of {@code l}, or null (an array). */
  private static Chunks memoryFor(Layout l, int itemSize, int chunkItems) {
    if (chunkItems == 0) {
      return null;
    }
    long items = l.size() == 0 ? 1 : l.maxOffset() + 1;
    return Chunks.allocate(items * itemSize, chunkItems * itemSize);
  }

  /** The element offsets of {@code l} in C order: the naive reference. */
  private static List<Long> offsets(Layout l) {
    List<Long> out = new ArrayList<>();
    for (CoordinateCursor c = CoordinateCursor.of(l); c.next(); ) {
      out.add(c.offset());
    }
    return out;
  }

  record Case(Layout a, Layout b, int chunkA, int chunkB, int itemSize) {}

  @Test
  void pairSegmentsCoverEveryElementInOrderAndStayInTheirChunks() {
    Property.forAll(3000, g -> {
      Layout a = RandomLayouts.layout(g);
      Layout b = RandomLayouts.ofShape(a.shape().asArray(), g);
      return new Case(a, b, g.pick(0, 1, 2, 4, 8), g.pick(0, 1, 2, 4, 8), g.pick(1, 2, 8));
    }, c -> {
      Chunks ma = memoryFor(c.a(), c.itemSize(), c.chunkA());
      Chunks mb = memoryFor(c.b(), c.itemSize(), c.chunkB());
      List<Long> seenA = new ArrayList<>();
      List<Long> seenB = new ArrayList<>();
      for (SegmentCursor s = SegmentCursor.pair(c.a(), ma, c.b(), mb, c.itemSize()); s.next(); ) {
        assertThat(s.count()).isPositive();
        walk(s.offsetA(), s.chunkA(), s.indexA(), s.strideA(), s.count(), ma, c.itemSize(), seenA);
        walk(s.offsetB(), s.chunkB(), s.indexB(), s.strideB(), s.count(), mb, c.itemSize(), seenB);
      }
      assertThat(seenA).as("%s", c).isEqualTo(offsets(c.a()));
      assertThat(seenB).as("%s", c).isEqualTo(offsets(c.b()));
    });
  }

  /** Checks one side of a segment against its memory and appends its element offsets. */
  private static void walk(long offset, int chunk, int index, int stride, int count,
      Chunks memory, int itemSize, List<Long> seen) {
    int shift = memory == null ? 62 : memory.elementShift(itemSize);
    long limit = memory == null ? Integer.MAX_VALUE : memory.chunk(chunk).capacity() / itemSize;
    assertThat(chunk).isEqualTo((int) (offset >>> shift));
    assertThat((long) index).isEqualTo(offset & ((1L << shift) - 1));
    for (int e = 0; e < count; e++) {
      long i = index + (long) e * stride;
      assertThat(i).as("element %d of a segment in chunk %d", e, chunk).isBetween(0L, limit - 1);
      seen.add(offset + (long) e * stride);
    }
  }

  @Test
  void singleLayoutSegmentsAsThePairsFirstSide() {
    Property.forAll(2000, g -> new Case(RandomLayouts.layout(g), null, g.pick(0, 1, 4), 0,
        g.pick(2, 4)), c -> {
          Chunks m = memoryFor(c.a(), c.itemSize(), c.chunkA());
          List<Long> seen = new ArrayList<>();
          for (SegmentCursor s = SegmentCursor.of(c.a(), m, c.itemSize()); s.next(); ) {
            walk(s.offsetA(), s.chunkA(), s.indexA(), s.strideA(), s.count(), m, c.itemSize(),
                seen);
          }
          assertThat(seen).as("%s", c).isEqualTo(offsets(c.a()));
        });
  }

  @Test
  void linesAreWalkedOneByOne() {
    Chunks m = Chunks.allocate(64, 16); // 4 ints per chunk
    SegmentCursor line = SegmentCursor.line(m, 4);
    assertThat(line.start(2, 3, 5).next()).isTrue();
    assertThat(line.offsetA()).isEqualTo(2);
    assertThat(line.count()).isEqualTo(1); // 2, then 5 is in chunk 1
    assertThat(line.next()).isTrue();
    assertThat(line.offsetA()).isEqualTo(5);
    assertThat(line.chunkA()).isEqualTo(1);
    assertThat(line.indexA()).isEqualTo(1);
    assertThat(line.count()).isEqualTo(1);
    assertThat(line.next()).isTrue();
    assertThat(line.offsetA()).isEqualTo(8);
    assertThat(line.count()).isEqualTo(2); // 8, 11
    assertThat(line.next()).isTrue();
    assertThat(line.offsetA()).isEqualTo(14);
    assertThat(line.next()).isFalse();
    // Reused for the next line; an empty line has no segment.
    assertThat(line.start(15, -1, 16).next()).isTrue();
    assertThat(line.count()).isEqualTo(4);
    assertThat(line.start(0, 1, 0).next()).isFalse();
  }

  @Test
  void broadcastRunsBeyondAnIntAreCutIntoIntCounts() {
    Layout huge = Layout.of(3, new long[] {1L << 33}, new long[] {0});
    long total = 0;
    int segments = 0;
    for (SegmentCursor s = SegmentCursor.of(huge, Chunks.allocate(64, 16), 4); s.next(); ) {
      assertThat(s.offsetA()).isEqualTo(3);
      total += s.count();
      segments++;
    }
    assertThat(total).isEqualTo(1L << 33);
    assertThat(segments).isEqualTo(5);
  }

  @Test
  void pairShapesMustMatch() {
    assertThatThrownBy(() -> SegmentCursor.pair(Layout.cOrder(Shape.of(2, 3)), null,
        Layout.cOrder(Shape.of(3, 2)), null, 4)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(2, 3)").hasMessageContaining("(3, 2)");
  }
}
