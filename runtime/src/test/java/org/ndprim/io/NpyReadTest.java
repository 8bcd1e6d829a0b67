package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ndprim.BFloat16NdArray;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.CharNdArray;
import org.ndprim.Complex128NdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.Float16NdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;
import org.ndprim.UInt16NdArray;
import org.ndprim.UInt32NdArray;
import org.ndprim.UInt64NdArray;
import org.ndprim.UInt8NdArray;

/** Reading the numpy-written golden files; expected values are those of gen_npy_golden.py. */
class NpyReadTest {
  static final Shape S23 = Shape.of(2, 3);

  /** A custom type as a user would declare it: IEEE half floats kept as their raw bits. */
  static final ScalarType<ShortNdArray> HALF_BITS = alias("HalfBits", "<f2", ShortNdArray.TYPE);
  /** A custom unsigned byte type, dtype |u1, stored as byte. */
  static final ScalarType<ByteNdArray> UBYTE = alias("UByte", "|u1", ByteNdArray.TYPE);

  /** A descriptor of another name and dtype over the arrays of {@code base}. */
  static <A extends NdArray> ScalarType<A> alias(String name, String dtype, ScalarType<A> base) {
    return new ScalarType<>(name, dtype, base.storageType(), base.logicalType(),
        base.arrayType(), base.itemSize(), 1,
        (data, layout) -> base.wrapStorage(layout.shape(), data),
        (memory, layout) -> base.wrap(layout.shape(), memory),
        (memory, layout) -> base.wrap(layout.shape(), memory),
        (from, to) -> {
          base.copy(from, to);
          return to;
        },
        Casts::unsupported, Casts::unsupported, Casts::unsupported, Casts::unsupported, false);
  }

  /** Aliases are never cast targets here. */
  private static final class Casts {
    static <A, V> void unsupported(A flat, long start, V values, int count) {
      throw new UnsupportedOperationException("no casts to an alias");
    }
  }

  @Test
  void bool() throws IOException {
    NdArray a = Npy.read(Golden.path("b1.npy"));
    assertThat(a).isInstanceOf(BooleanNdArray.class);
    assertThat(a.shape()).isEqualTo(S23);
    assertThat(((BooleanNdArray) a).toArray()).containsExactly(true, false, true, false, false, true);
  }

  @Test
  void int8() throws IOException {
    ByteNdArray a = (ByteNdArray) Npy.read(Golden.path("i1.npy"));
    assertThat(a.shape()).isEqualTo(S23);
    assertThat(a.toArray()).containsExactly(-128, -1, 0, 1, 42, 127);
  }

  @ParameterizedTest
  @ValueSource(strings = {"le", "be"})
  void int16(String order) throws IOException {
    NdArray a = Npy.read(Golden.path("i2_" + order + ".npy"));
    assertThat(a).isInstanceOf(ShortNdArray.class);
    assertThat(a.shape()).isEqualTo(S23);
    assertThat(((ShortNdArray) a).toArray()).containsExactly(-32768, -1, 0, 1, 258, 32767);
    assertThat(((ShortNdArray) a).getShort(1, 1)).isEqualTo((short) 258);
  }

  @ParameterizedTest
  @ValueSource(strings = {"le", "be"})
  void uint16IsUInt16AndCharOnRequest(String order) throws IOException {
    UInt16NdArray a = (UInt16NdArray) Npy.read(Golden.path("u2_" + order + ".npy"));
    assertThat(a.shape()).isEqualTo(S23);
    assertThat(a.toArray()).containsExactly(0, 1, 258, 32767, 32768, 65535);
    CharNdArray c = Npy.read(Golden.path("u2_" + order + ".npy"), CharNdArray.TYPE);
    assertThat(c.toArray()).containsExactly((char) 0, (char) 1, (char) 258, (char) 32767, (char) 32768, (char) 65535);
  }

  @Test
  void uint8() throws IOException {
    UInt8NdArray a = (UInt8NdArray) Npy.read(Golden.path("u1.npy"));
    assertThat(a.toArray()).containsExactly(0, 1, 127, 128, 200, 255);
    assertThat(a.getUInt8(1, 2)).isEqualTo(255);
    assertThat(a).hasToString("[[  0   1 127]\n [128 200 255]]");
  }

