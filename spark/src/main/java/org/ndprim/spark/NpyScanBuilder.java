package org.ndprim.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.network.util.JavaUtils;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Plans a read: column pruning, the row-index range from filters on {@code index}, a limit, and
 * the split of every C-order array into row ranges of at most {@code maxPartitionBytes}.
 */
final class NpyScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns,
    SupportsPushDownFilters, SupportsPushDownLimit {
  private final StructType tableSchema;
  private final CaseInsensitiveStringMap options;
  private StructType readSchema;
  private long lo = 0;
  private long hi = Long.MAX_VALUE;
  private long limit = Long.MAX_VALUE;
  private Filter[] pushed = new Filter[0];

  NpyScanBuilder(StructType tableSchema, CaseInsensitiveStringMap options) {
    this.tableSchema = tableSchema;
    this.options = options;
    this.readSchema = tableSchema;
  }

  @Override
  public void pruneColumns(StructType required) {
    List<StructField> fields = new ArrayList<>();
    for (StructField f : required.fields()) {
      fields.add(tableSchema.apply(f.name())); // keep the metadata
    }
    readSchema = new StructType(fields.toArray(new StructField[0]));
  }

  /**
   * Narrows the rows read by the comparisons of {@code index} with a number; every filter is
   * also evaluated by Spark after the scan, so any filter is correct here.
   */
  @Override
  public Filter[] pushFilters(Filter[] filters) {
    List<Filter> used = new ArrayList<>();
    for (Filter f : filters) {
      if (narrow(f)) {
        used.add(f);
      }
    }
    pushed = used.toArray(new Filter[0]);
    return filters;
  }

  private boolean narrow(Filter f) {
    String index = NpyDataSource.INDEX_COLUMN;
    if (f instanceof GreaterThan g && g.attribute().equals(index) && g.value() instanceof Number n) {
      lo = Math.max(lo, Math.max(0, n.longValue() + 1)); // integral: a fraction is post-filtered
      return true;
    } else if (f instanceof GreaterThanOrEqual g && g.attribute().equals(index) && g.value() instanceof Number n) {
      lo = Math.max(lo, Math.max(0, (long) Math.floor(n.doubleValue())));
      return true;
    } else if (f instanceof LessThan l && l.attribute().equals(index) && l.value() instanceof Number n) {
      hi = Math.min(hi, Math.max(0, (long) Math.ceil(n.doubleValue())));
      return true;
    } else if (f instanceof LessThanOrEqual l && l.attribute().equals(index) && l.value() instanceof Number n) {
      hi = Math.min(hi, Math.max(0, (long) Math.floor(n.doubleValue()) + 1));
      return true;
    } else if (f instanceof EqualTo e && e.attribute().equals(index) && e.value() instanceof Number n) {
      long v = (long) Math.floor(n.doubleValue());
      lo = Math.max(lo, Math.max(0, v));
      hi = Math.min(hi, Math.max(0, v + 1));
      return true;
    } else if (f instanceof In in && in.attribute().equals(index)
        && Arrays.stream(in.values()).allMatch(v -> v instanceof Number)) {
      long min = Long.MAX_VALUE;
      long max = -1;
      for (Object v : in.values()) {
        long x = (long) Math.floor(((Number) v).doubleValue());
        min = Math.min(min, x);
        max = Math.max(max, x);
      }
      lo = Math.max(lo, Math.max(0, min));
      hi = Math.min(hi, Math.max(0, max + 1));
      return true;
    }
    return false;
  }

  @Override
  public Filter[] pushedFilters() {
    return pushed.clone();
  }

  /** Reads at most {@code limit} rows in all (Spark still applies the limit). */
  @Override
  public boolean pushLimit(int n) {
    limit = Math.min(limit, n);
    return true;
  }

  @Override
  public boolean isPartiallyPushed() {
    return true;
  }

  @Override
  public Scan build() {
    return new NpyScan(tableSchema, readSchema, options, lo, hi, limit);
  }

  /** The read option choosing the columnar reader ({@code ColumnarBatch}es) or the row reader. */
  static final String COLUMNAR_OPTION = "columnar";
  /**
   * Whether reads are columnar unless the option says otherwise: no. Spark turns a columnar scan
   * into rows for every row-based consumer, copying arrays value by value, which measured slower
   * than the row reader; only consumers of batches gain (docs/spark.md, Performance).
   */
  static final boolean COLUMNAR_DEFAULT = false;
  /** The read option giving the most rows of a columnar batch. */
  static final String BATCH_ROWS_OPTION = "columnarBatchSize";
  /** Rows per batch unless the option says otherwise: Spark's {@code spark.sql.parquet.columnarReaderBatchSize}'s default. */
  static final int BATCH_ROWS_DEFAULT = 4096;

  /** The planned scan. */
  static final class NpyScan implements Scan, Batch {
    private final StructType tableSchema;
    private final StructType readSchema;
    private final CaseInsensitiveStringMap options;
    private final long lo;
    private final long hi;
    private final long limit;

    NpyScan(StructType tableSchema, StructType readSchema, CaseInsensitiveStringMap options, long lo,
        long hi, long limit) {
      this.tableSchema = tableSchema;
      this.readSchema = readSchema;
      this.options = options;
      this.lo = lo;
      this.hi = hi;
      this.limit = limit;
    }

    @Override
    public StructType readSchema() {
      return readSchema;
    }

    @Override
    public String description() {
      return "npy " + NpyListing.paths(options) + " rows [" + lo + ", " + (hi == Long.MAX_VALUE ? "end" : hi) + ")"
          + (limit == Long.MAX_VALUE ? "" : " limit " + limit) + " columns " + Arrays.toString(readSchema.fieldNames());
    }

    @Override
    public Batch toBatch() {
      return this;
    }

    long maxPartitionBytes() {
      String v = options.get("maxPartitionBytes");
      if (v == null) {
        v = SparkSession.active().conf().get("spark.sql.files.maxPartitionBytes", "128m");
      }
      long bytes = JavaUtils.byteStringAsBytes(v);
      if (bytes <= 0) {
        throw new IllegalArgumentException("maxPartitionBytes must be positive, got " + v);
      }
      return bytes;
    }

    @Override
    public InputPartition[] planInputPartitions() {
      NpyTable.Listing listing = NpyTable.listing(NpyDataSource.hadoopConf(), options);
      checkSchema(listing.schema());
      long maxBytes = maxPartitionBytes();
      List<String> arrayColumns = new ArrayList<>();
      for (StructField f : readSchema.fields()) {
        if (!f.name().equals(NpyDataSource.PATH_COLUMN) && !f.name().equals(NpyDataSource.INDEX_COLUMN)) {
          arrayColumns.add(f.name());
        }
      }
      List<String> all = new ArrayList<>();
      for (StructField f : listing.schema().fields()) {
        if (!f.name().equals(NpyDataSource.PATH_COLUMN) && !f.name().equals(NpyDataSource.INDEX_COLUMN)) {
          all.add(f.name());
        }
      }
      List<InputPartition> out = new ArrayList<>();
      long left = limit;
      for (NpyFile[] group : listing.groups()) {
        if (left <= 0) {
          break;
        }
        NpyFile[] columns = new NpyFile[arrayColumns.size()];
        for (int i = 0; i < columns.length; i++) {
          columns[i] = group[all.indexOf(arrayColumns.get(i))];
        }
        long rows = group[0].rows();
        long start = Math.min(lo, rows);
        long end = Math.min(Math.min(hi, rows), start + Math.min(left, rows)); // no overflow
        if (start >= end) {
          continue;
        }
        left -= end - start;
        boolean split = true;
        long rowBytes = 0;
        for (NpyFile f : columns) {
          split &= f.splittable();
          rowBytes += f.rowElements() * ElementCodec.of(f.dtype()).itemSize();
        }
        long step = split ? Math.max(1, maxBytes / Math.max(1, rowBytes)) : end - start;
        for (long r = start; r < end; r += step) {
          out.add(new NpyPartition(group[0].path(), columns, r, Math.min(end, r + step)));
        }
      }
      return out.toArray(new InputPartition[0]);
    }

    private void checkSchema(StructType found) {
      for (StructField f : readSchema.fields()) {
        int i = Arrays.asList(found.fieldNames()).indexOf(f.name());
        if (i < 0 || !found.fields()[i].dataType().equals(f.dataType())) {
          throw new IllegalArgumentException("the schema given, " + tableSchema.simpleString()
              + ", does not match the files' schema " + found.simpleString());
        }
      }
      // An array column's dtype and row shape are its metadata: a schema given with other (or
      // none) would have the rows read as another shape than the files' (NdRows.stack of the
      // rows) or refused only in the executors (its batches): refused here, before any task
      for (StructField f : tableSchema.fields()) {
        int i = Arrays.asList(found.fieldNames()).indexOf(f.name());
        if (i < 0) {
          continue;
        }
        org.apache.spark.sql.types.Metadata want = found.fields()[i].metadata();
        org.apache.spark.sql.types.Metadata got = f.metadata();
        for (String key : new String[] {NpyDataSource.DTYPE_METADATA, NpyDataSource.SHAPE_METADATA}) {
          if (want.contains(key) && !(got.contains(key) && sameValue(key, want, got))) {
            throw new IllegalArgumentException("the schema given, " + tableSchema.simpleString()
                + ", gives column '" + f.name() + "' the metadata " + got.json()
                + " where the files have " + want.json() + ": give the schema the source infers"
                + " (spark.read().format(\"npy\").load(...).schema(), metadata included) or none");
          }
        }
      }
    }

    private static boolean sameValue(String key, org.apache.spark.sql.types.Metadata a,
        org.apache.spark.sql.types.Metadata b) {
      try {
        return key.equals(NpyDataSource.SHAPE_METADATA)
            ? Arrays.equals(a.getLongArray(key), b.getLongArray(key))
            : a.getString(key).equals(b.getString(key));
      } catch (RuntimeException e) { // a value of another type (a string for the shape, ...)
        return false;
      }
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
      boolean columnar = columnar();
      // columnarBatchSize means nothing to the row reader: checked only when batches are read
      HadoopConf conf = new HadoopConf(NpyDataSource.hadoopConf());
      return new NpyReaderFactory(JavaSparkContext.fromSparkContext(SparkSession.active().sparkContext()).broadcast(conf),
          readSchema, columnar, columnar ? batchRows() : BATCH_ROWS_DEFAULT);
    }

    /** The option {@code columnar}: {@code true} or {@code false}, default {@link #COLUMNAR_DEFAULT}. */
    boolean columnar() {
      String v = options.get(COLUMNAR_OPTION);
      if (v == null) {
        return COLUMNAR_DEFAULT;
      } else if (v.trim().equalsIgnoreCase("true") || v.trim().equalsIgnoreCase("false")) {
        return Boolean.parseBoolean(v.trim()); // trimmed as columnarBatchSize is
      }
      throw new IllegalArgumentException("option " + COLUMNAR_OPTION + " must be true or false, got '" + v + "'");
    }

    /**
     * The option {@code columnarBatchSize}: rows per batch, positive, default {@link
     * #BATCH_ROWS_DEFAULT}. Read (and checked) only when the columnar reader is used: a read of
     * rows has no batches and ignores it.
     */
    int batchRows() {
      String v = options.get(BATCH_ROWS_OPTION);
      if (v == null) {
        return BATCH_ROWS_DEFAULT;
      }
      try {
        int n = Integer.parseInt(v.trim());
        if (n > 0) {
          return n;
        }
      } catch (NumberFormatException e) {
        // below
      }
      throw new IllegalArgumentException("option " + BATCH_ROWS_OPTION + " must be a positive int (rows), got '" + v + "'");
    }
  }
}
