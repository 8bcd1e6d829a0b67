package org.ndprim.io;

import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.CharNdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;
import org.ndprim.layout.Layout;

/**
 * Reads and writes NumPy {@code .npy} files, format versions 1.0, 2.0 and 3.0.
 *
 * <h2>Reading</h2>
 * A file is the magic bytes {@code \x93NUMPY}, the version bytes ({@code 1 0}, {@code 2 0} or
 * {@code 3 0}), a little-endian header length (16 bits in 1.0, 32 bits in 2.0 and 3.0), the header
 * (a Python dict literal with {@code 'descr'}, {@code 'fortran_order'} and {@code 'shape'};
 * latin-1 text in 1.0 and 2.0, UTF-8 in 3.0) and the raw data. The reader
 * <ul>
 *   <li>accepts exactly the headers {@code numpy.load} accepts: the text is read as
 *       {@code ast.literal_eval} reads it (any whitespace Python allows, comments, either quote,
 *       string prefixes and escapes, ints such as {@code 00}, {@code +6}, {@code 0x10},
 *       {@code 1_0}, a repeated key keeping its last value, trailing commas, any padding; Python 2's
 *       {@code 6L} in versions 1.0 and 2.0), at most 10000 characters long (numpy's
 *       {@code max_header_size});</li>
 *   <li>maps the dtype, in either byte order, to a built-in type in {@link #read(Path)}:
 *       {@code |b1}&rarr;Boolean, {@code |i1}&rarr;Byte, {@code <i2 >i2}&rarr;Short,
 *       {@code <u2 >u2}&rarr;Char, {@code <i4 >i4}&rarr;Int, {@code <i8 >i8}&rarr;Long,
 *       {@code <f4 >f4}&rarr;Float, {@code <f8 >f8}&rarr;Double; a descriptor numpy normalises to
 *       one of these ({@code '?'}, {@code 'b'}, {@code '<l'}, {@code 'd'}, {@code 'int32'},
 *       {@code '=i4'}, ...) maps to the same type. {@code '='}, {@code '|'} or no order character
 *       on a multi-byte dtype means the native order of the reading machine
 *       ({@link ByteOrder#nativeOrder()}), as in {@code numpy.load}. With
 *       {@link #read(Path, ScalarType)} any type whose dtype has the same kind and item size is
 *       accepted (e.g. a Float16 type declared {@code "<f2"} reads {@code <f2}, {@code >f2} and
 *       {@code e});</li>
 *   <li>reads C-order data as is and Fortran-order data ({@code 'fortran_order': True}) as C order
 *       of the reversed shape, transposed ({@link Layout#transpose()}) and copied, so the result is
 *       always a C-order array;</li>
 *   <li>handles 0-d ({@code ()}) and size-0 shapes; a boolean byte other than 0 reads as true;</li>
 *   <li>stops right after the data: an input stream is left positioned there, trailing bytes of a
 *       file are ignored (as numpy does).</li>
 * </ul>
 *
 * <p><b>Bounded memory on bad input.</b> Nothing is allocated for what a header claims before the
 * input shows it: a file's size is checked to hold the claimed data before the array is
 * allocated; from a stream the array grows in bounded steps as bytes actually arrive (at most
 * twice what arrived, plus 64 KiB). A claim beyond the largest Java array or beyond the heap
 * ({@link Runtime#maxMemory()}) is an {@link NpyFormatException} naming the shape and the byte
 * size, never an {@link OutOfMemoryError}.
 *
 * <p>Every problem with the input is an {@link NpyFormatException} saying what is wrong (for a file,
 * prefixed by its path): bad magic, unknown version, bad header (with the position in the header
 * text), unsupported dtype, shape whose size overflows a {@code long} or exceeds the largest Java
 * array ({@value #MAX_ARRAY_SIZE} elements), truncated header or data, not enough memory. Failures
 * to read the input itself are the underlying {@link IOException}.
 *
 * <h2>Writing</h2>
 * {@link #write(NdArray, Path)} writes version 1.0 (2.0 only if the header needs more than 65535
 * bytes, as {@code numpy.save} decides), little-endian ({@code '|'} for one-byte types), C order,
 * the elements of any view in its logical C (row-major) order. The header is what
 * {@code numpy.save} writes: keys in sorted order, spare spaces for growing the first axis,
 * padded with spaces and a final {@code '\n'} so that the data starts at a multiple of 64 bytes.
 * A little-endian C-order file written by {@code numpy.save} is therefore reproduced byte for byte.
 * The descriptor written is the array's {@link ScalarType#dtype()} with its byte order replaced.
 *
 * <p><b>Atomic writes.</b> Everything that can be checked is checked before a file is created
 * (dtype, header, size); the file is then written to a temporary file beside it, forced to disk
 * and renamed over the target ({@link AtomicFile}), so a failed write leaves an existing file as
 * it was. Data are encoded in chunks of at most 64 Ki elements: writing a view never copies it
 * whole.
 */
