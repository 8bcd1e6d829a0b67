package org.ndprim.spark;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The Spark data source for NumPy {@code .npy} and {@code .npz} files, short name {@code "npy"}
 * (Spark's DataSource V2 API). See {@code docs/spark.md} for the whole guide.
 *
 * <p><b>Reading</b> {@code spark.read().format("npy").load(paths...)}: a path is a file, a
 * directory (its {@code *.npy} files, or {@code *.npz} with {@code option("format", "npz")}) or a
 * glob. Each array gives one row per index along its first axis, with the columns
 * <ul>
 *   <li>{@value #PATH_COLUMN} (string): the file;</li>
 *   <li>{@value #INDEX_COLUMN} (bigint): the row's index along the first axis;</li>
 *   <li>{@value #DATA_COLUMN} (for a {@code .npy} file), or one column per member named as the
 *       member (for a {@code .npz} archive): the row, flattened in C order, as a Spark array;
 *       the field's metadata holds the NumPy dtype ({@value #DTYPE_METADATA}, e.g.
 *       {@code "<u2"}) and the row shape ({@value #SHAPE_METADATA}, a long array), from which
 *       the writer restores the file exactly.</li>
 * </ul>
 * Element types: {@code bool}&rarr;boolean, {@code int8}&rarr;tinyint, {@code int16}&rarr;smallint,
 * {@code int32}&rarr;int, {@code int64}&rarr;bigint, {@code uint8}&rarr;smallint,
 * {@code uint16}&rarr;int, {@code uint32}&rarr;bigint, {@code uint64}&rarr;decimal(20,0) (as
 * Spark's Parquet reader maps unsigned types), {@code float16} and {@code bfloat16}&rarr;float
 * (exact), {@code float32}&rarr;float, {@code float64}&rarr;double, {@code complex64}&rarr;float
 * and {@code complex128}&rarr;double with each element's real and imaginary parts interleaved (the
 * array is twice as long), in either byte order. Other dtypes (strings, datetimes, objects,
 * structured, {@code float128}) and 0-d arrays are refused with an error naming the file.
 *
 * <p><b>Writing</b> {@code df.write().format("npy").mode("overwrite").save(dir)} (or
 * {@code mode("append")}; Spark refuses its default mode, {@code ErrorIfExists}, and
 * {@code Ignore} for a DataSource V2 source that writes): one {@code .npy} file per non-empty
 * partition, of the DataFrame's single array column, through a commit protocol (task files are
 * renamed into place only when Spark commits the task and the job).
 */
public final class NpyDataSource implements TableProvider, DataSourceRegister {
  /** The short name: {@code spark.read().format("npy")}. */
  public static final String SHORT_NAME = "npy";
  /** The column of the file's path. */
  public static final String PATH_COLUMN = "path";
  /** The column of the row's index along the first axis. */
  public static final String INDEX_COLUMN = "index";
  /** The array column of a {@code .npy} file. */
  public static final String DATA_COLUMN = "data";
  /** Field metadata key: the NumPy dtype ({@code dtype.str}) of an array column. */
  public static final String DTYPE_METADATA = "numpy.dtype";
  /** Field metadata key: the row shape of an array column (a long array; empty for 1-d files). */
  public static final String SHAPE_METADATA = "numpy.shape";

  /** Creates the source (Spark does, through {@code META-INF/services}). */
  public NpyDataSource() {}

  @Override
  public String shortName() {
    return SHORT_NAME;
  }

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    return NpyTable.listing(hadoopConf(), options).schema();
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
    return new NpyTable(schema, new CaseInsensitiveStringMap(properties));
  }

  /** The given schema is used as is when writing; reads check it against the files. */
  @Override
  public boolean supportsExternalMetadata() {
    return true;
  }

  static Configuration hadoopConf() {
    return SparkSession.active().sparkContext().hadoopConfiguration();
  }

  /** The file system of {@code path}; for the local one without Hadoop's {@code .crc} checksum files. */
  static FileSystem rawFileSystem(Path path, Configuration conf) throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    return fs instanceof LocalFileSystem local ? local.getRawFileSystem() : fs;
  }

  static List<String> paths(CaseInsensitiveStringMap options) {
    return NpyListing.paths(options);
  }
}
