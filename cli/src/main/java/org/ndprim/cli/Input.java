package org.ndprim.cli;

import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.Collectors;
import org.ndprim.NdArray;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyFormatException;
import org.ndprim.io.NpyHeader;
import org.ndprim.io.Npz;
import org.ndprim.text.Printable;

/**
 * The {@code FILE} argument: a {@code .npy} file or a {@code .npz} archive, told apart by their
 * first bytes as {@code np.load} does ({@code PK\3\4} or {@code PK\5\6}: a zip archive). A regular
 * {@code .npy} file is mapped read-only ({@code Npy.map}), not read: a file of any size opens in a
 * small heap, and only the bytes a command touches are read (from the page cache). {@code -} is
 * standard input; a FIFO, {@code /dev/stdin} or a process substitution ({@code <(cat a.npy)}) is
 * opened once and read as a stream (header, then data). A {@code .npz} archive must be a file
 * (zip keeps its directory at the end); its members are read into the heap, as {@code np.load}
 * reads them.
 */
final class Input {
  /** What was read: the header, and the array when its dtype has a built-in type (else null). */
  record Loaded(String name, NpyHeader header, NdArray array) {}

  private static final byte[] ZIP = {'P', 'K', 3, 4};
  private static final byte[] EMPTY_ZIP = {'P', 'K', 5, 6};

  private Input() {}

  /** Whether {@code name} is a regular file that starts as a zip archive does. */
  static boolean isNpz(String name) throws IOException {
    requireName(name);
    if (name.equals("-")) {
      return false;
    }
    Path path = Path.of(name);
    if (!Files.isRegularFile(path)) {
      return false;
    }
    byte[] magic = new byte[4];
    try (InputStream in = Files.newInputStream(path)) {
      int n = in.readNBytes(magic, 0, 4);
      return n == 4 && (Arrays.equals(magic, ZIP) || Arrays.equals(magic, EMPTY_ZIP));
    }
  }

  /** Opens a {@code .npz} archive named on the command line. */
  /** An empty FILE argument is a usage error (Path.of("") would be the working directory). */
  private static void requireName(String name) {
    if (name.isEmpty()) {
      throw new Usage("FILE is an empty name: give a .npy or .npz file, or - for standard input");
    }
  }

  static Npz openNpz(String name) throws IOException {
    return Npz.open(Path.of(name));
  }

  /**
   * The member a command works on: the one {@code requested}, or the only one when none is.
   *
   * @throws Usage if none is requested and the archive has several, or the requested one is missing
   * @throws NpyFormatException if the archive has no member
   */
  static Npz.Member member(Npz npz, String requested) throws IOException {
    if (requested != null) {
      try {
        return npz.member(requested);
      } catch (NoSuchElementException e) {
        throw new Usage(e.getMessage());
      }
    }
    List<Npz.Member> members = npz.members();
    if (members.isEmpty()) {
      throw new NpyFormatException(npz.path() + ": the archive has no members");
    }
    if (members.size() > 1) {
      throw new Usage(npz.path() + " has " + members.size() + " members (" + names(members)
          + "): choose one with --member NAME");
    }
    return members.get(0);
  }

  /** Whether a header's dtype has a built-in type, i.e. ndprim can read its data. */
  static boolean supported(NpyHeader header) {
    return !header.isStructured() && Npy.builtInType(header.dtype()).isPresent();
  }

  /**
   * The error for data of a dtype ndprim has no type for, e.g. "obj.npy: dtype '|O' (Python
   * objects) is not supported; ndprim reads |b1 |i1 ... (either byte order)"; the list is the
   * library's ({@link Npy#builtInDtypes()}).
   *
   * @param prefix what the data are, ending in ": " (a file name, or an archive and member)
   */
  static NpyFormatException unsupported(String prefix, NpyHeader header) {
    String kind = kind(header);
    return new NpyFormatException(prefix + "dtype '" + header.descr() + "'" + (kind.isEmpty() ? "" : " (" + kind + ")")
        + " is not supported; ndprim reads " + String.join(" ", Npy.builtInDtypes()) + " (either byte order)");
  }

