package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.ByteNdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.ReadOnlyArrayException;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;
import org.ndprim.io.Npy.MapMode;

/** {@code Npy.map} and {@code Npy.mapNew}: numpy's {@code mmap_mode} and {@code open_memmap}. */
class NpyMapTest {
  @TempDir Path dir;

  /** Every golden file of a supported dtype, mapped, equals what {@code read} reads. */
  @Test
  void mapSeesWhatReadReadsForEveryGoldenFile() throws IOException {
    List<String> names = List.of("b1.npy", "i1.npy", "i2_le.npy", "i2_be.npy", "i4_le.npy",
        "i4_be.npy", "i8_le.npy", "i8_be.npy", "f4_le.npy", "f4_be.npy", "f8_le.npy", "f8_be.npy",
        "c_f8_2x3x4.npy", "fortran_f8_2x3x4.npy", "fortran_i2_be_3x4.npy", "fortran_b1_2x2.npy",
        "fortran_i4_2x3.npy", "empty_f8_0x3.npy", "empty_i4_2x0x3.npy", "hdr_native_order.npy",
        "v2_0_fortran_f8_2x3x4.npy", "v3_0_be_i2.npy");
    for (String name : names) {
      Path path = Golden.path(name);
      NdArray read = Npy.read(path);
      for (int chunk : new int[] {1 << 30, 8}) {
        NdArray mapped = Npy.mapFile(path, MapMode.READ_ONLY, null, chunk);
        assertThat(mapped).as("%s in chunks of %d", name, chunk).isEqualTo(read);
        assertThat(mapped.toString()).as(name).isEqualTo(read.toString());
        assertThat(mapped.isReadOnly()).as(name).isTrue();
        assertThat(mapped.scalarType()).isSameAs(read.scalarType());
      }
    }
    // Big-endian data are a view in their order, not a conversion; Fortran order a transpose.
    ShortNdArray be = (ShortNdArray) Npy.map(Golden.path("fortran_i2_be_3x4.npy"),
        MapMode.READ_ONLY);
    assertThat(be.getClass().getSimpleName()).isEqualTo("ShortBufferNdArray");
    assertThat(be.layout().isContiguous()).isFalse();
    assertThat(be.transpose().layout().isContiguous()).isTrue();
  }

  @Test
  void readOnlyMappingsRefuseWrites() throws IOException {
    Path path = copy("i4_le.npy");
    IntNdArray a = Npy.map(path, MapMode.READ_ONLY, IntNdArray.TYPE);
    assertThatThrownBy(() -> a.setInt(9, 0)).isInstanceOf(ReadOnlyArrayException.class);
    assertThatThrownBy(() -> a.fill(1)).isInstanceOf(ReadOnlyArrayException.class);
    assertThat(Files.readAllBytes(path)).isEqualTo(Golden.bytes("i4_le.npy"));
  }

  @Test
  void readWriteMappingsWriteThroughToTheFile() throws IOException {
    Path path = copy("f8_be.npy");
    DoubleNdArray mapped = Npy.map(path, MapMode.READ_WRITE, DoubleNdArray.TYPE);
    DoubleNdArray a = mapped.reshape(Shape.of(mapped.size()));
    DoubleNdArray before = a.copy();
    a.setDouble(-2.5, 0);
    a.slice("1:").fill(7);
    DoubleNdArray back = Npy.read(path, DoubleNdArray.TYPE).reshape(Shape.of(a.size()));
    assertThat(back.getDouble(0)).isEqualTo(-2.5);
    assertThat(back.slice("1:").toArray()).containsOnly(7.0);
    assertThat(back).isNotEqualTo(before);
    // The header and the byte order are the file's own.
    assertThat(Npy.readHeader(path).descr()).isEqualTo("'>f8'".replace("'", ""));
  }

  @Test
  void copyOnWriteMappingsNeverReachTheFile() throws IOException {
    Path path = copy("i2_le.npy");
    ShortNdArray a = Npy.map(path, MapMode.COPY_ON_WRITE, ShortNdArray.TYPE);
    assertThat(a.isReadOnly()).isFalse();
    a.fill((short) 42);
    assertThat(a.toArray()).containsOnly((short) 42);
    assertThat(Files.readAllBytes(path)).isEqualTo(Golden.bytes("i2_le.npy"));
    // A file this process may not write cannot be mapped privately in Java: it is read instead.
    assumeTrue(path.toFile().setWritable(false) && !Files.isWritable(path), "running as root");
    ShortNdArray b = Npy.map(path, MapMode.COPY_ON_WRITE, ShortNdArray.TYPE);
    b.fill((short) 1);
    assertThat(Files.readAllBytes(path)).isEqualTo(Golden.bytes("i2_le.npy"));
  }

