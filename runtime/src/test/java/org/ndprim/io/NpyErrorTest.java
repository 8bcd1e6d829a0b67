package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.ShortNdArray;

/** Malformed and unsupported input: always an NpyFormatException that says what is wrong. */
class NpyErrorTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      bad_magic.npy                | not a .npy file: it starts with 93 4e 55 4d 50 58 instead of the magic bytes
      bad_empty.npy                | not a .npy file: the input is empty
      bad_truncated_data.npy       | truncated data: shape (2, 3) of '<i4' needs 24 data bytes, the input ends after 19
      bad_truncated_header.npy     | truncated header: the header length field says 118 bytes, the input ends after 30
      bad_missing_key.npy          | bad header: no 'fortran_order' key
      bad_extra_key.npy            | bad header: unexpected key 'x'
      bad_not_a_dict.npy           | bad header: the header is not a Python dict
      bad_shape_not_tuple.npy      | bad header: shape must be a tuple
      bad_fortran_not_bool.npy     | bad header: fortran_order must be True or False, not 0 (at position 34
      bad_shape_overflow.npy       | shape (4294967296, 4294967296, 4294967296) overflows
      bad_negative_dim.npy         | bad header: negative dimension in shape (-2, 3) (at position 50
      unsupported_f16.npy          | unsupported dtype '<f16'
      unsupported_c32.npy          | unsupported dtype '<c32'
      unsupported_V4.npy           | unsupported dtype '|V4'
      unsupported_S5.npy           | unsupported dtype '|S5'
      unsupported_structured.npy   | unsupported dtype '[('x', '<i4'), ('y', '<f8')]'
      """)
  void goldenFile(String name, String message) {
    Path path = Golden.path(name);
    assertThatThrownBy(() -> Npy.read(path))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageStartingWith(path + ": ")
        .hasMessageContaining(message);
  }

  @Test
  void sameMessagesFromAStream() {
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(Golden.bytes("unsupported_f16.npy"))))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageStartingWith("unsupported dtype '<f16'");
  }

  @Test
  void dtypeNotMatchingTheRequestedType() {
    assertThatThrownBy(() -> Npy.read(Golden.path("i2_le.npy"), IntNdArray.TYPE))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageContaining("dtype '<i2' does not match Int, which reads '<i4' or '>i4'");
    assertThatThrownBy(() -> Npy.read(Golden.path("i2_le.npy"), NpyReadTest.HALF_BITS))
        .hasMessageContaining("dtype '<i2' does not match HalfBits, which reads '<f2' or '>f2'");
    assertThatThrownBy(() -> Npy.read(Golden.path("b1.npy"), NpyReadTest.UBYTE))
        .hasMessageContaining("dtype '|b1' does not match UByte, which reads '|u1'");
  }

  @Test
  void missingFileIsNoSuchFileException(@TempDir Path dir) {
    assertThatThrownBy(() -> Npy.read(dir.resolve("nope.npy"))).isInstanceOf(NoSuchFileException.class);
  }

  @Test
  void aDirectoryIsNamedInTheMessage(@TempDir Path dir) {
    assertThatThrownBy(() -> Npy.read(dir)).isInstanceOf(IOException.class)
        .hasMessageStartingWith(dir.toString());
    assertThatThrownBy(() -> Npy.readHeader(dir)).isInstanceOf(IOException.class)
        .hasMessageStartingWith(dir.toString());
  }

  @Test
  void moreThan64DimensionsIsRejectedAsNumPyDoes() {
    String shape = "(" + "1, ".repeat(65) + ")";
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(
        npy("{'descr': '|i1', 'fortran_order': False, 'shape': " + shape + "}", new byte[1]))))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageContaining("shape has 65 dimensions; at most 64");
  }

  @Test
  void unknownVersionAndShortPrefix() {
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 4, 1, 0, 0})))
        .hasMessage("unknown .npy format version 4.1 (numpy reads 1.0, 2.0 and 3.0)");
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1})))
        .hasMessage("truncated header: the input ends after 7 bytes");
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream("PK\3\4".getBytes(StandardCharsets.ISO_8859_1))))
        .hasMessageContaining("not a .npy file: it starts with 50 4b 03 04 instead of");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      {'descr': '<i4', 'fortran_order': False, 'shape': (5), }                 | not 5; a 1-d shape is written (n,) (at position 50
      {'descr': '<i4' 'fortran_order': False, 'shape': (5,)}                   | expected ',' or '}' (at position 31
      {'descr': '<i4', 'fortran_order': false, 'shape': (5,)}                  | not a literal: the name 'false' (at position 34
      {'descr': '<i4', 'fortran_order': False, 'shape': (5,)} x                | unexpected text after the header dict (at position 56
      {'descr': '<i4', 'fortran_order': False, 'shape': (5,)                   | '{' was never closed (at the end
      {'descr': '<i4', 'fortran_order': False, 'shape': (5,,)}                 | unexpected ',' (at position 53
      {'descr': '<i4', 'fortran_order': False, 'shape': (05,)}                 | leading zeros in decimal integer literals are not permitted (at position 51
      {'descr': '<i4', 'fortran_order': False, 'shape': (5.0,)}                | shape (5.0,) is not valid: dimension 0 is 5.0, not an int (at position 50
      {'descr': '<i4', 'fortran_order': False, 'shape': (3l,)}                 | invalid decimal literal (at position 51
      {'descr': '<i4', 'fortran_order': False,\013'shape': (3,)}              | unexpected '\013' (at position 40
      {'descr': '<i4', 'fortran_order': False, 'shape': (99999999999999999999,)} | dimension 99999999999999999999 of the shape is too large
      {'descr': '<i4, 'fortran_order': False, 'shape': (5,)}                   | expected ',' or a closing bracket (at position 17
      {'descr': '<i4                                                          | unterminated string (at position 10
      {descr: '<i4', 'fortran_order': False, 'shape': (5,)}                    | not a literal: the name 'descr' (at position 1
      {'descr': '<i4', 'fortran_order': False, 'shape': (5,), 'x': 1}          | unexpected key 'x'
      {'descr': '<i4', 'fortran_order': False, 'shape': (5,)}; 1               | unexpected text after the header dict (at position 55
      {'descr': b'<i4', 'fortran_order': False, 'shape': (5,)}                 | descr must be a dtype string such as '<i4', not b'<i4' (at position 10
      {'descr': '<i3', 'fortran_order': False, 'shape': (5,)}                  | descr '<i3' is not a dtype numpy understands (at position 10
      """)
  void malformedHeaderText(String header, String message) {
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(npy(header, new byte[20]))))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageStartingWith("bad header: ")
        .hasMessageContaining(message);
  }

  @Test
  void unknownDtypes() {
    for (String descr : new String[] {"<f16", ">c32", "|O", "<M8[ns]", "|V4", "<U3", "S5", "float128", "i4, f8"}) {
      assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(
          npy("{'descr': '" + descr + "', 'fortran_order': False, 'shape': (1,)}", new byte[64]))))
          .as(descr)
          .isInstanceOf(NpyFormatException.class)
          .hasMessageStartingWith("unsupported dtype '" + descr + "'");
    }
  }

  @Test
  void theUnsupportedDtypeMessageListsEveryBuiltInDtype() {
    assertThat(Npy.builtInDtypes()).containsExactly("|b1", "|i1", "<i2", "<i4", "<i8", "|u1", "<u2", "<u4",
        "<u8", "<f2", "<f4", "<f8", "<c8", "<c16", "<V2");
    for (String d : Npy.builtInDtypes()) {
      assertThat(Npy.builtInType(d)).as(d).isPresent();
      assertThat(Npy.builtInType(d.replace('<', '>'))).as(d).isPresent();
    }
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(
        npy("{'descr': '<f16', 'fortran_order': False, 'shape': (1,)}", new byte[64]))))
        .hasMessage("unsupported dtype '<f16': Npy.read maps " + String.join(" ", Npy.builtInDtypes())
            + " (either byte order) to its built-in types; read another simple dtype with Npy.read(path, type)"
            + " and a ScalarType that declares its kind and item size");
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(
        npy("{'descr': '|O', 'fortran_order': False, 'shape': (1,)}", new byte[64]))))
        .hasMessageEndingWith("; an object array holds Python pickles, which have no Java type");
  }

  @Test
  void shapeLargerThanAJavaArrayIsReadOnlyAsFarAsTheDataGo() {
    // More elements than a Java array holds would be read into heap memory in chunks; from a
    // stream the array grows only as bytes arrive, so 8 bytes are a clear truncation.
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(
        npy("{'descr': '|i1', 'fortran_order': False, 'shape': (3000000000,)}", new byte[8]))))
        .hasMessage("truncated data: shape (3000000000,) of '|i1' needs 3000000000 data bytes, the"
            + " input ends after 8");
  }

  @Test
  void sizeZeroShapeWithHugeDimsIsRefusedAsNumpyRefusesIt() throws IOException {
    // numpy.load: "cannot reshape array of size 0 into shape (4294967296, 4294967296, 0)"
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(
        npy("{'descr': '<i2', 'fortran_order': False, 'shape': (4294967296, 4294967296, 0)}", new byte[0]))))
        .isInstanceOf(NpyFormatException.class)
        .hasMessage("shape (4294967296, 4294967296, 0) overflows: the product of its non-zero dimensions exceeds 2^63-1");
    // numpy's array constructor counts the item size too: "array is too big" (numpy 2.4.6)
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(
        npy("{'descr': '<i2', 'fortran_order': False, 'shape': (3037000499, 3037000499, 0)}", new byte[0]))))
        .isInstanceOf(NpyFormatException.class)
        .hasMessage("shape (3037000499, 3037000499, 0) of '<i2' is too big: its non-zero dimensions"
            + " times the 2-byte item size exceed 2^63-1 bytes (numpy: array is too big)");
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(
        npy("{'descr': '<i4', 'fortran_order': False, 'shape': (0, 9223372036854775807)}", new byte[0]))))
        .isInstanceOf(NpyFormatException.class)
        .hasMessageContaining("is too big");
    // what numpy loads: a product that fits with one-byte items, or 2^61 - 1 two-byte ones
    NdArray a = Npy.read(new ByteArrayInputStream(
        npy("{'descr': '|u1', 'fortran_order': False, 'shape': (3037000499, 3037000499, 0)}", new byte[0])));
    assertThat(a.size()).isZero();
    NdArray b = Npy.read(new ByteArrayInputStream(
        npy("{'descr': '<i2', 'fortran_order': False, 'shape': (0, 2305843009213693951)}", new byte[0])));
    assertThat(b).isInstanceOf(ShortNdArray.class);
    assertThat(b.size()).isZero();
  }

  @Test
  void truncatedDataFromAStreamInTheMiddleOfAChunk() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Npy.write(IntNdArray.zeros(org.ndprim.Shape.of(100_000)), out);
    byte[] bytes = java.util.Arrays.copyOf(out.toByteArray(), 128 + 300_001);
    assertThatThrownBy(() -> Npy.read(new ByteArrayInputStream(bytes)))
        .hasMessage("truncated data: shape (100000,) of '<i4' needs 400000 data bytes, the input ends after 300001");
  }

  /** A version 1.0 file with this header text (plus '\n') and data. */
  static byte[] npy(String header, byte[] data) {
    byte[] h = (header + "\n").getBytes(StandardCharsets.ISO_8859_1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) h.length, (byte) (h.length >> 8)}, 0, 10);
    out.write(h, 0, h.length);
    out.write(data, 0, data.length);
    return out.toByteArray();
  }
}
