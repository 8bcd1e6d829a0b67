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
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.io.AtomicFile;
import org.ndprim.io.Npy;
import org.ndprim.io.Npz;

/** Creates the task writers on the executors: one {@code .npy} file or {@code .npz} archive per partition. */
final class NpyWriterFactory implements DataWriterFactory {
  private static final long serialVersionUID = 1L;
  private static final int BUFFER_BYTES = 1 << 20;

  /**
   * One array column written: as the file of a {@code .npy} write, or as the member {@code
   * name.npy} of each {@code .npz} archive.
   *
   * @param column the index of the array column in the rows
   * @param name the column's name (the member's name, and for messages)
   * @param dtype the dtype written
   * @param rowShape the row shape, or null to take {@code [length]} from the first row
   */
  record Member(int column, String name, String dtype, long[] rowShape) implements Serializable {}

  /**
   * What every task writes.
   *
   * @param dir the output directory
   * @param queryId the write's id (names the job directory and the files)
   * @param npz whether each partition is a {@code .npz} archive of every member, else a {@code
   *     .npy} file of the one member
   * @param members the array columns written
   */
  record Spec(String dir, String queryId, boolean npz, Member[] members) implements Serializable {
    /** The job's directory in {@code dir}; committed task files wait there. */
    Path jobDir() {
      return new Path(dir, "_temporary-npy-" + queryId);
    }

    String extension() {
      return npz ? ".npz" : ".npy";
    }

