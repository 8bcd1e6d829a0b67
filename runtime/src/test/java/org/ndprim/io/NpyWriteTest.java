package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.CharNdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;

/** Writing: byte-identical to numpy's np.save for little-endian C order, and round trips. */
class NpyWriteTest {

  static byte[] write(NdArray a) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Npy.write(a, out);
    return out.toByteArray();
  }

  /** Reading a numpy file and writing it again gives numpy's bytes. */
  @ParameterizedTest
  @ValueSource(strings = {"b1.npy", "i1.npy", "i2_le.npy", "u2_le.npy", "i4_le.npy", "i8_le.npy", "f4_le.npy",
      "f8_le.npy", "c_i4_2x3.npy", "c_f8_2x3x4.npy", "scalar_i4.npy", "scalar_f8.npy", "scalar_b1.npy",
      "empty_f8_0x3.npy", "empty_i2_0.npy", "empty_i4_2x0x3.npy", "vector_i8.npy", "rank4_i2.npy", "view_i4.npy"})
  void sameBytesAsNumpy(String name) throws IOException {
    assertThat(write(Npy.read(Golden.path(name)))).isEqualTo(Golden.bytes(name));
  }

  /** Big-endian and Fortran-order input is written little-endian, C order: numpy's bytes for the same array. */
  @ParameterizedTest
  @CsvSource({"i2_be.npy, i2_le.npy", "u2_be.npy, u2_le.npy", "i4_be.npy, i4_le.npy", "i8_be.npy, i8_le.npy",
      "f4_be.npy, f4_le.npy", "f8_be.npy, f8_le.npy", "fortran_i4_2x3.npy, c_i4_2x3.npy",
      "fortran_f8_2x3x4.npy, c_f8_2x3x4.npy", "hdr_whitespace.npy, c_i4_2x3.npy", "hdr_align16.npy, c_i4_2x3.npy"})
  void normalisedToLittleEndianCOrder(String input, String expected) throws IOException {
    assertThat(write(Npy.read(Golden.path(input)))).isEqualTo(Golden.bytes(expected));
  }

  @Test
  void customDtypeIsWrittenLittleEndian() {
    // what write() puts in 'descr' for a type declared with this dtype
    assertThat(Dtype.parse(">i4").littleEndianDescr()).isEqualTo("<i4");
    assertThat(Dtype.parse("=f2").littleEndianDescr()).isEqualTo("<f2");
    assertThat(Dtype.parse("f2").littleEndianDescr()).isEqualTo("<f2");
    assertThat(Dtype.parse("<u1").littleEndianDescr()).isEqualTo("|u1");
    assertThat(Dtype.parse(">b1").littleEndianDescr()).isEqualTo("|b1");
    assertThat(Dtype.parse("<c8").littleEndianDescr()).isEqualTo("<c8");
    assertThat(Dtype.parse("<M8[ns]").str()).isEqualTo("<M8[ns]");
  }

  @Test
  void customTypeReadThenWrittenAsItsStorageType() throws IOException {
    // HALF_BITS wraps its data as a ShortNdArray, so the result is written as '<i2'
    ShortNdArray half = Npy.read(Golden.path("f2_be.npy"), NpyReadTest.HALF_BITS);
    byte[] bytes = write(half);
    byte[] numpy = Golden.bytes("f2_le.npy");
    assertThat(java.util.Arrays.copyOfRange(bytes, 128, bytes.length))
        .isEqualTo(java.util.Arrays.copyOfRange(numpy, 128, numpy.length));
  }

  @Test
  void viewsAreWrittenInLogicalCOrder() throws IOException {
    int[] values = new int[24];
    for (int i = 0; i < 24; i++) {
      values[i] = i;
    }
    IntNdArray base = IntNdArray.wrap(Shape.of(4, 6), values);
    // numpy: np.save(f, np.arange(24, dtype='<i4').reshape(4, 6)[::-1, 1::2])
    assertThat(write(base.slice("::-1, 1::2"))).isEqualTo(Golden.bytes("view_i4.npy"));
    // a Fortran-order read is C order afterwards, whatever the file
    IntNdArray t = IntNdArray.wrap(Shape.of(2, 3), new int[] {0, 1, 2, 3, 4, 5});
    assertThat(write(t)).isEqualTo(write(Npy.read(Golden.path("fortran_i4_2x3.npy"))));
  }

  @Test
  void headerIsPaddedLikeNumpy() {
    for (long[] dims : new long[][] {{}, {5}, {0, 3}, {1797, 8, 8}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
        {Long.MAX_VALUE}, {123456789012345678L, 2}}) {
      byte[] h = Npy.header("<f8", dims);
      assertThat(h.length % 64).as("length of %s", java.util.Arrays.toString(dims)).isZero();
      assertThat(h[h.length - 1]).isEqualTo((byte) '\n');
      assertThat((h[8] & 0xff) | (h[9] & 0xff) << 8).isEqualTo(h.length - 10);
    }
    assertThat(new String(Npy.header("<i2", new long[] {1797, 8, 8}), StandardCharsets.ISO_8859_1))
        .startsWith("\u0093NUMPY\u0001\u0000v\u0000{'descr': '<i2', 'fortran_order': False, 'shape': (1797, 8, 8), }");
  }

  @Test
  void writesAndReadsFiles(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("a.npy");
    ShortNdArray a = ShortNdArray.wrap(Shape.of(3, 2), new short[] {1, -2, 3, -4, 5, -6});
    Npy.write(a, file);
    assertThat(Npy.read(file)).isEqualTo(a);
    Npy.write(a.slice("1:, ::-1"), file); // replaces the file
    assertThat(Npy.read(file)).isEqualTo(ShortNdArray.wrap(Shape.of(2, 2), new short[] {-4, 3, -6, 5}));
    assertThat(Files.size(file)).isEqualTo(128 + 8);
  }

  @Test
  void roundTripsOfEveryBuiltInType() throws IOException {
    Random r = new Random(42);
    for (Shape shape : new Shape[] {Shape.scalar(), Shape.of(0), Shape.of(7), Shape.of(3, 0, 2), Shape.of(4, 5),
        Shape.of(2, 3, 4), Shape.of(1, 1, 1, 9)}) {
      int n = (int) shape.size();
      boolean[] z = new boolean[n];
      byte[] b = new byte[n];
      short[] s = new short[n];
      char[] c = new char[n];
      int[] i = new int[n];
      long[] l = new long[n];
      float[] f = new float[n];
      double[] d = new double[n];
      for (int k = 0; k < n; k++) {
        z[k] = r.nextBoolean();
        b[k] = (byte) r.nextInt();
        s[k] = (short) r.nextInt();
        c[k] = (char) r.nextInt();
        i[k] = r.nextInt();
        l[k] = r.nextLong();
        f[k] = Float.intBitsToFloat(r.nextInt());
        d[k] = Double.longBitsToDouble(r.nextLong());
      }
      NdArray[] arrays = {BooleanNdArray.wrap(shape, z), ByteNdArray.wrap(shape, b), ShortNdArray.wrap(shape, s),
          CharNdArray.wrap(shape, c), IntNdArray.wrap(shape, i), LongNdArray.wrap(shape, l),
          FloatNdArray.wrap(shape, f), DoubleNdArray.wrap(shape, d),
          org.ndprim.UInt8NdArray.TYPE.wrapStorage(shape, b),
          org.ndprim.UInt16NdArray.TYPE.wrapStorage(shape, s),
          org.ndprim.UInt32NdArray.TYPE.wrapStorage(shape, i),
          org.ndprim.UInt64NdArray.wrap(shape, l),
          org.ndprim.Float16NdArray.TYPE.wrapStorage(shape, s),
          org.ndprim.BFloat16NdArray.TYPE.wrapStorage(shape, s),
          org.ndprim.Complex64NdArray.TYPE.wrapStorage(shape, java.util.Arrays.copyOf(f, 2 * n)),
          org.ndprim.Complex128NdArray.TYPE.wrapStorage(shape,
              java.util.Arrays.copyOf(d, 2 * n))};
      for (NdArray a : arrays) {
        // '<u2' reads as UInt16 unless Char is asked for
        NdArray back = a.scalarType() == CharNdArray.TYPE
            ? Npy.read(new ByteArrayInputStream(write(a)), CharNdArray.TYPE)
            : Npy.read(new ByteArrayInputStream(write(a)));
        assertThat(back.scalarType()).isSameAs(a.scalarType());
        assertThat(back).as("%s %s", a.scalarType(), shape).isEqualTo(a);
        if (a.rank() > 0) {
          NdArray view = a.slice("::-1");
          assertThat(Npy.read(new ByteArrayInputStream(write(view)), a.scalarType()))
              .isEqualTo(view);
        }
      }
    }
  }

  @Test
  void nanPayloadsSurviveARoundTrip() throws IOException {
    float[] f = {Float.intBitsToFloat(0x7fc00001), Float.intBitsToFloat(0xffc12345)};
    FloatNdArray back = (FloatNdArray) Npy.read(new ByteArrayInputStream(write(FloatNdArray.wrap(Shape.of(2), f))));
    assertThat(Float.floatToRawIntBits(back.getFloat(0))).isEqualTo(0x7fc00001);
    assertThat(Float.floatToRawIntBits(back.getFloat(1))).isEqualTo(0xffc12345);
  }
}
