package org.ndprim.spark;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.UInt64NdArray;
import org.ndprim.io.Npy;

/**
 * ndprim inside the executors: stacks the array column of a partition's rows into one ndprim
 * array of shape {@code (rows, *rowShape)}, and splits an array back into row values, e.g. in
 * {@code mapPartitions}.
 *
 * <p>The column is described by its {@link StructField}: the element type, and the NumPy dtype
 * and row shape in its metadata ({@value NpyDataSource#DTYPE_METADATA},
 * {@value NpyDataSource#SHAPE_METADATA}) as the {@code npy} source sets them. Without metadata
 * the dtype is the element type's ({@code float}&rarr;{@code <f4}, ...) and the row shape is
 * {@code [length]}.
 *
 * <p>The result is of the column's dtype ({@code UInt8NdArray} for {@code |u1}, ...), over a
 * Java array: the values are copied once from Spark's rows (a {@code Row} holds boxed values, so
 * there is nothing to share).
 */
public final class NdRows {
  private NdRows() {}

  /**
   * Stacks the values of {@code field}'s column of {@code rows} into one array.
   *
   * @param rows the rows, e.g. a partition's iterator in {@code mapPartitions}; consumed. A row
   *     with a schema gives the column by {@code field}'s name; one without (e.g. made by
   *     {@code RowFactory}) must have the array as its only column
   * @param field the array column, as in the rows' schema ({@code df.schema().apply(name)})
   * @return a new C-order array of shape {@code (rows, *rowShape)} of the dtype's built-in type
   * @throws IllegalArgumentException if the field is not an array column the source maps, a row's
   *     array is null or has another length than the row shape needs
   */
  public static NdArray stack(Iterator<Row> rows, StructField field) {
    Objects.requireNonNull(rows, "rows");
    ElementCodec codec = codec(field);
    long[] rowShape = rowShape(field);
    List<List<Object>> values = new ArrayList<>();
    while (rows.hasNext()) {
      Row row = rows.next();
      int i = row.schema() != null ? row.fieldIndex(field.name()) : row.length() == 1 ? 0 : -1;
      if (i < 0) {
        throw new IllegalArgumentException("rows without a schema must have one column, the array; this one has " + row.length());
      }
      if (row.isNullAt(i)) {
        throw new IllegalArgumentException("column '" + field.name() + "', row " + values.size() + ": the array is null");
      }
      Object v = row.get(i);
      @SuppressWarnings("unchecked")
      List<Object> list = v instanceof List<?> l ? (List<Object>) l : row.getList(i); // RowFactory's or Spark's
      values.add(list);
    }
    if (rowShape == null) {
      rowShape = new long[] {values.isEmpty() ? 0 : values.get(0).size() / codec.slots()};
    }
    long rowElements = Shape.of(rowShape).size();
    int perRow = Math.toIntExact(rowElements * codec.slots());
    ScalarType<?> carrier = codec.carrier();
    Class<?> storageType = carrier.storageType();
    Object storage = Array.newInstance(storageType, Math.multiplyExact(values.size(), perRow));
    for (int r = 0; r < values.size(); r++) {
      List<Object> row = values.get(r);
      if (row.size() != perRow) {
        throw new IllegalArgumentException("column '" + field.name() + "', row " + r + ": the array has "
            + row.size() + " values, the row shape " + java.util.Arrays.toString(rowShape) + " needs " + perRow);
      }
      for (int k = 0; k < perRow; k++) {
        Object v = row.get(k);
        if (v == null) {
          throw new IllegalArgumentException("column '" + field.name() + "', row " + r + ": value " + k + " is null");
        }
        if (carrier == UInt64NdArray.TYPE) {
          Array.setLong(storage, r * perRow + k, ((BigDecimal) v).toBigIntegerExact().longValue());
        } else {
          Array.set(storage, r * perRow + k, v);
        }
      }
    }
    long[] dims = new long[rowShape.length + 1];
    dims[0] = values.size();
    System.arraycopy(rowShape, 0, dims, 1, rowShape.length);
    NdArray carried = carrier.wrapStorage(Shape.of(dims), storage);
    return carrier == codec.fileType() ? carried : carried.astype(codec.fileType());
  }

