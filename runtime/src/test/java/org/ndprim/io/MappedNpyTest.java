package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.io.Npy.MapMode;
import org.ndprim.storage.Segments;

/**
 * {@link Npy#mapCloseable}: a mapping that is flushed and closed on demand. On JDK 22+ (the
 * packaged jar) closing releases the mapping and the array then says so with an
 * {@link IllegalStateException}; on JDK 17 closing cannot unmap and the array stays readable.
 * Run on the packaged jar on JDK 17 and 25 by runtime/pom.xml's packaged-jar executions.
 */
class MappedNpyTest {
  @TempDir Path dir;

  private Path file(String name) throws IOException {
    Path path = dir.resolve(name);
    Npy.write(DoubleNdArray.of(Shape.of(2, 3), 1, 2, 3, 4, 5, 6), path);
    return path;
  }

  @Test
  void readWriteChangesReachTheFileAfterForceAndClose() throws IOException {
    Path path = file("a.npy");
    try (MappedNpy<DoubleNdArray> m = Npy.mapCloseable(path, MapMode.READ_WRITE,
        DoubleNdArray.TYPE)) {
      assertThat(m.path()).isEqualTo(path);
      assertThat(m.releasesOnClose()).isEqualTo(Segments.inUse());
      m.array().setDouble(-7.5, 1, 2);
      m.force();
      assertThat(Npy.read(path, DoubleNdArray.TYPE).getDouble(1, 2)).isEqualTo(-7.5);
      m.array().setDouble(42, 0, 0);
    }
    DoubleNdArray back = Npy.read(path, DoubleNdArray.TYPE);
    assertThat(back).isEqualTo(DoubleNdArray.of(Shape.of(2, 3), 42, 2, 3, 4, 5, -7.5));
  }

  @Test
  void aClosedMappingSaysSoInsteadOfCrashing() throws IOException {
    Path path = file("b.npy");
    MappedNpy<NdArray> m = Npy.mapCloseable(path, MapMode.READ_WRITE);
    DoubleNdArray a = (DoubleNdArray) m.array();
    DoubleNdArray view = (DoubleNdArray) a.slice("1, ::2");
    assertThat(a.getDouble(1, 1)).isEqualTo(5);
    m.close();
    m.close(); // a second close does nothing
    assertThat(m.isClosed()).isTrue();
    assertThatThrownBy(m::array).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(path.toString()).hasMessageContaining("closed");
    assertThatThrownBy(m::force).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
    if (Segments.inUse()) {
      // released: every read and write of the array or a view of it is refused
      assertThatThrownBy(() -> a.getDouble(1, 1)).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> view.getDouble(0)).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> a.setDouble(1, 0, 0)).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> a.sum()).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> Npy.write(a, dir.resolve("copy.npy")))
          .isInstanceOf(IllegalStateException.class);
    } else {
      // JDK 17: marked closed only; the mapping is released when unreachable
      assertThat(a.getDouble(1, 1)).isEqualTo(5);
      assertThat(view.getDouble(1)).isEqualTo(6);
    }
    assertThat(Npy.read(path, DoubleNdArray.TYPE).getDouble(1, 1)).isEqualTo(5);
  }

  @Test
  void readOnlyAndCopyOnWriteHandlesCloseToo() throws IOException {
    Path path = file("c.npy");
    for (MapMode mode : new MapMode[] {MapMode.READ_ONLY, MapMode.COPY_ON_WRITE}) {
      MappedNpy<DoubleNdArray> m = Npy.mapCloseable(path, mode, DoubleNdArray.TYPE);
      assertThat(m.array().isReadOnly()).as("%s", mode).isEqualTo(mode == MapMode.READ_ONLY);
      if (mode == MapMode.COPY_ON_WRITE) {
        m.array().setDouble(99, 0, 0); // stays in memory
      }
      m.force(); // nothing to write
      assertThat(m.array().getDouble(1, 2)).isEqualTo(6);
      m.close();
      assertThat(m.isClosed()).isTrue();
    }
    assertThat(Npy.read(path, DoubleNdArray.TYPE).getDouble(0, 0)).isEqualTo(1);
  }

  @Test
  void aFileThatIsNotNpyIsRefusedAsByMap() throws IOException {
    Path path = dir.resolve("bad.npy");
    java.nio.file.Files.write(path, new byte[] {1, 2, 3});
    assertThatThrownBy(() -> Npy.mapCloseable(path, MapMode.READ_ONLY, IntNdArray.TYPE))
        .isInstanceOf(NpyFormatException.class).hasMessageStartingWith(path.toString());
  }
}
