package org.ndprim.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.testing.Property;

class ChunksTest {

  @Test
  void oneBufferIsItsRemainingBytesInItsOrder() {
    ByteBuffer b = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
    b.position(3).limit(9);
    Chunks m = Chunks.of(b);
    assertThat(m.count()).isEqualTo(1);
    assertThat(m.byteSize()).isEqualTo(6);
    assertThat(m.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
    assertThat(m.chunk(0).order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
    assertThat(m.items(2)).isEqualTo(3);
    assertThat(m.elementShift(2)).isEqualTo(62);
    m.chunk(0).put(0, (byte) 7);
    assertThat(b.get(3)).isEqualTo((byte) 7);
    assertThat(b.position()).isEqualTo(3); // untouched
    assertThat(m.isReadOnly()).isFalse();
    assertThat(Chunks.of(b.asReadOnlyBuffer()).isReadOnly()).isTrue();
  }

  @Test
  void severalBuffersMustShareAPowerOfTwoSizeAndAnOrder() {
    ByteBuffer a = ByteBuffer.allocate(8);
    Chunks m = Chunks.of(a, ByteBuffer.allocate(8), ByteBuffer.allocate(3));
    assertThat(m.count()).isEqualTo(3);
    assertThat(m.byteSize()).isEqualTo(19);
    assertThat(m.elementShift(1)).isEqualTo(3);
    assertThat(m.elementShift(4)).isEqualTo(1);
    assertThat(m.elementShift(8)).isEqualTo(0);
    assertThatThrownBy(() -> m.elementShift(16)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("chunks of 2^3 bytes cannot hold items of 16 bytes");
    assertThatThrownBy(() -> Chunks.of(ByteBuffer.allocate(6), ByteBuffer.allocate(6)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("power of two");
    assertThatThrownBy(() -> Chunks.of(ByteBuffer.allocate(8), ByteBuffer.allocate(4),
        ByteBuffer.allocate(4))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("chunk 1 holds 4 bytes");
    assertThatThrownBy(() -> Chunks.of(ByteBuffer.allocate(8), ByteBuffer.allocate(9)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("the last at most");
    assertThatThrownBy(() -> Chunks.of(ByteBuffer.allocate(8),
        ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one byte order");
    assertThatThrownBy(() -> Chunks.of(new ByteBuffer[0]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void allocateSplitsIntoChunksOfTheGivenSize() {
    Chunks m = Chunks.allocate(40, 16);
    assertThat(m.count()).isEqualTo(3);
    assertThat(m.chunk(0).capacity()).isEqualTo(16);
    assertThat(m.chunk(2).capacity()).isEqualTo(8);
    assertThat(m.order()).isEqualTo(ByteOrder.nativeOrder());
    assertThat(Chunks.allocate(16, 16).count()).isEqualTo(1);
    assertThat(Chunks.allocate(0, 16).byteSize()).isZero();
    assertThatThrownBy(() -> Chunks.allocate(40, 12)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("chunk size 12 is not a positive power of two");
    assertThatThrownBy(() -> Chunks.allocate(-1, 16))
        .isInstanceOf(IllegalArgumentException.class);
    // A chunk count beyond an array: a clear error before anything is allocated.
    assertThatThrownBy(() -> Chunks.allocate(Long.MAX_VALUE, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("chunks of 2^0");
  }

  @Test
  void mapChunksAFileRegion(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("data.bin");
    byte[] bytes = new byte[100];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) i;
    }
    Files.write(file, bytes);
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      Chunks m = Chunks.map(ch, FileChannel.MapMode.READ_ONLY, 10, 40, ByteOrder.BIG_ENDIAN, 16);
      assertThat(m.count()).isEqualTo(3);
      assertThat(m.byteSize()).isEqualTo(40);
      assertThat(m.isReadOnly()).isTrue();
      assertThat(m.chunk(0).get(0)).isEqualTo((byte) 10);
      assertThat(m.chunk(1).get(0)).isEqualTo((byte) 26);
      assertThat(m.chunk(2).capacity()).isEqualTo(8);
      assertThat(m.chunk(1).getShort(0)).isEqualTo((short) (26 << 8 | 27));
    }
  }

  @Test
  void describeBytes() {
    assertThat(Chunks.describeBytes(12)).isEqualTo("12 bytes");
    assertThat(Chunks.describeBytes(2048)).isEqualTo("2048 bytes (2.0 KiB)");
    assertThat(Chunks.describeBytes(80_000_000_000L)).isEqualTo("80000000000 bytes (74.5 GiB)");
  }

  @Test
  void fitCountsTheStepsThatStayInTheChunk() {
    assertThat(Chunks.fit(0, 1, 10, 16)).isEqualTo(10);
    assertThat(Chunks.fit(10, 1, 10, 16)).isEqualTo(6);
    assertThat(Chunks.fit(10, -1, 20, 16)).isEqualTo(11);
    assertThat(Chunks.fit(3, 4, 20, 16)).isEqualTo(4);
    assertThat(Chunks.fit(3, -4, 20, 16)).isEqualTo(1);
    assertThat(Chunks.fit(5, 0, 1L << 40, 16)).isEqualTo(Integer.MAX_VALUE);
    assertThat(Chunks.fit(5, 1L << 40, 7, 16)).isEqualTo(1);
    assertThat(Chunks.fit(5, Long.MIN_VALUE, 7, 16)).isEqualTo(1);
    assertThat(Chunks.fit(0, 1, 3L << 31, Integer.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void fitAgreesWithStepping() {
    Property.forAll(3000, g -> new long[] {g.longBetween(1, 64), g.longBetween(-70, 70),
        g.longBetween(1, 100)}, in -> {
          int limit = (int) in[0];
          int index = (int) (in[2] % limit);
          long stride = in[1];
          long remaining = in[2];
          long steps = 0;
          for (long i = index; steps < remaining && i >= 0 && i < limit; i += stride) {
            steps++;
            if (stride == 0) {
              steps = remaining;
            }
          }
          assertThat(Chunks.fit(index, stride, remaining, limit))
              .as("index %d stride %d remaining %d limit %d", index, stride, remaining, limit)
              .isEqualTo(steps);
        });
  }
}
