package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.ReadOnlyArrayException;
import org.ndprim.Shape;
import org.ndprim.io.Npy.MapMode;
import org.ndprim.storage.Chunks;

/**
 * A write through a read-only map says that the array maps its file read-only, naming the file
 * (issue 18, item 23), not that it is a broadcast or read-only view; other read-only arrays keep
 * their own reasons.
 */
class ReadOnlyMapMessageTest {
  @TempDir Path dir;

  @Test
  void aWriteThroughAReadOnlyMapNamesTheFile() throws IOException {
    Path path = dir.resolve("data.npy");
    Npy.write(IntNdArray.of(Shape.of(2, 3), 1, 2, 3, 4, 5, 6), path);
    // One buffer, and chunks of 8 bytes: both buffer-backed implementations.
    for (int chunk : new int[] {1 << 30, 8}) {
      IntNdArray mapped = (IntNdArray) Npy.mapFile(path, MapMode.READ_ONLY, null, chunk);
      String message = "array is read-only: it maps the file " + path
          + " read-only; write to a copy() instead";
      assertThatThrownBy(() -> mapped.setInt(9, 0, 0))
          .isExactlyInstanceOf(ReadOnlyArrayException.class).hasMessage(message);
      // Views of the map, and writes of every kind, say the same.
      assertThatThrownBy(() -> mapped.slice("1:").fill(0))
          .isExactlyInstanceOf(ReadOnlyArrayException.class).hasMessage(message);
      assertThatThrownBy(() -> mapped.transpose().copyFrom(IntNdArray.zeros(Shape.of(3, 2))))
          .isExactlyInstanceOf(ReadOnlyArrayException.class).hasMessage(message);
    }
  }

  @Test
  void otherReadOnlyArraysKeepTheirReasons() {
    LongNdArray a = LongNdArray.zeros(Shape.of(3));
    assertThatThrownBy(() -> a.readOnly().setLong(1, 0))
        .hasMessage("array is read-only: it is a broadcast or read-only view; write to a copy()"
            + " instead");
    assertThatThrownBy(() -> a.broadcastTo(Shape.of(2, 3)).fill(1))
        .hasMessage("array is read-only: it is a broadcast or read-only view; write to a copy()"
            + " instead");
    LongNdArray overReadOnlyBuffer = (LongNdArray) LongNdArray.TYPE.wrap(Shape.of(2),
        Chunks.of(ByteBuffer.allocate(16).asReadOnlyBuffer()));
    assertThatThrownBy(() -> overReadOnlyBuffer.setLong(1, 0))
        .hasMessage("array is read-only: its memory is a read-only buffer; write to a copy()"
            + " instead");
  }
}
