package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.BFloat16NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.UInt8NdArray;

/** {@link Npy#header} and {@link Npz.Member#storedOffset}: what a streaming writer and a ranged reader need. */
class HeaderAndStoredOffsetTest {
  @TempDir
  Path tmp;

  private static byte[] written(NdArray a, Npy.WriteOptions options) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Npy.write(a, out, options);
    return out.toByteArray();
  }

  @Test
  void theHeaderIsWhatWriteWritesBeforeTheData() throws Exception {
    for (Npy.WriteOptions o : new Npy.WriteOptions[] {Npy.WriteOptions.DEFAULT,
        Npy.WriteOptions.DEFAULT.withByteOrder(ByteOrder.BIG_ENDIAN),
        Npy.WriteOptions.DEFAULT.withFortranOrder(true)}) {
      for (Shape s : new Shape[] {Shape.of(), Shape.of(3), Shape.of(3, 4), Shape.of(0, 2, 5)}) {
        NdArray a = IntNdArray.TYPE.zeros(s);
        byte[] file = written(a, o);
        byte[] header = Npy.header(IntNdArray.TYPE, s, o);
        assertThat(header.length % 64).isZero();
        assertThat(Arrays.copyOf(file, header.length)).as(s + " " + o).isEqualTo(header);
        assertThat(file.length - header.length).isEqualTo(s.size() * 4);
      }
    }
    assertThatThrownBy(() -> Npy.header(BFloat16NdArray.TYPE, Shape.of(2),
        Npy.WriteOptions.DEFAULT.withByteOrder(ByteOrder.BIG_ENDIAN))).hasMessageContaining("no byte order");
  }

  @Test
  void inCOrderItsLengthDoesNotDependOnTheFirstAxis() {
    int length = Npy.header(DoubleNdArray.TYPE, Shape.of(0, 7), Npy.WriteOptions.DEFAULT).length;
    for (long rows : new long[] {1, 9, 10, 123456789, Long.MAX_VALUE / 8 / 7}) {
      assertThat(Npy.header(DoubleNdArray.TYPE, Shape.of(rows, 7), Npy.WriteOptions.DEFAULT)).hasSize(length);
    }
  }

  @Test
  void aStoredMembersOffsetLocatesItsNpyBytesAndADeflatedOneHasNone() throws Exception {
    Map<String, NdArray> arrays = new LinkedHashMap<>();
    arrays.put("a", UInt8NdArray.TYPE.fromLongs(Shape.of(3), new long[] {1, 2, 3}));
    arrays.put("b", DoubleNdArray.TYPE.fromDoubles(Shape.of(2, 2), new double[] {1, 2, 3, 4}));
    Path stored = tmp.resolve("s.npz");
    Npz.write(stored, arrays);
    byte[] zip = Files.readAllBytes(stored);
    try (Npz npz = Npz.open(stored)) {
      for (Npz.Member m : npz.members()) {
        byte[] npy = written(arrays.get(m.name()), Npy.WriteOptions.DEFAULT);
        long at = m.storedOffset();
        assertThat(Arrays.copyOfRange(zip, (int) at, (int) at + npy.length)).as(m.name()).isEqualTo(npy);
      }
    }
    Path deflated = tmp.resolve("d.npz");
    Npz.writeCompressed(deflated, arrays);
    try (Npz npz = Npz.open(deflated)) {
      assertThat(npz.member("a").storedOffset()).isEqualTo(-1);
    }
    // a lying local header offset is the member's error, as reading it is
    try (FileChannel ch = FileChannel.open(stored, java.nio.file.StandardOpenOption.WRITE)) {
      ch.write(java.nio.ByteBuffer.wrap(new byte[] {0, 0, 0, 0}), 0);
    }
    try (Npz npz = Npz.open(stored)) {
      assertThatThrownBy(() -> npz.member("a").storedOffset()).isInstanceOf(NpyFormatException.class)
          .hasMessageContaining("member 'a.npy'").hasMessageContaining("no local header");
    }
  }
}
