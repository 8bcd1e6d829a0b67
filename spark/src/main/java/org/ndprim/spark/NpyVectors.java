package org.ndprim.spark;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The read-only {@link ColumnVector}s of the columnar reader: none copies a value. The array
 * columns' values are served from where the reader has them: the mapped window of the file (raw
 * values, {@link ElementCodec#raw()}), the bytes read, or the carrier array decoded from them.
 */
final class NpyVectors {
  private NpyVectors() {}

  /** A vector whose every getter but a few is unsupported: the base of the vectors below. */
  private abstract static class ReadOnly extends ColumnVector {
    ReadOnly(DataType type) {
      super(type);
    }

    private UnsupportedOperationException unsupported() {
      return new UnsupportedOperationException("a " + type.simpleString() + " column of the npy source");
    }

    @Override
    public void close() {}

    @Override
    public boolean hasNull() {
      return false;
    }

    @Override
    public int numNulls() {
      return 0;
    }

    @Override
    public boolean isNullAt(int rowId) {
      return false;
    }

    @Override
    public boolean getBoolean(int rowId) {
      throw unsupported();
    }

    @Override
    public byte getByte(int rowId) {
      throw unsupported();
    }

    @Override
    public short getShort(int rowId) {
      throw unsupported();
    }

    @Override
    public int getInt(int rowId) {
      throw unsupported();
    }

    @Override
    public long getLong(int rowId) {
      throw unsupported();
    }

    @Override
    public float getFloat(int rowId) {
      throw unsupported();
    }

    @Override
    public double getDouble(int rowId) {
      throw unsupported();
    }

    @Override
    public ColumnarArray getArray(int rowId) {
      throw unsupported();
    }

    @Override
    public ColumnarMap getMap(int ordinal) {
      throw unsupported();
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
      throw unsupported();
    }

    @Override
    public UTF8String getUTF8String(int rowId) {
      throw unsupported();
    }

    @Override
    public byte[] getBinary(int rowId) {
      throw unsupported();
    }

    @Override
    public ColumnVector getChild(int ordinal) {
      throw unsupported();
    }
  }

  /** The {@code path} column: the same string in every row. */
  static final class PathVector extends ReadOnly {
    private final UTF8String path;

    PathVector(UTF8String path) {
      super(DataTypes.StringType);
      this.path = path;
    }

    @Override
    public UTF8String getUTF8String(int rowId) {
      return path;
    }
  }

  /** The {@code index} column: row {@code r} of the batch is index {@code start + r}. */
  static final class IndexVector extends ReadOnly {
    long start;

    IndexVector() {
      super(DataTypes.LongType);
    }

    @Override
    public long getLong(int rowId) {
      return start + rowId;
    }

    @Override
    public long[] getLongs(int rowId, int count) {
      long[] out = new long[count];
      for (int i = 0; i < count; i++) {
        out[i] = start + rowId + i;
      }
      return out;
    }
  }

  /**
   * An array column: row {@code r} is values {@code [r × rowValues, (r + 1) × rowValues)} of its
   * child, the elements of an array of shape {@code rowShape} in C order.
   */
  static final class ArrayVector extends ReadOnly {
    private final Values values;
    private final int rowValues;
    private final long[] rowShape;

    ArrayVector(ArrayType type, ElementCodec codec, long[] rowShape, int rowValues) {
      super(type);
      this.values = new Values(type.elementType(), codec);
      this.rowShape = rowShape.clone();
      this.rowValues = rowValues;
    }

    /** {@return the shape of one row: the file's, or the array's of {@link NdRows#vector}} */
    long[] rowShape() {
      return rowShape.clone();
    }

    Values values() {
      return values;
    }

    /** {@return the values of one row: elements times {@link ElementCodec#slots()}} */
    int rowValues() {
      return rowValues;
    }

    @Override
    public ColumnarArray getArray(int rowId) {
      return new ColumnarArray(values, rowId * rowValues, rowValues);
    }

    @Override
    public ColumnVector getChild(int ordinal) {
      return values;
    }
  }

  /**
   * The values of an array column's rows in a batch, value {@code i} at byte {@code base + i ×
   * value size} of a buffer in the machine's byte order (raw values), or at index {@code i} of a
   * carrier storage array ({@code boolean[]}, {@code short[]}, ...; {@code long[]} of
   * {@code uint64} bits, served as decimals).
   */
  static final class Values extends ReadOnly {
    private final ElementCodec codec;
    private ByteBuffer bytes;
    private int base;
    private Object array;
    private java.util.function.Supplier<org.ndprim.NdArray> view;

    Values(DataType type, ElementCodec codec) {
      super(type);
      this.codec = codec;
    }

    ElementCodec codec() {
      return codec;
    }

    /** {@return the carrier storage array the values are served from, or null when they are in bytes} */
    Object storage() {
      return array;
    }

    /**
     * Sets where {@link #view()} finds the values as an ndprim array of the file's type, without
     * copying: until the next batch, {@code view} gives the flat array of the batch's elements.
     */
    void viewFrom(java.util.function.Supplier<org.ndprim.NdArray> view) {
      this.view = view;
    }

    /**
     * {@return the batch's elements as a flat ndprim array of the file's type sharing the
     * reader's memory, or null where the values have no such home (an array {@link
     * org.ndprim.spark.NdRows#vector made from ndprim})}
     */
    org.ndprim.NdArray view() {
      return view == null ? null : view.get();
    }

    /** Serves the values from {@code buffer}, value 0 at byte {@code base}. */
    void pointTo(ByteBuffer buffer, int base) {
      this.bytes = buffer.order() == ByteOrder.nativeOrder() ? buffer : buffer.duplicate().order(ByteOrder.nativeOrder());
      this.base = base;
      this.array = null;
    }

    /** Serves the values from a carrier storage array, value 0 at index 0. */
    void pointTo(Object storage) {
      this.array = storage;
      this.bytes = null;
      this.base = 0;
    }

    @Override
    public boolean getBoolean(int i) {
      return ((boolean[]) array)[i];
    }

    @Override
    public byte getByte(int i) {
      return bytes != null ? bytes.get(base + i) : ((byte[]) array)[i];
    }

    @Override
    public short getShort(int i) {
      return bytes != null ? bytes.getShort(base + 2 * i) : ((short[]) array)[i];
    }

    @Override
    public int getInt(int i) {
      return bytes != null ? bytes.getInt(base + 4 * i) : ((int[]) array)[i];
    }

    @Override
    public long getLong(int i) {
      return bytes != null ? bytes.getLong(base + 8 * i) : ((long[]) array)[i];
    }

    @Override
    public float getFloat(int i) {
      return bytes != null ? bytes.getFloat(base + 4 * i) : ((float[]) array)[i];
    }

    @Override
    public double getDouble(int i) {
      return bytes != null ? bytes.getDouble(base + 8 * i) : ((double[]) array)[i];
    }

    @Override
    public Decimal getDecimal(int i, int precision, int scale) {
      return ElementCodec.uint64Decimal(((long[]) array)[i]);
    }

    // bulk copies, used by ColumnarArray.toFloatArray() and the like

    @Override
    public short[] getShorts(int i, int count) {
      short[] out = new short[count];
      if (bytes != null) {
        bytes.slice(base, bytes.limit() - base).order(bytes.order()).asShortBuffer().get(i, out);
      } else {
        System.arraycopy(array, i, out, 0, count);
      }
      return out;
    }

    @Override
    public int[] getInts(int i, int count) {
      int[] out = new int[count];
      if (bytes != null) {
        bytes.slice(base, bytes.limit() - base).order(bytes.order()).asIntBuffer().get(i, out);
      } else {
        System.arraycopy(array, i, out, 0, count);
      }
      return out;
    }

    @Override
    public long[] getLongs(int i, int count) {
      long[] out = new long[count];
      if (bytes != null) {
        bytes.slice(base, bytes.limit() - base).order(bytes.order()).asLongBuffer().get(i, out);
      } else {
        System.arraycopy(array, i, out, 0, count);
      }
      return out;
    }

    @Override
    public float[] getFloats(int i, int count) {
      float[] out = new float[count];
      if (bytes != null) {
        bytes.slice(base, bytes.limit() - base).order(bytes.order()).asFloatBuffer().get(i, out);
      } else {
        System.arraycopy(array, i, out, 0, count);
      }
      return out;
    }

    @Override
    public double[] getDoubles(int i, int count) {
      double[] out = new double[count];
      if (bytes != null) {
        bytes.slice(base, bytes.limit() - base).order(bytes.order()).asDoubleBuffer().get(i, out);
      } else {
        System.arraycopy(array, i, out, 0, count);
      }
      return out;
    }

    @Override
    public String toString() {
      return "npy values of " + codec.dtype;
    }
  }
}
