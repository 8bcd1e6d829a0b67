package org.ndprim.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;

/**
 * Plans a write: which column, which dtype and row shape, where the files go, and the job's side
 * of the commit protocol (moving the committed task files into the directory).
 */
final class NpyWriteBuilder implements WriteBuilder, SupportsTruncate {
  private final LogicalWriteInfo info;
  private boolean truncate;

  NpyWriteBuilder(LogicalWriteInfo info) {
    this.info = info;
  }

  @Override
  public WriteBuilder truncate() {
    truncate = true;
    return this;
  }

  @Override
  public Write build() {
    NpyWriterFactory.Spec spec = spec(info);
    boolean overwrite = truncate;
    return new Write() {
      @Override
      public String description() {
        return "npy " + spec.dir();
      }

      @Override
      public BatchWrite toBatch() {
        return new Batch(spec, overwrite);
      }
    };
  }

  /**
   * What the tasks write: for {@code .npy} the one array column, for {@code .npz} every array
   * column (a member each); their dtypes and row shapes (null: from the first row).
   */
  static NpyWriterFactory.Spec spec(LogicalWriteInfo info) {
    String dir = info.options().get("path");
    if (dir == null) {
      throw new IllegalArgumentException("no output directory: use save(dir)");
    }
    String format = info.options().getOrDefault("format", "npy");
    if (!format.equals("npy") && !format.equals("npz")) {
      throw new IllegalArgumentException("the writer writes .npy files or .npz archives: option 'format' is '"
          + format + "', not 'npy' or 'npz'");
    }
    boolean npz = format.equals("npz");
    StructField[] fields = info.schema().fields();
    List<NpyWriterFactory.Member> members = new ArrayList<>();
    for (int i = 0; i < fields.length; i++) {
      if (fields[i].dataType() instanceof ArrayType) {
        if (!npz && !members.isEmpty()) {
          throw new IllegalArgumentException("the DataFrame has several array columns ('" + members.get(0).name()
              + "', '" + fields[i].name() + "'); a .npy file holds one: select it, or write .npz archives"
              + " (option 'format' 'npz'), a member per column");
        }
        members.add(member(info, i, fields[i]));
      }
    }
    if (members.isEmpty()) {
      throw new IllegalArgumentException("the DataFrame has no array column to write: " + info.schema().simpleString());
    }
    if (npz) {
      checkMemberNames(members);
    }
    return new NpyWriterFactory.Spec(dir, info.queryId(), npz, members.toArray(new NpyWriterFactory.Member[0]));
  }

  /**
   * Refuses, before any task runs, column names that cannot be the members of one archive: an
   * empty name, a '/', '\\' or NUL (a member that would unpack outside its folder), or two
   * columns of the same name (one member would replace the other).
   */
  static void checkMemberNames(List<NpyWriterFactory.Member> members) {
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (NpyWriterFactory.Member m : members) {
      String name = m.name();
      String shown = org.ndprim.text.Printable.escape(name);
      if (name.isEmpty()) {
        throw new IllegalArgumentException("an array column with an empty name cannot be a .npz member: rename it"
            + " with .as(\"...\")");
      }
      if (name.indexOf('/') >= 0 || name.indexOf('\\') >= 0 || name.indexOf('\0') >= 0) {
        throw new IllegalArgumentException("array column '" + shown + "' cannot be a .npz member: its name holds"
            + " a '/', '\\' or NUL, and would unpack outside the archive's folder");
      }
      if (!seen.add(name)) {
        throw new IllegalArgumentException("two array columns are named '" + shown + "': each is a .npz member,"
            + " and one would replace the other; rename one with .as(\"...\")");
      }
    }
  }

  /** One array column's dtype (option, else metadata, else element type) and row shape (metadata, else null). */
  private static NpyWriterFactory.Member member(LogicalWriteInfo info, int column, StructField field) {
    DataType element = ((ArrayType) field.dataType()).elementType();
    Metadata md = field.metadata();
    String dtype = info.options().get("dtype");
    String why = "option 'dtype'";
    if (dtype == null && md.contains(NpyDataSource.DTYPE_METADATA)) {
      try {
        dtype = md.getString(NpyDataSource.DTYPE_METADATA);
      } catch (ClassCastException e) {
        throw new IllegalArgumentException("column '" + field.name() + "': metadata '"
            + NpyDataSource.DTYPE_METADATA + "' is not a string (the dtype): " + md.json());
      }
      why = "the column's metadata '" + NpyDataSource.DTYPE_METADATA + "'";
    }
    if (dtype == null) {
      dtype = ElementCodec.defaultDtype(element);
      why = "the element type";
    }
    ElementCodec codec = ElementCodec.of(dtype);
    if (!codec.sparkElementType().equals(element)) {
      throw new IllegalArgumentException("column '" + field.name() + "' holds " + element.simpleString()
          + ", but dtype '" + dtype + "' (from " + why + ") is read as " + codec.sparkElementType().simpleString());
    }
    long[] rowShape = NdRows.rowShape(field, codec); // checked: a clear error, not a ClassCastException
    return new NpyWriterFactory.Member(column, field.name(), codec.dtype, rowShape);
  }

  /** The job: a temporary directory for the committed task files, moved into place on commit. */
  static final class Batch implements BatchWrite {
    private final NpyWriterFactory.Spec spec;
    private final boolean overwrite;
    private final Configuration conf = NpyDataSource.hadoopConf();

    Batch(NpyWriterFactory.Spec spec, boolean overwrite) {
      this.spec = spec;
      this.overwrite = overwrite;
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo physical) {
      try {
        Path tmp = spec.jobDir();
        NpyDataSource.rawFileSystem(tmp, conf).mkdirs(tmp);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return new NpyWriterFactory(new HadoopConf(conf), spec);
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
      try {
        Path dir = new Path(spec.dir());
        FileSystem fs = NpyDataSource.rawFileSystem(dir, conf);
        Path tmp = spec.jobDir();
        if (overwrite) {
          for (FileStatus s : fs.listStatus(dir)) {
            if (!s.getPath().equals(fs.makeQualified(tmp)) && !s.getPath().getName().startsWith(".")) {
              fs.delete(s.getPath(), true);
            }
          }
        }
        for (WriterCommitMessage m : messages) {
          NpyWriterFactory.Committed c = (NpyWriterFactory.Committed) m;
          if (c != null && c.file() != null) {
            Path from = new Path(tmp, c.file());
            Path to = new Path(dir, spec.finalName(c.partitionId()));
            if (!fs.rename(from, to)) {
              throw new IOException("cannot rename " + from + " to " + to);
            }
          }
        }
        fs.delete(tmp, true);
        fs.create(new Path(dir, "_SUCCESS"), true).close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {
      try {
        Path tmp = spec.jobDir();
        NpyDataSource.rawFileSystem(tmp, conf).delete(tmp, true);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