    String finalName(int partitionId) {
      return String.format("part-%05d-%s%s", partitionId, queryId, extension());
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
   * One member's file of a task: the header first with a row count of 0 (in C order the same
   * length as the final one), then the rows; {@link #finish} rewrites the header in place with
   * the row count and forces the file to disk.
   */
  private static final class MemberFile {
    private final Member member;
    private final ElementCodec codec;
    private long[] rowShape;
    private long rowElements;
    private int rowBytes;
    private java.nio.file.Path file;
    private FileChannel channel;
    private byte[] buffer;
    private int buffered;
    private int headerLength;

    MemberFile(Member member) {
      this.member = member;
      this.codec = ElementCodec.of(member.dtype());
      this.rowShape = member.rowShape();
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

    void open(ArrayData first, java.nio.file.Path at) throws IOException {
      if (rowShape == null) {
        rowShape = new long[] {first.numElements() / codec.slots()};
      }
      rowElements = Shape.of(rowShape).size();
      rowBytes = Math.toIntExact(Math.multiplyExact(rowElements, (long) codec.itemSize()));
      byte[] header = Npy.header(codec.fileType(), Shape.of(fileShape(0)), options());
      headerLength = header.length;
      file = at;
      if (file.getParent() != null) {
        Files.createDirectories(file.getParent()); // an aborted sibling task may have removed it
      }
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING);
      writeFully(ByteBuffer.wrap(header), 0);
      channel.position(headerLength);
      buffer = new byte[Math.max(rowBytes, Math.min(BUFFER_BYTES, Math.max(1, rowBytes) * 64))];
    }

    private void writeFully(ByteBuffer b, long position) throws IOException {
      while (b.hasRemaining()) {
        position += channel.write(b, position);
      }
    }

    void write(ArrayData data, String where) throws IOException {
      NdArray values = codec.fromArrayData(data, rowElements, where);
      if (buffered + rowBytes > buffer.length) {
        flush();
      }
      codec.encode(values, buffer, buffered);
      buffered += rowBytes;
    }

    private void flush() throws IOException {
      ByteBuffer b = ByteBuffer.wrap(buffer, 0, buffered);
      while (b.hasRemaining()) {
        channel.write(b);
      }
      buffered = 0;
    }

    /** Writes the rest, the header of {@code rows} rows, forces and closes the file. */
    void finish(long rows) throws IOException {
      flush();
      byte[] header = Npy.header(codec.fileType(), Shape.of(fileShape(rows)), options());
      if (header.length != headerLength) {
        throw new IOException("the header of " + Arrays.toString(fileShape(rows)) + " is "
            + header.length + " bytes, the placeholder " + headerLength);
      }
      writeFully(ByteBuffer.wrap(header), 0);
      channel.force(true);
      close();
    }

    void close() throws IOException {
      if (channel != null) {
        channel.close();
        channel = null;
      }
    }

    void delete() throws IOException {
      close();
      if (file != null) {
        Files.deleteIfExists(file);
        file = null;
      }
    }
  }

  /**
   * Writes the rows to task files (one per member), and on commit makes them the partition's
   * file in the job directory: the {@code .npy} file renamed, or the {@code .npz} archive of the
   * member files (stored, as {@code np.savez}; written atomically by ndprim's {@code Npz}); an
   * aborted task deletes its files. On a file system other than the local one the task files are
   * local spill files, and the partition's file is copied to the job directory on commit.
   */
  private final class Writer implements DataWriter<InternalRow> {
    private final int partitionId;
    private final long taskId;
    private final boolean local;
    private final MemberFile[] files;
    private boolean open;
    private long rows;

    Writer(int partitionId, long taskId) {
      this.partitionId = partitionId;
      this.taskId = taskId;
      String scheme = new Path(spec.dir()).toUri().getScheme();
      this.local = scheme == null || scheme.equals("file");
      this.files = new MemberFile[spec.members().length];
      for (int i = 0; i < files.length; i++) {
        files[i] = new MemberFile(spec.members()[i]);
      }
    }

    private String where(Member m) {
      return "writing column '" + m.name() + "', partition " + partitionId + ", row " + rows;
    }

    /** The local directory of this task's files: the job directory, or null for temporary files. */
    private java.nio.file.Path localJobDir() {
      if (!local) {
        return null;
      }
      URI uri = spec.jobDir().toUri();
      return Paths.get(uri.getScheme() == null ? URI.create("file:" + uri.getPath()) : uri);
    }

    private java.nio.file.Path taskFile(String suffix) throws IOException {
      java.nio.file.Path dir = localJobDir();
      String name = "part-" + partitionId + "-" + taskId + suffix;
      return dir == null ? Files.createTempFile("ndprim-npy-" + name, "") : dir.resolve(name);
    }

    @Override
    public void write(InternalRow row) throws IOException {
      for (MemberFile f : files) {
        if (row.isNullAt(f.member.column())) {
          throw new IllegalArgumentException(where(f.member) + ": the array is null");
        }
      }
      if (!open) {
        open = true;
        for (int i = 0; i < files.length; i++) {
          files[i].open(row.getArray(files[i].member.column()), taskFile(spec.npz() ? "-" + i + ".inprogress" : ".inprogress"));
        }
      }
      for (MemberFile f : files) {
        f.write(row.getArray(f.member.column()), where(f.member));
      }
      rows++;
    }

    @Override
    public WriterCommitMessage commit() throws IOException {
      if (!open) {
        return new Committed(partitionId, null, 0);
      }
      for (MemberFile f : files) {
        f.finish(rows);
      }
      String name = "part-" + partitionId + spec.extension();
      java.nio.file.Path done; // the partition's complete file, local
      if (spec.npz()) {
        Map<String, AtomicFile.Content> contents = new LinkedHashMap<>();
        for (MemberFile f : files) {
          java.nio.file.Path memberFile = f.file;
          contents.put(f.member.name(), out -> Files.copy(memberFile, out));
        }
        java.nio.file.Path dir = localJobDir();
        done = dir == null ? taskFile(".npz") : dir.resolve(name);
        Npz.writeMembers(done, contents, false); // atomic: a temporary file renamed
        for (MemberFile f : files) {
          f.delete();
        }
      } else {
        done = files[0].file;
        files[0].file = null;
        if (local) {
          Files.move(done, done.resolveSibling(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
      }
      if (!local) {
        Path target = new Path(spec.jobDir(), name);
        Path temp = new Path(spec.jobDir(), "part-" + partitionId + "-" + taskId + ".inprogress");
        FileSystem fs = NpyDataSource.rawFileSystem(target, conf.get());
        try (InputStream in = Files.newInputStream(done); OutputStream out = fs.create(temp, true)) {
          in.transferTo(out);
        } finally {
          Files.delete(done);
        }
        fs.delete(target, false);
        if (!fs.rename(temp, target)) {
          throw new IOException("cannot rename " + temp + " to " + target);
        }
      }
      return new Committed(partitionId, name, rows);
    }

    @Override
    public void abort() throws IOException {
      IOException failure = null;
      for (MemberFile f : files) {
        try {
          f.delete();
        } catch (IOException e) {
          failure = e;
        }
      }
      // A task killed after its failed job was aborted may have opened its file while the job's
      // abort deleted the job directory, which then stayed with that file in it: once the task's
      // files are gone, an empty job directory goes too (one another task still uses is not
      // empty; a later attempt creates it again).
      java.nio.file.Path dir = localJobDir();
      if (dir != null) {
        try {
          Files.deleteIfExists(dir);
        } catch (java.nio.file.DirectoryNotEmptyException e) {
          // other tasks' files, or committed partitions: the job's own commit or abort decides
        } catch (IOException e) {
          failure = failure == null ? e : failure;
        }
      }
      if (failure != null) {
        throw failure;
      }
    }

    @Override
    public void close() throws IOException {
      for (MemberFile f : files) {
        f.close();
      }
    }
  }
}
