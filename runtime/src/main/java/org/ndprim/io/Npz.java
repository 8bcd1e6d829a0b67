package org.ndprim.io;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;

/**
 * NumPy {@code .npz} archives: a zip file of {@code .npy} files, one per array, as
 * {@code np.savez} (stored) and {@code np.savez_compressed} (deflated) write them and
 * {@code np.load} reads them ({@code numpy.lib.npyio.NpzFile}). Zip handling is
 * {@link java.util.zip}'s; zip64 (members or archives over 4 GiB, as numpy writes them) is read
 * and written by it.
 *
 * <h2>Reading</h2>
 * {@link #open(Path)} reads the archive's central directory only: {@link #members()} lists the
 * members in archive order without reading any data; {@link Member#header()} reads the first
 * bytes of one member (its {@code .npy} header: dtype, order, shape); {@link Member#read()} reads
 * one member into the heap, as {@code npz[name]} does; {@link Member#readBlocks} streams its data
 * block by block in bounded memory. A member's name is its zip entry name without the
 * {@code .npy} suffix, as numpy's {@code NpzFile.files}, and {@link #member(String)} finds it by
 * either name. {@link #open(SeekableByteChannel, String)} reads an archive through a channel (a
 * file of another file system, such as Hadoop's): the same members, the same checks, ndprim's own
 * reading of the zip format in place of {@code ZipFile}'s.
 *
 * <p><b>Bad input.</b> Every problem is an {@link NpyFormatException} whose message starts with
 * the archive's path and the member's entry name. What a member claims is checked before anything
 * is allocated for it: its compressed size against the archive's size, a stored member's size
 * against its compressed size, a deflated member's size against the most deflate can produce from
 * its compressed bytes (1032 to 1), the entry's local header (inside the file, naming the entry
 * the central directory names, as Python's {@code zipfile} checks; {@link java.util.zip} does
 * not) and the {@code .npy} header's data against the member's size.
 * While reading, a member that inflates to more bytes than it claims is stopped at the claim, and
 * one that ends early, or whose CRC-32 differs from the archive's, is an error (as Python's
 * {@code zipfile} checks) once its end is reached. So a small archive cannot make a reader
 * allocate much more than its members really hold, and a claim beyond the heap is an error naming
 * shape and bytes, never an {@link OutOfMemoryError} (see {@link Npy}).
 *
 * <h2>Writing</h2>
 * {@link #write(Path, Map)} is {@code np.savez(path, **arrays)}: one stored member
 * {@code NAME.npy} per entry of the map, in the map's order, each member the bytes
 * {@link Npy#write(NdArray, Path)} writes (version 1.0, little-endian, C order, numpy's header).
 * {@link #writeCompressed(Path, Map)} is {@code np.savez_compressed}: the same members deflated
 * (zlib's default level, as Python's {@code zipfile}). Both are atomic (a temporary file beside
 * the target, forced to disk and renamed over it: {@link AtomicFile}); every array is checked
 * before the file is created. Members larger than 4 GiB get zip64 records, which numpy reads.
 * Every entry is dated 1980-01-01 00:00, as numpy 2 dates them (the default of Python's
 * {@code ZipFile.open(name, 'w')}), so the same arrays always give the same bytes.
 *
 * <p>An open archive holds the file open until {@link #close()}; it may be read from several
 * threads.
 */
public final class Npz implements Closeable {
  /** zlib's deflate cannot expand data by more than 1032:1 (258 bytes per 2 bits at best). */
  static final long MAX_DEFLATE_RATIO = 1032;

  /** The entry time numpy 2's {@code np.savez} writes: {@code zipfile.ZipInfo}'s default. */
  private static final LocalDateTime NUMPY_TIME = LocalDateTime.of(1980, 1, 1, 0, 0);

  private static final int HEADER_BUFFER = 4096;
  /** Python's {@code zipfile.MAX_EXTRACT_VERSION}: 6.3. */
  private static final int MAX_EXTRACT_VERSION = 63;
  private static final int FLAG_ENCRYPTED = 1;
  private static final int FLAG_COMPRESSED_PATCH = 1 << 5;
  private static final int FLAG_STRONG_ENCRYPTION = 1 << 6;
  private static final int CHUNK = 1 << 16;

  /** The archive's file, or null when it was opened from a channel. */
  private final Path path;
  /** What messages call the archive: its path, or the name it was opened with. */
  private final String name;
  /** java.util.zip's reader of a file; null when the archive was opened from a channel. */
  private final ZipFile zip;
  private final ZipDirectory.Source source;
  private final long fileSize;
  private final List<Member> members;
  /** Entry name &rarr; where its local header is; empty if the directory could not be read. */
  private final Map<String, ZipDirectory.Entry> localHeaders;