  @ParameterizedTest
  @ValueSource(strings = {"le", "be"})
  void uint32AndUInt64(String order) throws IOException {
    UInt32NdArray a = (UInt32NdArray) Npy.read(Golden.path("u4_" + order + ".npy"));
    assertThat(a.toArray()).containsExactly(0L, 1L, 0x01020304L, (1L << 31) - 1, 1L << 31, (1L << 32) - 1);
    UInt64NdArray b = (UInt64NdArray) Npy.read(Golden.path("u8_" + order + ".npy"));
    assertThat(b.toArray()).containsExactly(0L, 1L, 0x0102030405060708L, Long.MAX_VALUE, Long.MIN_VALUE, -1L);
    assertThat(b.max()).isEqualTo(-1L);          // 2^64 - 1, unsigned order
    assertThat(b.argMin()).isEqualTo(0L);
    assertThat(b).hasToString("[[                   0                    1    72623859790382856]\n"
        + " [ 9223372036854775807  9223372036854775808 18446744073709551615]]");
  }

  @ParameterizedTest
  @ValueSource(strings = {"le", "be"})
  void float16(String order) throws IOException {
    Float16NdArray a = (Float16NdArray) Npy.read(Golden.path("f2_" + order + ".npy"));
    assertThat(a.toArray()).containsExactly(1.0f, -2.0f, 0.5f, 65504.0f, Float.POSITIVE_INFINITY, Float.NaN);
    assertThat(a.toStorageArray()).containsExactly((short) 0x3c00, (short) 0xc000, (short) 0x3800,
        (short) 0x7bff, (short) 0x7c00, (short) 0x7e00);
  }

  @ParameterizedTest
  @ValueSource(strings = {"8", "16"})
  void complexInEitherByteOrder(String bits) throws IOException {
    for (String order : new String[] {"le", "be"}) {
      NdArray a = Npy.read(Golden.path("c" + bits + "_" + order + ".npy"));
      double[] re;
      double[] im;
      if (bits.equals("8")) {
        Complex64NdArray c = (Complex64NdArray) a;
        re = c.real().astype(DoubleNdArray.TYPE).toArray();
        im = c.imag().astype(DoubleNdArray.TYPE).toArray();
        assertThat(c.getReal(0, 0)).isEqualTo(1f);
        assertThat(c.getImag(0, 1)).isEqualTo(-1.5f);
      } else {
        Complex128NdArray c = (Complex128NdArray) a;
        re = c.real().toArray();
        im = c.imag().toArray();
      }
      assertThat(a.shape()).isEqualTo(S23);
      assertThat(re).containsExactly(1, -0.0, Double.POSITIVE_INFINITY, Double.NaN, 0, 3.5);
      assertThat(im).containsExactly(2, -1.5, bits.equals("8") ? (double) 0.1f : 0.1, 0,
          Double.NEGATIVE_INFINITY, -0.0);
    }
  }

  @Test
  void bfloat16IsTwoByteVoidAsJaxReadsIt() throws IOException {
    BFloat16NdArray a = (BFloat16NdArray) Npy.read(Golden.path("bf16.npy"));
    assertThat(a.toStorageArray()).containsExactly((short) 16256, (short) 49152, (short) 15821,
        (short) 32610, (short) 32640, (short) 32704);
    assertThat(a.getBFloat16(0, 0)).isEqualTo(1.0f);
    assertThat(a.getBFloat16(0, 2)).isEqualTo(0.10009765625f);
    assertThat(Npy.readHeader(Golden.path("bf16.npy")).descr()).isEqualTo("<V2");
  }

  @ParameterizedTest
  @ValueSource(strings = {"le", "be"})
  void int32(String order) throws IOException {
    IntNdArray a = (IntNdArray) Npy.read(Golden.path("i4_" + order + ".npy"));
    assertThat(a.shape()).isEqualTo(S23);
    assertThat(a.toArray()).containsExactly(Integer.MIN_VALUE, -1, 0, 1, 0x01020304, Integer.MAX_VALUE);
  }

  @ParameterizedTest
  @ValueSource(strings = {"le", "be"})
  void int64(String order) throws IOException {
    LongNdArray a = (LongNdArray) Npy.read(Golden.path("i8_" + order + ".npy"));
    assertThat(a.shape()).isEqualTo(S23);
    assertThat(a.toArray()).containsExactly(Long.MIN_VALUE, -1, 0, 1, 0x0102030405060708L, Long.MAX_VALUE);
  }

  @ParameterizedTest
  @ValueSource(strings = {"le", "be"})
  void float32(String order) throws IOException {
    FloatNdArray a = (FloatNdArray) Npy.read(Golden.path("f4_" + order + ".npy"));
    assertThat(a.shape()).isEqualTo(S23);
    int[] bits = new int[6];
    float[] values = a.toArray();
    for (int i = 0; i < 6; i++) {
      bits[i] = Float.floatToRawIntBits(values[i]);
    }
    assertThat(bits).containsExactly(0xff800000, 0xbfc00000, 0x80000000, 0x3dcccccd, 0x7fc00000, 0x7f800000);
  }

