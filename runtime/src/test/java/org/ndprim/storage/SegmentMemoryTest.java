package org.ndprim.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.reflect.Method;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.Shape;

/**
 * {@link Chunks} over one {@code MemorySegment} on JDK 22+ (the packaged jar's
 * {@code META-INF/versions/22}), and what the same calls do on JDK 17. The test classes are Java
 * 17, so segments are made by reflection. Run on the packaged jar on JDK 17 and 25 by
 * runtime/pom.xml's packaged-jar executions.
 */
class SegmentMemoryTest {
  @TempDir Path dir;

  /** On the packaged jar of a JDK 22+ the versioned classes are in use, else not. */
  @Test
  void thePackagedJarUsesSegmentsExactlyOnJdk22AndLater() {
    String jar = System.getProperty("ndprim.runtime.jar");
    if (jar != null && !jar.isBlank()) {
      assertThat(Segments.inUse()).isEqualTo(Runtime.version().feature() >= 22);
    }
    assertThat(ForeignMemory.segments()).isEqualTo(Segments.inUse());
  }

  /** A mapping beyond 2 GiB is one segment on JDK 22+ (its chunks views of it), else chunks. */
  @Test
  void aMappingOfAnySizeIsOneSegment() throws IOException {
    Path path = dir.resolve("big.bin");
    long bytes = (3L << 30) + 16; // sparse: only the pages written take space
    try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
      f.setLength(bytes);
    }
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ,
        StandardOpenOption.WRITE)) {
      Chunks m = Chunks.mapCloseable(ch, FileChannel.MapMode.READ_WRITE, 0, bytes,
          ByteOrder.LITTLE_ENDIAN);
      assertThat(m.isSegment()).isEqualTo(Segments.inUse());
      assertThat(m.isReleasable()).isEqualTo(Segments.inUse());
      assertThat(m.byteSize()).isEqualTo(bytes);
      assertThat(m.count()).isEqualTo(4); // 1 GiB views: what the generated arrays index
      DoubleNdArray a = DoubleNdArray.TYPE.wrap(Shape.of(bytes / 8), m);
      long last = bytes / 8 - 1;
      a.setDouble(2.5, last);
      a.setDouble(-1, (1L << 27) - 1); // the last item of the first GiB
      a.setDouble(-2, 1L << 27);        // the first of the second
      m.force();
      assertThat(a.getDouble(last)).isEqualTo(2.5);
      assertThat(a.getDouble((1L << 27) - 1)).isEqualTo(-1);
      assertThat(a.getDouble(1L << 27)).isEqualTo(-2);
      m.close();
      assertThat(m.isClosed()).isTrue();
      if (Segments.inUse()) {
        assertThatThrownBy(() -> a.getDouble(last)).isInstanceOf(IllegalStateException.class);
      }
    }
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
      Chunks m = Chunks.map(ch, FileChannel.MapMode.READ_ONLY, bytes - 8, 8,
          ByteOrder.LITTLE_ENDIAN, Chunks.DEFAULT_CHUNK_BYTES);
      assertThat(DoubleNdArray.TYPE.wrap(Shape.of(1), m).getDouble(0)).isEqualTo(2.5);
      assertThat(m.isReleasable()).isFalse(); // map: released when unreachable
      assertThat(m.isSegment()).isEqualTo(Segments.inUse());
    }
  }

  @Test
  void anEmptyMappingHasNoItems() throws IOException {
    Path path = dir.resolve("empty.bin");
    new RandomAccessFile(path.toFile(), "rw").close();
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
      Chunks m = Chunks.mapCloseable(ch, FileChannel.MapMode.READ_ONLY, 0, 0,
          ByteOrder.BIG_ENDIAN);
      assertThat(m.byteSize()).isZero();
      assertThat(IntNdArray.TYPE.wrap(Shape.of(0), m).size()).isZero();
      m.close();
    }
  }

  @Test
  void forceAndCloseOfMemoryThatMapsNoFileDoNothing() {
    Chunks heap = Chunks.allocate(16);
    heap.force();
    heap.close();
    assertThat(heap.isClosed()).isFalse();
    assertThat(heap.isSegment()).isFalse();
    assertThat(IntNdArray.TYPE.wrap(Shape.of(4), heap).getInt(3)).isZero();
  }

  /** A user's segment: wrapped without copying on JDK 22+, refused clearly on JDK 17–21. */
  @Test
  void ofSegmentWrapsAUsersSegment() throws Exception {
    assertThatThrownBy(() -> Chunks.ofSegment("not a segment", ByteOrder.nativeOrder()))
        .isInstanceOf(Segments.inUse() ? IllegalArgumentException.class
            : UnsupportedOperationException.class)
        .hasMessageContaining(Segments.inUse() ? "java.lang.String" : "JDK 22");
    if (!Segments.inUse()) {
      return;
    }
    Class<?> segmentClass = Class.forName("java.lang.foreign.MemorySegment");
    // A heap segment of a byte[]: writes through the array land in the byte[]
    byte[] bytes = new byte[16];
    Object heap = segmentClass.getMethod("ofArray", byte[].class).invoke(null, bytes);
    IntNdArray ints = IntNdArray.TYPE.wrap(Shape.of(2, 2),
        Chunks.ofSegment(heap, ByteOrder.BIG_ENDIAN));
    ints.setInt(0x01020304, 1, 1);
    assertThat(bytes).endsWith(1, 2, 3, 4);
    assertThat(ints.getInt(1, 1)).isEqualTo(0x01020304);
    // A native segment of a shared arena: closing the arena makes the array refuse access
    Class<?> arenaClass = Class.forName("java.lang.foreign.Arena");
    Object arena = arenaClass.getMethod("ofShared").invoke(null);
    Method allocate = arenaClass.getMethod("allocate", long.class);
    Object nativeSegment = allocate.invoke(arena, 32L);
    Chunks memory = Chunks.ofSegment(nativeSegment, ByteOrder.nativeOrder());
    assertThat(memory.isSegment()).isTrue();
    DoubleNdArray d = DoubleNdArray.TYPE.wrap(Shape.of(4), memory);
    d.fill(1.5);
    assertThat(d.sum()).isEqualTo(6.0);
    arenaClass.getMethod("close").invoke(arena);
    assertThatThrownBy(() -> d.getDouble(0)).isInstanceOf(IllegalStateException.class);
    // A read-only segment gives read-only memory
    Object readOnly = segmentClass.getMethod("asReadOnly").invoke(heap);
    assertThat(Chunks.ofSegment(readOnly, ByteOrder.BIG_ENDIAN).isReadOnly()).isTrue();
  }
}
