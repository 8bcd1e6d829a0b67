package org.ndprim.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.io.Npy;

/** Creates the task writers on the executors: one {@code .npy} file per partition. */
final class NpyWriterFactory implements DataWriterFactory {
  private static final long serialVersionUID = 1L;
  private static final int BUFFER_BYTES = 1 << 20;

  /**
   * What every task writes.
   *
   * @param dir the output directory
   * @param queryId the write's id (names the job directory and the files)
   * @param column the index of the array column in the rows
   * @param columnName its name, for messages
   * @param dtype the dtype written
   * @param rowShape the row shape, or null to take {@code [length]} from the first row
   */
  record Spec(String dir, String queryId, int column, String columnName, String dtype, long[] rowShape)
      implements Serializable {
    /** The job's directory in {@code dir}; committed task files wait there. */
    Path jobDir() {
      return new Path(dir, "_temporary-npy-" + queryId);
    }

    String finalName(int partitionId) {
      return String.format("part-%05d-%s.npy", partitionId, queryId);
    }
  }

  /**
   * A committed task.
   *
   * @param partitionId the partition
   * @param file the committed file's name in the job directory, or null if the partition had no rows
   * @param rows the rows written
   */
  record Committed(int partitionId, String file, long rows) implements WriterCommitMessage {}

  private final HadoopConf conf;
  private final Spec spec;

  NpyWriterFactory(HadoopConf conf, Spec spec) {
    this.conf = conf;
    this.spec = spec;
  }

  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    return new Writer(partitionId, taskId);
  }

  /**
   * Writes the rows to a task file (the header first with a row count of 0, the same length as
   * the final one), rewrites the header in place on commit and renames the file into the job
   * directory; an aborted task deletes its file. On a file system other than the local one the
   * task file is a local spill file, copied to the job directory on commit.
   */
  private final class Writer implements DataWriter<InternalRow> {
    private final int partitionId;
    private final long taskId;
    private final ElementCodec codec = ElementCodec.of(spec.dtype());
    private final boolean local;
    private long[] rowShape = spec.rowShape();
    private long rowElements;
    private java.nio.file.Path file;
    private FileChannel channel;
    private byte[] buffer;
    private int buffered;
    private long rows;
    private int headerLength;

    Writer(int partitionId, long taskId) {
      this.partitionId = partitionId;
      this.taskId = taskId;
      String scheme = new Path(spec.dir()).toUri().getScheme();
      this.local = scheme == null || scheme.equals("file");
    }

    private String where() {
      return "writing column '" + spec.columnName() + "', partition " + partitionId + ", row " + rows;
    }

    private Npy.WriteOptions options() {
      return new Npy.WriteOptions(codec.fileType(), codec.byteOrder(), false);
    }

    private long[] fileShape(long n) {
      long[] dims = new long[rowShape.length + 1];
      dims[0] = n;
      System.arraycopy(rowShape, 0, dims, 1, rowShape.length);
      return dims;
    }

    private void open(ArrayData first) throws IOException {
      if (rowShape == null) {
        rowShape = new long[] {first.numElements() / codec.slots()};
      }
      rowElements = Shape.of(rowShape).size();
      byte[] header = Npy.header(codec.fileType(), Shape.of(fileShape(0)), options());
      headerLength = header.length;
      if (local) {
        Path jobDir = spec.jobDir();
        URI uri = jobDir.toUri();
        java.nio.file.Path dir = Paths.get(uri.getScheme() == null ? URI.create("file:" + uri.getPath()) : uri);
        file = dir.resolve("part-" + partitionId + "-" + taskId + ".inprogress");
      } else {
        file = Files.createTempFile("ndprim-npy-part-" + partitionId + "-", ".inprogress");
      }
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING);
      writeFully(ByteBuffer.wrap(header), 0);
      channel.position(headerLength);
      long rowBytes = Math.multiplyExact(rowElements, (long) codec.itemSize());
      buffer = new byte[(int) Math.max(rowBytes, Math.min(BUFFER_BYTES, Math.max(1, rowBytes) * 64))];
    }

    private void writeFully(ByteBuffer b, long position) throws IOException {
      while (b.hasRemaining()) {
        position += channel.write(b, position);
      }
    }

    @Override
    public void write(InternalRow row) throws IOException {
      if (row.isNullAt(spec.column())) {
        throw new IllegalArgumentException(where() + ": the array is null");
      }
      ArrayData data = row.getArray(spec.column());
      if (channel == null) {
        open(data);
      }
      NdArray values = codec.fromArrayData(data, rowElements, where());
      int bytes = (int) (rowElements * codec.itemSize());
      if (buffered + bytes > buffer.length) {
        flush();
      }
      codec.encode(values, buffer, buffered);
      buffered += bytes;
      rows++;
    }

    private void flush() throws IOException {
      channel.write(ByteBuffer.wrap(buffer, 0, buffered));
      buffered = 0;
    }

    @Override
    public WriterCommitMessage commit() throws IOException {
      if (channel == null) {
        return new Committed(partitionId, null, 0);
      }
      flush();
      byte[] header = Npy.header(codec.fileType(), Shape.of(fileShape(rows)), options());
      if (header.length != headerLength) {
        throw new IOException("the header of " + Arrays.toString(fileShape(rows)) + " is "
            + header.length + " bytes, the placeholder " + headerLength);
      }
      writeFully(ByteBuffer.wrap(header), 0);
      channel.force(true);
      channel.close();
      channel = null;
      String name = "part-" + partitionId + ".npy";
      if (local) {
        Files.move(file, file.resolveSibling(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } else {
        Path target = new Path(spec.jobDir(), name);
        Path temp = new Path(spec.jobDir(), "part-" + partitionId + "-" + taskId + ".inprogress");
        FileSystem fs = NpyDataSource.rawFileSystem(target, conf.get());
        try (InputStream in = Files.newInputStream(file); OutputStream out = fs.create(temp, true)) {
          in.transferTo(out);
        }
        Files.delete(file);
        fs.delete(target, false);
        if (!fs.rename(temp, target)) {
          throw new IOException("cannot rename " + temp + " to " + target);
        }
      }
      file = null;
      return new Committed(partitionId, name, rows);
    }

    @Override
    public void abort() throws IOException {
      close();
      if (file != null) {
        Files.deleteIfExists(file);
        file = null;
      }
    }

    @Override
    public void close() throws IOException {
      if (channel != null) {
        channel.close();
        channel = null;
      }
    }
  }
}
