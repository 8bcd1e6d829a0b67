package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.Shape;
import org.ndprim.io.Npy.MapMode;

/**
 * A mapped {@code .npy} that another process shrinks (an in-place {@code np.save}) ends, where the
 * library reads it, in an {@link IOException} naming a file, not the JVM's {@link InternalError}
 * ("a fault occurred in a recent unsafe memory access operation").
 */
class NpyMappedShrinkTest {
  @TempDir Path dir;

  /** A 800 KB file, mapped, then cut to 100 bytes behind the mapping's back. */
  private DoubleNdArray mappedThenShrunk(Path file) throws IOException {
    Npy.write(DoubleNdArray.full(Shape.of(100_000), 1.5), file);
    DoubleNdArray mapped = (DoubleNdArray) Npy.map(file, MapMode.READ_ONLY);
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.truncate(100);
    }
    return mapped;
  }

  @Test
  void readMappedNamesTheShrunkFile() throws IOException {
    Path file = dir.resolve("a.npy");
    DoubleNdArray mapped = mappedThenShrunk(file);
    Throwable e = catchThrowable(() -> Npy.readMapped(file, () -> mapped.getDouble(99_999)));
    assertThat(e).isInstanceOf(IOException.class)
        .hasMessage(file + ": cannot read its mapped data: the file is shorter than when it was mapped"
            + " (another process shrank it, e.g. rewrote it in place)");
    // nothing else is caught
    assertThat(Npy.readMapped(file, () -> mapped.shape().size())).isEqualTo(100_000L);
    Throwable other = catchThrowable(() -> Npy.readMapped(file, () -> {
      throw new InternalError("something else");
    }));
    assertThat(other).isInstanceOf(InternalError.class).hasMessage("something else");
  }

  @Test
  void writingAShrunkMappedArrayNamesTheTargetAndLeavesItAsItWas() throws IOException {
    Path file = dir.resolve("a.npy");
    DoubleNdArray mapped = mappedThenShrunk(file);
    Path out = dir.resolve("out.npy");
    Npy.write(IntNdArray.vector(7), out);
    byte[] before = Files.readAllBytes(out);
    // was: java.lang.InternalError: a fault occurred in a recent unsafe memory access operation
    String reason = "cannot read the array's data: it maps a file that is shorter than when it was"
        + " mapped (another process shrank it, e.g. rewrote it in place)";
    assertThat(catchThrowable(() -> Npy.write(mapped, out))).isInstanceOf(IOException.class)
        .hasMessage(out + ": " + reason + " (the file was not replaced)");
    assertThat(catchThrowable(() -> Npy.write(mapped, out, Npy.WriteOptions.DEFAULT.withFortranOrder(true))))
        .isInstanceOf(IOException.class).hasMessageStartingWith(out + ": " + reason);
    assertThat(Files.readAllBytes(out)).isEqualTo(before);
    Path npz = dir.resolve("out.npz");
    assertThat(catchThrowable(() -> Npz.write(npz, Map.of("x", mapped)))).isInstanceOf(IOException.class)
        .hasMessageStartingWith(npz + ": " + reason);
    assertThat(catchThrowable(() -> Npy.write(mapped, new ByteArrayOutputStream())))
        .isInstanceOf(IOException.class).hasMessage(reason);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("a.npy", "out.npy");
    }
  }
}