  /**
   * Splits an array along its first axis into the values of an array column: one Java list per
   * index of the first axis, each the row flattened in C order as the {@code npy} source gives it
   * ({@code uint8} as {@code Short}, {@code uint64} as {@code BigDecimal}, complex numbers as
   * real and imaginary parts, ...). With {@link #field} they make rows of a DataFrame the
   * {@code npy} writer writes back as {@code array}.
   *
   * @param array an array of rank at least 1, of a built-in type
   * @return the rows' values
   * @throws IllegalArgumentException if the array is 0-d or its type has no Spark mapping
   */
  public static List<List<Object>> unstack(NdArray array) {
    ElementCodec codec = codecOf(array);
    long rows = array.shape().dim(0);
    int perRow = Math.toIntExact(Shape.of(rowShapeOf(array)).size() * codec.slots());
    Object storage = codec.toCarrier(array);
    List<List<Object>> out = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      List<Object> row = new ArrayList<>(perRow);
      for (int k = 0; k < perRow; k++) {
        int at = r * perRow + k;
        if (codec.carrier() == UInt64NdArray.TYPE) {
          row.add(new BigDecimal(Long.toUnsignedString(Array.getLong(storage, at))));
        } else {
          row.add(Array.get(storage, at));
        }
      }
      out.add(row);
    }
    return out;
  }

  /**
   * The field of an array column holding the rows of {@code array} ({@link #unstack}): its
   * Spark type, and its dtype (little-endian) and row shape in the metadata.
   *
   * @param name the column's name
   * @param array an array of rank at least 1, of a built-in type
   * @return the field
   */
  public static StructField field(String name, NdArray array) {
    ElementCodec codec = codecOf(array);
    Metadata md = new MetadataBuilder().putString(NpyDataSource.DTYPE_METADATA, codec.dtype)
        .putLongArray(NpyDataSource.SHAPE_METADATA, rowShapeOf(array)).build();
    return DataTypes.createStructField(name, DataTypes.createArrayType(codec.sparkElementType(), false), false, md);
  }

  private static ElementCodec codecOf(NdArray array) {
    Objects.requireNonNull(array, "array");
    if (array.rank() == 0) {
      throw new IllegalArgumentException("a 0-d array has no rows");
    }
    String dtype = array.scalarType().dtype();
    if (Npy.builtInType(dtype).orElse(null) != array.scalarType()) {
      throw new IllegalArgumentException(array.scalarType().name() + " arrays have no Spark mapping");
    }
    return ElementCodec.of(dtype);
  }

  private static long[] rowShapeOf(NdArray array) {
    long[] dims = array.shape().asArray();
    return java.util.Arrays.copyOfRange(dims, 1, dims.length);
  }

  private static ElementCodec codec(StructField field) {
    Objects.requireNonNull(field, "field");
    if (!(field.dataType() instanceof ArrayType t)) {
      throw new IllegalArgumentException("column '" + field.name() + "' is not an array column: " + field.dataType().simpleString());
    }
    Metadata md = field.metadata();
    String dtype = md.contains(NpyDataSource.DTYPE_METADATA) ? md.getString(NpyDataSource.DTYPE_METADATA)
        : ElementCodec.defaultDtype(t.elementType());
    ElementCodec codec = ElementCodec.of(dtype);
    if (!codec.sparkElementType().equals(t.elementType())) {
      throw new IllegalArgumentException("column '" + field.name() + "' holds " + t.elementType().simpleString()
          + ", but its dtype '" + dtype + "' is read as " + codec.sparkElementType().simpleString());
    }
    return codec;
  }

  private static long[] rowShape(StructField field) {
    Metadata md = field.metadata();
    return md.contains(NpyDataSource.SHAPE_METADATA) ? md.getLongArray(NpyDataSource.SHAPE_METADATA) : null;
  }
}
