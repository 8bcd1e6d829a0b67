package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;

/** .npy format versions 2.0 (32-bit header length) and 3.0 (UTF-8 header), read and written as numpy does. */
class NpyVersionTest {

  @Test
  void version2And3FilesWrittenByNumpyRead() throws IOException {
    IntNdArray expected = IntNdArray.of(Shape.of(2, 3), 0, 1, 2, 3, 4, 5);
    assertThat(Npy.read(Golden.path("v2_0_i4.npy"))).isEqualTo(expected);
    assertThat(Npy.read(Golden.path("v3_0_i4.npy"))).isEqualTo(expected);
    assertThat(Npy.readHeader(Golden.path("v2_0_i4.npy")).version()).isEqualTo("2.0");
    assertThat(Npy.readHeader(Golden.path("v3_0_i4.npy")).version()).isEqualTo("3.0");
    assertThat(Npy.readHeader(Golden.path("v2_0_i4.npy")).dataOffset()).isEqualTo(128);
    assertThat(Npy.read(Golden.path("v2_0_fortran_f8_2x3x4.npy"))).isEqualTo(Npy.read(Golden.path("c_f8_2x3x4.npy")));
    assertThat(Npy.read(Golden.path("v3_0_be_i2.npy")))
        .isEqualTo(ShortNdArray.of(Shape.of(3, 2), (short) -3, (short) -2, (short) -1, (short) 0, (short) 1, (short) 2));
  }

  @Test
  void aVersion3HeaderIsUtf8() throws IOException {
    // np.save chose 3.0 by itself: the field name is not latin-1
    NpyHeader h = Npy.readHeader(Golden.path("v3_0_utf8_structured.npy"));
    assertThat(h.version()).isEqualTo("3.0");
    assertThat(h.isStructured()).isTrue();
    assertThat(h.descr()).isEqualTo("[('\u03c0', '<i4')]");
    assertThat(h.shape()).isEqualTo(Shape.of(2));
    assertThatThrownBy(() -> Npy.read(Golden.path("v3_0_utf8_structured.npy")))
        .isInstanceOf(NpyFormatException.class).hasMessageContaining("unsupported dtype '[('\u03c0', '<i4')]'");
  }

  @Test
  void theWriterPicksTheVersionAsNumpyDoes() {
    // _wrap_header_guess_version: 1.0 while the padded header fits 16 bits, else 2.0
    String fits = "{'descr': '<i4', 'fortran_order': False, 'shape': (1,), 'pad': '" + "x".repeat(65400) + "'}";
    String tooLong = "{'descr': '<i4', 'fortran_order': False, 'shape': (1,), 'pad': '" + "x".repeat(70000) + "'}";
    assertThat(Npy.wrapHeader(fits)).isEqualTo(Golden.bytes("v1_0_guessed_header.bin"));
    assertThat(Npy.wrapHeader(tooLong)).isEqualTo(Golden.bytes("v2_0_guessed_header.bin"));
    assertThat(Npy.wrapHeader(tooLong)[6]).isEqualTo((byte) 2);
  }

  @Test
  void ordinaryWritesStayVersion1EvenAtRank64() throws IOException {
    long[] dims = new long[64];
    Arrays.fill(dims, 1);
    dims[0] = 1_000_000_000_000L;
    byte[] header = Npy.header("<f8", dims);
    assertThat(header[6]).isEqualTo((byte) 1);
    assertThat(header.length % 64).isZero();
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    Npy.write(DoubleNdArray.zeros(Shape.of(new long[] {3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})), out);
    assertThat(out.toByteArray()[6]).isEqualTo((byte) 1);
    assertThat(Npy.read(new ByteArrayInputStream(out.toByteArray())).shape().rank()).isEqualTo(41);
  }

  @Test
  void aVersion2HeaderMayNotClaimMoreThanNumpyAccepts() {
    byte[] file = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, '{'};
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(file)))
        .isInstanceOf(NpyFormatException.class)
        .hasMessage("header too large: the header length field says 4294967295 bytes, more than the 10000 characters"
            + " numpy.load accepts (max_header_size)");
    byte[] v3 = NpyHeaderGoldenTest.file(3, "{'descr': '<i4', 'fortran_order': False, 'shape': (1,)}\u00ff"
        .getBytes(StandardCharsets.ISO_8859_1), 4);
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(v3)))
        .hasMessage("bad header: a version 3.0 header is not valid UTF-8");
  }
}
