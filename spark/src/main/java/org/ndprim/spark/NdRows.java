package org.ndprim.spark;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.execution.ColumnarToRowExec;
import org.apache.spark.sql.execution.InputAdapter;
import org.apache.spark.sql.execution.ProjectExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.WholeStageCodegenExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarBatch;
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
 * <p>The result is of the column's dtype ({@code UInt8NdArray} for {@code |u1}, ...). From
 * Spark's rows it is over a Java array: the values are copied once (a {@code Row} holds boxed
 * values, so there is nothing to share). From a {@link ColumnarBatch} of the source's columnar
 * reader ({@link #stack(ColumnarBatch, int, StructField)}) it is a read-only view of the memory
 * the batch serves its values from, without copying.
 *
 * <p>{@link #mapArrays} applies a function to a DataFrame's array column as ndprim arrays of
 * consecutive rows, batch by batch: views of the columnar reader's batches, without a copy, when
 * the DataFrame is a plain columnar scan of this source, else stacked copies of its rows.
 *
 * <p>The way back: {@link #unstack} and {@link #field} give rows and their field;
 * {@link #vector} and {@link #batch} a {@link ColumnVector} and a {@link ColumnarBatch}.
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
   * @throws IllegalArgumentException if the field is not an array column the source maps, its
   *     metadata is of the wrong type (the dtype not a string, the row shape not a long array),
   *     the row shape has a negative length or more values than a Java array holds, a row's
   *     array is null or has another length than the row shape needs, or the result would need
   *     more than the maximum heap ({@link Runtime#maxMemory()})
   */
  public static NdArray stack(Iterator<Row> rows, StructField field) {
    Objects.requireNonNull(rows, "rows");
    ElementCodec codec = codec(field);
    long[] rowShape = rowShape(field, codec);
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
    int perRow = Math.toIntExact(rowElements * codec.slots()); // rowShape() checked the count
    ScalarType<?> carrier = codec.carrier();
    Object storage = allocate(codec, Shape.of(dims(values.size(), rowShape)), "column '" + field.name() + "'");
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
   * Stacks column {@code ordinal} of a columnar batch into one array of shape
   * {@code (batch.numRows(), *rowShape)} and of the column's dtype, e.g. over the batches of the
   * {@code npy} source's columnar reader ({@code option("columnar", "true")}) as a consumer of
   * batches gets them (a scan's {@code executeColumnar()}).
   *
   * <p><b>When it copies.</b> For a batch of the source's columnar reader the result is a
   * read-only view ({@link NdArray#isReadOnly()}), not a copy, of the memory the batch's vector
   * serves: the mapped window of the file (raw values of a local file), the bytes read from the
   * file (every other dtype and byte order of a splittable file: the view reads the file's
   * bytes, before the reader's decoding, in the file's byte order), or the array read whole
   * (Fortran-order files, deflated {@code .npz} members). Like the batch, the view is valid only
   * until the reader's next batch, which reuses the memory: {@code copy()} what must outlive it
   * (or be written). For a batch of {@link #batch} it is a read-only view of the vector's Java
   * array when the dtype is its own carrier (not widened: {@code int8}, {@code int16},
   * {@code int32}, {@code int64}, {@code uint64}, {@code float32}, {@code float64}, complex and
   * {@code bool}), and a converted, writable copy otherwise. Any other vector (e.g. Spark's
   * {@code OnHeapColumnVector} of another source) is copied once, a row at a time with its bulk
   * getters ({@code ColumnarArray.toFloatArray()}, ...), into a writable array.
   *
   * <p><b>The row shape.</b> A vector of this source's reader knows its rows' shape (the file's)
   * and one of {@link #vector} its array's: the field's row shape must be that one, not merely
   * have its element count (a field without {@value NpyDataSource#SHAPE_METADATA} metadata has
   * rows of shape {@code [length]}, so it fits only rows of rank 1). Any other vector has no row
   * shape: the field's is trusted, each row's array having the element count it needs (without
   * metadata, rows of shape {@code [length of row 0]}).
   *
   * @param batch the batch; its first {@code numRows()} rows are stacked
   * @param ordinal the column's position in the batch (as in the scan's schema)
   * @param field the column's field, as in the scan's schema ({@code df.schema().apply(name)}):
   *     its metadata gives the dtype and the row shape, as for {@link #stack(Iterator,
   *     StructField)}; for a vector of the source's reader or of {@link #vector} they must be the
   *     vector's
   * @return an array of shape {@code (numRows, *rowShape)} of the dtype's built-in type
   * @throws IllegalArgumentException if {@code ordinal} is not a column of the batch, the field
   *     is not an array column the source maps, its metadata is of the wrong type (the dtype not
   *     a string, the row shape not a long array), its row shape has a negative length or more
   *     values than a Java array holds, its element type or dtype is not the vector's, its row
   *     shape is not the vector's (vectors of this source's reader and of {@link #vector}), or
   *     (other vectors) a row's array is null, holds a null or has another length than the row
   *     shape needs, or the copy would need more than the maximum heap
   *     ({@link Runtime#maxMemory()})
   */
  public static NdArray stack(ColumnarBatch batch, int ordinal, StructField field) {
    Objects.requireNonNull(batch, "batch");
    ElementCodec codec = codec(field);
    if (ordinal < 0 || ordinal >= batch.numCols()) {
      throw new IllegalArgumentException("column " + ordinal + " of a batch of " + batch.numCols() + " columns");
    }
    ColumnVector vector = batch.column(ordinal);
    DataType element = ((ArrayType) field.dataType()).elementType();
    if (!(vector.dataType() instanceof ArrayType t) || !t.elementType().equals(element)) {
      throw new IllegalArgumentException("column '" + field.name() + "' is " + field.dataType().simpleString()
          + ", but column " + ordinal + " of the batch holds " + vector.dataType().simpleString());
    }
    int rows = batch.numRows();
    long[] rowShape = rowShape(field, codec);
    if (vector instanceof NpyVectors.ArrayVector mine) {
      NpyVectors.Values values = mine.values();
      if (!values.codec().dtype.equals(codec.dtype)) {
        throw new IllegalArgumentException("column '" + field.name() + "' has dtype '" + codec.dtype
            + "', but column " + ordinal + " of the batch holds '" + values.codec().dtype + "'");
      }
      int perRow = mine.rowValues();
      String given = "";
      if (rowShape == null) {
        rowShape = new long[] {perRow / codec.slots()};
        given = " (no '" + NpyDataSource.SHAPE_METADATA + "' metadata: rows of shape [length])";
      }
      if (!java.util.Arrays.equals(rowShape, mine.rowShape())) {
        throw new IllegalArgumentException("column '" + field.name() + "' has rows of shape " + java.util.Arrays.toString(rowShape)
            + given + ", but column " + ordinal + " of the batch has rows of shape " + java.util.Arrays.toString(mine.rowShape()));
      }
      long elements = (long) rows * (perRow / codec.slots());
      NdArray flat = values.view();
      boolean copied = false;
      if (flat == null) {
        // a vector of NdRows.vector: its carrier storage, converted if the dtype is not its own carrier
        Object storage = values.storage();
        long have = java.lang.reflect.Array.getLength(storage) / codec.slots();
        flat = codec.carrier().wrapStorage(Shape.of(have), storage);
      }
      if (flat.size() < elements) {
        throw new IllegalArgumentException("column " + ordinal + " of the batch holds " + flat.size()
            + " elements, fewer than its " + rows + " rows need");
      }
      NdArray stacked = flat.subarray(0, elements).reshape(Shape.of(dims(rows, rowShape)));
      if (flat.scalarType() != codec.fileType()) {
        return stacked.astype(codec.fileType()); // a converted copy: the caller's to write
      }
      // the vector's own memory: a write through the view would change (or, where the vector
      // serves decoded values, silently diverge from) what the batch shows
      return stacked.readOnly();
    }
    // another vector: copied a row at a time
    ScalarType<?> carrier = codec.carrier();
    if (rowShape == null) {
      rowShape = new long[] {rows == 0 || vector.isNullAt(0) ? 0 : vector.getArray(0).numElements() / codec.slots()};
    }
    long rowElements = Shape.of(rowShape).size();
    int perRow = Math.toIntExact(rowElements * codec.slots()); // rowShape() checked the count
    Object storage = allocate(codec, Shape.of(dims(rows, rowShape)), "column '" + field.name() + "'");
    for (int r = 0; r < rows; r++) {
      String where = "column '" + field.name() + "', row " + r;
      if (vector.isNullAt(r)) {
        throw new IllegalArgumentException(where + ": the array is null");
      }
      ColumnarArray row = vector.getArray(r);
      System.arraycopy(codec.carrierStorage(row, rowElements, where), 0, storage, r * perRow, perRow);
    }
    NdArray carried = carrier.wrapStorage(Shape.of(dims(rows, rowShape)), storage);
    return carrier == codec.fileType() ? carried : carried.astype(codec.fileType());
  }

  /** The most rows of an array {@link #mapArrays(Dataset, String, Function)} hands out: the columnar reader's default batch size. */
  public static final int MAP_ARRAYS_ROWS = NpyScanBuilder.BATCH_ROWS_DEFAULT;

  /**
   * {@link #mapArrays(Dataset, String, int, Function)} with arrays of at most {@value
   * #MAP_ARRAYS_ROWS} rows.
   *
   * @param df the DataFrame
   * @param column the array column's name, exactly as in {@code df.schema()}
   * @param fn the function, called once per array, in the executors
   * @param <R> the result type
   * @return one result per array
   */
  public static <R> JavaRDD<R> mapArrays(Dataset<Row> df, String column, Function<NdArray, R> fn) {
    return mapArrays(df, column, MAP_ARRAYS_ROWS, fn);
  }

  /**
   * Applies {@code fn} to the values of {@code df}'s array column {@code column} as ndprim arrays
   * of shape {@code (n, *rowShape)}, {@code 1 <= n <= maxRows}, of the column's dtype (as
   * {@link #stack(Iterator, StructField)} gives them): each array holds {@code n} consecutive
   * rows of one partition, in the partition's order, every row of {@code df} in exactly one
   * array. The result has one element per array, partitioned as the arrays' rows; how rows are
   * grouped into arrays is all that differs between the two ways below, so a result that does
   * not depend on the grouping (a sum of row sums, rows mapped one by one) is the same either way.
   * {@code fn} is never called with an empty array (an empty file or partition gives no result).
   *
   * <p><b>Without a copy</b>, when {@code df} is a plain scan of the {@code npy} source read with
   * {@code option("columnar", "true")}, possibly with columns selected
   * ({@code df.select("data")}; no filter, limit, alias, computed column, join or other operator
   * Spark runs after the scan): the scan's batches are run as batches (its
   * {@code executeColumnar()}, outside Spark's SQL execution tracking) and each batch's column,
   * stacked by {@link #stack(ColumnarBatch, int, StructField)}, is handed to {@code fn} in slices
   * of at most {@code maxRows} rows. Such an array is a <b>read-only view</b> of the memory the
   * reader serves the batch from (the mapped window of the file, the bytes read, ...), <b>valid
   * only during the call</b>: once {@code fn} returns, the reader moves on to its next batch,
   * which reuses that memory (a mapping may be released). {@code fn} must not return, keep or
   * hand to another thread the array or a view of it: {@code copy()} what must outlive the call.
   *
   * <p><b>Otherwise</b> (the row reader, filters Spark evaluates, any other source or plan), the
   * column is selected and each partition's rows (Spark's {@code Row}s) are stacked by {@link
   * #stack(Iterator, StructField)} in chunks of {@code maxRows} rows (the partition's last chunk
   * may hold fewer): each array is a new, writable copy, and at most one chunk of a task's rows
   * is held at a time. Each value is boxed in a {@code Row} and copied, so this is much slower
   * than the columnar way. The same rule holds: treat the array as valid only during the call.
   *
   * <p>The choice is made on the driver from {@code df}'s physical plan
   * ({@code df.queryExecution().executedPlan()}), which this method plans.
   *
   * @param df the DataFrame
   * @param column the array column's name, exactly (case-sensitively) as in {@code df.schema()}
   * @param maxRows the most rows of an array, positive: bounds the fallback's memory (a chunk of
   *     rows is boxed and then copied) and slices the columnar reader's batches (which hold at
   *     most its {@code columnarBatchSize} rows, default 4096)
   * @param fn the function, serializable and called in the executors, once per array, in the
   *     partition's order; an exception it throws fails the task (a checked one wrapped in a
   *     {@code RuntimeException})
   * @param <R> the result type
   * @return one result per array; lazy, as Spark's RDDs are: {@code fn} runs when an action runs
   * @throws IllegalArgumentException if {@code maxRows} is not positive, {@code df} has no column
   *     {@code column} or more than one, or the column is not an array column of a dtype the
   *     source maps (naming the column and its type), or its metadata is bad (as for {@link
   *     #stack(Iterator, StructField)}); errors in the values (a null array, a row of another
   *     length than the row shape) fail the task with the same messages as {@code stack}
   */
  public static <R> JavaRDD<R> mapArrays(Dataset<Row> df, String column, int maxRows, Function<NdArray, R> fn) {
    Objects.requireNonNull(df, "df");
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(fn, "fn");
    if (maxRows <= 0) {
      throw new IllegalArgumentException("maxRows must be positive: " + maxRows);
    }
    String[] names = df.schema().fieldNames();
    int at = -1;
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(column)) {
        if (at >= 0) {
          throw new IllegalArgumentException("column '" + column + "' is ambiguous: the DataFrame has two, in "
              + java.util.Arrays.toString(names));
        }
        at = i;
      }
    }
    if (at < 0) {
      throw new IllegalArgumentException("no column '" + column + "' among the DataFrame's columns " + java.util.Arrays.toString(names));
    }
    StructField field = df.schema().fields()[at];
    try { // on the driver: a column of the wrong type fails here, named with its type
      rowShape(field, codec(field));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("column '" + column + "' of type " + field.dataType().simpleString()
          + " is not an array column ndprim maps: " + e.getMessage(), e);
    }
    SparkPlan root = df.queryExecution().executedPlan();
    BatchScanExec scan = columnarScan(root);
    if (scan != null) {
      int ordinal = ordinalIn(scan, root.output().apply(at));
      if (ordinal >= 0) {
        int limit = maxRows;
        return scan.executeColumnar().toJavaRDD()
            .mapPartitions(batches -> new BatchArrays<>(batches, ordinal, field, limit, fn));
      }
    }
    // the column by its position, not its name: with spark.sql.caseSensitive off, a name that
    // matches one column exactly can still be ambiguous to Spark ("data" and "DATA")
    String[] positional = new String[names.length];
    for (int i = 0; i < names.length; i++) {
      positional[i] = "c" + i;
    }
    int limit = maxRows;
    return df.toDF(positional).select(org.apache.spark.sql.functions.col("c" + at).as(column))
        .javaRDD()
        .mapPartitions(rows -> new RowArrays<>(rows, field, limit, fn));
  }

  /**
   * The {@code npy} source's columnar scan under {@code plan} when the plan is only that scan, its
   * rows (Spark's {@code ColumnarToRowExec}, code generation's wrappers) and selections of its
   * columns: its batches are then exactly {@code plan}'s rows. Null for any other plan.
   */
  static BatchScanExec columnarScan(SparkPlan plan) {
    SparkPlan p = plan;
    boolean toRows = false;
    while (true) {
      if (p instanceof WholeStageCodegenExec w) {
        p = w.child();
      } else if (p instanceof InputAdapter a) {
        p = a.child();
      } else if (p instanceof ColumnarToRowExec c) {
        toRows = true;
        p = c.child();
      } else if (p instanceof ProjectExec project && onlyColumns(project)) {
        p = project.child();
      } else {
        break;
      }
    }
    if (toRows && p instanceof BatchScanExec scan && scan.scan() instanceof NpyScanBuilder.NpyScan
        && scan.supportsColumnar() && scan.runtimeFilters().isEmpty()) {
      return scan;
    }
    return null;
  }

  private static boolean onlyColumns(ProjectExec project) {
    for (NamedExpression e : scala.jdk.javaapi.CollectionConverters.asJava(project.projectList())) {
      if (!(e instanceof AttributeReference)) {
        return false;
      }
    }
    return true;
  }

  /** The position of {@code attribute} (by its id) in the scan's output, or -1. */
  private static int ordinalIn(BatchScanExec scan, Attribute attribute) {
    List<AttributeReference> output = scala.jdk.javaapi.CollectionConverters.asJava(scan.output());
    for (int i = 0; i < output.size(); i++) {
      if (output.get(i).exprId().equals(attribute.exprId())) {
        return i;
      }
    }
    return -1;
  }

  private static <R> R apply(Function<NdArray, R> fn, NdArray array) {
    try {
      return fn.call(array);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Exception e) {
      throw new RuntimeException(e);
    }
  }

  /**
   * {@code fn}'s results over a partition's batches, each batch's column stacked (a view) and
   * sliced into arrays of at most {@code maxRows} rows. Every result of a batch is computed
   * before the reader is asked for the next batch (which reuses the batch's memory).
   */
  private static final class BatchArrays<R> implements Iterator<R> {
    private final Iterator<ColumnarBatch> batches;
    private final int ordinal;
    private final StructField field;
    private final int maxRows;
    private final Function<NdArray, R> fn;
    private NdArray current;
    private long rows;
    private long at;

    BatchArrays(Iterator<ColumnarBatch> batches, int ordinal, StructField field, int maxRows, Function<NdArray, R> fn) {
      this.batches = batches;
      this.ordinal = ordinal;
      this.field = field;
      this.maxRows = maxRows;
      this.fn = fn;
    }

    @Override
    public boolean hasNext() {
      while (at >= rows) {
        current = null; // the previous batch's view: not used again
        if (!batches.hasNext()) {
          return false;
        }
        ColumnarBatch batch = batches.next();
        rows = batch.numRows();
        at = 0;
        if (rows > 0) {
          current = stack(batch, ordinal, field);
        }
      }
      return true;
    }

    @Override
    public R next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      long n = Math.min(maxRows, rows - at);
      NdArray array = at == 0 && n == rows ? current : current.subarray(at, at + n);
      at += n;
      return apply(fn, array);
    }
  }

  /** {@code fn}'s results over a partition's rows, stacked (copied) in chunks of at most {@code maxRows} rows. */
  private static final class RowArrays<R> implements Iterator<R> {
    private final Iterator<Row> rows;
    private final StructField field;
    private final int maxRows;
    private final Function<NdArray, R> fn;

    RowArrays(Iterator<Row> rows, StructField field, int maxRows, Function<NdArray, R> fn) {
      this.rows = rows;
      this.field = field;
      this.maxRows = maxRows;
      this.fn = fn;
    }

    @Override
    public boolean hasNext() {
      return rows.hasNext();
    }

    @Override
    public R next() {
      if (!rows.hasNext()) {
        throw new NoSuchElementException();
      }
      List<Row> chunk = new ArrayList<>(Math.min(maxRows, 1024));
      while (chunk.size() < maxRows && rows.hasNext()) {
        chunk.add(rows.next());
      }
      return apply(fn, stack(chunk.iterator(), field));
    }
  }

  /**
   * A column vector of {@code array}'s rows, as the {@code npy} source's columnar reader gives
   * them: row {@code r} (of {@code array.shape().dim(0)}) is {@code array[r]} flattened in C
   * order, of the type of {@link #field}{@code (name, array)} ({@code uint8} as {@code smallint},
   * complex numbers as real and imaginary parts, ...). The vector is read-only, holds no nulls,
   * and owns a copy of the values in the Spark type's Java array (ndprim does not lend its
   * storage), so it stays valid whatever happens to {@code array}; its {@code close()} does
   * nothing.
   *
   * @param array an array of rank at least 1, of a built-in type, of at most {@code
   *     Integer.MAX_VALUE - 8} values in all (a Java array holds them; complex numbers count 2)
   * @return the vector
   * @throws IllegalArgumentException if the array is 0-d, its type has no Spark mapping, it has
   *     more values or rows than a Java array holds, or the copy would need more than the maximum
   *     heap ({@link Runtime#maxMemory()}; checked before anything is allocated, e.g. for a
   *     large broadcast view: the message names the shape and the bytes)
   */
  public static ColumnVector vector(NdArray array) {
    ElementCodec codec = codecOf(array);
    long[] rowShape = rowShapeOf(array);
    long values = valuesOf(array.shape().asArray(), codec.slots());
    long rowValues = valuesOf(rowShape, codec.slots());
    if (values > MAX_VALUES || rowValues > MAX_VALUES || array.shape().dim(0) > MAX_VALUES) {
      throw new IllegalArgumentException("an array of shape " + array.shape() + " has "
          + (values == Long.MAX_VALUE ? "more than " + Long.MAX_VALUE : values) + " values in "
          + array.shape().dim(0) + " rows, more than a column vector holds (" + MAX_VALUES + ")");
    }
    requireHeap(codec, values, "a column vector of an array of shape " + array.shape());
    NpyVectors.ArrayVector v = new NpyVectors.ArrayVector(DataTypes.createArrayType(codec.sparkElementType(), false),
        codec, rowShape, (int) rowValues);
    try {
      v.values().pointTo(codec.toCarrier(array));
    } catch (OutOfMemoryError e) {
      throw tooLarge(codec, values, "a column vector of an array of shape " + array.shape(), "more than the Java heap has free");
    }
    return v;
  }

  /** The most values a Java array (a vector's, a stacked copy's) holds. */
  private static final long MAX_VALUES = Integer.MAX_VALUE - 8;

  /** {@return the values (elements times {@code slots}) of an array of these dims, or Long.MAX_VALUE when that overflows} */
  private static long valuesOf(long[] dims, int slots) {
    long n = slots;
    for (long d : dims) {
      if (d != 0 && n > Long.MAX_VALUE / d) {
        n = Long.MAX_VALUE; // a 0 later still makes it 0
      } else {
        n = n == Long.MAX_VALUE && d != 0 ? n : n * d;
      }
    }
    return n;
  }

  /**
   * Fails, before anything is allocated, when a carrier storage array of {@code values} values
   * (and its header) needs more than the maximum heap ({@link Runtime#maxMemory()}): an
   * allocation that could never succeed is an error naming it, not an OutOfMemoryError.
   */
  private static void requireHeap(ElementCodec codec, long values, String what) {
    long heap = Runtime.getRuntime().maxMemory();
    if (bytes(codec, values) > heap) {
      throw tooLarge(codec, values, what, "more than the maximum heap (" + heap + " bytes)");
    }
  }

  private static long bytes(ElementCodec codec, long values) {
    return values * codec.valueSize() + 16; // values <= MAX_VALUES, valueSize <= 8: no overflow
  }

  private static IllegalArgumentException tooLarge(ElementCodec codec, long values, String what, String why) {
    return new IllegalArgumentException(what + " (" + codec.dtype + ") needs a Java "
        + codec.carrier().storageType().getName() + " array of " + values + " values, " + bytes(codec, values)
        + " bytes, " + why);
  }

  /** A new carrier storage array for an array of {@code shape} of the codec's dtype, checked against the heap. */
  private static Object allocate(ElementCodec codec, Shape shape, String what) {
    long values = valuesOf(shape.asArray(), codec.slots());
    String whole = what + ": an array of shape " + shape;
    if (values > MAX_VALUES) {
      throw new IllegalArgumentException(whole + " has " + (values == Long.MAX_VALUE ? "more than " + Long.MAX_VALUE : values)
          + " values, more than a Java array holds (" + MAX_VALUES + ")");
    }
    requireHeap(codec, values, whole);
    try {
      return Array.newInstance(codec.carrier().storageType(), (int) values);
    } catch (OutOfMemoryError e) {
      throw tooLarge(codec, values, whole, "more than the Java heap has free");
    }
  }

  /**
   * A columnar batch of {@code arrays}, one column each ({@link #vector}), of
   * {@code arrays[0].shape().dim(0)} rows: the columns of {@link #field}{@code (name, arrays[i])}
   * for names of the caller's choosing, in order, as the {@code npy} source reads {@code .npz}
   * members. Spark reads its rows with {@code batch.rowIterator()} or {@code batch.getRow(r)}.
   *
   * @param arrays one array per column, aligned on their first axis
   * @return the batch
   * @throws IllegalArgumentException if there is no array, their first axes differ, or one is not
   *     accepted by {@link #vector}
   */
  public static ColumnarBatch batch(NdArray... arrays) {
    Objects.requireNonNull(arrays, "arrays");
    if (arrays.length == 0) {
      throw new IllegalArgumentException("a batch needs at least one array");
    }
    ColumnVector[] vectors = new ColumnVector[arrays.length];
    long rows = -1;
    for (int i = 0; i < arrays.length; i++) {
      vectors[i] = vector(arrays[i]);
      long n = arrays[i].shape().dim(0);
      if (rows >= 0 && n != rows) {
        throw new IllegalArgumentException("array " + i + " has " + n + " rows (shape " + arrays[i].shape()
            + "), array 0 has " + rows + ": the columns of a batch are aligned on their first axis");
      }
      rows = n;
    }
    return new ColumnarBatch(vectors, Math.toIntExact(rows)); // vector() checked the count
  }

  private static long[] dims(long rows, long[] rowShape) {
    long[] dims = new long[rowShape.length + 1];
    dims[0] = rows;
    System.arraycopy(rowShape, 0, dims, 1, rowShape.length);
    return dims;
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
    String dtype;
    try {
      dtype = md.contains(NpyDataSource.DTYPE_METADATA) ? md.getString(NpyDataSource.DTYPE_METADATA)
          : ElementCodec.defaultDtype(t.elementType());
    } catch (ClassCastException e) {
      throw new IllegalArgumentException("column '" + field.name() + "': metadata '" + NpyDataSource.DTYPE_METADATA
          + "' is not a string (the dtype): " + md.json());
    }
    ElementCodec codec = ElementCodec.of(dtype);
    if (!codec.sparkElementType().equals(t.elementType())) {
      throw new IllegalArgumentException("column '" + field.name() + "' holds " + t.elementType().simpleString()
          + ", but its dtype '" + dtype + "' is read as " + codec.sparkElementType().simpleString());
    }
    return codec;
  }

  /**
   * The row shape in {@code field}'s metadata, or null when it has none; checked: a long array
   * of lengths none negative, whose rows hold at most {@link #MAX_VALUES} values (a Spark array
   * holds no more).
   */
  static long[] rowShape(StructField field, ElementCodec codec) {
    Metadata md = field.metadata();
    if (!md.contains(NpyDataSource.SHAPE_METADATA)) {
      return null;
    }
    String where = "column '" + field.name() + "': metadata '" + NpyDataSource.SHAPE_METADATA + "'";
    long[] shape;
    try {
      shape = md.getLongArray(NpyDataSource.SHAPE_METADATA);
    } catch (ClassCastException e) {
      throw new IllegalArgumentException(where + " is not a long array (the row shape): " + md.json());
    }
    for (long d : shape) {
      if (d < 0) {
        throw new IllegalArgumentException(where + " " + java.util.Arrays.toString(shape) + " has a negative length");
      }
    }
    if (valuesOf(shape, codec.slots()) > MAX_VALUES) {
      throw new IllegalArgumentException(where + " " + java.util.Arrays.toString(shape) + " has more than "
          + MAX_VALUES + " values a row, more than a Spark array holds");
    }
    return shape;
  }
}