  /**
   * @param entries the entries in directory order: {@code ZipFile}'s, or made from {@code directory}
   * @param directory the records when no {@code ZipFile} read the archive (every entry has one);
   *     null to read them here for the local header checks
   */
  private Npz(Path path, String name, ZipFile zip, ZipDirectory.Source source, long fileSize,
      List<? extends ZipEntry> entries, Map<String, ZipDirectory.Entry> directory) throws IOException {
    this.path = path;
    this.name = name;
    this.zip = zip;
    this.source = source;
    this.fileSize = fileSize;
    Map<String, Member> byEntry = new LinkedHashMap<>();
    List<String> names = new ArrayList<>();
    for (ZipEntry e : entries) {
      names.add(e.getName());
      if (!e.isDirectory()) {
        // a repeated name: the last one is what the zip reads, as Python's zipfile
        byEntry.remove(e.getName());
        byEntry.put(e.getName(), new Member(e));
      }
    }
    this.members = List.copyOf(byEntry.values());
    this.localHeaders = directory != null ? directory : ZipDirectory.read(source, names);
    for (String n : names) {
      ZipDirectory.Entry e = localHeaders.get(n);
      if (e != null && e.versionNeeded() > MAX_EXTRACT_VERSION) {
        // Python's zipfile refuses the whole archive when it opens it, so np.load does
        throw new NpyFormatException(name + ": member '" + org.ndprim.text.Printable.escape(n) + "': it needs zip version "
            + e.versionNeeded() / 10 + "." + e.versionNeeded() % 10 + " to be extracted; Python's"
            + " zipfile (so numpy) reads up to 6.3 and refuses the archive (\"zip file version\")");
      }
    }
  }

  /**
   * {@code new ZipFile(path)}, whose directory reader fails with a {@code RuntimeException} or
   * allocates whatever the end record claims (a ZIP64 entry count of 2^31 - 1 in a 344-byte file
   * was an {@code OutOfMemoryError}, one of 2^64 - 1 a {@code NegativeArraySizeException}):
   * those are a {@link ZipException} here.
   */
  private static ZipFile newZipFile(Path path) throws IOException {
    try {
      return new ZipFile(path.toFile());
    } catch (RuntimeException | OutOfMemoryError e) {
      ZipException z = new ZipException("java.util.zip cannot read its central directory (the end"
          + " record claims sizes or counts the file cannot hold: " + e + ")");
      z.initCause(e);
      throw z;
    }
  }

