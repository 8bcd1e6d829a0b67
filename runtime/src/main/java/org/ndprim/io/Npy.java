package org.ndprim.io;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Reads and writes NumPy {@code .npy} files, format version 1.0.
 *
 * <h2>Reading</h2>
 * A file is the magic bytes {@code \x93NUMPY}, the version bytes {@code 1 0}, a little-endian
 * 16-bit header length, the header (a Python dict literal with {@code 'descr'},
 * {@code 'fortran_order'} and {@code 'shape'}) and the raw data. The reader
 * <ul>
 *   <li>accepts version 1.0 only; 2.0 and 3.0 fail with "version 2.0 is not supported yet";</li>
 *   <li>parses the header strictly but, like numpy, allows any key order, any whitespace, either
 *       quote, trailing commas and any padding (numpy pads to 64 bytes, numpy &lt; 1.14 to 16);</li>
 *   <li>maps the dtype, in either byte order, to a built-in type in {@link #read(Path)}:
 *       {@code |b1}&rarr;Boolean, {@code |i1}&rarr;Byte, {@code <i2 >i2}&rarr;Short,
 *       {@code <u2 >u2}&rarr;Char, {@code <i4 >i4}&rarr;Int, {@code <i8 >i8}&rarr;Long,
 *       {@code <f4 >f4}&rarr;Float, {@code <f8 >f8}&rarr;Double; {@code '='}, {@code '|'} or no
 *       order character on a multi-byte dtype means the native order of the reading machine
 *       ({@link ByteOrder#nativeOrder()}), as in {@code numpy.load}. With
 *       {@link #read(Path, ScalarType)} any type whose dtype has the same kind and item size is
 *       accepted (e.g. a Float16 type declared {@code "<f2"} reads {@code <f2} and {@code >f2});</li>
 *   <li>reads C-order data as is and Fortran-order data ({@code 'fortran_order': True}) as C order
 *       of the reversed shape, transposed ({@link Layout#transpose()}) and copied, so the result is
 *       always a C-order array;</li>
 *   <li>handles 0-d ({@code ()}) and size-0 shapes; a boolean byte other than 0 reads as true;</li>
 *   <li>stops right after the data: an input stream is left positioned there, trailing bytes of a
 *       file are ignored (as numpy does).</li>
 * </ul>
 * Every problem with the input is an {@link NpyFormatException} saying what is wrong (for a file,
 * prefixed by its path): bad magic, unsupported version, bad header (with the position in the
 * header text), unsupported dtype, shape whose size overflows a {@code long} or exceeds the largest
 * Java array ({@value #MAX_ARRAY_SIZE} elements), truncated header or data. Failures to read the
 * input itself are the underlying {@link IOException}.
 *
 * <h2>Writing</h2>
 * {@link #write(NdArray, Path)} writes version 1.0, little-endian ({@code '|'} for one-byte types),
 * C order, the elements of any view in its logical C (row-major) order. The header is what
 * {@code numpy.save} writes: keys in sorted order, spare spaces for growing the first axis,
 * padded with spaces and a final {@code '\n'} so that the data starts at a multiple of 64 bytes.
 * A little-endian C-order file written by {@code numpy.save} is therefore reproduced byte for byte.
 * The descriptor written is the array's {@link ScalarType#dtype()} with its byte order replaced.
 */
public final class Npy {
  /** Largest element count read into one Java array. */
  public static final int MAX_ARRAY_SIZE = Integer.MAX_VALUE - 8;

  private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
  private static final int PREFIX_LENGTH = MAGIC.length + 2 + 2;
  private static final int ALIGN = 64;
  private static final int GROWTH_AXIS_MAX_DIGITS = 21;
  private static final int CHUNK_BYTES = 1 << 16;

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
   * @throws NpyFormatException if the file is not a version 1.0 {@code .npy} file of a supported
   *     dtype, or is truncated; the message starts with the path
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
   * bytes, leaving the stream positioned after them; does not close it.
   *
   * @throws NpyFormatException if the bytes are not a version 1.0 {@code .npy} array of a supported
   *     dtype, or end early
   * @throws IOException if the stream fails
   */
  public static NdArray read(InputStream in) throws IOException {
    return readStream(in, null);
  }

  /**
   * Reads one array from a stream, as {@link #read(Path, ScalarType)}; leaves the stream
   * positioned after the data and does not close it.
   *
   * @throws NpyFormatException as {@link #read(InputStream)}, and if the dtype does not match {@code type}
   * @throws IOException if the stream fails
   */
  public static <A extends NdArray> A read(InputStream in, ScalarType<A> type) throws IOException {
    Objects.requireNonNull(type, "type");
    return type.arrayType().cast(readStream(in, type));
  }

  /**
   * Reads only the header of a {@code .npy} file: its dtype descriptor, order and shape. The
   * dtype need not be supported.
   *
   * @throws NpyFormatException if the file does not start with a valid version 1.0 header; the
   *     message starts with the path
   * @throws IOException if the file cannot be read
   */
  public static NpyHeader readHeader(Path path) throws IOException {
    try (InputStream in = Files.newInputStream(path)) {
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
   * @throws NpyFormatException if the bytes do not start with a valid version 1.0 header
   * @throws IOException if the stream fails
   */
  public static NpyHeader readHeader(InputStream in) throws IOException {
    Objects.requireNonNull(in, "in");
    byte[] prefix = in.readNBytes(PREFIX_LENGTH);
    if (prefix.length == 0) {
      throw new NpyFormatException("not a .npy file: the input is empty");
    }
    int m = Math.min(prefix.length, MAGIC.length);
    if (!Arrays.equals(prefix, 0, m, MAGIC, 0, m) || prefix.length < MAGIC.length) {
      throw new NpyFormatException("not a .npy file: it starts with " + hex(prefix, MAGIC.length)
          + " instead of the magic bytes 93 4e 55 4d 50 59 (\\x93NUMPY)");
    }
    if (prefix.length < PREFIX_LENGTH) {
      throw new NpyFormatException("truncated header: the input ends after " + prefix.length + " bytes");
    }
    int major = prefix[6] & 0xff;
    int minor = prefix[7] & 0xff;
    if (major != 1 || minor != 0) {
      if ((major == 2 || major == 3) && minor == 0) {
        throw new NpyFormatException("version " + major + "." + minor
            + " is not supported yet: only .npy format version 1.0 is read");
      }
      throw new NpyFormatException("unknown .npy format version " + major + "." + minor);
    }
    int headerLength = (prefix[8] & 0xff) | (prefix[9] & 0xff) << 8;
    byte[] header = in.readNBytes(headerLength);
    if (header.length < headerLength) {
      throw new NpyFormatException("truncated header: the header length field says " + headerLength
          + " bytes, the input ends after " + header.length);
    }
    HeaderParser.Fields f = HeaderParser.parse(new String(header, StandardCharsets.ISO_8859_1));
    long size = 1;
    boolean empty = Arrays.stream(f.shape()).anyMatch(d -> d == 0);
    for (long d : f.shape()) {
      try {
        size = empty ? 0 : Math.multiplyExact(size, d);
      } catch (ArithmeticException e) {
        throw new NpyFormatException("shape " + shapeRepr(f.shape()) + " overflows: it has more than 2^63-1 elements");
      }
    }
    return new NpyHeader(major, minor, f.descr(), f.fortranOrder(), f.shape(), size, PREFIX_LENGTH + (long) headerLength);
  }

  /**
   * The built-in type that {@link #read(Path)} returns for a dtype descriptor, e.g.
   * {@code IntNdArray.TYPE} for {@code "<i4"} or {@code ">i4"}; empty if the dtype has none.
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

  private static NdArray readFile(Path path, ScalarType<?> type) throws IOException {
    try (InputStream in = Files.newInputStream(path)) {
      return readStream(in, type);
    } catch (NpyFormatException e) {
      throw new NpyFormatException(path + ": " + e.getMessage(), e);
    } catch (FileSystemException e) {
      throw e;
    } catch (IOException e) {
      throw new IOException(path + ": " + e.getMessage(), e); // e.g. "Is a directory" names no path
    }
  }

  private static NdArray readStream(InputStream in, ScalarType<?> requested) throws IOException {
    NpyHeader header = readHeader(in);
    Dtype dtype = Dtype.parse(header.descr());
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
    if (header.size() > MAX_ARRAY_SIZE) {
      throw new NpyFormatException("shape " + shapeRepr(dims) + " has " + header.size()
          + " elements, more than a Java array holds (" + MAX_ARRAY_SIZE + ")");
    }
    int n = (int) header.size();
    Object data = readData(in, codec, dtype.byteOrder(), n, header);
    Shape shape = Shape.of(dims);
    if (header.fortranOrder() && dims.length > 1 && n > 0) {
      long[] reversed = new long[dims.length];
      for (int i = 0; i < dims.length; i++) {
        reversed[i] = dims[dims.length - 1 - i];
      }
      // The typed array's own copy walks the transposed view into C order (storage values as is).
      return type.wrapStorage(Shape.of(reversed), data).transpose().copy();
    }
    return type.wrapStorage(shape, data);
  }

  private static ScalarType<?> supportedType(String descr, Dtype dtype) throws NpyFormatException {
    ScalarType<?> t = dtype == null ? null : builtIn(dtype);
    if (t == null) {
      throw new NpyFormatException("unsupported dtype '" + descr + "': Npy.read maps |b1 |i1 i2 u2 i4 i8 f4 f8"
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

  private static Object readData(InputStream in, StorageCodec codec, ByteOrder order, int n, NpyHeader header)
      throws IOException {
    Object data = codec.allocate(n);
    int itemSize = codec.itemSize;
    byte[] chunk = new byte[chunkBytes(n, itemSize)];
    ByteBuffer buf = ByteBuffer.wrap(chunk).order(order);
    int perChunk = chunk.length / itemSize;
    int done = 0;
    while (done < n) {
      int items = Math.min(n - done, perChunk);
      int bytes = items * itemSize;
      int got = in.readNBytes(chunk, 0, bytes);
      if (got < bytes) {
        long expected = (long) n * itemSize;
        throw new NpyFormatException("truncated data: shape " + shapeRepr(header.dims()) + " of '" + header.descr()
            + "' needs " + expected + " data bytes, the input ends after " + ((long) done * itemSize + got));
      }
      codec.get(buf, data, done, items);
      done += items;
    }
    return data;
  }

  // --------------------------------------------------------------------------------------- write

  /**
   * Writes {@code array} to a {@code .npy} file (version 1.0, little-endian, C order), replacing
   * the file if it exists.
   *
   * @throws IllegalArgumentException if the array's dtype is not a simple descriptor
   * @throws IOException if the file cannot be written
   */
  public static void write(NdArray array, Path path) throws IOException {
    Objects.requireNonNull(array, "array");
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(path), CHUNK_BYTES)) {
      write(array, out);
    }
  }

  /**
   * Writes {@code array} as one {@code .npy} array (version 1.0, little-endian, C order: the logical
   * row-major order of any view) to a stream; does not close it.
   *
   * @throws IllegalArgumentException if the array's dtype is not a simple descriptor
   * @throws IOException if the stream fails
   */
  public static void write(NdArray array, OutputStream out) throws IOException {
    Objects.requireNonNull(array, "array");
    Objects.requireNonNull(out, "out");
    ScalarType<?> type = array.scalarType();
    Dtype dtype = Dtype.parse(type.dtype());
    StorageCodec codec = StorageCodec.of(type.storageType());
    if (dtype == null || codec == null || codec.itemSize != dtype.itemSize()) {
      throw new IllegalArgumentException("cannot write " + type.name() + " arrays: dtype '" + type.dtype()
          + "' is not a simple descriptor with " + type.storageType().getName() + "-sized items");
    }
    long[] dims = array.shape().asArray();
    out.write(header(dtype.littleEndianDescr(), dims));
    Object data = array.toStorageArray();
    int n = codec.length(data);
    int itemSize = codec.itemSize;
    byte[] chunk = new byte[chunkBytes(n, itemSize)];
    ByteBuffer buf = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN);
    int perChunk = chunk.length / itemSize;
    for (int done = 0; done < n; ) {
      int items = Math.min(n - done, perChunk);
      codec.put(data, done, items, buf);
      out.write(chunk, 0, items * itemSize);
      done += items;
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
    int withNewline = dict.length() + 1;
    int pad = ALIGN - (PREFIX_LENGTH + withNewline) % ALIGN;
    int headerLength = withNewline + pad;
    if (headerLength > 0xffff) {
      throw new IllegalArgumentException("a rank-" + dims.length + " header is too long for .npy version 1.0");
    }
    dict.append(" ".repeat(pad)).append('\n');
    byte[] text = dict.toString().getBytes(StandardCharsets.ISO_8859_1);
    byte[] out = new byte[PREFIX_LENGTH + text.length];
    System.arraycopy(MAGIC, 0, out, 0, MAGIC.length);
    out[6] = 1;
    out[7] = 0;
    out[8] = (byte) headerLength;
    out[9] = (byte) (headerLength >>> 8);
    System.arraycopy(text, 0, out, PREFIX_LENGTH, text.length);
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
