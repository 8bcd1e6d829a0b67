package org.ndprim.spark;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;
import org.ndprim.NdArray;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyHeader;

/**
 * Creates the readers of {@link NpyPartition}s on the executors: rows, or (when {@code columnar})
 * batches of rows whose vectors serve the values where the reader has them, without copying.
 */
final class NpyReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;
  /** Bytes read (and decoded) at a time. */
  static final int CHUNK_BYTES = 1 << 20;
  /** Bytes mapped at a time, when rows are copied from a mapping. */
  static final int WINDOW_BYTES = 1 << 28;

  /**
   * The Hadoop configuration, broadcast: each executor deserializes it once, not each task (a
   * configuration is hundreds of compressed properties; as Spark's own file sources do).
   */
  private final Broadcast<HadoopConf> conf;
  private final StructType readSchema;
  private final boolean columnar;
  private final int batchRows;

  /**
   * @param conf the Hadoop configuration files are opened with, broadcast
   * @param readSchema the columns read: {@code path}, {@code index} and array columns, in any order
   * @param columnar whether partitions are read as {@link ColumnarBatch}es
   * @param batchRows the most rows of a batch (positive)
   */
  NpyReaderFactory(Broadcast<HadoopConf> conf, StructType readSchema, boolean columnar, int batchRows) {
    this.conf = conf;
    this.readSchema = readSchema;
    this.columnar = columnar;
    this.batchRows = batchRows;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    return new Reader((NpyPartition) partition);
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return columnar;
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    return new BatchReader((NpyPartition) partition);
  }

  /** Where the values of one row of the output come from. */
  private enum Kind { PATH, INDEX, ARRAY }

  /** One array column being read: its codec and the decoded rows of the current chunk. */
  private final class Column {
    final NpyFile file;
    final ElementCodec codec;
    final int rowElements;
    final int rowBytes;
    /** The reused Spark array of the current row; null for uint64 (decimals). */
    final ElementCodec.RowArray rowArray;
    /** The bytes of one row in {@code chunk}. */
    final long chunkRowBytes;
    Object chunk; // carrier storage (or raw bytes) of rows [chunkStart, chunkStart + chunkRows)
    NdArray whole; // the whole array, when it cannot be read by ranges
    byte[] buffer;
    FileChannel channel;
    FSDataInputStream stream;
    /** Whether rows are copied from a mapping of the file: raw values of a local, splittable file. */
    final boolean mapped;
    MappedByteBuffer window; // the file's bytes [windowStart, windowStart + window.capacity())
    long windowStart;
    int chunkIndex; // the first byte of the chunk's rows in window
    int chunkRows; // the rows of the chunk read last
    NdArray wholePart; // the chunk's rows of whole, when the array is read whole

    Column(NpyFile file) {
      this.file = file;
      this.codec = ElementCodec.of(file.dtype());
      this.rowElements = Math.toIntExact(file.rowElements());
      this.rowBytes = Math.toIntExact(Math.multiplyExact((long) rowElements, codec.itemSize()));
      this.rowArray = codec.rowArray(rowElements);
      this.chunkRowBytes = (long) rowElements * codec.slots() * codec.valueSize();
      this.mapped = rowBytes > 0 && codec.raw() && file.splittable() && "file".equals(new Path(file.path()).toUri().getScheme());
    }

    /**
     * Points {@code values} at the values of the chunk read last, where they are: the mapped
     * window, the raw bytes read (in the machine's byte order, or {@code int8}), or the carrier
     * storage array decoded.
     */
    void point(NpyVectors.Values values) {
      values.viewFrom(this::chunkView);
      if (mapped) {
        values.pointTo(window, chunkIndex);
      } else if (chunk instanceof byte[] bytes) {
        values.pointTo(ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.nativeOrder()), 0);
      } else {
        values.pointTo(chunk);
      }
    }

    /**
     * The elements of the chunk read last as a flat array of the file's type, without copying:
     * over the mapped window (read-only), the bytes read (in the file's byte order, before any
     * decoding) or the array read whole.
     */
    NdArray chunkView() {
      long elements = (long) chunkRows * rowElements;
      if (!file.splittable()) {
        return wholePart.reshape(org.ndprim.Shape.of(elements));
      }
      int bytes = chunkRows * rowBytes;
      ByteBuffer b = mapped ? window.slice(chunkIndex, bytes) : ByteBuffer.wrap(buffer == null ? new byte[0] : buffer, 0, bytes).slice();
      return codec.fileType().wrap(org.ndprim.Shape.of(elements), b.order(codec.byteOrder()));
    }

    /** Spark's array of row {@code inChunk} of the chunk read last. */
    ArrayData rowData(int inChunk) {
      if (rowArray == null) {
        return ElementCodec.decimals((long[]) chunk, inChunk * rowElements, rowElements);
      }
      if (mapped) {
        return rowArray.fill(window, chunkIndex + inChunk * rowBytes);
      }
      // the chunk is the carrier's storage array or, raw, the file's bytes: the same bytes per row
      return rowArray.fill(chunk, ElementCodec.baseOffset(chunk) + inChunk * chunkRowBytes);
    }

    void read(long row, int rows) throws IOException {
      chunkRows = rows;
      if (!file.splittable()) {
        if (whole == null) {
          whole = readWhole();
        }
        wholePart = whole.reshape(org.ndprim.Shape.of(file.rows(), rowElements)).subarray(row, row + rows);
        chunk = codec.toCarrier(wholePart);
        return;
      }
      int bytes = Math.multiplyExact(rows, rowBytes);
      if (mapped) {
        map(file.dataOffset() + row * rowBytes, bytes);
        return;
      }
      if (buffer == null || buffer.length < bytes) {
        buffer = new byte[bytes];
      }
      long position = file.dataOffset() + row * rowBytes;
      readFully(position, bytes);
      chunk = codec.decode(buffer, Math.multiplyExact(rows, rowElements));
    }

    /**
     * Makes {@code window} cover the file's bytes {@code [position, position + bytes)}, mapping a
     * window of up to {@link #WINDOW_BYTES} (whole rows, within the data) when it does not.
     */
    private void map(long position, int bytes) throws IOException {
      if (window != null && position >= windowStart && position + bytes <= windowStart + window.capacity()) {
        chunkIndex = (int) (position - windowStart);
        return;
      }
      if (channel == null) {
        channel = FileChannel.open(Paths.get(new Path(file.path()).toUri()), StandardOpenOption.READ);
      }
      long dataEnd = file.dataOffset() + file.rows() * rowBytes;
      long length = Math.min(dataEnd - position, Math.max(bytes, WINDOW_BYTES / rowBytes * rowBytes));
      if (channel.size() < position + length) {
        // a mapping beyond the end would fault when read: the same error as a positioned read
        throw new EOFException(file.describe() + ": the file ends at byte " + channel.size()
            + ", before the data its header claims (was it truncated after planning?)");
      }
      window = channel.map(FileChannel.MapMode.READ_ONLY, position, length);
      window.order(java.nio.ByteOrder.nativeOrder()); // raw values are in it (for the columnar reader)
      windowStart = position;
      chunkIndex = 0;
    }

    private void readFully(long position, int bytes) throws IOException {
      Path path = new Path(file.path());
      URI uri = path.toUri();
      if ("file".equals(uri.getScheme())) {
        if (channel == null) {
          channel = FileChannel.open(Paths.get(uri), StandardOpenOption.READ);
        }
        ByteBuffer b = ByteBuffer.wrap(buffer, 0, bytes);
        while (b.hasRemaining()) {
          int n = channel.read(b, position + b.position());
          if (n < 0) {
            throw new EOFException(file.describe() + ": the file ends at byte " + (position + b.position())
                + ", before the data its header claims (was it truncated after planning?)");
          }
        }
      } else {
        if (stream == null) {
          stream = path.getFileSystem(conf.value().get()).open(path);
        }
        stream.readFully(position, buffer, 0, bytes);
      }
    }

    /** The whole array: Fortran-order data ({@code Npy.read} transposes it) or a deflated member. */
    private NdArray readWhole() throws IOException {
      if (file.member() != null) {
        return NpzListing.readMember(conf.value().get(), file);
      }
      Path path = new Path(file.path());
      try (InputStream in = new BufferedInputStream(path.getFileSystem(conf.value().get()).open(path), 1 << 16)) {
        NpyHeader h = Npy.readHeader(in);
        return Npy.readData(in, h);
      } catch (IOException e) {
        throw new IOException(file.describe() + ": " + e.getMessage(), e);
      }
    }

    void close() throws IOException {
      if (channel != null) {
        channel.close();
      }
      if (stream != null) {
        stream.close();
      }
    }
  }

  /** What the row and the batch readers share: the columns read and where each output column comes from. */
  private abstract class Base implements AutoCloseable {
    final NpyPartition partition;
    final UTF8String path;
    final Column[] columns;
    final Kind[] kinds;
    final int[] arrayIndex;
    /** The bytes of a row of every array column, in the file. */
    final long rowBytes;
    /** Whether every array column is mapped. */
    final boolean allMapped;

    Base(NpyPartition partition) {
      this.partition = partition;
      this.path = UTF8String.fromString(partition.path());
      this.columns = new Column[partition.columns().length];
      long bytes = 0;
      boolean mapped = true;
      for (int i = 0; i < columns.length; i++) {
        columns[i] = new Column(partition.columns()[i]);
        bytes += columns[i].rowBytes;
        mapped &= columns[i].mapped;
      }
      this.rowBytes = bytes;
      this.allMapped = mapped;
      StructField[] fields = readSchema.fields();
      kinds = new Kind[fields.length];
      arrayIndex = new int[fields.length];
      int next = 0;
      for (int i = 0; i < fields.length; i++) {
        String name = fields[i].name();
        if (name.equals(NpyDataSource.PATH_COLUMN)) {
          kinds[i] = Kind.PATH;
        } else if (name.equals(NpyDataSource.INDEX_COLUMN)) {
          kinds[i] = Kind.INDEX;
        } else {
          kinds[i] = Kind.ARRAY;
          arrayIndex[i] = next++;
        }
      }
    }

    @Override
    public void close() throws IOException {
      IOException failure = null;
      for (Column c : columns) {
        try {
          c.close();
        } catch (IOException e) {
          failure = e;
        }
      }
      if (failure != null) {
        throw new UncheckedIOException(failure);
      }
    }
  }

  private final class Reader extends Base implements PartitionReader<InternalRow> {
    private final int chunkRows;
    private long chunkStart;
    private int chunkCount;
    private long row = -1;
    private final Object[] values;
    private final GenericInternalRow current;

    Reader(NpyPartition partition) {
      super(partition);
      values = new Object[kinds.length];
      current = new GenericInternalRow(values);
      long rows = partition.rowEnd() - partition.rowStart();
      this.chunkRows = (int) Math.max(1, Math.min(rows, CHUNK_BYTES / Math.max(1, rowBytes)));
      this.chunkStart = partition.rowStart();
    }

    @Override
    public boolean next() throws IOException {
      long nextRow = row < 0 ? partition.rowStart() : row + 1;
      if (nextRow >= partition.rowEnd()) {
        return false;
      }
      row = nextRow;
      if (row >= chunkStart + chunkCount) {
        chunkStart = row;
        chunkCount = (int) Math.min(chunkRows, partition.rowEnd() - row);
        for (Column c : columns) {
          c.read(chunkStart, chunkCount);
        }
      }
      return true;
    }

    /**
     * The current row. The row and its arrays are reused for every row (no allocation but the
     * index's box): Spark copies a scan's rows (its unsafe projection) before asking for the next.
     */
    @Override
    public InternalRow get() {
      int inChunk = (int) (row - chunkStart);
      for (int i = 0; i < kinds.length; i++) {
        switch (kinds[i]) {
          case PATH -> values[i] = path;
          case INDEX -> values[i] = row;
          default -> values[i] = columns[arrayIndex[i]].rowData(inChunk);
        }
      }
      return current;
    }
  }

  /**
   * Reads a partition as batches of up to {@code batchRows} rows (fewer where decoded values would
   * take more than {@link #CHUNK_BYTES}, or mapped ones more than {@link #WINDOW_BYTES}). The
   * vectors of a batch serve the values where the reader has them and are valid until the next
   * batch, as Spark's contract for {@code ColumnarBatch} readers allows.
   */
  private final class BatchReader extends Base implements PartitionReader<ColumnarBatch> {
    private final int chunkRows;
    private final NpyVectors.IndexVector index = new NpyVectors.IndexVector();
    private final NpyVectors.Values[] values;
    private final ColumnarBatch batch;
    private long nextRow;

    BatchReader(NpyPartition partition) {
      super(partition);
      long rows = partition.rowEnd() - partition.rowStart();
      long bytes = allMapped ? WINDOW_BYTES : CHUNK_BYTES;
      this.chunkRows = (int) Math.max(1, Math.min(Math.min(rows, batchRows), bytes / Math.max(1, rowBytes)));
      this.nextRow = partition.rowStart();
      StructField[] fields = readSchema.fields();
      ColumnVector[] vectors = new ColumnVector[fields.length];
      values = new NpyVectors.Values[columns.length];
      NpyVectors.PathVector pathVector = new NpyVectors.PathVector(path);
      for (int i = 0; i < fields.length; i++) {
        switch (kinds[i]) {
          case PATH -> vectors[i] = pathVector;
          case INDEX -> vectors[i] = index;
          default -> {
            Column c = columns[arrayIndex[i]];
            NpyVectors.ArrayVector v = new NpyVectors.ArrayVector((org.apache.spark.sql.types.ArrayType) fields[i].dataType(),
                c.codec, c.file.rowShape(), Math.multiplyExact(c.rowElements, c.codec.slots()));
            values[arrayIndex[i]] = v.values();
            vectors[i] = v;
          }
        }
      }
      batch = new ColumnarBatch(vectors);
    }

    @Override
    public boolean next() throws IOException {
      if (nextRow >= partition.rowEnd()) {
        return false;
      }
      int n = (int) Math.min(chunkRows, partition.rowEnd() - nextRow);
      for (int i = 0; i < columns.length; i++) {
        columns[i].read(nextRow, n);
        if (values[i] != null) {
          columns[i].point(values[i]);
        }
      }
      index.start = nextRow;
      batch.setNumRows(n);
      nextRow += n;
      return true;
    }

    @Override
    public ColumnarBatch get() {
      return batch;
    }
  }
}