  @ParameterizedTest
  @ValueSource(strings = {"le", "be"})
  void float64(String order) throws IOException {
    DoubleNdArray a = (DoubleNdArray) Npy.read(Golden.path("f8_" + order + ".npy"));
    assertThat(a.shape()).isEqualTo(S23);
    assertThat(a.toArray()).containsExactly(Double.NEGATIVE_INFINITY, -1.5, -0.0, 0.1, Double.NaN, Double.POSITIVE_INFINITY);
    assertThat(Double.doubleToRawLongBits(a.getDouble(0, 2))).isEqualTo(0x8000000000000000L);
  }

  @ParameterizedTest
  @ValueSource(strings = {"le", "be"})
  void customTypeMatchesKindAndSizeInEitherByteOrder(String order) throws IOException {
    ShortNdArray a = Npy.read(Golden.path("f2_" + order + ".npy"), HALF_BITS);
    assertThat(a.shape()).isEqualTo(S23);
    assertThat(a.toArray()).containsExactly((short) 0x3c00, (short) 0xc000, (short) 0x3800, (short) 0x7bff,
        (short) 0x7c00, (short) 0x7e00);
  }

  @Test
  void customOneByteType() throws IOException {
    ByteNdArray a = Npy.read(Golden.path("u1.npy"), UBYTE);
    assertThat(a.toArray()).containsExactly(0, 1, 127, -128, -56, -1);
  }

  @Test
  void builtInTypeGivenExplicitly() throws IOException {
    ShortNdArray a = Npy.read(Golden.path("i2_be.npy"), ShortNdArray.TYPE);
    assertThat(a.toArray()).containsExactly(-32768, -1, 0, 1, 258, 32767);
  }

  @Test
  void fortranOrderReadsAsTheSameLogicalArray() throws IOException {
    IntNdArray f = (IntNdArray) Npy.read(Golden.path("fortran_i4_2x3.npy"));
    assertThat(f.shape()).isEqualTo(S23);
    assertThat(f.toArray()).containsExactly(0, 1, 2, 3, 4, 5);
    assertThat(f.getInt(1, 0)).isEqualTo(3);
    assertThat(f).isEqualTo(Npy.read(Golden.path("c_i4_2x3.npy")));
    assertThat(f.layout().isContiguous()).isTrue();

    NdArray f3 = Npy.read(Golden.path("fortran_f8_2x3x4.npy"));
    assertThat(f3.shape()).isEqualTo(Shape.of(2, 3, 4));
    assertThat(f3).isEqualTo(Npy.read(Golden.path("c_f8_2x3x4.npy")));
    assertThat(((DoubleNdArray) f3).getDouble(1, 2, 3)).isEqualTo(23.0);
  }

  @Test
  void fortranOrderBigEndianAndBool() throws IOException {
    ShortNdArray s = (ShortNdArray) Npy.read(Golden.path("fortran_i2_be_3x4.npy"));
    assertThat(s.shape()).isEqualTo(Shape.of(3, 4));
    assertThat(s.toArray()).containsExactly(-6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5);
    BooleanNdArray b = (BooleanNdArray) Npy.read(Golden.path("fortran_b1_2x2.npy"));
    assertThat(b.toArray()).containsExactly(true, false, true, true);
  }

  @Test
  void zeroDimensional() throws IOException {
    IntNdArray i = (IntNdArray) Npy.read(Golden.path("scalar_i4.npy"));
    assertThat(i.shape()).isEqualTo(Shape.scalar());
    assertThat(i.rank()).isZero();
    assertThat(i.size()).isEqualTo(1);
    assertThat(i.getInt()).isEqualTo(-7);
    assertThat(((DoubleNdArray) Npy.read(Golden.path("scalar_f8.npy"))).getDouble()).isEqualTo(2.5);
    assertThat(((BooleanNdArray) Npy.read(Golden.path("scalar_b1.npy"))).getBoolean()).isTrue();
  }

  @Test
  void empty() throws IOException {
    NdArray a = Npy.read(Golden.path("empty_f8_0x3.npy"));
    assertThat(a).isInstanceOf(DoubleNdArray.class);
    assertThat(a.shape()).isEqualTo(Shape.of(0, 3));
    assertThat(a.size()).isZero();
    assertThat(Npy.read(Golden.path("empty_i2_0.npy")).shape()).isEqualTo(Shape.of(0));
    assertThat(Npy.read(Golden.path("empty_i4_2x0x3.npy")).shape()).isEqualTo(Shape.of(2, 0, 3));
  }