  /**
   * Opens a {@code .npz} archive, reading its central directory (not its members).
   *
   * @param path the archive
   * @return the open archive; close it
   * @throws NpyFormatException if the file is not a zip archive java.util.zip reads; the message
   *     starts with the path
   * @throws IOException if the file cannot be read (e.g. {@link java.nio.file.NoSuchFileException})
   */
  public static Npz open(Path path) throws IOException {
    Objects.requireNonNull(path, "path");
    if (Files.isDirectory(path)) {
      throw new FileSystemException(path.toString(), null, "is a directory");
    }
    long size = Files.size(path); // NoSuchFileException, AccessDeniedException as they are
    ZipFile zip;
    try {
      zip = newZipFile(path);
    } catch (ZipException e) {
      String hint = String.valueOf(e.getMessage()).contains("compression method")
          ? "; java.util.zip reads stored and deflated members, as np.savez and np.savez_compressed write them" : "";
      NpyFormatException refused = new NpyFormatException(path + ": not a readable .npz file (zip"
          + " archive): " + Messages.reason(e) + hint, e);
      // java.util.zip's checks grow with the JDK (JDK 25 refuses entry counts and zip64 extra
      // fields JDK 17 takes) and it fails on some lies: the archive is read as a channel is, by
      // ndprim's own directory reader, so that a file and a channel of the same bytes read alike
      // on every JDK; if that refuses it too, java.util.zip's reason is the message
      FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
      try {
        return open(ch, path.toString(), path);
      } catch (IOException | RuntimeException second) {
        try {
          ch.close();
        } catch (IOException suppressed) {
          second.addSuppressed(suppressed);
        }
        refused.addSuppressed(second);
        throw refused;
      }
    } catch (FileSystemException e) {
      throw e;
    } catch (IOException e) {
      // ZipFile reads past the end of the file (EOFException, no message) when the end record's
      // comment length runs past it
      String why = null;
      try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
        why = ZipDirectory.commentPastTheEnd(ZipDirectory.Source.of(ch));
      } catch (IOException | RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw new NpyFormatException(path + ": not a readable .npz file (zip archive): "
          + (why == null ? Messages.reason(e) : why + "; java.util.zip cannot read such an archive"
              + " (Python's zipfile, so numpy, takes the bytes there are as the comment)"), e);
    }
    FileChannel channel = null;
    try {
      channel = FileChannel.open(path, StandardOpenOption.READ);
      List<? extends ZipEntry> entries;
      try {
        entries = java.util.Collections.list(zip.entries());
      } catch (IllegalArgumentException e) {
        // ZipFile checks the names when it opens the archive, the comments only here
        throw new NpyFormatException(path + ": not a readable .npz file (zip archive): an entry's name or"
            + " comment is not UTF-8 (" + Messages.reason(e) + ")", e);
      }
      return new Npz(path, path.toString(), zip, ZipDirectory.Source.of(channel), size, entries, null);
    } catch (IOException | RuntimeException e) {
      try {
        zip.close();
        if (channel != null) {
          channel.close();
        }
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /**
   * Opens a {@code .npz} archive read through a channel (a file of another file system, e.g.
   * Hadoop's, or bytes in memory), reading its central directory (not its members). ndprim reads
   * the zip format itself here, with the checks {@code ZipFile} makes when it opens a file
   * (an end record whose comment is inside the file, a zip64 end record where its locator and
   * the end record agree, a directory of whole records inside the file, UTF-8 names, stored and
   * deflated members only) and all the checks of {@link #open(Path)} on each member; a deflated
   * member is inflated by {@link java.util.zip.Inflater} as {@code ZipFile} inflates it. Members
   * read the same as through {@link #open(Path)}; an archive that {@code ZipFile} refuses is
   * refused, with a message that may be worded otherwise.
   *
   * <p>Reads use {@link SeekableByteChannel#position(long)} then {@code read}, under a lock
   * (several threads may read the archive); nothing is written. The archive owns the channel:
   * {@link #close()} closes it, and so does a failing {@code open}. {@link #path()} is then null.
   *
   * @param channel the archive's bytes, from position 0 to its {@link SeekableByteChannel#size()}
   * @param name what messages call the archive (e.g. its URI); every message starts with it
   * @return the open archive; close it
   * @throws NpyFormatException if the bytes are not a zip archive ndprim reads, or a member needs
   *     a zip version above 6.3; the message starts with {@code name}
   * @throws IOException if the channel cannot be read
   */
  public static Npz open(SeekableByteChannel channel, String name) throws IOException {
    Objects.requireNonNull(channel, "channel");
    Objects.requireNonNull(name, "name");
    return open(channel, name, null);
  }

  /** {@link #open(SeekableByteChannel, String)}, of the file {@code path} if not null. */
  private static Npz open(SeekableByteChannel channel, String name, Path path) throws IOException {
    ZipDirectory.Source source = ZipDirectory.Source.of(channel);
    try {
      long size = source.size();
      List<ZipDirectory.Entry> records;
      try {
        records = ZipDirectory.entries(source);
      } catch (ZipDirectory.Unreadable e) {
        throw new NpyFormatException(name + ": not a readable .npz file (zip archive): " + e.getMessage());
      }
      List<ZipEntry> entries = new ArrayList<>(records.size());
      Map<String, ZipDirectory.Entry> directory = new java.util.HashMap<>();
      for (ZipDirectory.Entry r : records) {
        String entryName = r.decodedName();
        if (r.size() < 0 || r.compressedSize() < 0) {
          throw new NpyFormatException(name + ": member '" + org.ndprim.text.Printable.escape(entryName)
              + "': its zip64 extra field claims a size of 2^63 bytes or more");
        }
        ZipEntry e = new ZipEntry(entryName);
        e.setMethod(r.method());
        e.setCrc(r.crc());
        e.setSize(r.size());
        e.setCompressedSize(r.compressedSize());
        entries.add(e);
        directory.put(entryName, r); // a repeated name: the last, as ZipFile
      }
      return new Npz(path, name, null, source, size, entries, directory);
    } catch (IOException | RuntimeException e) {
      try {
        source.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /**
   * Reads every member of an archive into the heap, as {@code dict(np.load(path))}.
   *
   * @param path the archive
   * @return member name &rarr; array, in archive order
   * @throws NpyFormatException if the archive or a member is malformed
   * @throws IOException if the file cannot be read
   */
  public static Map<String, NdArray> read(Path path) throws IOException {
    try (Npz npz = open(path)) {
      Map<String, NdArray> arrays = new LinkedHashMap<>();
      for (Member m : npz.members()) {
        arrays.put(m.name(), m.read());
      }
      return arrays;
    }
  }

  /** {@return the archive's path; null if it was opened from a channel ({@link #open(SeekableByteChannel, String)})} */
  public Path path() {
    return path;
  }

  /** {@return what messages call the archive: its path, or the name it was opened from a channel with} */
  public String name() {
    return name;
  }

  /** {@return the members in archive order (directory entries left out); no data is read} */
  public List<Member> members() {
    return members;
  }

  /** {@return the members' names, as numpy's {@code NpzFile.files}: entry names without {@code .npy}} */
  public List<String> names() {
    return members.stream().map(Member::name).collect(Collectors.toUnmodifiableList());
  }

  /**
   * Finds a member by its entry name ({@code "x.npy"}) or its name ({@code "x"}), in that order,
   * as numpy's {@code NpzFile.__getitem__}.
   *
   * @param name an entry name ({@code "x.npy"}) or a member name ({@code "x"})
   * @return the member
   * @throws NoSuchElementException if there is none; the message names the archive and its members
   */
  public Member member(String name) {
    return find(name).orElseThrow(() -> new NoSuchElementException("no member '" + org.ndprim.text.Printable.escape(name) + "' in "
        + this.name + "; its members are " + describeNames(names())));
  }

  /**
   * {@link #member(String)}, or empty.
   *
   * @param name an entry name ({@code "x.npy"}) or a member name ({@code "x"})
   * @return the member, if there is one
   */
  public Optional<Member> find(String name) {
    Objects.requireNonNull(name, "name");
    for (Member m : members) {
      if (m.entryName().equals(name)) {
        return Optional.of(m);
      }
    }
    for (Member m : members) {
      if (m.name().equals(name)) {
        return Optional.of(m);
      }
    }
    return Optional.empty();
  }

  private static String describeNames(List<String> names) {
    if (names.isEmpty()) {
      return "none (the archive is empty)";
    }
    List<String> shown = names.size() <= 20 ? names : names.subList(0, 20);
    return shown.stream().map(n -> "'" + org.ndprim.text.Printable.escape(n) + "'").collect(Collectors.joining(", "))
        + (names.size() > 20 ? " and " + (names.size() - 20) + " more" : "");
  }

  @Override
  public void close() throws IOException {
    try (ZipDirectory.Source c = source) {
      if (zip != null) {
        zip.close();
      }
    }
  }

  @Override
  public String toString() {
    return "Npz[" + name + ", " + members.size() + " members]";
  }

  /** One member of an archive: a zip entry holding one {@code .npy} file. */
  public final class Member {
    private final ZipEntry entry;
    private volatile NpyHeader header;
    private volatile boolean localHeaderChecked;
    /** Where the member's bytes start in the archive, once its local header is checked; -1 before. */
    private volatile long dataStart = -1;

    private Member(ZipEntry entry) {
      this.entry = entry;
    }

    /** {@return the archive this member belongs to} */
    public Npz archive() {
      return Npz.this;
    }

    /** {@return the name numpy gives it: the entry name without a final {@code .npy}} */
    public String name() {
      String n = entry.getName();
      return n.endsWith(".npy") ? n.substring(0, n.length() - 4) : n;
    }

    /** {@return the zip entry's name, e.g. {@code "x.npy"}} */
    public String entryName() {
      return entry.getName();
    }

    /** {@return true if the member is deflated ({@code np.savez_compressed}), false if stored} */
    public boolean isCompressed() {
      return entry.getMethod() == ZipEntry.DEFLATED;
    }

    /** {@return the size in bytes of the member's {@code .npy} file, as the archive claims it} */
    public long size() {
      return entry.getSize();
    }

    /** {@return the size in bytes of the member in the archive (its size itself when stored)} */
    public long compressedSize() {
      return entry.getCompressedSize();
    }

    /**
     * The position in the archive file of a stored member's first byte (the magic of its
     * {@code .npy} file), so that a reader may read its data by byte ranges of the archive (ZIP64
     * offsets included): its {@link #header()}'s data start at {@code storedOffset() +
     * header().dataOffset()}. The local header is checked first, as before reading the member.
     *
     * @return the offset, or -1 if the member is deflated (or its local header could not be
     *     located through the central directory), so that it can only be read as a stream
     * @throws NpyFormatException if the archive's claims about the member are impossible
     * @throws IOException if the file cannot be read
     */
    public long storedOffset() throws IOException {
      if (isCompressed()) {
        return -1;
      }
      checkLocalHeader();
      return dataStart;
    }

    /**
     * The member's {@code .npy} header (dtype, order, shape), read from its first bytes only and
     * kept.
     *
     * @return the header
     * @throws NpyFormatException if the member is not a {@code .npy} file, or the archive lies
     *     about it
     * @throws IOException if the file cannot be read
     */
    public NpyHeader header() throws IOException {
      NpyHeader h = header;
      if (h == null) {
        try (CheckedMember raw = open()) {
          InputStream in = new BufferedInputStream(raw, HEADER_BUFFER);
          try {
            h = Npy.readHeader(in);
          } catch (NpyFormatException e) {
            if (size() <= HEADER_BUFFER) {
              raw.finish(in); // a short member that is corrupt is said to be so (CRC, size) first
            }
            throw e;
          }
          checkHeader(h);
          if (size() <= HEADER_BUFFER || dataBytes(h) == 0) {
            // the whole member is (nearly) read, or holds no data that a read would check: its
            // size and CRC-32 are checked here, as numpy checks them reading it
            raw.finish(in);
          }
        } catch (NpyFormatException e) {
          throw named(e);
        } catch (EOFException | ZipException e) {
          throw named(new NpyFormatException("corrupt data (" + Messages.reason(e) + ")", e));
        }
        header = h;
      }
      return h;
    }

    /** The data bytes of a header's array, 0 when empty, -1 when unknown (structured, too big). */
    private long dataBytes(NpyHeader h) {
      if (h.itemSize() <= 0) {
        return -1;
      }
      try {
        return org.ndprim.ScalarType.byteSize(org.ndprim.Shape.of(h.shape().asArray()), h.itemSize());
      } catch (ArithmeticException e) {
        return -1;
      }
    }

    /**
     * Reads the member into the heap, as {@code np.load(path)[name]}: a C-order array of the
     * built-in type of its dtype (see {@link Npy#read(Path)}), checked to be exactly what the
     * archive says (size, CRC-32).
     *
     * @return a new C-order array of the built-in type of the member's dtype
     * @throws NpyFormatException if the member is malformed, truncated, inflates to more than it
     *     claims, fails its CRC-32, or needs more than the heap
     * @throws IOException if the file cannot be read
     */
    public NdArray read() throws IOException {
      return readAs(null, n -> { });
    }

    /**
     * Reads the member into the heap as {@link #read()}, telling {@code bytesRead} how many of
     * the member's bytes each read delivered (for a progress bar; {@link #size()} in all).
     *
     * @param bytesRead told the number of member bytes each read delivered
     * @return a new C-order array of the built-in type of the member's dtype
     * @throws NpyFormatException as {@link #read()}
     * @throws IOException if the file cannot be read
     */
    public NdArray read(LongConsumer bytesRead) throws IOException {
      return readAs(null, Objects.requireNonNull(bytesRead, "bytesRead"));
    }

    /**
     * Reads the member as {@code type}, whose dtype must have the member's kind and item size
     * (see {@link Npy#read(Path, ScalarType)}).
     *
     * @param type the type to read the member as
     * @param <A> the array type
     * @return a new C-order array of {@code type}
     * @throws NpyFormatException as {@link #read()}, and if the dtype does not match
     * @throws IOException if the file cannot be read
     */
    public <A extends NdArray> A read(ScalarType<A> type) throws IOException {
      Objects.requireNonNull(type, "type");
      return type.arrayType().cast(readAs(type, n -> { }));
    }

    private NdArray readAs(ScalarType<?> type, LongConsumer bytesRead) throws IOException {
      header();
      try (CheckedMember in = open()) {
        in.progress = bytesRead;
        InputStream buffered = new BufferedInputStream(in, CHUNK);
        NpyHeader again = Npy.readHeader(buffered);
        // A stored member's size is checked against the file: allocate it at once. A deflated
        // one grows as its bytes really arrive.
        long available = isCompressed() ? -1 : size() - again.dataOffset();
        NdArray a = Npy.readData(buffered, again, type, available);
        in.finish(buffered);
        return a;
      } catch (NpyFormatException e) {
        throw named(e);
      } catch (EOFException | ZipException e) {
        throw named(new NpyFormatException("corrupt data (" + Messages.reason(e) + ")", e));
      }
    }

    /**
     * Streams the member's data without holding them: the header, then blocks of at most
     * {@code maxBlockElements} elements in storage order, as {@link Npy#readBlocks}; at the end
     * the member's size and CRC-32 are checked. Memory stays at one block.
     *
     * @param maxBlockElements the largest number of elements handed over at once, at least 1
     * @param handler receives the header, then each block
     * @return the header read
     * @throws NpyFormatException if the member is malformed, truncated, inflates to more than it
     *     claims or fails its CRC-32
     * @throws IOException if the file cannot be read or the handler fails
     */
    public NpyHeader readBlocks(int maxBlockElements, Npy.DataBlock handler) throws IOException {
      header();
      try (CheckedMember in = open()) {
        InputStream buffered = new BufferedInputStream(in, CHUNK);
        NpyHeader h = Npy.readHeader(buffered);
        Npy.readBlocks(buffered, h, maxBlockElements, handler);
        in.finish(buffered);
        return h;
      } catch (NpyFormatException e) {
        throw named(e);
      } catch (EOFException | ZipException e) {
        throw named(new NpyFormatException("corrupt data (" + Messages.reason(e) + ")", e));
      }
    }

    /**
     * Opens the member's bytes (the whole {@code .npy} file), checked while read: reading past
     * the size the archive claims, or an end before it, or a CRC-32 other than the archive's, is
     * an {@link NpyFormatException}. For a stream copy of a member, e.g. with
     * {@link Npy#transcode}.
     *
     * @return the member's bytes; close it after use
     * @throws NpyFormatException if the archive's claims about the member are impossible
     * @throws IOException if the file cannot be read
     */
    public InputStream openStream() throws IOException {
      return open();
    }

    private CheckedMember open() throws IOException {
      return new CheckedMember(this, openRaw());
    }

    /** The zip's stream of the member, after the checks that need no data. */
    private InputStream openRaw() throws IOException {
      long csize = entry.getCompressedSize();
      long size = entry.getSize();
      if (entry.getMethod() != ZipEntry.STORED && entry.getMethod() != ZipEntry.DEFLATED) {
        throw named(new NpyFormatException("compression method " + entry.getMethod()
            + " is not supported (numpy writes stored (0) and deflated (8) members)"));
      }
      if (csize < 0 || size < 0) {
        throw named(new NpyFormatException("the archive does not say the member's size"));
      }
      if (csize > fileSize) {
        throw named(new NpyFormatException("the archive claims " + csize
            + " compressed bytes, but the file has only " + fileSize));
      }
      if (!isCompressed() && csize != size) {
        throw named(new NpyFormatException("a stored member of " + size
            + " bytes claims " + csize + " bytes in the archive"));
      }
      if (isCompressed() && size / MAX_DEFLATE_RATIO > csize + 1) {
        throw named(new NpyFormatException("the archive claims " + size + " bytes inflated from "
            + csize + " compressed bytes, more than deflate can produce (at most "
            + MAX_DEFLATE_RATIO + " to 1)"));
      }
      checkLocalHeader();
      if (zip == null) {
        // opened from a channel: every entry has its record, so its data start is known here
        InputStream stored = new Slice(source, dataStart, csize);
        return isCompressed() ? new Inflating(stored) : stored;
      }
      try {
        return zip.getInputStream(entry);
      } catch (ZipException e) {
        throw named(new NpyFormatException("cannot open the member (" + Messages.reason(e) + ")", e));
      } catch (IOException e) {
        throw named(e);
      }
    }

    /**
     * Checks the entry's local header as Python's {@code zipfile} does before it reads a member:
     * it is inside the file, it is a local header, it names the entry the central directory
     * names; and the member's data end inside the file.
     */
    private void checkLocalHeader() throws IOException {
      ZipDirectory.Entry cen = localHeaders.get(entry.getName());
      if (localHeaderChecked || cen == null) {
        return; // checked, or a directory ZipDirectory could not follow: ZipFile's checks only
      }
      int flags = cen.flags();
      if ((flags & FLAG_COMPRESSED_PATCH) != 0) {
        throw named(new NpyFormatException("the member is compressed patched data (zip flag bit 5),"
            + " which Python's zipfile (so numpy) refuses to read"));
      }
      if ((flags & FLAG_STRONG_ENCRYPTION) != 0) {
        throw named(new NpyFormatException("the member is strongly encrypted (zip flag bit 6),"
            + " which Python's zipfile (so numpy) refuses to read"));
      }
      if ((flags & FLAG_ENCRYPTED) != 0) {
        throw named(new NpyFormatException("the member is encrypted (zip flag bit 0); numpy reads it"
            + " only with its password, ndprim not at all"));
      }
      long offset = cen.offset(); // unsigned: negative from 2^63
      boolean inside = offset >= 0 && offset < fileSize && cen.shift() < fileSize - offset;
      long at = inside ? cen.shift() + offset : -1;
      if (!inside) {
        throw named(new NpyFormatException("local header offset "
            + (offset >= 0 && offset < fileSize ? Long.toString(cen.shift() + offset) : Long.toUnsignedString(offset))
            + " is beyond the end of the " + fileSize + "-byte file"));
      }
      ByteBuffer fixed = at > fileSize - ZipDirectory.LOCAL_HEADER ? null
          : ZipDirectory.readAt(source, at, ZipDirectory.LOCAL_HEADER);
      if (fixed == null) {
        throw named(new NpyFormatException("the local header at offset " + at
            + " is cut off by the end of the " + fileSize + "-byte file"));
      }
      if (fixed.getInt(0) != ZipDirectory.LOCAL_SIGNATURE) {
        throw named(new NpyFormatException("no local header at offset " + at
            + ", where the central directory says it is"));
      }
      int nameLength = ZipDirectory.u16(fixed, 26);
      int extraLength = ZipDirectory.u16(fixed, 28);
      ByteBuffer name = ZipDirectory.readAt(source, at + ZipDirectory.LOCAL_HEADER, nameLength);
      if (name == null) {
        throw named(new NpyFormatException("the local header at offset " + at
            + " is cut off by the end of the " + fileSize + "-byte file"));
      }
      if (!name.equals(ByteBuffer.wrap(cen.name()))) {
        throw named(new NpyFormatException("the local header names the member '"
            + localName(name) + "', the central directory '"
            + org.ndprim.text.Printable.escape(entry.getName())
            + "' (numpy refuses such a member too: \"File name in directory ... and header ... differ\")"));
      }
      long data = at + ZipDirectory.LOCAL_HEADER + nameLength + extraLength;
      if (data > fileSize || entry.getCompressedSize() > fileSize - data) {
        throw named(new NpyFormatException("the member's " + entry.getCompressedSize()
            + " bytes in the archive, from offset " + data + ", run past the end of the "
            + fileSize + "-byte file"));
      }
      dataStart = data;
      localHeaderChecked = true;
    }

    /**
     * The name bytes of a local header that differ from the central directory's: any bytes, of
     * any length (a lying name length reads the data after it), so shown on one line, control
     * characters escaped ({@code Printable.escape}), at most 100 characters of it.
     */
    private String localName(ByteBuffer name) {
      String decoded = StandardCharsets.UTF_8.decode(name).toString();
      return decoded.length() <= 100 ? org.ndprim.text.Printable.escape(decoded)
          : org.ndprim.text.Printable.escape(decoded.substring(0, 100)) + "...";
    }

    /** Checks a header against the member's size, before any data is read. */
    private void checkHeader(NpyHeader h) throws NpyFormatException {
      if (h.isStructured()) {
        return; // no data size to check; reading it fails on its dtype
      }
      try {
        Npy.checkDataLength(h, Math.max(0, size() - h.dataOffset()), "the member holds");
      } catch (NpyFormatException e) {
        throw named(e);
      }
    }

    /** The error with the archive and the member in front, once. */
    NpyFormatException named(NpyFormatException e) {
      if (e instanceof MemberFormatException) {
        return e;
      }
      return new MemberFormatException(name + ": member '" + org.ndprim.text.Printable.escape(entry.getName()) + "': " + Messages.reason(e), e);
    }

    /**
     * A failure to read that names no file (java.util.zip's "Negative seek offset", "Invalid
     * argument", an I/O error), with the archive and the member in front; others as they are.
     */
    IOException named(IOException e) {
      if (e instanceof NpyFormatException) {
        return named((NpyFormatException) e);
      }
      if (e.getClass() != IOException.class) {
        return e;
      }
      return new IOException(name + ": member '" + org.ndprim.text.Printable.escape(entry.getName())
          + "': " + Messages.reason(e), e);
    }

    long crc() {
      return entry.getCrc();
    }

    @Override
    public String toString() {
      return "Member[" + org.ndprim.text.Printable.escape(entry.getName()) + (isCompressed() ? ", deflated " : ", stored ")
          + size() + " bytes]";
    }
  }

  /** An {@link NpyFormatException} whose message already names the archive and the member. */
  private static final class MemberFormatException extends NpyFormatException {
    private static final long serialVersionUID = 1L;

    MemberFormatException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * A member's bytes with the checks Python's {@code zipfile} makes: never more bytes than the
   * archive claims (the zip-bomb guard: reading stops there), and at the end exactly the claimed
   * size with the claimed CRC-32.
   */
  private static final class CheckedMember extends FilterInputStream {
    private final Member member;
    private final CRC32 crc = new CRC32();
    private long count;
    private boolean checked;
    LongConsumer progress = n -> { };

    CheckedMember(Member member, InputStream in) {
      super(in);
      this.member = member;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      long left = member.size() - count;
      if (len == 0) {
        return 0;
      }
      if (left <= 0) {
        // one byte more than the claim says whether the data go on
        int extra = raw(null, 0, 1);
        if (extra >= 0) {
          throw member.named(new NpyFormatException("the member inflates to more than the "
              + member.size() + " bytes the archive claims"));
        }
        verify();
        return -1;
      }
      int n = raw(b, off, (int) Math.min(len, left));
      if (n < 0) {
        throw member.named(new NpyFormatException("the member ends after " + count + " of the "
            + member.size() + " bytes the archive claims"));
      }
      crc.update(b, off, n);
      count += n;
      progress.accept(n);
      return n;
    }

    /** The zip's read ({@code b == null}: one byte), its failures named as the member's. */
    private int raw(byte[] b, int off, int len) throws IOException {
      try {
        return b == null ? in.read() : in.read(b, off, len);
      } catch (EOFException | ZipException e) {
        throw member.named(new NpyFormatException("corrupt data (" + Messages.reason(e) + ")", e));
      } catch (IOException e) {
        throw member.named(e);
      }
    }

    @Override
    public long skip(long n) throws IOException {
      byte[] buffer = new byte[(int) Math.min(CHUNK, Math.max(1, n))];
      long done = 0;
      while (done < n) {
        int got = read(buffer, 0, (int) Math.min(buffer.length, n - done));
        if (got < 0) {
          break;
        }
        done += got;
      }
      return done;
    }

    @Override
    public int available() throws IOException {
      return (int) Math.min(in.available(), Math.max(0, member.size() - count));
    }

    @Override
    public boolean markSupported() {
      return false;
    }

    /** Reads what is left after the array (numpy ignores trailing bytes) to check size and CRC. */
    void finish(InputStream buffered) throws IOException {
      byte[] rest = new byte[CHUNK];
      while (buffered.read(rest) >= 0) {
        // drain: the checks run when the end is reached
      }
      if (!checked) {
        verify();
      }
    }

    private void verify() throws NpyFormatException {
      checked = true;
      if (count != member.size()) {
        throw member.named(new NpyFormatException("the member ends after " + count + " of the "
            + member.size() + " bytes the archive claims"));
      }
      if (member.crc() >= 0 && crc.getValue() != member.crc()) {
        throw member.named(new NpyFormatException(String.format(java.util.Locale.ROOT,
            "bad CRC-32: the data give %08x, the archive says %08x", crc.getValue(), member.crc())));
      }
    }
  }

  /**
   * The bytes {@code [start, start + length)} of an archive opened from a channel; the end of the
   * file before them is an {@link EOFException} (the file shrank after it was opened).
   */
  private static final class Slice extends InputStream {
    private final ZipDirectory.Source source;
    private long position;
    private final long end;

    Slice(ZipDirectory.Source source, long start, long length) {
      this.source = source;
      this.position = start;
      this.end = start + length; // both checked against the file's size
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      Objects.checkFromIndexSize(off, len, b.length);
      if (len == 0) {
        return 0;
      }
      if (position >= end) {
        return -1;
      }
      ByteBuffer buf = ByteBuffer.wrap(b, off, (int) Math.min(len, end - position));
      int n;
      do {
        n = source.read(buf, position);
      } while (n == 0);
      if (n < 0) {
        throw new EOFException("the file ends at byte " + position + ", before the member's "
            + "data end at " + end);
      }
      position += n;
      return n;
    }

    @Override
    public long skip(long n) {
      long k = Math.max(0, Math.min(n, end - position));
      position += k;
      return k;
    }

    @Override
    public int available() {
      return (int) Math.min(Integer.MAX_VALUE, end - position);
    }
  }

  /**
   * A deflated member's bytes, inflated as {@code ZipFile} inflates them (raw deflate, one dummy
   * byte after the compressed data for zlib); the compressed data ending before the deflate
   * stream does is an {@link EOFException}, and bad deflate data a {@link ZipException}. Closing
   * it frees the inflater.
   */
  private static final class Inflating extends java.util.zip.InflaterInputStream {
    private boolean dummy;
    private boolean closed;

    Inflating(InputStream compressed) {
      super(compressed, new java.util.zip.Inflater(true), CHUNK);
    }

    @Override
    protected void fill() throws IOException {
      if (dummy) {
        throw new EOFException("Unexpected end of ZLIB input stream");
      }
      len = in.read(buf, 0, buf.length);
      if (len == -1) {
        buf[0] = 0;
        len = 1;
        dummy = true;
      }
      inf.setInput(buf, 0, len);
    }

    @Override
    public void close() throws IOException {
      if (!closed) {
        closed = true;
        try {
          super.close();
        } finally {
          inf.end();
        }
      }
    }
  }

  // ----------------------------------------------------------------------------------- write

  /**
   * Writes {@code arrays} to a {@code .npz} archive as {@code np.savez(path, **arrays)}: one stored
   * member {@code NAME.npy} per entry, in the map's iteration order, each holding the bytes
   * {@link Npy#write(NdArray, Path)} writes. Atomic (see the class comment).
   *
   * @param path the archive to create or replace
   * @param arrays member name (without {@code .npy}) &rarr; array; a {@link LinkedHashMap} keeps
   *     the order
   * @throws IllegalArgumentException if a name is empty, too long for a zip entry, or an array's
   *     dtype cannot be written; nothing is created then
   * @throws ArithmeticException if an array's byte size overflows a {@code long}
   * @throws IOException if the file cannot be written
   */
  public static void write(Path path, Map<String, ? extends NdArray> arrays) throws IOException {
    write(path, arrays, false, Npy.WriteOptions.DEFAULT);
  }

  /**
   * Writes {@code arrays} to a {@code .npz} archive as {@code np.savez(path, *arrays)}: the members
   * are named {@code arr_0}, {@code arr_1}, ...
   *
   * @param path the archive to write
   * @param arrays the members, named {@code arr_0}, {@code arr_1}, ... in order
   * @throws IllegalArgumentException if an array's dtype cannot be written
   * @throws IOException if the file cannot be written
   */
  public static void write(Path path, NdArray... arrays) throws IOException {
    Map<String, NdArray> named = new LinkedHashMap<>();
    for (int i = 0; i < arrays.length; i++) {
      named.put("arr_" + i, Objects.requireNonNull(arrays[i], "arrays[" + i + "]"));
    }
    write(path, named);
  }

  /**
   * Writes {@code arrays} as {@code np.savez_compressed(path, **arrays)}: as
   * {@link #write(Path, Map)}, each member deflated.
   *
   * @param path the archive to write
   * @param arrays the members by name (without {@code .npy})
   * @throws IllegalArgumentException as {@link #write(Path, Map)}
   * @throws ArithmeticException if an array's byte size overflows a {@code long}
   * @throws IOException if the file cannot be written
   */
  public static void writeCompressed(Path path, Map<String, ? extends NdArray> arrays) throws IOException {
    write(path, arrays, true, Npy.WriteOptions.DEFAULT);
  }

  /**
   * Writes {@code arrays} with every member written as {@code options} say (element type, byte
   * order, storage order: see {@link Npy#write(NdArray, Path, Npy.WriteOptions)}), stored or
   * deflated.
   *
   * @param path the archive to write
   * @param arrays the members by name (without {@code .npy}), in the order to write them
   * @param compressed whether members are deflated, as {@code np.savez_compressed}
   * @param options how each member is written
   * @throws IllegalArgumentException as {@link #write(Path, Map)}
   * @throws ArithmeticException if an array's byte size overflows a {@code long}
   * @throws IOException if the file cannot be written
   */
  public static void write(Path path, Map<String, ? extends NdArray> arrays, boolean compressed,
      Npy.WriteOptions options) throws IOException {
    Objects.requireNonNull(arrays, "arrays");
    Objects.requireNonNull(options, "options");
    Map<String, AtomicFile.Content> contents = new LinkedHashMap<>();
    for (Map.Entry<String, ? extends NdArray> e : arrays.entrySet()) {
      NdArray a = Objects.requireNonNull(e.getValue(), () -> "array '" + e.getKey() + "'");
      contents.put(e.getKey(), Npy.prepare(a, options));
    }
    writeMembers(path, contents, compressed);
  }

  /**
   * Writes an archive whose members' bytes come from {@code contents}: for members that are
   * streamed rather than held (e.g. {@link Npy#transcode} from another archive). Each content
   * writes one complete {@code .npy} file and must write the same bytes every time it runs: for a
   * stored archive it runs twice, first to compute the size and CRC-32 that a stored zip entry
   * needs before its data, then to write; for a deflated one, once. Atomic as
   * {@link #write(Path, Map)}.
   *
   * @param path the archive to create or replace
   * @param contents member name (without {@code .npy}) &rarr; its bytes, in order
   * @param compressed deflated ({@code np.savez_compressed}) or stored ({@code np.savez})
   * @throws IllegalArgumentException if a name is empty or too long for a zip entry
   * @throws IOException if a content or the file fails; the target is then left as it was
   */
  public static void writeMembers(Path path, Map<String, ? extends AtomicFile.Content> contents,
      boolean compressed) throws IOException {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(contents, "contents");
    for (String name : contents.keySet()) {
      checkName(name);
    }
    AtomicFile.write(path, out -> {
      ZipOutputStream zip = new ZipOutputStream(new Unclosed(out), StandardCharsets.UTF_8);
      for (Map.Entry<String, ? extends AtomicFile.Content> m : contents.entrySet()) {
        ZipEntry entry = new ZipEntry(m.getKey() + ".npy");
        entry.setTimeLocal(NUMPY_TIME);
        AtomicFile.Content content = m.getValue();
        if (compressed) {
          entry.setMethod(ZipEntry.DEFLATED);
        } else {
          Sizer sizer = new Sizer();
          content.writeTo(sizer);
          entry.setMethod(ZipEntry.STORED);
          entry.setSize(sizer.count);
          entry.setCompressedSize(sizer.count);
          entry.setCrc(sizer.crc.getValue());
        }
        zip.putNextEntry(entry);
        content.writeTo(zip); // a stored entry's size and CRC are checked by ZipOutputStream
        zip.closeEntry();
      }
      zip.close(); // writes the central directory; Unclosed keeps the file open for AtomicFile
    });
  }

  private static void checkName(String name) {
    Objects.requireNonNull(name, "member name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("a member name must not be empty");
    }
    if (name.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("member name '" + org.ndprim.text.Printable.escape(name)
          + "' contains a NUL character");
    }
    int bytes = (name + ".npy").getBytes(StandardCharsets.UTF_8).length;
    if (bytes > 0xffff) {
      throw new IllegalArgumentException("member name of " + bytes
          + " bytes (with .npy) is longer than a zip entry name can be (65535 bytes)");
    }
  }

  /** Counts and checksums what a stored member's content writes, without keeping it. */
  private static final class Sizer extends OutputStream {
    final CRC32 crc = new CRC32();
    long count;

    @Override
    public void write(int b) {
      crc.update(b);
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      crc.update(b, off, len);
      count += len;
    }
  }

  /** Passes writes through and flushes on close, leaving the target open. */
  private static final class Unclosed extends OutputStream {
    private final OutputStream out;

    Unclosed(OutputStream out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.flush();
    }
  }
}