public final class Npy {
  /** Largest element count read into one Java array. */
  public static final int MAX_ARRAY_SIZE = Integer.MAX_VALUE - 8;

  /** numpy.load's {@code max_header_size}: longer headers are refused (unless pickles are allowed). */
  static final int MAX_HEADER_CHARS = 10_000;

  private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
  private static final int ALIGN = 64;
  private static final int GROWTH_AXIS_MAX_DIGITS = 21;
  private static final int CHUNK_BYTES = 1 << 16;
  private static final int CHUNK_ELEMENTS = 1 << 16;

  private Npy() {}

  /** The built-in types, in a holder so that loading {@code Npy} does not initialise them early. */
  private static final class BuiltIns {
    static final List<ScalarType<?>> ALL = List.of(
        BooleanNdArray.TYPE, ByteNdArray.TYPE, ShortNdArray.TYPE, CharNdArray.TYPE,
        IntNdArray.TYPE, LongNdArray.TYPE, FloatNdArray.TYPE, DoubleNdArray.TYPE);
  }

  // ---------------------------------------------------------------------------------------- read

  /**
   * Reads a {@code .npy} file into an array of the built-in type for its dtype.
   *
   * @return a C-order array (e.g. an {@code IntNdArray} for {@code <i4} or {@code >i4})
   * @throws NpyFormatException if the file is not a {@code .npy} file of a supported dtype, is
   *     truncated, or claims more data than fits a Java array or the heap; the message starts
   *     with the path
   * @throws IOException if the file cannot be read (e.g. {@link java.nio.file.NoSuchFileException})
   */
  public static NdArray read(Path path) throws IOException {
    return readFile(path, null);
  }

  /**
   * Reads a {@code .npy} file whose dtype has the kind and item size of {@code type}'s dtype, in
   * either byte order (e.g. {@code <f2} or {@code >f2} for a type declared {@code "<f2"}).
   *
   * @throws NpyFormatException as {@link #read(Path)}, and if the dtype does not match {@code type}
   * @throws IOException if the file cannot be read
   */
  public static <A extends NdArray> A read(Path path, ScalarType<A> type) throws IOException {
    Objects.requireNonNull(type, "type");
    return type.arrayType().cast(readFile(path, type));
  }

  /**
   * Reads one array from a stream, as {@link #read(Path)}. Reads exactly the header and the data
   * bytes, leaving the stream positioned after them; does not close it. The array grows as the
   * data arrive, so a stream that ends early costs no more memory than it delivered.
   *
   * @throws NpyFormatException if the bytes are not a {@code .npy} array of a supported dtype, or
   *     end early
   * @throws IOException if the stream fails
   */
  public static NdArray read(InputStream in) throws IOException {
    Objects.requireNonNull(in, "in");
    return readData(in, readHeader(in), null, -1);
  }

  /**
   * Reads one array from a stream, as {@link #read(Path, ScalarType)}; leaves the stream
   * positioned after the data and does not close it.
   *
   * @throws NpyFormatException as {@link #read(InputStream)}, and if the dtype does not match {@code type}
   * @throws IOException if the stream fails
   */
  public static <A extends NdArray> A read(InputStream in, ScalarType<A> type) throws IOException {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(type, "type");
    return type.arrayType().cast(readData(in, readHeader(in), type, -1));
  }

  /**
   * Reads the data that follow a header just read from the same stream by
   * {@link #readHeader(InputStream)}: together the two read a stream once (stdin, a pipe) where
   * both the header and the array are wanted.
   *
   * @throws NpyFormatException as {@link #read(InputStream)}
   * @throws IOException if the stream fails
   */
  public static NdArray readData(InputStream in, NpyHeader header) throws IOException {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(header, "header");
    return readData(in, header, null, -1);
  }

