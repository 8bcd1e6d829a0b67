package org.ndprim.spark;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.unsafe.Platform;
import org.ndprim.BFloat16NdArray;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
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
import org.ndprim.io.Npy;

/**
 * How the elements of one NumPy dtype travel between a {@code .npy} file and a Spark array column:
 * the file's ndprim type, the <em>carrier</em> (the ndprim type whose Java storage array is what
 * Spark stores: {@code short[]} for {@code ShortType}, ...) and the Spark element type. Decoding
 * and encoding are ndprim casts ({@code astype}) and copies, so the byte order and the
 * conversions have their one home in ndprim.
 */
final class ElementCodec implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Spark's type for NumPy's {@code uint64}, as Spark's Parquet reader maps {@code UINT_64}. */
  static final DecimalType UINT64 = DataTypes.createDecimalType(20, 0);

  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

  /** The normalised dtype, e.g. {@code "<u2"}, {@code ">f8"}, {@code "<V2"} (bfloat16). */
  final String dtype;
  private final transient ScalarType<?> fileType;
  private final transient ScalarType<?> carrier;
  private final boolean bigEndian;

  private ElementCodec(String dtype, ScalarType<?> fileType) {
    this.dtype = dtype;
    this.fileType = fileType;
    this.carrier = carrierOf(fileType);
    this.bigEndian = dtype.charAt(0) == '>';
  }

  /**
   * The codec of a dtype as {@code NpyHeader.dtype()} gives it.
   *
   * @throws IllegalArgumentException if ndprim has no built-in type for it
   */
  static ElementCodec of(String dtype) {
    ScalarType<?> t = Npy.builtInType(dtype).orElseThrow(() -> new IllegalArgumentException(
        "dtype '" + dtype + "' has no Spark mapping: the source reads " + Npy.builtInDtypes()
            + " in either byte order"));
    return new ElementCodec(dtype, t);
  }

  private Object readResolve() {
    return of(dtype);
  }

  private static ScalarType<?> carrierOf(ScalarType<?> t) {
    if (t == UInt8NdArray.TYPE) {
      return ShortNdArray.TYPE;
    } else if (t == UInt16NdArray.TYPE) {
      return IntNdArray.TYPE;
    } else if (t == UInt32NdArray.TYPE) {
      return LongNdArray.TYPE;
    } else if (t == Float16NdArray.TYPE || t == BFloat16NdArray.TYPE) {
      return FloatNdArray.TYPE;
    }
    return t; // Boolean, Byte, Short, Int, Long, UInt64 (bits in a long[]), Float, Double, complex
  }

  /** {@return the Spark type of one stored value} Complex numbers are two values. */
  DataType sparkElementType() {
    return sparkElementType(carrier);
  }

  static DataType sparkElementType(ScalarType<?> carrier) {
    if (carrier == BooleanNdArray.TYPE) {
      return DataTypes.BooleanType;
    } else if (carrier == ByteNdArray.TYPE) {
      return DataTypes.ByteType;
    } else if (carrier == ShortNdArray.TYPE) {
      return DataTypes.ShortType;
    } else if (carrier == IntNdArray.TYPE) {
      return DataTypes.IntegerType;
    } else if (carrier == LongNdArray.TYPE) {
      return DataTypes.LongType;
    } else if (carrier == UInt64NdArray.TYPE) {
      return UINT64;
    } else if (carrier == FloatNdArray.TYPE || carrier == Complex64NdArray.TYPE) {
      return DataTypes.FloatType;
    } else if (carrier == DoubleNdArray.TYPE || carrier == Complex128NdArray.TYPE) {
      return DataTypes.DoubleType;
    }
    throw new IllegalStateException("no Spark type for " + carrier);
  }

  /** The dtype written for a Spark element type when the column carries none. */
  static String defaultDtype(DataType element) {
    if (element.equals(DataTypes.BooleanType)) {
      return "|b1";
    } else if (element.equals(DataTypes.ByteType)) {
      return "|i1";
    } else if (element.equals(DataTypes.ShortType)) {
      return "<i2";
    } else if (element.equals(DataTypes.IntegerType)) {
      return "<i4";
    } else if (element.equals(DataTypes.LongType)) {
      return "<i8";
    } else if (element.equals(DataTypes.FloatType)) {
      return "<f4";
    } else if (element.equals(DataTypes.DoubleType)) {
      return "<f8";
    } else if (element.equals(UINT64)) {
      return "<u8";
    }
    throw new IllegalArgumentException("cannot write an array of " + element.simpleString()
        + " as .npy: the element type must be boolean, tinyint, smallint, int, bigint, float,"
        + " double or decimal(20,0)");
  }

  /** {@return the ndprim type of the file's elements} */
  ScalarType<?> fileType() {
    return fileType;
  }

  /** {@return the ndprim type holding the values as Spark stores them} */
  ScalarType<?> carrier() {
    return carrier;
  }

  ByteOrder byteOrder() {
    return bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
  }

  /** {@return the item size in the file} */
  int itemSize() {
    return fileType.itemSize();
  }

  /** {@return Spark values per element: 2 for complex (real, imaginary), else 1} */
  int slots() {
    return carrier.slots();
  }

  /**
   * Decodes {@code elements} file elements from {@code bytes[0..]} into a new storage array of the
   * carrier ({@code short[]}, {@code float[]}, ...; complex interleaved), or returns {@code bytes}
   * themselves when they are the carrier's values already ({@link #raw()}).
   */
  Object decode(byte[] bytes, int elements) {
    if (raw()) {
      return bytes;
    }
    NdArray file = fileType.wrap(Shape.of(elements), ByteBuffer.wrap(bytes, 0, elements * itemSize()).order(byteOrder()));
    return toCarrier(file);
  }

  /** A storage array of the carrier holding any array of the file's type, in C order. */
  Object toCarrier(NdArray file) {
    NdArray c = file.scalarType() == carrier ? file : file.astype(carrier);
    return c.toStorageArray();
  }

  /**
   * Whether the file's bytes already are Spark's values: the carrier is the file's type (no
   * widening), stored in the machine's byte order, and not {@code bool} (whose bytes other than 0
   * and 1 must become {@code true}) nor {@code uint64} (a decimal in Spark). Such rows are copied
   * from the bytes read straight into Spark's array, with no decoding.
   */
  boolean raw() {
    return carrier == fileType && carrier != BooleanNdArray.TYPE && carrier != UInt64NdArray.TYPE
        && (itemSize() == 1 || byteOrder() == ByteOrder.nativeOrder());
  }

  /** {@return the bytes of one Spark value: a complex element is two} */
  int valueSize() {
    return carrier.itemSize() / carrier.slots();
  }

  /** {@return the offset of element 0 of a carrier storage array, or of a {@code byte[]}, for {@code Platform}} */
  static long baseOffset(Object storage) {
    if (storage instanceof boolean[]) {
      return Platform.BOOLEAN_ARRAY_OFFSET;
    } else if (storage instanceof byte[]) {
      return Platform.BYTE_ARRAY_OFFSET;
    } else if (storage instanceof short[]) {
      return Platform.SHORT_ARRAY_OFFSET;
    } else if (storage instanceof int[]) {
      return Platform.INT_ARRAY_OFFSET;
    } else if (storage instanceof long[]) {
      return Platform.LONG_ARRAY_OFFSET;
    } else if (storage instanceof float[]) {
      return Platform.FLOAT_ARRAY_OFFSET;
    }
    return Platform.DOUBLE_ARRAY_OFFSET;
  }

  /**
   * A reusable Spark array of one row of {@code elements} elements: {@link RowArray#fill} copies a
   * row into it. Null for {@code uint64}, whose values are decimals: see {@link #decimals}.
   */
  RowArray rowArray(int elements) {
    return carrier == UInt64NdArray.TYPE ? null : new RowArray(Math.multiplyExact(elements, slots()), valueSize());
  }

  /** Spark's decimals of the {@code count} {@code uint64} values from {@code from} of their bits. */
  static ArrayData decimals(long[] bits, int from, int count) {
    Object[] values = new Object[count];
    for (int i = 0; i < count; i++) {
      values[i] = uint64Decimal(bits[from + i]);
    }
    return new GenericArrayData(values);
  }

  /** Spark's decimal of the {@code uint64} whose bits are {@code v}. */
  static Decimal uint64Decimal(long v) {
    BigInteger b = BigInteger.valueOf(v);
    return Decimal.apply(new BigDecimal(v < 0 ? b.add(TWO_64) : b), 20, 0);
  }

  /**
   * One buffer in the layout of Spark's {@code UnsafeArrayData} (the value count, a null bitmap
   * of zeros, the values) holding one row at a time, so that a row costs one copy of its values
   * and no allocation. The array returned by {@link #fill} is the same object each time: Spark
   * copies a scan's rows (its unsafe projection) before the reader moves on.
   */
  static final class RowArray {
    private final int values;
    private final int valueSize;
    private final long dataOffset;
    private final byte[] buffer;
    private final UnsafeArrayData array = new UnsafeArrayData();

    RowArray(int values, int valueSize) {
      this.values = values;
      this.valueSize = valueSize;
      int header = UnsafeArrayData.calculateHeaderPortionInBytes(values);
      long data = ((long) values * valueSize + 7) / 8 * 8;
      this.buffer = new byte[Math.toIntExact(header + data)];
      this.dataOffset = Platform.BYTE_ARRAY_OFFSET + header;
      Platform.putLong(buffer, Platform.BYTE_ARRAY_OFFSET, values);
      array.pointTo(buffer, Platform.BYTE_ARRAY_OFFSET, buffer.length);
    }

    /**
     * Copies the row's values from {@code source} (a Java array, {@code offset} as {@code
     * Platform} counts it) and returns the array holding them.
     */
    UnsafeArrayData fill(Object source, long offset) {
      Platform.copyMemory(source, offset, buffer, dataOffset, (long) values * valueSize);
      return array;
    }

    /** Copies the row's values from {@code source}, at byte {@code index}, and returns the array holding them. */
    UnsafeArrayData fill(ByteBuffer source, int index) {
      source.get(index, buffer, (int) (dataOffset - Platform.BYTE_ARRAY_OFFSET), values * valueSize);
      return array;
    }
  }

  /**
   * The carrier array (flat, {@code elements} long) of a Spark array.
   *
   * @throws IllegalArgumentException if it has another length, or a null
   */
  NdArray fromArrayData(ArrayData data, long elements, String where) {
    return carrier.wrapStorage(Shape.of(elements), carrierStorage(data, elements, where));
  }

  /**
   * The carrier storage array ({@code short[]}, {@code float[]}, ...; {@code long[]} of bits for
   * {@code uint64}) of a Spark array of {@code elements} elements: a new array.
   *
   * @throws IllegalArgumentException if it has another length, or a null
   */
  Object carrierStorage(ArrayData data, long elements, String where) {
    long n = elements * slots();
    if (data.numElements() != n) {
      throw new IllegalArgumentException(where + ": the array has " + data.numElements()
          + " values, the row shape needs " + n);
    }
    for (int i = 0; i < n; i++) {
      if (data.isNullAt(i)) {
        throw new IllegalArgumentException(where + ": value " + i + " of the array is null, which .npy cannot hold");
      }
    }
    if (carrier == UInt64NdArray.TYPE) {
      long[] bits = new long[(int) n];
      for (int i = 0; i < n; i++) {
        BigInteger v = data.getDecimal(i, 20, 0).toJavaBigDecimal().toBigIntegerExact();
        if (v.signum() < 0 || v.bitLength() > 64) {
          throw new IllegalArgumentException(where + ": value " + v + " is out of uint64's range");
        }
        bits[i] = v.longValue();
      }
      return bits;
    }
    Object storage;
    if (carrier == BooleanNdArray.TYPE) {
      storage = data.toBooleanArray();
    } else if (carrier == ByteNdArray.TYPE) {
      storage = data.toByteArray();
    } else if (carrier == ShortNdArray.TYPE) {
      storage = data.toShortArray();
    } else if (carrier == IntNdArray.TYPE) {
      storage = data.toIntArray();
    } else if (carrier == LongNdArray.TYPE) {
      storage = data.toLongArray();
    } else if (carrier == FloatNdArray.TYPE || carrier == Complex64NdArray.TYPE) {
      storage = data.toFloatArray();
    } else {
      storage = data.toDoubleArray();
    }
    return storage;
  }

  /**
   * Encodes a carrier array into {@code out} (positioned, {@code elements * itemSize()} bytes
   * remaining) as the file's type in the file's byte order: NumPy's {@code astype}.
   */
  void encode(NdArray carried, byte[] out, int offset) {
    int bytes = Math.toIntExact(carried.size() * itemSize());
    NdArray target = fileType.wrap(carried.shape(), ByteBuffer.wrap(out, offset, bytes).slice().order(byteOrder()));
    NdArray source = carried.scalarType() == fileType ? carried : carried.astype(fileType);
    fileType.copy(source, target);
  }
}