  @Test
  void mapNewIsOpenMemmapWPlus() throws IOException {
    Path path = dir.resolve("new.npy");
    Files.writeString(path, "an old file");
    IntNdArray a = Npy.mapNew(path, IntNdArray.TYPE, Shape.of(3, 4));
    assertThat(a.toArray()).containsOnly(0);
    a.slice("1, ::2").fill(5);
    a.setInt(-1, 2, 3);
    IntNdArray expected = IntNdArray.zeros(Shape.of(3, 4));
    expected.slice("1, ::2").fill(5);
    expected.setInt(-1, 2, 3);
    assertThat(Npy.read(path, IntNdArray.TYPE)).isEqualTo(expected);
    // Byte for byte what Npy.write (and np.save) writes.
    Path written = dir.resolve("written.npy");
    Npy.write(expected, written);
    assertThat(Files.readAllBytes(path)).isEqualTo(Files.readAllBytes(written));
    assertThat(Npy.mapNew(dir.resolve("empty.npy"), IntNdArray.TYPE, Shape.of(0, 3)).size())
        .isZero();
    assertThat(Npy.read(dir.resolve("empty.npy")).shape()).isEqualTo(Shape.of(0, 3));
  }

  @Test
  void truncatedOrUnsupportedFilesFailNamingThePath() throws IOException {
    Path truncated = copy("bad_truncated_data.npy");
    assertThatThrownBy(() -> Npy.map(truncated, MapMode.READ_ONLY))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageStartingWith(truncated + ": truncated data: shape")
        .hasMessageContaining("the input ends after");
    assertThatThrownBy(() -> Npy.map(Golden.path("i4_le.npy"), MapMode.READ_ONLY,
        ShortNdArray.TYPE)).isInstanceOf(NpyFormatException.class).hasMessageContaining("'<i4'");
    assertThatThrownBy(() -> Npy.map(dir.resolve("none.npy"), MapMode.READ_ONLY))
        .isInstanceOf(java.nio.file.NoSuchFileException.class);
    // 2^60 complex128 elements: the byte size overflows a long, an error in the file (as read's)
    Path overflow = dir.resolve("overflow.npy");
    Files.write(overflow, NpyErrorTest.npy(
        "{'descr': '<c16', 'fortran_order': False, 'shape': (1152921504606846976,), }",
        new byte[0]));
    for (MapMode mode : MapMode.values()) {
      assertThatThrownBy(() -> Npy.map(overflow, mode))
          .isInstanceOf(NpyFormatException.class)
          .hasMessage(overflow + ": shape (1152921504606846976,) of '<c16' is too big: its"
              + " non-zero dimensions times the 16-byte item size exceed 2^63-1 bytes (numpy:"
              + " array is too big)");
    }
  }

