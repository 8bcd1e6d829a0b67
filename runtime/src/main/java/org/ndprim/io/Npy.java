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
import org.ndprim.BFloat16NdArray;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.CharNdArray;
import org.ndprim.Complex128NdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.Float16NdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;
import org.ndprim.UInt16NdArray;
import org.ndprim.UInt32NdArray;
import org.ndprim.UInt64NdArray;
import org.ndprim.UInt8NdArray;
import org.ndprim.layout.Layout;
import org.ndprim.storage.Chunks;

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
 *   <li>maps the dtype, in either byte order, to a built-in type in {@link #read(Path)}
 *       ({@link #builtInDtypes()} lists them):
 *       {@code |b1}&rarr;Boolean, {@code |i1}&rarr;Byte, {@code <i2 >i2}&rarr;Short,
 *       {@code <i4 >i4}&rarr;Int, {@code <i8 >i8}&rarr;Long, {@code |u1}&rarr;UInt8,
 *       {@code <u2 >u2}&rarr;UInt16, {@code <u4 >u4}&rarr;UInt32, {@code <u8 >u8}&rarr;UInt64,
 *       {@code <f2 >f2}&rarr;Float16, {@code <f4 >f4}&rarr;Float, {@code <f8 >f8}&rarr;Double,
 *       {@code <c8 >c8}&rarr;Complex64, {@code <c16 >c16}&rarr;Complex128 and
 *       {@code <V2 >V2}&rarr;BFloat16 (what {@code np.save} writes for ml_dtypes' bfloat16); a
 *       descriptor numpy normalises to one of these ({@code '?'}, {@code 'b'}, {@code '<l'},
 *       {@code 'd'}, {@code 'int32'},
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
 * twice what arrived, plus 64 KiB). A claim beyond the heap ({@link Runtime#maxMemory()}) is an
 * {@link NpyFormatException} naming the shape and the byte size, never an
 * {@link OutOfMemoryError}: for a file before anything is read; for a stream only once the data
 * that really arrived need more heap than there is, so a stream that ends first is "truncated
 * data", as the same file read by its path is.
 *
 * <p>Every problem with the input is an {@link NpyFormatException} saying what is wrong (for a file,
 * prefixed by its path): bad magic, unknown version, bad header (with the position in the header
 * text), unsupported dtype, shape whose byte size overflows a {@code long}, truncated header or
 * data, not enough memory. Failures to read the input itself are the underlying
 * {@link IOException}.
 *
 * <p>{@link #read} copies the data into the heap: a C-order array over a Java array, or over heap
 * memory in chunks when there are more elements than a Java array holds. Data are decoded by the
 * generated copy from an array over the file's bytes (buffer storage, in the file's byte order).
 *
 * <h2>Mapping</h2>
 * {@link #map(Path, MapMode)} maps a file's data instead of reading them, as
 * {@code np.load(mmap_mode=...)}: a view over the file, in its byte order, that any size of file
 * opens in a small heap ({@link MapMode} has numpy's {@code 'r'}, {@code 'r+'} and {@code 'c'}).
 * {@link #mapNew} creates a zero-filled file of a type and shape and maps it read-write, as
 * {@code np.lib.format.open_memmap(mode='w+')}.
 *
 * <h2>Writing</h2>
 * {@link #write(NdArray, Path)} writes version 1.0 (2.0 only if the header needs more than 65535
 * bytes, as {@code numpy.save} decides), little-endian ({@code '|'} for one-byte types, but
 * {@code '<V1'} for a one-byte void type declared {@code '<V1'}, as {@code numpy.save} writes
 * ml_dtypes' float8 types), C order,
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
  /** numpy.load's {@code max_header_size}: longer headers are refused (unless pickles are allowed). */
  static final int MAX_HEADER_CHARS = 10_000;

  private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
  private static final int ALIGN = 64;
  private static final int GROWTH_AXIS_MAX_DIGITS = 21;
  private static final int CHUNK_BYTES = 1 << 16;
  /**
   * The bytes {@link #fill} reads and decodes at a time. Each chunk costs a wrap and a typed copy,
   * so 64 KiB chunks made a 256 MiB read 1.1x slower than 256 KiB ones (issue 18, item 24).
   */
  private static final int READ_CHUNK_BYTES = 1 << 18;
  private static final int CHUNK_ELEMENTS = 1 << 16;

  private Npy() {}

  /** The built-in types, in a holder so that loading {@code Npy} does not initialise them early. */
  private static final class BuiltIns {
    /**
     * In lookup order: {@code <u2} is {@code UInt16} (NumPy's {@code uint16}), not {@code Char},
     * which reads the same bytes only when asked for ({@code read(path, CharNdArray.TYPE)});
     * 2-byte void data ({@code <V2}) is {@code BFloat16}, as JAX's {@code jnp.load} reads what
     * {@code np.save} writes for ml_dtypes' bfloat16.
     */
    static final List<ScalarType<?>> ALL = List.of(
        BooleanNdArray.TYPE, ByteNdArray.TYPE, ShortNdArray.TYPE, IntNdArray.TYPE,
        LongNdArray.TYPE, UInt8NdArray.TYPE, UInt16NdArray.TYPE, UInt32NdArray.TYPE,
        UInt64NdArray.TYPE, Float16NdArray.TYPE, FloatNdArray.TYPE, DoubleNdArray.TYPE,
        Complex64NdArray.TYPE, Complex128NdArray.TYPE, BFloat16NdArray.TYPE, CharNdArray.TYPE);

    /** The dtypes of {@link #ALL} that a lookup reaches (not {@code Char}'s {@code <u2}), little-endian. */
    static final List<String> DTYPES = ALL.stream()
        .filter(t -> builtIn(Dtype.parse(t.dtype())) == t)
        .map(t -> Dtype.parse(t.dtype()).littleEndianDescr())
        .toList();
  }

  // ---------------------------------------------------------------------------------------- read

  /**
   * Reads a {@code .npy} file into an array of the built-in type for its dtype.
   *
   * @param path the file
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
   * @param <A> the array type
   * @param path the file
   * @param type the element type to read as, e.g. {@code Float16NdArray.TYPE}
   * @return a new C-order array of the file's shape
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
   * @param in the stream, positioned at the magic string
   * @return a new C-order array of the built-in type for the dtype
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
   * @param <A> the array type
   * @param in the stream, positioned at the magic string
   * @param type the element type to read as
   * @return a new C-order array of the stream's shape
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
   * @param in the stream, positioned at the first data byte
   * @param header the header just read from {@code in}
   * @return a new C-order array of the built-in type for the header's dtype
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
   * @param path the file
   * @return the header
   * @throws NpyFormatException if the file does not start with a valid header; the message
   *     starts with the path
   * @throws IOException if the file cannot be read
   */
  public static NpyHeader readHeader(Path path) throws IOException {
    try (InputStream in = open(path)) {
      return readHeader(new BufferedInputStream(in, 4096));
    } catch (NpyFormatException e) {
      throw new NpyFormatException(path + ": " + Messages.reason(e), e);
    } catch (FileSystemException e) {
      throw e;
    } catch (IOException e) {
      throw new IOException(path + ": " + Messages.reason(e), e); // e.g. "Is a directory" names no path
    }
  }

  /**
   * Reads only the header of a {@code .npy} array from a stream, leaving the stream positioned at
   * the first data byte.
   *
   * @param in the stream, positioned at the magic string
   * @return the header
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
   * {@return the built-in type that {@link #read(Path)} returns for a dtype descriptor, e.g.
   * {@code IntNdArray.TYPE} for {@code "<i4"}, {@code ">i4"} or {@code "i"}; empty if the dtype
   * has none}
   *
   * @param descr a dtype descriptor or alias as numpy reads it
   */
  public static Optional<ScalarType<?>> builtInType(String descr) {
    Dtype d = Dtype.parse(descr);
    return d == null ? Optional.empty() : Optional.ofNullable(builtIn(d));
  }

  /**
   * {@return the dtypes {@link #read(Path)} maps to a built-in type, as {@code np.save} writes
   * them on a little-endian machine, in lookup order: {@code "|b1"}, {@code "|i1"},
   * {@code "<i2"}, ..., {@code "<V2"} (BFloat16)} Each is read in either byte order, and so is
   * every descriptor numpy normalises to one of them ({@link #builtInType(String)}).
   */
  public static List<String> builtInDtypes() {
    return BuiltIns.DTYPES;
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
      // The data bypass the header's buffer: through it, every chunk was copied once more.
      channel.position(header.dataOffset());
      in = Channels.newInputStream(channel);
      // Only a regular file has a size to trust (a FIFO or /dev/stdin reports 0).
      long left = Files.isRegularFile(path) ? Math.max(0, channel.size() - header.dataOffset()) : -1;
      return readData(in, header, type, left);
    } catch (NpyFormatException e) {
      throw new NpyFormatException(path + ": " + Messages.reason(e), e);
    } catch (FileSystemException e) {
      throw e;
    } catch (IOException e) {
      throw new IOException(path + ": " + Messages.reason(e), e); // e.g. "Is a directory" names no path
    }
  }

  /** A FIFO or {@code /dev/stdin}: no size to trust, read once as a stream. */
  private static NdArray readPipe(Path path, ScalarType<?> type) throws IOException {
    try (InputStream raw = open(path)) {
      InputStream in = new BufferedInputStream(raw, CHUNK_BYTES);
      return readData(in, readHeader(in), type, -1);
    } catch (NpyFormatException e) {
      throw new NpyFormatException(path + ": " + Messages.reason(e), e);
    }
  }

  /**
   * The type a header's data are read as: the built-in type of its dtype, or {@code requested} if
   * its dtype has the same kind and item size.
   */
  private static ScalarType<?> typeFor(NpyHeader header, ScalarType<?> requested)
      throws NpyFormatException {
    Dtype dtype = header.dtypeInfo();
    ScalarType<?> type = requested == null ? supportedType(header.descr(), dtype)
        : matchingType(header.descr(), dtype, requested);
    if (type.itemSize() != dtype.itemSize()) {
      throw new NpyFormatException("dtype '" + header.descr() + "' has " + dtype.itemSize()
          + "-byte items but " + type.name() + " has " + type.itemSize() + "-byte items");
    }
    return type;
  }

  /** The C-order dims of the data as stored: the shape, reversed for Fortran order. */
  private static long[] storedDims(NpyHeader header) {
    long[] dims = header.dims();
    if (!header.fortranOrder()) {
      return dims;
    }
    long[] reversed = new long[dims.length];
    for (int i = 0; i < dims.length; i++) {
      reversed[i] = dims[dims.length - 1 - i];
    }
    return reversed;
  }

  /**
   * @param available data bytes the input is known to hold after the header, or -1 for a stream
   */
  static NdArray readData(InputStream in, NpyHeader header, ScalarType<?> requested, long available)
      throws IOException {
    ScalarType<?> type = typeFor(header, requested);
    checkArrayFits(header, type);
    ByteOrder order = header.dtypeInfo().byteOrder();
    long[] dims = header.dims();
    String what = "shape " + shapeRepr(dims) + " of '" + header.descr() + "'";
    long n = header.size();
    long bytes = type.byteSize(Shape.of(dims)); // checkArrayFits: it fits
    if (available >= 0 && available < bytes) {
      throw truncated(what, bytes, "the input ends after", available);
    }
    // An empty or rank-1 Fortran-order array has the C-order layout of its own shape: nothing
    // to transpose, and its dims are not reversed (numpy's shape is the header's).
    boolean fortran = header.fortranOrder() && dims.length > 1 && n > 0;
    long heap = fortran ? 2 * bytes : bytes; // a Fortran-order read copies once into C order
    // A stream's claim is not trusted before its data arrive: it is read growing, so that one
    // that ends early is "truncated data" however much it claimed; readGrowing says "too large"
    // only once the data that really arrived need more heap than there is.
    if (available >= 0 && heap > Runtime.getRuntime().maxMemory()) {
      throw tooLarge(what, bytes, heap);
    }
    try {
      NdArray flat = available >= 0 ? readKnown(in, type, order, n, what)
          : readGrowing(in, type, order, n, what, bytes, heap);
      if (!fortran) {
        return flat.reshapeView(Shape.of(dims));
      }
      if (heap > Runtime.getRuntime().maxMemory()) {
        throw tooLarge(what, bytes, heap); // every byte arrived, but there is no room for the C-order copy
      }
      // Fortran order: the stored data are the transpose's C order; its copy is C order.
      return flat.reshapeView(Shape.of(storedDims(header))).transpose().copy();
    } catch (OutOfMemoryError e) {
      throw tooLarge(what, bytes, heap);
    }
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
      boolean simple = dtype != null && !dtype.structured();
      throw new NpyFormatException("unsupported dtype '" + descr + "'"
          + (simple && !dtype.str().equals(descr) ? " (" + dtype.str() + ")" : "")
          + ": Npy.read maps " + String.join(" ", builtInDtypes())
          + " (either byte order) to its built-in types"
          + (simple && dtype.kind() == 'O' ? "; an object array holds Python pickles, which have no Java type"
              : simple ? "; read another simple dtype with Npy.read(path, type) and a ScalarType that declares"
                  + " its kind and item size" : ""));
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
  private static NdArray readKnown(InputStream in, ScalarType<?> type, ByteOrder order, long n,
      String what) throws IOException {
    NdArray flat = type.zeros(Shape.of(n));
    fill(in, type, order, flat, 0, n, n, what);
    return flat;
  }

  /**
   * Reads {@code n} items from a stream, growing the array (doubling) only as items arrive. A
   * growth that the heap cannot hold (the new array beside the full old one) is "too large", said
   * only then: an input that ends before is "truncated data", whatever it claimed.
   */
  private static NdArray readGrowing(InputStream in, ScalarType<?> type, ByteOrder order, long n,
      String what, long bytes, long heap) throws IOException {
    long capacity = Math.min(n, Math.max(1, CHUNK_BYTES / type.itemSize()));
    NdArray data = type.zeros(Shape.of(capacity));
    long done = 0;
    while (true) {
      done = fill(in, type, order, data, done, capacity, n, what);
      if (done == n) {
        return data;
      }
      long grownCapacity = Math.min(n, 2 * capacity);
      if ((double) (capacity + grownCapacity) * type.itemSize() > Runtime.getRuntime().maxMemory()) {
        throw tooLarge(what, bytes, heap);
      }
      capacity = grownCapacity;
      NdArray grown = type.zeros(Shape.of(capacity));
      type.copy(data, grown.subarray(0, done));
      data = grown;
    }
  }

  /**
   * Decodes items {@code from ... to-1} of {@code n} into the flat array {@code data}, a chunk of
   * bytes at a time: each chunk is wrapped as an array in the file's byte order (buffer storage)
   * and copied, so the generated copy does the decoding. Returns {@code to}.
   */
  private static long fill(InputStream in, ScalarType<?> type, ByteOrder order, NdArray data,
      long from, long to, long n, String what) throws IOException {
    int itemSize = type.itemSize();
    byte[] chunk = new byte[chunkBytes(to - from, itemSize)];
    int perChunk = chunk.length / itemSize;
    long done = from;
    while (done < to) {
      int items = (int) Math.min(to - done, perChunk);
      int bytes = items * itemSize;
      int got = in.readNBytes(chunk, 0, bytes);
      if (got < bytes) {
        long expected = n * itemSize;
        throw new NpyFormatException("truncated data: " + what
            + " needs " + expected + " data bytes, the input ends after " + (done * itemSize + got));
      }
      NdArray items0 = type.wrap(Shape.of(items), ByteBuffer.wrap(chunk, 0, bytes).order(order));
      type.copy(items0, data.subarray(done, done + items));
      done += items;
    }
    return done;
  }

  // ----------------------------------------------------------------------------------------- map

  /**
   * How {@link #map} maps a file, as numpy's {@code np.load(mmap_mode=...)} and
   * {@code np.memmap}'s modes.
   */
  public enum MapMode {
    /** {@code 'r'}: read-only; the array refuses writes. */
    READ_ONLY,
    /** {@code 'r+'}: read and write; writes reach the file. */
    READ_WRITE,
    /**
     * {@code 'c'}: copy on write; writes stay in memory and never reach the file. Java maps
     * privately only through a channel open for writing too: a file this process may not write
     * (permission denied, a read-only file system, an immutable file) is read into the heap
     * instead (the same array, eagerly copied).
     */
    COPY_ON_WRITE
  }

  /**
   * Maps the data of a {@code .npy} file into memory, without reading them: the result is an array
   * of the built-in type for the file's dtype over the mapped bytes, in the file's byte order
   * (big-endian data are a view, not a conversion), as {@code np.load(path, mmap_mode=...)}. The
   * data are read from the page cache as they are touched, so a file of any size opens in the
   * same small heap; more than 2 GiB of data are mapped in chunks of
   * {@link Chunks#DEFAULT_CHUNK_BYTES}. A Fortran-order file gives the transposed view of its data
   * ({@code transpose()} of the reversed shape), so nothing is copied either. The mapping stays
   * valid after this call and is released when the array is no longer reachable.
   *
   * <p><b>A file that shrinks while mapped.</b> If another process truncates the file after it is
   * mapped (as an in-place {@code np.save} over it does), touching an element past its new end
   * is not an {@link IOException}: the JVM throws {@link InternalError} ("a fault occurred in a
   * recent unsafe memory access operation"), wherever the array is read, as for any
   * {@link java.nio.MappedByteBuffer}; numpy's memmap dies of {@code SIGBUS} there. Where the
   * library itself reads the array, it turns that error into an {@link IOException}:
   * {@link #write} and {@link Npz#write} of a mapped array name the file being written (which is
   * left as it was), and {@link #readMapped} runs any code over a mapped array and names the
   * mapped file. To be safe from other writers, {@link #read} the file instead: a file that
   * shrinks while it is read is "truncated data".
   *
   * @param path the file
   * @param mode read-only, read-write or copy-on-write
   * @return the array over the file's data
   * @throws NpyFormatException if the file is not a {@code .npy} file of a supported dtype, or is
   *     shorter than its header says; the message starts with the path
   * @throws IOException if the file cannot be opened or mapped
   */
  public static NdArray map(Path path, MapMode mode) throws IOException {
    return mapFile(path, mode, null, Chunks.DEFAULT_CHUNK_BYTES);
  }

  /**
   * Maps the data of a {@code .npy} file as {@link #map(Path, MapMode)}, as an array of
   * {@code type}, whose dtype must have the file's kind and item size.
   *
   * @param path the file
   * @param mode read-only, read-write or copy-on-write
   * @param type the type to map the data as
   * @param <A> the array type
   * @return the array over the file's data
   * @throws NpyFormatException as {@link #map(Path, MapMode)}, and if the dtype does not match
   * @throws IOException if the file cannot be opened or mapped
   */
  public static <A extends NdArray> A map(Path path, MapMode mode, ScalarType<A> type)
      throws IOException {
    Objects.requireNonNull(type, "type");
    return type.arrayType().cast(mapFile(path, mode, type, Chunks.DEFAULT_CHUNK_BYTES));
  }

  /**
   * Maps the data of a {@code .npy} file as {@link #map(Path, MapMode)} does, as a handle that
   * flushes ({@link MappedNpy#force()}) and closes ({@link MappedNpy#close()}) the mapping on
   * demand, numpy's {@code memmap.flush()} and {@code del}. On JDK 22+ the file is one
   * {@code MemorySegment} of a shared {@code Arena} whatever its size, released at
   * {@code close()}; the array then throws {@link IllegalStateException} when read or written.
   * On JDK 17–21 {@code close()} cannot unmap (Java 17 has no safe unmapping): the mapping is
   * released when the array is unreachable, as for {@code map}, and the array stays readable
   * until then. Close the handle in every case, e.g. with try-with-resources:
   *
   * <pre>{@code
   * try (MappedNpy<DoubleNdArray> m = Npy.mapCloseable(path, MapMode.READ_WRITE, DoubleNdArray.TYPE)) {
   *   m.array().set(1.5, 0);
   *   m.force();
   * }
   * }</pre>
   *
   * @param path the file
   * @param mode read-only, read-write or copy-on-write
   * @return the handle of the mapped array
   * @throws NpyFormatException as {@link #map(Path, MapMode)}
   * @throws IOException if the file cannot be opened or mapped
   */
  public static MappedNpy<NdArray> mapCloseable(Path path, MapMode mode) throws IOException {
    Chunks[] memory = new Chunks[1];
    NdArray array = mapFile(path, mode, null, Chunks.DEFAULT_CHUNK_BYTES, memory);
    return new MappedNpy<>(path, array, memory[0]);
  }

  /**
   * Maps the data of a {@code .npy} file as {@link #mapCloseable(Path, MapMode)}, as an array of
   * {@code type}, whose dtype must have the file's kind and item size.
   *
   * @param path the file
   * @param mode read-only, read-write or copy-on-write
   * @param type the type to map the data as
   * @param <A> the array type
   * @return the handle of the mapped array
   * @throws NpyFormatException as {@link #map(Path, MapMode)}, and if the dtype does not match
   * @throws IOException if the file cannot be opened or mapped
   */
  public static <A extends NdArray> MappedNpy<A> mapCloseable(Path path, MapMode mode,
      ScalarType<A> type) throws IOException {
    Objects.requireNonNull(type, "type");
    Chunks[] memory = new Chunks[1];
    NdArray array = mapFile(path, mode, type, Chunks.DEFAULT_CHUNK_BYTES, memory);
    return new MappedNpy<>(path, type.arrayType().cast(array), memory[0]);
  }

  /**
   * Fails as numpy's array constructor does for the array a header describes: "array is too big"
   * when its non-zero dimensions times the item size exceed 2^63-1 bytes, so for {@code (0, 2^62)}
   * of {@code '<i2'} too, although it holds nothing. {@code np.load} refuses such files; the header
   * alone is one {@code read_array_header} accepts.
   */
  static void checkArrayFits(NpyHeader header, ScalarType<?> type) throws NpyFormatException {
    checkArrayFits(header, type.itemSize());
  }

  /**
   * Fails as {@code np.load} fails for the array {@code header} describes when it cannot make it
   * ("array is too big": the non-zero dimensions times the item size exceed 2^63-1 bytes), even
   * when the array is empty; what {@link #read} and {@link #map} check first. For code that reads
   * only headers, as {@code ndprim info} does for an empty member.
   *
   * @param header a header, of a simple dtype (structured ones pass)
   * @throws NpyFormatException naming the shape and dtype if NumPy could not make the array
   */
  public static void checkLoadable(NpyHeader header) throws NpyFormatException {
    if (header.itemSize() > 0) {
      checkArrayFits(header, header.itemSize());
    }
  }

  /**
   * {@link #checkLoadable(NpyHeader)}, and fails as {@code np.load} does when the input holds
   * fewer data bytes than the header's array needs: for code that reads a header but not its data,
   * such as {@code ndprim info} of a dtype ndprim cannot read, so that a truncated file is an
   * error whatever its dtype.
   *
   * @param header a header, of a simple dtype (structured ones pass)
   * @param available the data bytes the input holds after the header ({@link
   *     NpyHeader#dataOffset()}), or -1 when unknown
   * @throws NpyFormatException naming the shape, the dtype and both byte counts
   */
  public static void checkLoadable(NpyHeader header, long available) throws NpyFormatException {
    checkLoadable(header);
    checkDataLength(header, available, "the input ends after");
  }

  /**
   * Fails with "truncated data" when {@code available} data bytes are fewer than {@code header}'s
   * array needs, {@code holds} wording the count ("the input ends after", "the member holds");
   * passes when the item size or {@code available} is unknown, or the byte size overflows (that
   * is {@link #checkLoadable(NpyHeader)}'s to report).
   */
  static void checkDataLength(NpyHeader header, long available, String holds)
      throws NpyFormatException {
    int itemSize = header.itemSize();
    if (itemSize <= 0 || available < 0) {
      return;
    }
    long bytes;
    try {
      bytes = ScalarType.byteSize(Shape.of(header.dims()), itemSize);
    } catch (ArithmeticException e) {
      return;
    }
    if (available < bytes) {
      throw truncated("shape " + shapeRepr(header.dims()) + " of '" + header.descr() + "'", bytes,
          holds, available);
    }
  }

  private static NpyFormatException truncated(String what, long bytes, String holds,
      long available) {
    return new NpyFormatException("truncated data: " + what + " needs " + bytes + " data bytes, "
        + holds + " " + Math.max(0, available));
  }

  private static void checkArrayFits(NpyHeader header, int itemSize) throws NpyFormatException {
    try {
      ScalarType.byteSize(Shape.of(header.dims()), itemSize);
    } catch (ArithmeticException e) {
      throw new NpyFormatException("shape " + shapeRepr(header.dims()) + " of '" + header.descr()
          + "' is too big: its non-zero dimensions times the " + itemSize + "-byte item"
          + " size exceed 2^63-1 bytes (numpy: array is too big)");
    }
  }

  /**
   * {@link #map} with another chunk size (a power of two): for tests that cross chunk boundaries
   * without files of several GiB.
   */
  static NdArray mapFile(Path path, MapMode mode, ScalarType<?> requested, int chunkBytes)
      throws IOException {
    return mapFile(path, mode, requested, chunkBytes, null);
  }

  /**
   * {@link #mapFile(Path, MapMode, ScalarType, int)}; with {@code closeable} non-null, a mapping
   * that closes on demand ({@link Chunks#mapCloseable}), whose memory goes to
   * {@code closeable[0]} (null when a copy-on-write file this process may not write is read
   * instead).
   */
  static NdArray mapFile(Path path, MapMode mode, ScalarType<?> requested, int chunkBytes,
      Chunks[] closeable) throws IOException {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(mode, "mode");
    FileChannel channel;
    try {
      channel = mode == MapMode.READ_ONLY ? FileChannel.open(path, StandardOpenOption.READ)
          : FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
    } catch (FileSystemException e) {
      if (mode == MapMode.COPY_ON_WRITE && mayNotWrite(path, e)) {
        return requested == null ? read(path) : read(path, requested);
      }
      throw e;
    }
    try (FileChannel ch = channel) {
      return mapOpen(ch, path, mode, requested, chunkBytes, closeable);
    }
  }

  /**
   * Code that reads an array mapped from a file, for {@link #readMapped}.
   *
   * @param <T> the result type
   */
  @FunctionalInterface
  public interface MappedRead<T> {
    /**
     * Reads the mapped array.
     *
     * @return the result
     * @throws IOException as the code may
     */
    T read() throws IOException;
  }

  /**
   * Runs {@code read}, which reads an array {@link #map mapped} from {@code path}, and turns the
   * JVM's {@link InternalError} for a fault in a mapped page (the file was shrunk by another
   * process after it was mapped) into an {@link IOException} naming the file; other failures pass
   * as they are. For callers that read a mapped array and report errors per file, e.g.
   * {@code Npy.readMapped(path, () -> a.max())}.
   *
   * @param <T> the result type
   * @param path the mapped file, named in the message
   * @param read the code reading the array
   * @return what {@code read} returns
   * @throws IOException if the mapped file shrank under the array ("{@code path}: ... shorter
   *     than when it was mapped"), or as {@code read} throws
   */
  public static <T> T readMapped(Path path, MappedRead<T> read) throws IOException {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(read, "read");
    try {
      return read.read();
    } catch (InternalError e) {
      if (!isMappedFault(e)) {
        throw e;
      }
      throw new IOException(path + ": " + SHRUNK, e);
    }
  }

  private static final String SHRUNK = "cannot read its mapped data: the file is shorter than when"
      + " it was mapped (another process shrank it, e.g. rewrote it in place)";

  /** Whether an error is the JVM's report of a fault in a mapped page (SIGBUS past a file's end). */
  static boolean isMappedFault(Throwable e) {
    return e instanceof InternalError && String.valueOf(e.getMessage()).contains("unsafe memory access");
  }

  /**
   * Whether opening {@code path} to write failed because this process may not write it, where
   * {@link MapMode#COPY_ON_WRITE} reads the file instead: permission denied
   * ({@link java.nio.file.AccessDeniedException}), a read-only file system ({@code EROFS}, which
   * Java reports as a plain {@link FileSystemException} "Read-only file system", so the file
   * store is asked too, as the reason may be in another language) or an operation not permitted
   * ({@code EPERM}, e.g. an immutable file). Not a missing file, a directory, or any other
   * failure.
   */
  static boolean mayNotWrite(Path path, FileSystemException e) {
    if (e instanceof java.nio.file.AccessDeniedException) {
      return true;
    }
    if (e instanceof java.nio.file.NoSuchFileException || e instanceof java.nio.file.NotDirectoryException
        || e instanceof java.nio.file.FileSystemLoopException) {
      return false;
    }
    String reason = String.valueOf(e.getReason()).toLowerCase(java.util.Locale.ROOT);
    if (reason.contains("read-only file system") || reason.contains("operation not permitted")) {
      return true;
    }
    try {
      return Files.isRegularFile(path) && Files.getFileStore(path).isReadOnly();
    } catch (IOException | RuntimeException unknown) {
      return false;
    }
  }

  /**
   * Maps the {@code .npy} file open in {@code ch} (read from its start; {@code path} names it in
   * messages); the channel may be closed afterwards.
   */
  private static NdArray mapOpen(FileChannel ch, Path path, MapMode mode, ScalarType<?> requested,
      int chunkBytes, Chunks[] closeable) throws IOException {
    FileChannel.MapMode channelMode = mode == MapMode.READ_ONLY ? FileChannel.MapMode.READ_ONLY
        : mode == MapMode.READ_WRITE ? FileChannel.MapMode.READ_WRITE : FileChannel.MapMode.PRIVATE;
    try {
      ch.position(0);
      NpyHeader header = readHeader(new BufferedInputStream(Channels.newInputStream(ch), 4096));
      ScalarType<?> type = typeFor(header, requested);
      checkArrayFits(header, type);
      long[] stored = storedDims(header);
      long bytes = type.byteSize(Shape.of(stored)); // checkArrayFits: it fits
      long available = Math.max(0, ch.size() - header.dataOffset());
      if (available < bytes) {
        throw new NpyFormatException("truncated data: shape " + shapeRepr(header.dims()) + " of '"
            + header.descr() + "' needs " + bytes + " data bytes, the input ends after " + available);
      }
      Chunks memory = (closeable == null
          ? Chunks.map(ch, channelMode, header.dataOffset(), bytes,
              header.dtypeInfo().byteOrder(), chunkBytes)
          : Chunks.mapCloseable(ch, channelMode, header.dataOffset(), bytes,
              header.dtypeInfo().byteOrder())).describedAs(path.toString());
      NdArray data;
      try {
        data = type.wrap(Shape.of(stored), memory);
      } catch (RuntimeException e) {
        memory.close();
        throw e;
      }
      if (closeable != null) {
        closeable[0] = memory;
      }
      return header.fortranOrder() ? data.transpose() : data;
    } catch (NpyFormatException e) {
      throw new NpyFormatException(path + ": " + Messages.reason(e), e);
    } catch (FileSystemException e) {
      throw e;
    } catch (IOException e) {
      throw new IOException(path + ": " + Messages.reason(e), e);
    }
  }

  /**
   * Creates a {@code .npy} file of {@code type} and {@code shape} (C order, version 1.0 or 2.0 as
   * {@link #write} chooses, little-endian) whose data are all zero bits, and maps it read-write, as
   * numpy's {@code np.lib.format.open_memmap(path, mode='w+', dtype, shape)}: writes through the
   * array reach the file. The file is created atomically (replacing an existing one) and sparse
   * where the file system allows, so creating a large file is fast and uses no heap.
   *
   * <p><b>Disk space.</b> A sparse file takes its space only as its pages are written. So that a
   * file the disk cannot hold is refused at once, the file system's usable space
   * ({@link java.nio.file.FileStore#getUsableSpace()}) is checked against the whole file before
   * it is created: less is an {@link IOException} naming the file, its size and the space free,
   * and nothing is created. The check cannot reserve the space: if the disk fills up while the
   * array is written (another process writing, or a file system that reports no usable space
   * reliably), the write through the map fails as for any {@link java.nio.MappedByteBuffer}, with
   * the JVM's {@link InternalError} ("a fault occurred in a recent unsafe memory access
   * operation"), not an {@link IOException}, and the file stays, sparse where it was not written.
   * To write a big file to a nearly full disk, build the array and {@link #write(NdArray, Path)}
   * it: a full disk is then an {@link IOException} and an existing file is left as it was.
   *
   * @param path the file to create or replace
   * @param type the element type
   * @param shape the shape
   * @param <A> the array type
   * @return a writable array over the new file's data
   * @throws IllegalArgumentException if the type's dtype is not a simple descriptor
   * @throws ArithmeticException if the byte size overflows a {@code long}
   * @throws IOException if the file cannot be created or mapped, or its file system has less
   *     usable space than the file's size
   */
  public static <A extends NdArray> A mapNew(Path path, ScalarType<A> type, Shape shape)
      throws IOException {
    return mapNew(path, type, shape, Npy::usableSpace);
  }

  /** The usable space of a file system, asked for by the directory a file goes to. */
  @FunctionalInterface
  interface SpaceProbe {
    /**
     * @param dir the directory (existing) of the file to create
     * @return its file system's usable bytes, or a negative value if unknown
     * @throws IOException if the file system cannot be asked
     */
    long usableSpace(Path dir) throws IOException;
  }

  private static long usableSpace(Path dir) throws IOException {
    return Files.getFileStore(dir).getUsableSpace();
  }

  /** {@link #mapNew(Path, ScalarType, Shape)} with another measure of free space, for tests. */
  static <A extends NdArray> A mapNew(Path path, ScalarType<A> type, Shape shape, SpaceProbe space)
      throws IOException {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(shape, "shape");
    byte[] header = checkedHeader(type, shape);
    long bytes = type.byteSize(shape);
    long length = Math.addExact(header.length, bytes);
    // the directory the file goes to (a symbolic link's target's, as AtomicFile writes there)
    Path real = Files.isSymbolicLink(path) && Files.exists(path) ? path.toRealPath() : path;
    Path dir = real.toAbsolutePath().getParent();
    if (dir != null && Files.isDirectory(dir)) { // else AtomicFile says what is wrong
      long usable = space.usableSpace(dir);
      if (usable >= 0 && usable < length) {
        throw new IOException(path + ": cannot create a file of " + length + " bytes to map: its"
            + " file system has " + usable + " bytes of usable space (writing through a map that"
            + " runs out of space fails with an InternalError; Npy.write reports a full disk)");
      }
    }
    // The file written is mapped through the channel it was written with: mapping the path
    // after the rename could map a file another writer renamed over it meanwhile.
    NdArray mapped = AtomicFile.writeChannel(path, ch -> {
      ch.write(ByteBuffer.wrap(header));
      if (length > header.length) {
        ch.write(ByteBuffer.wrap(new byte[1]), length - 1); // sparse up to the end
      }
    }, ch -> mapOpen(ch, path, MapMode.READ_WRITE, type, Chunks.DEFAULT_CHUNK_BYTES, null));
    return type.arrayType().cast(mapped);
  }

  // --------------------------------------------------------------------------------------- write

  /**
   * Writes {@code array} to a {@code .npy} file (version 1.0, little-endian, C order), replacing
   * the file if it exists, atomically: the dtype, header and size are checked before anything is
   * created, the data go to a temporary file beside the target that is forced to disk and renamed
   * over it ({@link AtomicFile}). If the write fails, an existing file is left as it was and no
   * temporary file remains.
   *
   * @param array the array or view, written in its logical C order
   * @param path the file
   * @throws IllegalArgumentException if the array's dtype is not a simple descriptor
   * @throws ArithmeticException if the array's byte size overflows a {@code long}
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
   * @param array the array or view, written in its logical C order
   * @param out the stream
   * @throws IllegalArgumentException if the array's dtype is not a simple descriptor
   * @throws ArithmeticException if the array's byte size overflows a {@code long}
   * @throws IOException if the stream fails
   */
  public static void write(NdArray array, OutputStream out) throws IOException {
    Objects.requireNonNull(array, "array");
    Objects.requireNonNull(out, "out");
    writeBody(array, checkedHeader(array), out);
  }

  /** Everything that can fail before a byte is written: dtype, size, header. */
  private static byte[] checkedHeader(NdArray array) {
    return checkedHeader(array.scalarType(), array.shape());
  }

  private static byte[] checkedHeader(ScalarType<?> type, Shape shape) {
    return checkedHeader(type, shape, ByteOrder.LITTLE_ENDIAN, false);
  }

  private static byte[] checkedHeader(ScalarType<?> type, Shape shape, ByteOrder byteOrder,
      boolean fortranOrder) {
    Dtype dtype = Dtype.parse(type.dtype());
    if (dtype == null || dtype.structured() || "biufcV".indexOf(dtype.kind()) < 0 || !dtype.unit().isEmpty()
        || type.itemSize() != dtype.itemSize()) {
      throw new IllegalArgumentException("cannot write " + type.name() + " arrays: dtype '" + type.dtype()
          + "' is not a simple descriptor with " + type.itemSize() + "-byte items");
    }
    try {
      type.byteSize(shape);
    } catch (ArithmeticException e) {
      throw new ArithmeticException("cannot write an array of shape " + shape + " of "
          + type.name() + ": it has more than 2^63-1 data bytes");
    }
    if (dtype.kind() == 'V' && type.itemSize() > 1 && byteOrder == ByteOrder.BIG_ENDIAN) {
      // NumPy's void kind has no byte order: '>V2' is '|V2', which every reader (ndprim's too,
      // as JAX's jnp.load) takes in the little-endian order ml_dtypes writes.
      throw new IllegalArgumentException("cannot write " + type.name() + " ('" + type.dtype()
          + "') big-endian: NumPy's 'V' dtypes have no byte order, so readers take '>V"
          + type.itemSize() + "' as little-endian bytes");
    }
    // np.save writes ml_dtypes' one-byte types (float8_e4m3fn, ...) as '<V1' (their dtype.str),
    // numpy's own one-byte types with '|': a one-byte void type declared '<V1' keeps its '<'.
    String descr = dtype.kind() == 'V' && type.itemSize() == 1 && type.dtype().startsWith("<")
        ? "<V1" : dtype.descr(byteOrder);
    return header(descr, shape.asArray(), fortranOrder);
  }

  private static void writeBody(NdArray array, byte[] header, OutputStream out) throws IOException {
    writeBody(array, header, array.scalarType(), ByteOrder.LITTLE_ENDIAN, out);
  }

  /**
   * The header, then the elements of {@code array} (already transposed for a Fortran-order file)
   * in its C order, cast to {@code target} and encoded in {@code byteOrder}.
   */
  private static void writeBody(NdArray array, byte[] header, ScalarType<?> target,
      ByteOrder byteOrder, OutputStream out) throws IOException {
    out.write(header);
    // A block of at most CHUNK_ELEMENTS elements (512 KiB of doubles) is encoded at a time.
    byte[] chunk = new byte[(int) Math.min(array.size(), CHUNK_ELEMENTS) * target.itemSize()];
    try {
      writeData(array, target, byteOrder, out, chunk);
    } catch (InternalError e) {
      if (!isMappedFault(e)) {
        throw e;
      }
      // which file the array maps is not known here; the writer names the file it writes
      throw new IOException("cannot read the array's data: it maps a file that is shorter than"
          + " when it was mapped (another process shrank it, e.g. rewrote it in place)", e);
    }
  }

  /**
   * Writes the elements in C order, a block of leading-axis rows (or one row, recursively) at a
   * time: each block is cast ({@code astype}) when its type is not {@code type}, then copied into
   * an array over the chunk's bytes (buffer storage in {@code order}), so the generated copy does
   * the encoding.
   */
  private static void writeData(NdArray a, ScalarType<?> type, ByteOrder order, OutputStream out,
      byte[] chunk) throws IOException {
    long size = a.size();
    if (size == 0) {
      return;
    }
    if (size <= CHUNK_ELEMENTS || a.rank() == 0) {
      out.write(chunk, 0, encode(a, type, order, chunk));
      return;
    }
    long rows = a.shape().dim(0);
    long rowSize = size / rows;
    if (rowSize > CHUNK_ELEMENTS) {
      for (long i = 0; i < rows; i++) {
        writeData(a.get(i), type, order, out, chunk);
      }
    } else {
      long block = CHUNK_ELEMENTS / rowSize;
      for (long i = 0; i < rows; i += block) {
        writeData(a.subarray(i, Math.min(rows, i + block)), type, order, out, chunk);
      }
    }
  }

  /** Encodes a block of at most {@link #CHUNK_ELEMENTS} elements into {@code chunk}; returns the bytes used. */
  private static int encode(NdArray block, ScalarType<?> type, ByteOrder order, byte[] chunk) {
    int bytes = (int) block.size() * type.itemSize();
    NdArray typed = block.scalarType() == type ? block : block.astype(type);
    type.copy(typed, type.wrap(block.shape(), ByteBuffer.wrap(chunk, 0, bytes).order(order)));
    // A fault in a mapped page (a file shrunk under the array) is raised by the JVM at its next
    // check, "a recent unsafe memory access": a native call's return here raises it in this frame,
    // before the chunk goes to the JDK's channel, where it surfaced inside FileChannelImpl.write
    // and broke that channel's bookkeeping (an ArrayIndexOutOfBoundsException instead, once in CI)
    Thread.yield();
    return bytes;
  }

  // ------------------------------------------------------------------ write with options, stream

  /**
   * How {@link #write(NdArray, Path, WriteOptions)} writes an array: as which type, in which byte
   * order and in which storage order, i.e. what {@code np.save(path, a.astype(dtype, order=...))}
   * writes.
   *
   * @param type the element type written, {@code null} for the array's own; any other type is
   *     reached with {@code astype}, NumPy's casting (see {@link NdArray#astype})
   * @param byteOrder the byte order of multi-byte items; one-byte items are {@code '|'} whatever it
   *     is
   * @param fortranOrder {@code true} for numpy's {@code 'fortran_order': True}, the data in
   *     column-major order (as {@code np.save} of {@code np.asfortranarray(a)}). As numpy does,
   *     an array that is both C- and Fortran-contiguous (rank 0 or 1, size 0, or at most one
   *     axis longer than 1) is written with {@code 'fortran_order': False}: its bytes are the same
   */
  public record WriteOptions(ScalarType<?> type, ByteOrder byteOrder, boolean fortranOrder) {
    /** What {@link Npy#write(NdArray, Path)} writes: the array's type, little-endian, C order. */
    public static final WriteOptions DEFAULT = new WriteOptions(null, ByteOrder.LITTLE_ENDIAN, false);

    /**
     * Creates the options.
     *
     * @param type the element type written, {@code null} for the array's own
     * @param byteOrder the byte order of multi-byte items
     * @param fortranOrder whether the data are written in Fortran order
     * @throws NullPointerException if {@code byteOrder} is null
     */
    public WriteOptions {
      Objects.requireNonNull(byteOrder, "byteOrder");
    }

    /**
     * These options with another element type ({@code null}: the array's own).
     *
     * @param newType the element type written, or {@code null} for the array's own
     * @return new options
     */
    public WriteOptions withType(ScalarType<?> newType) {
      return new WriteOptions(newType, byteOrder, fortranOrder);
    }

    /**
     * These options with another byte order.
     *
     * @param newOrder the byte order of the written data
     * @return new options
     */
    public WriteOptions withByteOrder(ByteOrder newOrder) {
      return new WriteOptions(type, newOrder, fortranOrder);
    }

    /**
     * These options with another storage order.
     *
     * @param fortran whether the data are written in Fortran order
     * @return new options
     */
    public WriteOptions withFortranOrder(boolean fortran) {
      return new WriteOptions(type, byteOrder, fortran);
    }
  }

  /**
   * Whether numpy writes {@code 'fortran_order': True} for an array of these dims laid out in the
   * requested order: only if it is Fortran- but not C-contiguous (numpy's
   * {@code header_data_from_array_1_0} with its relaxed-strides flags).
   */
  static boolean fortranFlag(boolean fortranOrder, long[] dims) {
    if (!fortranOrder) {
      return false;
    }
    int longer = 0;
    for (long d : dims) {
      if (d == 0) {
        return false;
      }
      longer += d != 1 ? 1 : 0;
    }
    return longer > 1;
  }

  /**
   * Writes {@code array} to a {@code .npy} file as {@code options} say (element type, byte order,
   * storage order), atomically as {@link #write(NdArray, Path)}: byte for byte what
   * {@code np.save(path, np.asarray(a, dtype=..., order=...))} writes. A cast happens a block of at
   * most 64 Ki elements at a time, so neither the array nor its cast is ever copied whole.
   *
   * @param array the array to write
   * @param path the file to write (replaced atomically)
   * @param options the element type, byte order and storage order written
   * @throws IllegalArgumentException if the written type's dtype is not a simple descriptor
   * @throws ArithmeticException if the byte size overflows a {@code long}
   * @throws IOException if the file cannot be written
   */
  public static void write(NdArray array, Path path, WriteOptions options) throws IOException {
    Objects.requireNonNull(array, "array");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(options, "options");
    AtomicFile.write(path, prepare(array, options));
  }

  /**
   * Checks everything that can fail before a byte is written (type, header, size) and returns
   * the writer of the whole {@code .npy} file, which may be run more than once (the same bytes
   * each time).
   */
  static AtomicFile.Content prepare(NdArray array, WriteOptions options) {
    ScalarType<?> target = options.type() == null ? array.scalarType() : options.type();
    boolean fortran = fortranFlag(options.fortranOrder(), array.shape().asArray());
    byte[] header = checkedHeader(target, array.shape(), options.byteOrder(), fortran);
    NdArray stored = fortran ? array.transpose() : array;
    return out -> writeBody(stored, header, target, options.byteOrder(), out);
  }

  /**
   * Writes {@code array} as one {@code .npy} array to a stream as {@code options} say (see
   * {@link #write(NdArray, Path, WriteOptions)}); does not close it. Nothing is written if the
   * array cannot be (dtype, size).
   *
   * @param array the array to write
   * @param out the stream
   * @param options the element type, byte order and storage order written
   * @throws IllegalArgumentException if the written type's dtype is not a simple descriptor
   * @throws ArithmeticException if the byte size overflows a {@code long}
   * @throws IOException if the stream fails
   */
  public static void write(NdArray array, OutputStream out, WriteOptions options) throws IOException {
    Objects.requireNonNull(array, "array");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(options, "options");
    prepare(array, options).writeTo(out);
  }

  /**
   * Returns the bytes {@link #write(NdArray, OutputStream, WriteOptions)} writes before the data of
   * an array of {@code shape} (magic, version, header length and header), for a writer that streams
   * the data itself, e.g. one that learns the length of the first axis only at the end. In C order
   * the header has the same length whatever the first axis is (numpy's spare spaces for growing
   * it, up to 21 digits), so such a writer may write it with a placeholder length first and
   * overwrite it in place once the length is known; in Fortran order the same holds for the last
   * axis.
   *
   * @param type the element type written ({@code options.type()} is ignored)
   * @param shape the shape of the whole array
   * @param options the byte order and storage order written
   * @return a new array: the header, whose length is a multiple of 64
   * @throws IllegalArgumentException if the type cannot be written (see {@link #write(NdArray,
   *     Path, WriteOptions)})
   * @throws ArithmeticException if the byte size of the array overflows a {@code long}
   */
  public static byte[] header(ScalarType<?> type, Shape shape, WriteOptions options) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(shape, "shape");
    Objects.requireNonNull(options, "options");
    return checkedHeader(type, shape, options.byteOrder(),
        fortranFlag(options.fortranOrder(), shape.asArray()));
  }

  /** Receives the data of an array block by block, in the order they are stored. */
  @FunctionalInterface
  public interface DataBlock {
    /**
     * Takes one block.
     *
     * @param block a rank-1 array of the next elements in storage order (C order of the shape, or
     *     of the reversed shape for Fortran-order data), over a buffer that is reused for the next
     *     block: copy what must outlive this call
     * @param offset the index in storage order of the block's first element
     * @throws IOException to stop reading
     */
    void accept(NdArray block, long offset) throws IOException;
  }

  /**
   * Reads the data that follow {@code header} in {@code in} (just read from it by
   * {@link #readHeader(InputStream)}) without holding them: consecutive blocks of at most
   * {@code maxBlockElements} elements, in storage order, each an array of the dtype's built-in
   * type over the input's bytes (in the file's byte order). Memory stays at one block whatever the
   * header claims, so an input that ends early costs one block. Leaves the stream after the data.
   *
   * @param in the stream, positioned at the first data byte
   * @param header its header
   * @param maxBlockElements the largest block, at least 1
   * @param handler receives the blocks
   * @return the number of elements read, {@code header.size()}
   * @throws NpyFormatException if the dtype has no built-in type, or the data end early
   * @throws IOException if the stream or the handler fails
   */
  public static long readBlocks(InputStream in, NpyHeader header, int maxBlockElements,
      DataBlock handler) throws IOException {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(header, "header");
    Objects.requireNonNull(handler, "handler");
    if (maxBlockElements < 1) {
      throw new IllegalArgumentException("maxBlockElements must be at least 1, got " + maxBlockElements);
    }
    ScalarType<?> type = typeFor(header, null);
    checkArrayFits(header, type);
    ByteOrder order = header.dtypeInfo().byteOrder();
    long[] dims = header.dims();
    String what = "shape " + shapeRepr(dims) + " of '" + header.descr() + "'";
    long n = header.size();
    int itemSize = type.itemSize();
    long expected = type.byteSize(Shape.of(dims)); // checkArrayFits: it fits
    int perBlock = (int) Math.max(1, Math.min(n, Math.min(maxBlockElements, ScalarType.MAX_ARRAY_SIZE / itemSize)));
    byte[] chunk = new byte[perBlock * itemSize];
    long done = 0;
    while (done < n) {
      int items = (int) Math.min(n - done, perBlock);
      int bytes = items * itemSize;
      int got = in.readNBytes(chunk, 0, bytes);
      if (got < bytes) {
        throw new NpyFormatException("truncated data: " + what + " needs " + expected
            + " data bytes, the input ends after " + (done * itemSize + got));
      }
      handler.accept(type.wrap(Shape.of(items), ByteBuffer.wrap(chunk, 0, bytes).order(order)), done);
      done += items;
    }
    return n;
  }

  /**
   * Streams one {@code .npy} array from {@code in} to {@code out} as {@code options} say, without
   * holding it: the header of the result, then the data read block by block
   * ({@link #readBlocks}), each cast to the written type ({@code astype}) and encoded in the
   * written byte order. Gives the bytes {@link #write(NdArray, OutputStream, WriteOptions)} would
   * give for the whole array. The storage order cannot change in a stream: {@code options}'
   * order must be the input's (for a shape that is both C- and Fortran-contiguous either will do).
   *
   * @param in the stream, positioned at the first data byte
   * @param header its header, just read from it
   * @param out where the new array goes; not closed
   * @param options the written type (null: the input's built-in type), byte order and order
   * @return the number of elements copied
   * @throws IllegalArgumentException if the options ask for another storage order, or the type
   *     cannot be written
   * @throws NpyFormatException if the dtype has no built-in type, or the data end early
   * @throws IOException if a stream fails
   */
  public static long transcode(InputStream in, NpyHeader header, OutputStream out, WriteOptions options)
      throws IOException {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(header, "header");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(options, "options");
    ScalarType<?> source = typeFor(header, null);
    checkArrayFits(header, source);
    ScalarType<?> target = options.type() == null ? source : options.type();
    long[] dims = header.dims();
    boolean stored = fortranFlag(header.fortranOrder(), dims);
    boolean fortran = fortranFlag(options.fortranOrder(), dims);
    if (stored != fortran) {
      throw new IllegalArgumentException("a stream of shape " + shapeRepr(dims) + " in "
          + (stored ? "Fortran" : "C") + " order cannot be written in " + (fortran ? "Fortran" : "C")
          + " order without holding it");
    }
    out.write(checkedHeader(target, Shape.of(dims), options.byteOrder(), fortran));
    byte[] chunk = new byte[(int) Math.min(header.size(), CHUNK_ELEMENTS) * target.itemSize()];
    return readBlocks(in, header, CHUNK_ELEMENTS,
        (block, offset) -> out.write(chunk, 0, encode(block, target, options.byteOrder(), chunk)));
  }

  /** Buffer size for reading {@code n} items: at most {@value #READ_CHUNK_BYTES} bytes, at least one item. */
  private static int chunkBytes(long n, int itemSize) {
    return (int) Math.min(READ_CHUNK_BYTES, Math.max(itemSize, (long) n * itemSize));
  }

  /** The magic, version, header length and header that numpy 1.x/2.x {@code np.save} writes for a C-order array. */
  static byte[] header(String descr, long[] dims) {
    return header(descr, dims, false);
  }

  /**
   * The header {@code np.save} writes; the spare spaces for growing follow the digits of the
   * first axis in C order and of the last in Fortran order, as numpy's {@code _write_array_header}.
   */
  static byte[] header(String descr, long[] dims, boolean fortranOrder) {
    StringBuilder dict = new StringBuilder()
        .append("{'descr': '").append(descr)
        .append("', 'fortran_order': ").append(fortranOrder ? "True" : "False")
        .append(", 'shape': ").append(shapeRepr(dims)).append(", }");
    if (dims.length > 0) {
      long growth = dims[fortranOrder ? dims.length - 1 : 0];
      dict.append(" ".repeat(Math.max(0, GROWTH_AXIS_MAX_DIGITS - Long.toString(growth).length())));
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