  @Test
  void otherRanks() throws IOException {
    LongNdArray v = (LongNdArray) Npy.read(Golden.path("vector_i8.npy"));
    assertThat(v.shape()).isEqualTo(Shape.of(5));
    assertThat(v.toArray()).containsExactly(-2, -1, 0, 1, 2);
    ShortNdArray r4 = (ShortNdArray) Npy.read(Golden.path("rank4_i2.npy"));
    assertThat(r4.shape()).isEqualTo(Shape.of(2, 1, 3, 2));
    assertThat(r4.getShort(1, 0, 2, 1)).isEqualTo((short) 11);
  }

  @ParameterizedTest
  @ValueSource(strings = {"hdr_reordered.npy", "hdr_whitespace.npy", "hdr_align16.npy", "hdr_long_suffix.npy"})
  void unusualButValidHeaders(String name) throws IOException {
    assertThat(Npy.read(Golden.path(name))).isEqualTo(Npy.read(Golden.path("c_i4_2x3.npy")));
  }

  @Test
  void nativeByteOrderIsTheReadingMachines() throws IOException {
    IntNdArray a = (IntNdArray) Npy.read(Golden.path("hdr_native_order.npy"));
    if (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN) {
      assertThat(a.toArray()).containsExactly(0, 1, 2, 3, 4, 5);
    } else {
      assertThat(a.toArray()).containsExactly(0, 1 << 24, 2 << 24, 3 << 24, 4 << 24, 5 << 24);
    }
  }

  @Test
  void headerOnly() throws IOException {
    NpyHeader h = Npy.readHeader(Golden.path("fortran_i2_be_3x4.npy"));
    assertThat(h.descr()).isEqualTo(">i2");
    assertThat(h.fortranOrder()).isTrue();
    assertThat(h.shape()).isEqualTo(Shape.of(3, 4));
    assertThat(h.size()).isEqualTo(12);
    assertThat(h.itemSize()).isEqualTo(2);
    assertThat(h.version()).isEqualTo("1.0");
    assertThat(h.dataOffset()).isEqualTo(128);
    // a header can be read whatever the dtype
    assertThat(Npy.readHeader(Golden.path("unsupported_c32.npy")).descr()).isEqualTo("<c32");
  }

  @Test
  void builtInTypes() {
    assertThat(Npy.builtInType("<i2")).contains(ShortNdArray.TYPE);
    assertThat(Npy.builtInType(">i2")).contains(ShortNdArray.TYPE);
    assertThat(Npy.builtInType("|b1")).contains(BooleanNdArray.TYPE);
    assertThat(Npy.builtInType(">u2")).contains(UInt16NdArray.TYPE);
    assertThat(Npy.builtInType("<f8")).contains(DoubleNdArray.TYPE);
    assertThat(Npy.builtInType("|u1")).contains(UInt8NdArray.TYPE);
    assertThat(Npy.builtInType("<u4")).contains(UInt32NdArray.TYPE);
    assertThat(Npy.builtInType(">u8")).contains(UInt64NdArray.TYPE);
    assertThat(Npy.builtInType("float16")).contains(Float16NdArray.TYPE);
    assertThat(Npy.builtInType("<c8")).contains(Complex64NdArray.TYPE);
    assertThat(Npy.builtInType(">c16")).contains(Complex128NdArray.TYPE);
    assertThat(Npy.builtInType("<V2")).contains(BFloat16NdArray.TYPE);
    assertThat(Npy.builtInType("|V4")).isEmpty();
    assertThat(Npy.builtInType("<f16")).isEmpty();
    assertThat(Npy.builtInType("|O")).isEmpty();
  }

  @Test
  void streamIsLeftAfterTheData() throws IOException {
    ByteArrayOutputStream both = new ByteArrayOutputStream();
    both.write(Golden.bytes("i2_be.npy"));
    both.write(Golden.bytes("scalar_f8.npy"));
    both.write('!');
    InputStream in = new ByteArrayInputStream(both.toByteArray());
    assertThat(Npy.read(in)).isEqualTo(Npy.read(Golden.path("i2_le.npy")));
    assertThat(Npy.read(in, DoubleNdArray.TYPE).getDouble()).isEqualTo(2.5);
    assertThat(in.read()).isEqualTo('!');
  }

  @Test
  void dataLargerThanOneChunk() throws IOException {
    // 100 000 doubles = 800 000 bytes, many 64 KiB chunks; the last chunk is partial
    double[] values = new double[100_000];
    for (int i = 0; i < values.length; i++) {
      values[i] = i * 0.5 - 7;
    }
    DoubleNdArray a = DoubleNdArray.wrap(Shape.of(400, 250), values);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Npy.write(a.slice("::-1"), out);
    DoubleNdArray back = (DoubleNdArray) Npy.read(new ByteArrayInputStream(out.toByteArray()));
    assertThat(back).isEqualTo(a.slice("::-1"));
    assertThat(back.getDouble(0, 0)).isEqualTo(399 * 250 * 0.5 - 7);
  }
}