  /**
   * NumPy cannot make (3037000499, 3037000499, 0) of int16 ("array is too big": the non-zero
   * dimensions times the item size exceed 2^63-1 bytes), though it holds nothing: neither
   * zeros, astype, write nor mapNew makes one, and mapNew leaves no file; the one-byte type can.
   */
  @Test
  void emptyShapesNumpyCannotMakeAreRefusedEverywhere() throws IOException {
    Shape big = Shape.of(3037000499L, 3037000499L, 0);
    Path path = dir.resolve("w3.npy");
    // an allocation too big is an IllegalArgumentException (NumPy's ValueError); the file's
    // byte size beyond a long stays an ArithmeticException (Npy's documented kind)
    assertThatThrownBy(() -> ShortNdArray.TYPE.zeros(big))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("shape (3037000499, 3037000499, 0) of Short")
        .hasMessageContaining("exceed 2^63-1 bytes");
    ByteNdArray bytes = ByteNdArray.TYPE.zeros(big);
    assertThatThrownBy(() -> bytes.astype(ShortNdArray.TYPE))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Npy.write(bytes, path, Npy.WriteOptions.DEFAULT.withType(
        ShortNdArray.TYPE))).isInstanceOf(ArithmeticException.class);
    assertThatThrownBy(() -> Npy.mapNew(path, ShortNdArray.TYPE, big))
        .isInstanceOf(ArithmeticException.class);
    assertThat(path).doesNotExist();
    Npy.write(bytes, path);
    assertThat(Npy.read(path).shape()).isEqualTo(big);
  }

  /**
   * A sparse file of 3 * 2^30 + 5 one-byte elements, more than 2^31: mapped in 1 GiB chunks, read
   * and written at positions on both sides of each chunk boundary, a view across the boundaries
   * summed; only the touched pages are ever read.
   */
  @Test
  void aSparseFileBeyondTwoToThe31ElementsMapsInChunks() throws IOException {
    assumeTrue(Files.getFileStore(dir).getUsableSpace() > (8L << 30),
        "needs room for a 3 GiB file in case the file system is not sparse");
    long n = (3L << 30) + 5;
    Path path = dir.resolve("huge.npy");
    ByteNdArray a = Npy.mapNew(path, ByteNdArray.TYPE, Shape.of(n));
    assertThat(a.size()).isEqualTo(n);
    assertThat(a.getClass().getSimpleName()).isEqualTo("ByteChunkedNdArray");
    long[] positions = {0, (1L << 30) - 1, 1L << 30, (2L << 30) - 1, 2L << 30, n - 1};
    for (int k = 0; k < positions.length; k++) {
      a.setByte((byte) (k + 1), positions[k]);
    }
    ByteNdArray again = Npy.map(path, MapMode.READ_ONLY, ByteNdArray.TYPE);
    for (int k = 0; k < positions.length; k++) {
      assertThat(again.getByte(positions[k])).as("at %d", positions[k]).isEqualTo((byte) (k + 1));
    }
    // Every 2^20-th element, across the chunk boundaries, in reverse: 3072 pages touched.
    ByteNdArray stepped = again.slice(Long.toString(n - 1) + "::-" + (1 << 20));
    assertThat(stepped.size()).isEqualTo(3073);
    assertThat(stepped.getByte(0)).isEqualTo((byte) 6);
    assertThat(again.slice((1L << 30) - 1 + ":" + ((1L << 30) + 1)).sum()).isEqualTo(2 + 3);
    assertThat(again.slice((2L << 30) - 4 + ":" + ((2L << 30) + 4)).toArray())
        .containsExactly(0, 0, 0, 4, 5, 0, 0, 0);
  }

  private Path copy(String golden) throws IOException {
    Path target = dir.resolve(golden);
    Files.copy(Golden.path(golden), target);
    return target;
  }

  @Test
  void mapNewRefusesAFileTheDiskCannotHold() throws IOException {
    // an 8 MB file on a disk with 1 MB free: refused before anything is created, instead of an
    // InternalError when a write through the map finds no space
    Path path = dir.resolve("big.npy");
    Path[] asked = new Path[1];
    Throwable e = org.assertj.core.api.Assertions.catchThrowable(() -> Npy.mapNew(path,
        ByteNdArray.TYPE, Shape.of(8 << 20), d -> {
          asked[0] = d;
          return 1 << 20;
        }));
    assertThat(e).isInstanceOf(IOException.class).hasMessage(path + ": cannot create a file of "
        + ((8 << 20) + 128) + " bytes to map: its file system has 1048576 bytes of usable space"
        + " (writing through a map that runs out of space fails with an InternalError; Npy.write"
        + " reports a full disk)");
    assertThat(asked[0]).isEqualTo(dir);
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
    // an existing file is left as it was; enough space (or an unknown amount) maps
    Npy.write(IntNdArray.vector(1, 2), path);
    byte[] before = Files.readAllBytes(path);
    assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> Npy.mapNew(path, ByteNdArray.TYPE,
        Shape.of(1000), d -> 999))).isInstanceOf(IOException.class);
    assertThat(Files.readAllBytes(path)).isEqualTo(before);
    assertThat(Npy.mapNew(path, ByteNdArray.TYPE, Shape.of(1000), d -> 1128).size()).isEqualTo(1000);
    assertThat(Npy.mapNew(path, ByteNdArray.TYPE, Shape.of(10), d -> -1).size()).isEqualTo(10);
    // the public method asks the real file system
    assertThat(Npy.mapNew(path, ByteNdArray.TYPE, Shape.of(10)).size()).isEqualTo(10);
  }
}