  /**
   * Reads only the header of a {@code .npy} file: its dtype descriptor, order and shape. The
   * dtype need not be supported, only understood by numpy.
   *
   * @throws NpyFormatException if the file does not start with a valid header; the message
   *     starts with the path
   * @throws IOException if the file cannot be read
   */
  public static NpyHeader readHeader(Path path) throws IOException {
    try (InputStream in = open(path)) {
      return readHeader(new BufferedInputStream(in, 4096));
    } catch (NpyFormatException e) {
      throw new NpyFormatException(path + ": " + e.getMessage(), e);
    } catch (FileSystemException e) {
      throw e;
    } catch (IOException e) {
      throw new IOException(path + ": " + e.getMessage(), e); // e.g. "Is a directory" names no path
    }
  }

  /**
   * Reads only the header of a {@code .npy} array from a stream, leaving the stream positioned at
   * the first data byte.
   *
   * @throws NpyFormatException if the bytes do not start with a valid header
   * @throws IOException if the stream fails
   */
  public static NpyHeader readHeader(InputStream in) throws IOException {
    Objects.requireNonNull(in, "in");
    byte[] prefix = in.readNBytes(MAGIC.length + 2);
    if (prefix.length == 0) {
      throw new NpyFormatException("not a .npy file: the input is empty");
    }
    int m = Math.min(prefix.length, MAGIC.length);
    if (!Arrays.equals(prefix, 0, m, MAGIC, 0, m) || prefix.length < MAGIC.length) {
      throw new NpyFormatException("not a .npy file: it starts with " + hex(prefix, MAGIC.length)
          + " instead of the magic bytes 93 4e 55 4d 50 59 (\\x93NUMPY)");
    }
    if (prefix.length < MAGIC.length + 2) {
      throw new NpyFormatException("truncated header: the input ends after " + prefix.length + " bytes");
    }
    int major = prefix[6] & 0xff;
    int minor = prefix[7] & 0xff;
    if (minor != 0 || major < 1 || major > 3) {
      throw new NpyFormatException("unknown .npy format version " + major + "." + minor
          + " (numpy reads 1.0, 2.0 and 3.0)");
    }
    int lengthBytes = major == 1 ? 2 : 4;
    byte[] len = in.readNBytes(lengthBytes);
    if (len.length < lengthBytes) {
      throw new NpyFormatException("truncated header: the input ends after " + (prefix.length + len.length) + " bytes");
    }
    long headerLength = (len[0] & 0xff) | (len[1] & 0xff) << 8;
    if (lengthBytes == 4) {
      headerLength |= (long) (len[2] & 0xff) << 16 | (long) (len[3] & 0xff) << 24;
    }
    boolean utf8 = major == 3;
    long maxBytes = utf8 ? 4L * MAX_HEADER_CHARS : MAX_HEADER_CHARS;
    if (headerLength > maxBytes) {
      throw new NpyFormatException("header too large: the header length field says " + headerLength
          + " bytes, more than the " + MAX_HEADER_CHARS + " characters numpy.load accepts (max_header_size)");
    }
    byte[] header = in.readNBytes((int) headerLength);
    if (header.length < headerLength) {
      throw new NpyFormatException("truncated header: the header length field says " + headerLength
          + " bytes, the input ends after " + header.length);
    }
    String text;
    if (utf8) {
      try {
        text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(header)).toString();
      } catch (CharacterCodingException e) {
        throw new NpyFormatException("bad header: a version 3.0 header is not valid UTF-8");
      }
      if (text.codePointCount(0, text.length()) > MAX_HEADER_CHARS) {
        throw new NpyFormatException("header too large: more than the " + MAX_HEADER_CHARS
            + " characters numpy.load accepts (max_header_size)");
      }
    } else {
      text = new String(header, StandardCharsets.ISO_8859_1);
    }
    HeaderParser.Fields f = HeaderParser.parse(text, major <= 2);
    long size = 1;
    for (long d : f.shape()) {
      try {
        size = d == 0 ? size : Math.multiplyExact(size, d);
      } catch (ArithmeticException e) {
        // numpy cannot make an array of such a shape, even of size 0: reshape fails
        throw new NpyFormatException("shape " + shapeRepr(f.shape()) + " overflows: the product of its non-zero"
            + " dimensions exceeds 2^63-1");
      }
    }
    if (Arrays.stream(f.shape()).anyMatch(d -> d == 0)) {
      size = 0;
    }
    long dataOffset = MAGIC.length + 2 + lengthBytes + headerLength;
    return new NpyHeader(major, minor, f.descr(), f.dtype(), f.fortranOrder(), f.shape(), size, dataOffset);
  }

  /**
   * The built-in type that {@link #read(Path)} returns for a dtype descriptor, e.g.
   * {@code IntNdArray.TYPE} for {@code "<i4"}, {@code ">i4"} or {@code "i"}; empty if the dtype
   * has none.
   */
  public static Optional<ScalarType<?>> builtInType(String descr) {
    Dtype d = Dtype.parse(descr);
    return d == null ? Optional.empty() : Optional.ofNullable(builtIn(d));
  }

  private static ScalarType<?> builtIn(Dtype d) {
    for (ScalarType<?> t : BuiltIns.ALL) {
      if (Dtype.parse(t.dtype()).sameKindAndSize(d)) {
        return t;
      }
    }
    return null;
  }

  /**
   * A stream over a file. A pipe-like file (FIFO, {@code /dev/stdin}) gets a {@link FileInputStream}:
   * the NIO stream's {@code available()} asks the channel for its position, which a pipe refuses.
   */
  private static InputStream open(Path path) throws IOException {
    if (Files.exists(path) && !Files.isRegularFile(path) && !Files.isDirectory(path)) {
      return new FileInputStream(path.toFile());
    }
    return Files.newInputStream(path);
  }

  private static NdArray readFile(Path path, ScalarType<?> type) throws IOException {
    if (Files.exists(path) && !Files.isRegularFile(path) && !Files.isDirectory(path)) {
      return readPipe(path, type);
    }
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      InputStream in = new BufferedInputStream(Channels.newInputStream(channel), CHUNK_BYTES);
      NpyHeader header = readHeader(in);
      // Only a regular file has a size to trust (a FIFO or /dev/stdin reports 0).
      long left = Files.isRegularFile(path) ? Math.max(0, channel.size() - header.dataOffset()) : -1;
      return readData(in, header, type, left);
    } catch (NpyFormatException e) {
      throw new NpyFormatException(path + ": " + e.getMessage(), e);
    } catch (FileSystemException e) {
      throw e;
    } catch (IOException e) {
      throw new IOException(path + ": " + e.getMessage(), e); // e.g. "Is a directory" names no path
    }
  }

  /** A FIFO or {@code /dev/stdin}: no size to trust, read once as a stream. */
  private static NdArray readPipe(Path path, ScalarType<?> type) throws IOException {
    try (InputStream raw = open(path)) {
      InputStream in = new BufferedInputStream(raw, CHUNK_BYTES);
      return readData(in, readHeader(in), type, -1);
    } catch (NpyFormatException e) {
      throw new NpyFormatException(path + ": " + e.getMessage(), e);
    }
  }

  /**
   * @param available data bytes the input is known to hold after the header, or -1 for a stream
   */
  private static NdArray readData(InputStream in, NpyHeader header, ScalarType<?> requested, long available)
      throws IOException {
    Dtype dtype = header.dtypeInfo();
    ScalarType<?> type = requested == null ? supportedType(header.descr(), dtype) : matchingType(header.descr(), dtype, requested);
    StorageCodec codec = StorageCodec.of(type.storageType());
    if (codec == null || codec.itemSize != dtype.itemSize()) {
      throw new NpyFormatException("dtype '" + header.descr() + "' has " + dtype.itemSize() + "-byte items but "
          + type.name() + " stores " + type.storageType().getName() + " values");
    }
    if (dtype.kind() == 'c' && dtype.itemSize() > 1 && dtype.byteOrder() != ByteOrder.LITTLE_ENDIAN) {
      throw new NpyFormatException("dtype '" + header.descr() + "': big-endian complex data is not supported");
    }
    long[] dims = header.dims();
    String what = "shape " + shapeRepr(dims) + " of '" + header.descr() + "'";
    if (header.size() > MAX_ARRAY_SIZE) {
      throw new NpyFormatException("shape " + shapeRepr(dims) + " has " + header.size()
          + " elements, more than a Java array holds (" + MAX_ARRAY_SIZE + ")");
    }
    int n = (int) header.size();
    long bytes = (long) n * codec.itemSize;
    if (available >= 0 && available < bytes) {
      throw new NpyFormatException("truncated data: " + what + " needs " + bytes
          + " data bytes, the input ends after " + available);
    }
    boolean fortran = header.fortranOrder() && dims.length > 1 && n > 0;
    long heap = fortran ? 2 * bytes : bytes; // a Fortran-order read copies once into C order
    long maxHeap = Runtime.getRuntime().maxMemory();
    if (heap > maxHeap) {
      throw tooLarge(what, bytes, heap);
    }
    Object data;
    try {
      data = available >= 0 ? readKnown(in, codec, dtype.byteOrder(), n, what) : readGrowing(in, codec, dtype.byteOrder(), n, what);
    } catch (OutOfMemoryError e) {
      throw tooLarge(what, bytes, heap);
    }
    if (fortran) {
      long[] reversed = new long[dims.length];
      for (int i = 0; i < dims.length; i++) {
        reversed[i] = dims[dims.length - 1 - i];
      }
      // The typed array's own copy walks the transposed view into C order (storage values as is).
      try {
        return type.wrapStorage(Shape.of(reversed), data).transpose().copy();
      } catch (OutOfMemoryError e) {
        data = null;
        throw tooLarge(what, bytes, heap);
      }
    }
    return type.wrapStorage(Shape.of(dims), data);
  }

  private static NpyFormatException tooLarge(String what, long bytes, long heap) {
    Runtime rt = Runtime.getRuntime();
    return new NpyFormatException(what + " needs " + bytes + " data bytes (" + mib(heap)
        + " of heap to read), more than this Java heap can hold now (max " + mib(rt.maxMemory())
        + ", " + mib(rt.totalMemory() - rt.freeMemory()) + " in use); run java with a larger -Xmx");
  }

  private static String mib(long bytes) {
    return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
  }

  private static ScalarType<?> supportedType(String descr, Dtype dtype) throws NpyFormatException {
    ScalarType<?> t = dtype == null ? null : builtIn(dtype);
    if (t == null) {
      throw new NpyFormatException("unsupported dtype '" + descr + "'"
          + (dtype != null && !dtype.structured() && !dtype.str().equals(descr) ? " (" + dtype.str() + ")" : "")
          + ": Npy.read maps |b1 |i1 i2 u2 i4 i8 f4 f8"
          + " (either byte order) to the built-in types; read other simple dtypes with"
          + " Npy.read(path, type) and a ScalarType that declares them");
    }
    return t;
  }

  private static ScalarType<?> matchingType(String descr, Dtype dtype, ScalarType<?> type) throws NpyFormatException {
    Dtype declared = Dtype.parse(type.dtype());
    if (dtype == null || declared == null || !declared.sameKindAndSize(dtype)) {
      String accepted = declared == null ? type.dtype()
          : declared.itemSize() == 1 ? declared.littleEndianDescr()
          : "<" + declared.kind() + declared.itemSize() + "' or '>" + declared.kind() + declared.itemSize();
      throw new NpyFormatException("dtype '" + descr + "' does not match " + type.name()
          + ", which reads '" + accepted + "'");
    }
    return type;
  }

  /** Reads {@code n} items the input is known to hold: one allocation of the exact size. */
  private static Object readKnown(InputStream in, StorageCodec codec, ByteOrder order, int n, String what)
      throws IOException {
    Object data = codec.allocate(n);
    fill(in, codec, order, data, 0, n, n, what);
    return data;
  }

  /** Reads {@code n} items from a stream, growing the array (doubling) only as items arrive. */
  private static Object readGrowing(InputStream in, StorageCodec codec, ByteOrder order, int n, String what)
      throws IOException {
    int capacity = Math.min(n, Math.max(1, CHUNK_BYTES / codec.itemSize));
    Object data = codec.allocate(capacity);
    int done = 0;
    while (true) {
      done = fill(in, codec, order, data, done, capacity, n, what);
      if (done == n) {
        return data;
      }
      capacity = (int) Math.min(n, 2L * capacity);
      Object grown = codec.allocate(capacity);
      System.arraycopy(data, 0, grown, 0, done);
      data = grown;
    }
  }

  /** Decodes items {@code from ... to-1} of {@code n} into {@code data}; returns {@code to}. */
  private static int fill(InputStream in, StorageCodec codec, ByteOrder order, Object data, int from, int to, int n,
      String what) throws IOException {
    int itemSize = codec.itemSize;
    byte[] chunk = new byte[chunkBytes(to - from, itemSize)];
    ByteBuffer buf = ByteBuffer.wrap(chunk).order(order);
    int perChunk = chunk.length / itemSize;
    int done = from;
    while (done < to) {
      int items = Math.min(to - done, perChunk);
      int bytes = items * itemSize;
      int got = in.readNBytes(chunk, 0, bytes);
      if (got < bytes) {
        long expected = (long) n * itemSize;
        throw new NpyFormatException("truncated data: " + what
            + " needs " + expected + " data bytes, the input ends after " + ((long) done * itemSize + got));
      }
      codec.get(buf, data, done, items);
      done += items;
    }
    return done;
  }

  // --------------------------------------------------------------------------------------- write

  /**
   * Writes {@code array} to a {@code .npy} file (version 1.0, little-endian, C order), replacing
   * the file if it exists, atomically: the dtype, header and size are checked before anything is
   * created, the data go to a temporary file beside the target that is forced to disk and renamed
   * over it ({@link AtomicFile}). If the write fails, an existing file is left as it was and no
   * temporary file remains.
   *
   * @throws IllegalArgumentException if the array's dtype is not a simple descriptor
   * @throws ArithmeticException if the array has more elements than a Java array holds
   *     ({@value #MAX_ARRAY_SIZE}; e.g. a large {@code broadcastTo} view), which {@link #read}
   *     could not read back
   * @throws IOException if the file cannot be written
   */
  public static void write(NdArray array, Path path) throws IOException {
    Objects.requireNonNull(array, "array");
    Objects.requireNonNull(path, "path");
    byte[] header = checkedHeader(array);
    AtomicFile.write(path, out -> writeBody(array, header, out));
  }

  /**
   * Writes {@code array} as one {@code .npy} array (version 1.0, little-endian, C order: the logical
   * row-major order of any view) to a stream; does not close it. Nothing is written if the array
   * cannot be (dtype, size).
   *
   * @throws IllegalArgumentException if the array's dtype is not a simple descriptor
   * @throws ArithmeticException if the array has more elements than a Java array holds
   * @throws IOException if the stream fails
   */
  public static void write(NdArray array, OutputStream out) throws IOException {
    Objects.requireNonNull(array, "array");
    Objects.requireNonNull(out, "out");
    writeBody(array, checkedHeader(array), out);
  }

  /** Everything that can fail before a byte is written: dtype, size, header. */
  private static byte[] checkedHeader(NdArray array) {
    ScalarType<?> type = array.scalarType();
    Dtype dtype = Dtype.parse(type.dtype());
    StorageCodec codec = StorageCodec.of(type.storageType());
    if (dtype == null || dtype.structured() || "biufc".indexOf(dtype.kind()) < 0 || !dtype.unit().isEmpty()
        || codec == null || codec.itemSize != dtype.itemSize()) {
      throw new IllegalArgumentException("cannot write " + type.name() + " arrays: dtype '" + type.dtype()
          + "' is not a simple descriptor with " + type.storageType().getName() + "-sized items");
    }
    long size = array.size();
    if (size > MAX_ARRAY_SIZE) {
      String bytes = size <= Long.MAX_VALUE / codec.itemSize ? size * codec.itemSize + " data bytes" : "more than 2^63-1 data bytes";
      throw new ArithmeticException("cannot write an array of shape " + array.shape() + ": its " + size
          + " elements (" + bytes + ") are more than a Java array holds (" + MAX_ARRAY_SIZE
          + "), so Npy.read could not read the file back");
    }
    return header(dtype.littleEndianDescr(), array.shape().asArray());
  }

  private static void writeBody(NdArray array, byte[] header, OutputStream out) throws IOException {
    out.write(header);
    StorageCodec codec = StorageCodec.of(array.scalarType().storageType());
    byte[] chunk = new byte[chunkBytes((int) Math.min(array.size(), CHUNK_ELEMENTS), codec.itemSize)];
    writeData(array, codec, out, chunk);
  }

  /** Writes the elements in C order, a block of leading-axis rows (or one row, recursively) at a time. */
  private static void writeData(NdArray a, StorageCodec codec, OutputStream out, byte[] chunk) throws IOException {
    long size = a.size();
    if (size == 0) {
      return;
    }
    if (size <= CHUNK_ELEMENTS || a.rank() == 0) {
      Object data = a.toStorageArray();
      ByteBuffer buf = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN);
      int perChunk = chunk.length / codec.itemSize;
      int n = codec.length(data);
      for (int done = 0; done < n; ) {
        int items = Math.min(n - done, perChunk);
        codec.put(data, done, items, buf);
        out.write(chunk, 0, items * codec.itemSize);
        done += items;
      }
      return;
    }
    long rows = a.shape().dim(0);
    long rowSize = size / rows;
    if (rowSize > CHUNK_ELEMENTS) {
      for (long i = 0; i < rows; i++) {
        writeData(a.get(i), codec, out, chunk);
      }
    } else {
      long block = CHUNK_ELEMENTS / rowSize;
      for (long i = 0; i < rows; i += block) {
        writeData(a.subarray(i, Math.min(rows, i + block)), codec, out, chunk);
      }
    }
  }

  /** Buffer size for moving {@code n} items: at most {@value #CHUNK_BYTES} bytes, a multiple of the item size. */
  private static int chunkBytes(int n, int itemSize) {
    return (int) Math.min(CHUNK_BYTES, Math.max(itemSize, (long) n * itemSize));
  }

  /** The magic, version, header length and header that numpy 1.x/2.x {@code np.save} writes for a C-order array. */
  static byte[] header(String descr, long[] dims) {
    StringBuilder dict = new StringBuilder()
        .append("{'descr': '").append(descr)
        .append("', 'fortran_order': False, 'shape': ").append(shapeRepr(dims)).append(", }");
    if (dims.length > 0) {
      dict.append(" ".repeat(Math.max(0, GROWTH_AXIS_MAX_DIGITS - Long.toString(dims[0]).length())));
    }
    return wrapHeader(dict.toString());
  }

  /**
   * numpy's {@code _wrap_header_guess_version} for a latin-1 header: version 1.0 if the padded
   * header fits its 16-bit length, else 2.0 (32-bit length). Padding: spaces and a final
   * {@code '\n'} up to a multiple of 64 bytes from the start of the file.
   */
  static byte[] wrapHeader(String dict) {
    byte[] text = dict.getBytes(StandardCharsets.ISO_8859_1);
    int major = 1;
    int prefix = MAGIC.length + 2 + 2;
    int withNewline = text.length + 1;
    int pad = ALIGN - (prefix + withNewline) % ALIGN;
    if (withNewline + pad > 0xffff) {
      major = 2;
      prefix = MAGIC.length + 2 + 4;
      pad = ALIGN - (prefix + withNewline) % ALIGN;
    }
    int headerLength = withNewline + pad;
    byte[] out = new byte[prefix + headerLength];
    System.arraycopy(MAGIC, 0, out, 0, MAGIC.length);
    out[6] = (byte) major;
    out[7] = 0;
    for (int k = 0; k < prefix - 8; k++) {
      out[8 + k] = (byte) (headerLength >>> (8 * k));
    }
    System.arraycopy(text, 0, out, prefix, text.length);
    Arrays.fill(out, prefix + text.length, out.length - 1, (byte) ' ');
    out[out.length - 1] = '\n';
    return out;
  }

  /** Python's repr of a shape tuple: {@code ()}, {@code (5,)}, {@code (2, 3)}. */
  static String shapeRepr(long[] dims) {
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < dims.length; i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(dims[i]);
    }
    return sb.append(dims.length == 1 ? ",)" : ")").toString();
  }

  private static String hex(byte[] bytes, int max) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(bytes.length, max); i++) {
      if (i > 0) {
        sb.append(' ');
      }
      sb.append(String.format("%02x", bytes[i] & 0xff));
    }
    return sb.toString();
  }
}
