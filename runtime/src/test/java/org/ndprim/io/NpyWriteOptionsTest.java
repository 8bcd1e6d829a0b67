package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;

/**
 * {@link Npy.WriteOptions}: byte for byte what np.save writes for
 * {@code np.asarray(np.arange(n).reshape(shape) % 7 - 3, dtype=DTYPE, order=ORDER)} (the files of
 * npz/options, made by gen_npz_golden.py), from an int64 array cast while it is written.
 */
class NpyWriteOptionsTest {
  @TempDir Path dir;

  static Stream<String> files() throws IOException {
    try (Stream<Path> list = Files.list(NpzTest.golden("options"))) {
      return list.map(p -> p.getFileName().toString()).sorted().toList().stream();
    }
  }

  /** The int64 source array and the options a file's name asks for. */
  record Case(LongNdArray source, Npy.WriteOptions options) {
    static Case of(String file) {
      String[] parts = file.replace(".npy", "").split("_");
      boolean big = parts[1].equals("be");
      String dtype = parts[0];
      String order = parts[big ? 2 : 1];
      String dims = parts[big ? 3 : 2];
      long[] shape = dims.equals("scalar") ? new long[0] : Arrays.stream(dims.split("x")).mapToLong(Long::parseLong).toArray();
      long n = Shape.of(shape).size();
      long[] values = new long[(int) n];
      for (int i = 0; i < n; i++) {
        values[i] = i % 7 - 3;
      }
      ScalarType<?> type = Npy.builtInType("<" + dtype).orElseThrow();
      return new Case(LongNdArray.TYPE.fromLongs(Shape.of(shape), values), new Npy.WriteOptions(type,
          big ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN, order.equals("F")));
    }
  }

  @ParameterizedTest
  @MethodSource("files")
  void sameBytesAsNumpy(String file) throws IOException {
    Case c = Case.of(file);
    byte[] numpy = Files.readAllBytes(NpzTest.golden("options/" + file));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Npy.write(c.source, out, c.options);
    assertThat(out.toByteArray()).isEqualTo(numpy);
    Path path = dir.resolve(file);
    Npy.write(c.source, path, c.options);
    assertThat(Files.readAllBytes(path)).isEqualTo(numpy);
    // and what is read back is the cast array, in C order
    assertThat(Npy.read(path)).isEqualTo(c.source.astype(c.options.type()));
  }

  /** A stream in the same storage order is copied with the cast, the bytes of a whole write. */
  @ParameterizedTest
  @MethodSource("files")
  void transcodeGivesTheSameBytes(String file) throws IOException {
    Case c = Case.of(file);
    byte[] numpy = Files.readAllBytes(NpzTest.golden("options/" + file));
    ByteArrayOutputStream source = new ByteArrayOutputStream();
    Npy.write(c.source, source, c.options.withType(null).withByteOrder(ByteOrder.LITTLE_ENDIAN));
    InputStream in = new ByteArrayInputStream(source.toByteArray());
    NpyHeader header = Npy.readHeader(in);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long n = Npy.transcode(in, header, out, c.options);
    assertThat(n).isEqualTo(c.source.size());
    assertThat(out.toByteArray()).isEqualTo(numpy);
  }

  @Test
  void transcodeRefusesToChangeTheOrderOfAStream() throws IOException {
    ByteArrayOutputStream source = new ByteArrayOutputStream();
    Npy.write(IntNdArray.zeros(Shape.of(2, 3)), source);
    InputStream in = new ByteArrayInputStream(source.toByteArray());
    NpyHeader header = Npy.readHeader(in);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertThat(catchThrowable(() -> Npy.transcode(in, header, out, Npy.WriteOptions.DEFAULT.withFortranOrder(true))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a stream of shape (2, 3) in C order cannot be written in Fortran order without holding it");
    assertThat(out.size()).isZero();
  }

  @Test
  void readBlocksBoundsMemoryAndSaysWhereTheDataEnd() throws IOException {
    byte[] header = Npy.header("<f8", new long[] {25_000_000});
    byte[] input = Arrays.copyOf(header, header.length + 4000);
    InputStream in = new ByteArrayInputStream(input);
    NpyHeader h = Npy.readHeader(in);
    long[] seen = new long[1];
    assertThat(catchThrowable(() -> Npy.readBlocks(in, h, 100, (block, offset) -> seen[0] += block.size())))
        .isInstanceOf(NpyFormatException.class)
        .hasMessage("truncated data: shape (25000000,) of '<f8' needs 200000000 data bytes, the input ends after 4000");
    assertThat(seen[0]).isEqualTo(500);
    assertThat(catchThrowable(() -> Npy.readBlocks(in, h, 0, (block, offset) -> { })))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * NumPy's 'V' dtypes have no byte order ('>V2' is '|V2'), so a big-endian bfloat16 file would
   * read back as other numbers: the write is refused before anything is written.
   */
  @Test
  void bigEndianVoidTypesAreRefused() throws IOException {
    Path path = dir.resolve("bf.npy");
    Npy.WriteOptions big = Npy.WriteOptions.DEFAULT.withByteOrder(ByteOrder.BIG_ENDIAN);
    Throwable e = catchThrowable(() -> Npy.write(
        org.ndprim.BFloat16NdArray.vector(1.5f, -2f, 3.25f), path, big));
    assertThat(e).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot write BFloat16 ('<V2') big-endian: NumPy's 'V' dtypes have no byte"
            + " order, so readers take '>V2' as little-endian bytes");
    assertThat(path).doesNotExist();
    // little-endian round-trips; one-byte void types have no order to refuse
    Npy.write(org.ndprim.BFloat16NdArray.vector(1.5f, -2f, 3.25f), path);
    assertThat(Npy.read(path)).isEqualTo(org.ndprim.BFloat16NdArray.vector(1.5f, -2f, 3.25f));
  }
}
