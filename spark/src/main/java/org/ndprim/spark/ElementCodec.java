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
   * carrier ({@code short[]}, {@code float[]}, ...; complex interleaved).
   */
  Object decode(byte[] bytes, int elements) {
    NdArray file = fileType.wrap(Shape.of(elements), ByteBuffer.wrap(bytes, 0, elements * itemSize()).order(byteOrder()));
    return toCarrier(file);
  }

  /** A storage array of the carrier holding any array of the file's type, in C order. */
  Object toCarrier(NdArray file) {
    NdArray c = file.scalarType() == carrier ? file : file.astype(carrier);
    return c.toStorageArray();
  }

  /**
   * Spark's array of the {@code count} elements from element {@code from} of a carrier storage
   * array ({@code from} and {@code count} in elements; a complex element is two values).
   */
  ArrayData arrayData(Object storage, int from, int count) {
    int n = count * slots();
    int start = from * slots();
    if (storage instanceof long[] && carrier == UInt64NdArray.TYPE) {
      long[] bits = (long[]) storage;
      Object[] values = new Object[n];
      for (int i = 0; i < n; i++) {
        long v = bits[start + i];
        BigInteger b = BigInteger.valueOf(v);
        values[i] = Decimal.apply(new BigDecimal(v < 0 ? b.add(TWO_64) : b), 20, 0);
      }
      return new GenericArrayData(values);
    }
    int size;
    long base;
    if (storage instanceof boolean[]) {
      size = 1;
      base = Platform.BOOLEAN_ARRAY_OFFSET;
    } else if (storage instanceof byte[]) {
      size = 1;
      base = Platform.BYTE_ARRAY_OFFSET;
    } else if (storage instanceof short[]) {
      size = 2;
      base = Platform.SHORT_ARRAY_OFFSET;
    } else if (storage instanceof int[]) {
      size = 4;
      base = Platform.INT_ARRAY_OFFSET;
    } else if (storage instanceof long[]) {
      size = 8;
      base = Platform.LONG_ARRAY_OFFSET;
    } else if (storage instanceof float[]) {
      size = 4;
      base = Platform.FLOAT_ARRAY_OFFSET;
    } else {
      size = 8;
      base = Platform.DOUBLE_ARRAY_OFFSET;
    }
    return UnsafeArrayData.fromPrimitiveArray(storage, (int) (base + (long) start * size), n, size);
  }

  /**
   * The carrier array (flat, {@code elements} long) of a Spark array.
   *
   * @throws IllegalArgumentException if it has another length, or a null
   */
  NdArray fromArrayData(ArrayData data, long elements, String where) {
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
    Shape shape = Shape.of(elements);
    if (carrier == UInt64NdArray.TYPE) {
      long[] bits = new long[(int) n];
      for (int i = 0; i < n; i++) {
        BigInteger v = data.getDecimal(i, 20, 0).toJavaBigDecimal().toBigIntegerExact();
        if (v.signum() < 0 || v.bitLength() > 64) {
          throw new IllegalArgumentException(where + ": value " + v + " is out of uint64's range");
        }
        bits[i] = v.longValue();
      }
      return carrier.wrapStorage(shape, bits);
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
    return carrier.wrapStorage(shape, storage);
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