  /** What numpy calls an unsupported dtype's kind, e.g. "Python objects"; empty if nothing useful. */
  private static String kind(NpyHeader header) {
    if (header.isStructured()) {
      return "structured";
    }
    String d = header.dtype(); // normalised: an order character, a kind letter, a size
    char kind = d.length() > 1 ? d.charAt(1) : '?';
    switch (kind) {
      case 'O':
        return "Python objects";
      case 'U':
        return "Unicode strings";
      case 'S':
        return "byte strings";
      case 'V':
        return "raw bytes, void";
      case 'M':
        return "datetime64";
      case 'm':
        return "timedelta64";
      case 'f':
        return header.itemSize() == 16 ? "float128, C long double" : "";
      case 'c':
        return header.itemSize() == 32 ? "complex256, C long double" : "";
      default:
        return "";
    }
  }

  static String names(List<Npz.Member> members) {
    List<Npz.Member> shown = members.size() <= 10 ? members : members.subList(0, 10);
    return shown.stream().map(m -> Printable.escape(m.name())).collect(Collectors.joining(", "))
        + (members.size() > 10 ? ", ... " + (members.size() - 10) + " more" : "");
  }

  /**
   * Reads a member into the heap ({@code Npz.Member.read}: a stored member in one allocation of
   * its checked size, a deflated one growing as it inflates), counting its bytes into
   * {@code progress}.
   */
  static NdArray readMember(Npz.Member m, Progress progress) throws IOException {
    return m.read(progress::add);
  }

  static String prefix(Npz.Member m) {
    return m.archive().path() + ": member '" + Printable.escape(m.entryName()) + "': ";
  }

  /**
   * @param arrayRequired true for {@code slice}: an unsupported dtype is then an error; false for
   *     {@code info}, which shows the header of any dtype
   */
  static Loaded read(String name, InputStream stdin, boolean arrayRequired) throws IOException {
    requireName(name);
    if (name.equals("-")) {
      return fromStream("<stdin>", stdin, arrayRequired);
    }
    Path path = Path.of(name);
    if (Files.isRegularFile(path)) {
      NpyHeader header = Npy.readHeader(path);
      boolean supported = supported(header);
      if (!supported && arrayRequired) {
        throw unsupported(name + ": ", header);
      }
      if (!supported) {
        // its data is not read, but a truncated file is an error whatever the dtype, as np.load's
        try {
          Npy.checkLoadable(header, Files.size(path) - header.dataOffset());
        } catch (NpyFormatException e) {
          throw new NpyFormatException(name + ": " + e.getMessage(), e);
        }
        return new Loaded(name, header, null);
      }
      return new Loaded(name, header, Npy.map(path, Npy.MapMode.READ_ONLY));
    }
    if (Files.isDirectory(path)) {
      throw new FileSystemException(name, null, "is a directory");
    }
    if (!Files.exists(path)) {
      throw new NoSuchFileException(name);
    }
    // FileInputStream, not Files.newInputStream: the latter's available() seeks, which a pipe refuses
    try (InputStream in = new FileInputStream(path.toFile())) {
      return fromStream(name, in, arrayRequired);
    } catch (FileNotFoundException e) {
      throw new AccessDeniedException(name, null, e.getMessage());
    }
  }

  private static Loaded fromStream(String name, InputStream raw, boolean arrayRequired) throws IOException {
    InputStream in = new BufferedInputStream(raw, 1 << 16);
    in.mark(4);
    byte[] magic = in.readNBytes(4);
    in.reset();
    if (Arrays.equals(magic, ZIP) || Arrays.equals(magic, EMPTY_ZIP)) {
      throw new NpyFormatException(name + ": a .npz archive cannot be read from a stream or a pipe"
          + " (a zip archive keeps its directory at its end); save it to a file first");
    }
    try {
      NpyHeader header = Npy.readHeader(in);
      boolean supported = supported(header);
      if (!supported && arrayRequired) {
        throw unsupported("", header); // prefixed with the name below
      }
      if (!supported) {
        Npy.checkLoadable(header, in.transferTo(OutputStream.nullOutputStream()));
        return new Loaded(name, header, null);
      }
      return new Loaded(name, header, Npy.readData(in, header));
    } catch (NpyFormatException e) {
      throw new NpyFormatException(name + ": " + e.getMessage(), e);
    }
  }
}
