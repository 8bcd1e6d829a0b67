package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.ndprim.DoubleNdArray;
import org.ndprim.Shape;
import org.ndprim.storage.Chunks;

/**
 * The contract's {@link StorageCase#SEGMENT} is a {@code MemorySegment} exactly where the
 * runtime has them: JDK 22+ running the packaged multi-release jar (as Maven's reactor build
 * does: this module's tests run on the runtime's jar). So on JDK 25 the whole contract covers
 * segment-backed storage, and on JDK 17 the same tests run over a direct buffer.
 */
class SegmentStorageCaseTest {
  @Test
  void theSegmentCaseIsASegmentWhereTheJdkHasThem() {
    String location = Chunks.class.getProtectionDomain().getCodeSource().getLocation().toString();
    if (Runtime.version().feature() >= 22) {
      assertThat(location).as("the runtime under test must be the packaged jar (a JVM running"
          + " from target/classes ignores META-INF/versions)").endsWith(".jar");
    }
    Chunks memory = StorageCase.SEGMENT.memory(24);
    assertThat(memory.isSegment()).isEqualTo(StorageCase.segmentsInUse());
    assertThat(memory.isSegment()).isEqualTo(Runtime.version().feature() >= 22);
    assertThat(memory.byteSize()).isEqualTo(24);
    DoubleNdArray a = StorageCase.SEGMENT.place(DoubleNdArray.TYPE,
        DoubleNdArray.of(Shape.of(3), 1, 2, 3));
    assertThat(a.sum()).isEqualTo(6.0);
    assertThat(a.getClass().getSimpleName()).isEqualTo("DoubleBufferNdArray");
  }
}
