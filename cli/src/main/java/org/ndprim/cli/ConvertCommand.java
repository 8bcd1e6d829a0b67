package org.ndprim.cli;

import java.io.BufferedInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.io.AtomicFile;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyFormatException;
import org.ndprim.io.NpyHeader;
import org.ndprim.io.Npz;
import org.ndprim.text.Printable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ndprim convert IN OUT}: {@code .npy} and {@code .npz} in either direction, with a cast
 * ({@code astype}, NumPy's casting), a byte order and a storage order, streaming where the formats
 * allow: a {@code .npy} file is mapped and written block by block; a {@code .npz} member is
 * copied as it is inflated unless its storage order changes (then it is read into the heap
 * first, as np.load would).
 */
@Command(
    name = "convert",
    description = {
      "Convert between .npy and .npz (by OUT's name), optionally to another dtype, byte order or storage order.",
      "Writes what np.save / np.savez / np.savez_compressed of a.astype(DT, order=...) would (NumPy's unsafe casting). "
          + "IN keeps its dtype, byte order and order unless told otherwise. "
          + "A .npz IN gives every member to a .npz OUT, and the one --member (or its only one) to a .npy OUT. "
          + "Streams where the formats allow: a .npy is mapped, a .npz member copied as it inflates (unless its order changes). "
          + "OUT is replaced atomically; - writes a .npy to standard output."
    })
final class ConvertCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
  boolean help;

  @Parameters(index = "0", paramLabel = "IN", description = "a .npy file (- for standard input) or a .npz archive")
  String input;

  @Parameters(index = "1", paramLabel = "OUT", description = "OUT.npy or OUT.npz (the format is chosen by the name), or - (a .npy to standard output)")
  String output;

  @Option(names = "--dtype", paramLabel = "DT",
      description = "the dtype to write, as numpy names it: <f4, >f8 (big-endian), float32, i2, bool, ..., or"
          + " bfloat16 (ml_dtypes', written as <V2); elements are cast as numpy's astype casts them")
  String dtype;

  @Option(names = "--order", paramLabel = "C|F", description = "C (row-major) or F (Fortran, column-major) storage order")
  String order;

  @Option(names = "--compress", description = "deflate the members of a .npz OUT (np.savez_compressed); default: stored (np.savez)")
  boolean compress;

  @Option(names = "--member", paramLabel = "NAME", description = "only this member of a .npz IN")
  String member;

  @Option(names = "--name", paramLabel = "NAME",
      description = "the member name in a .npz OUT made from a .npy IN (default: IN's file name without .npy)")
  String name;

  @Override
  public Integer call() throws Exception {
    Main main = (Main) spec.parent().userObject();
    if (!output.equals("-")) {
      Output.checkName(output, "OUT", "convert chooses the format by OUT's name (- writes a .npy to standard output)",
          ".npy", ".npz");
    }
    boolean toNpz = output.toLowerCase(Locale.ROOT).endsWith(".npz");
    if (compress && !toNpz) {
      throw new Usage("--compress is for a .npz OUT; " + output + " is written as .npy");
    }
    if (order != null && !order.equals("C") && !order.equals("F")) {
      throw new Usage("--order takes C or F, not '" + order + "'");
    }
    ScalarType<?> type = null;
    ByteOrder byteOrder = null;
    if (dtype != null) {
      String descr = descriptor(dtype);
      type = Npy.builtInType(descr).orElseThrow(() -> new Usage("--dtype '" + Printable.escape(dtype)
          + "' is not a dtype ndprim has an array type for (numpy's names and descriptors of them,"
          + " e.g. float32, <f4, >f8, i2, bool, or bfloat16)"));
      if (type.kind() == 'V' && !dtype.equals("bfloat16")) {
        // numpy's astype('V2') keeps each element's raw bytes; ndprim's <V2 files are bfloat16
        throw new Usage("--dtype '" + dtype + "' is numpy's raw-bytes (void) dtype, whose astype keeps each"
            + " element's bytes; ndprim does not cast to raw bytes: write --dtype bfloat16 to convert"
            + " to bfloat16 (which ml_dtypes saves as <V2)");
      }
      byteOrder = orderOf(descr);
    }
    if (name != null && !toNpz) {
      throw new Usage("--name names the member of a .npz OUT; " + output + " is written as .npy");
    }
    if (name != null && unsafe(name) != null) {
      throw new Usage("--name '" + Printable.escape(name) + "' " + unsafe(name));
    }
    if (!output.equals("-")) {
      Output.checkWritable(output);
    }
    Map<String, Member> members = Input.isNpz(input) ? fromNpz(main, toNpz) : fromNpy(main, toNpz);
    try {
      Map<String, AtomicFile.Content> contents = new LinkedHashMap<>();
      long total = 0;
      for (Map.Entry<String, Member> e : members.entrySet()) {
        Member m = e.getValue();
        Npy.WriteOptions options = new Npy.WriteOptions(type == null ? m.type : type,
            byteOrder == null ? m.byteOrder : byteOrder, order == null ? m.fortran : order.equals("F"));
        contents.put(e.getKey(), m.content(options));
        total += m.elements * options.type().itemSize();
      }
      write(main, contents, toNpz, toNpz && !compress ? 2 * total : total);
    } finally {
      for (Member m : members.values()) {
        m.close();
      }
    }
    return 0;
  }

  private void write(Main main, Map<String, AtomicFile.Content> contents, boolean toNpz, long total) throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    try (Progress p = main.progress("writing " + output, total)) {
      Map<String, AtomicFile.Content> counted = new LinkedHashMap<>();
      contents.forEach((k, c) -> counted.put(k, out -> c.writeTo(new Counted(out, p))));
      if (toNpz) {
        Memory.guard("writing " + output, () -> {
          Npz.writeMembers(Path.of(output), counted, compress);
          return null;
        });
      } else if (output.equals("-")) {
        OutputStream stdout = main.stdout;
        Memory.guard("writing " + output, () -> {
          counted.values().iterator().next().writeTo(stdout);
          return null;
        });
        stdout.flush();
        if (stdout instanceof PrintStream && ((PrintStream) stdout).checkError()) {
          throw new OutputError("cannot write the .npy to standard output (closed, full or a broken pipe)");
        }
      } else {
        Memory.guard("writing " + output, () -> {
          AtomicFile.write(Path.of(output), counted.values().iterator().next());
          return null;
        });
      }
    }
    String what = toNpz ? contents.size() + (contents.size() == 1 ? " member" : " members")
        + (compress ? ", deflated" : ", stored") + " ("
        + contents.keySet().stream().map(Printable::escape).collect(Collectors.joining(", ")) + ")"
        : summary;
    err.println("wrote " + (output.equals("-") ? "<stdout>" : Printable.escape(output)) + ": " + what);
    err.flush();
  }

  /** What the .npy OUT holds, for the "wrote" line. */
  private String summary = "";

  /** One array to convert: what it is, and how to write it. */
  private abstract static class Member implements AutoCloseable {
    final ScalarType<?> type;
    final ByteOrder byteOrder;
    final boolean fortran;
    final long elements;

    Member(NpyHeader header) {
      this.type = Summary.builtIn(header).orElse(null);
      this.byteOrder = header.dtype().startsWith(">") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
      this.fortran = header.fortranOrder();
      this.elements = header.size();
    }

    abstract AtomicFile.Content content(Npy.WriteOptions options) throws Exception;

    @Override
    public void close() throws IOException {}
  }

  private Map<String, Member> fromNpy(Main main, boolean toNpz) throws Exception {
    if (member != null) {
      throw new Usage("--member is for a .npz IN; " + input + " is not one");
    }
    if (toNpz && name == null && unsafe(defaultName(input)) != null) {
      throw new Usage("the member name '" + Printable.escape(defaultName(input)) + "' (IN's file name without .npy) "
          + unsafe(defaultName(input)) + "; choose another with --name NAME");
    }
    Input.Loaded in = Memory.guard("reading " + input, () -> Input.read(input, main.stdin, true));
    NdArray array = in.array();
    String key = name != null ? name : defaultName(input);
    Member m = new Member(in.header()) {
      @Override
      AtomicFile.Content content(Npy.WriteOptions options) {
        summary = describe(options, in.header());
        return out -> Npy.write(array, out, options);
      }
    };
    return Map.of(key, m);
  }

  private Map<String, Member> fromNpz(Main main, boolean toNpz) throws Exception {
    Npz npz = Input.openNpz(input);
    try {
      List<Npz.Member> chosen = toNpz && member == null ? npz.members() : List.of(Input.member(npz, member));
      if (name != null && chosen.size() != 1) {
        throw new Usage("--name names the one member of OUT; " + input + " gives " + chosen.size());
      }
      List<String> keys = toNpz ? outputNames(npz, chosen) : null;
      Map<String, Member> out = new LinkedHashMap<>();
      boolean first = true;
      int index = 0;
      for (Npz.Member z : chosen) {
        String key = keys != null ? keys.get(index++) : z.name();
        NpyHeader header = z.header();
        if (!Input.supported(header)) {
          throw Input.unsupported(Input.prefix(z), header);
        }
        boolean closes = first;
        first = false;
        out.put(key, new Member(header) {
          @Override
          AtomicFile.Content content(Npy.WriteOptions options) throws Exception {
            summary = describe(options, header);
            long[] dims = header.shape().asArray();
            if (sameOrder(header.fortranOrder(), options.fortranOrder(), dims)) {
              return out -> stream(z, out, options);
            }
            // A storage order cannot change in a stream: the member is read into the heap when
            // its turn comes, kept for a stored OUT's second run (size and CRC first), then dropped.
            int runs = toNpz && !compress ? 2 : 1;
            NdArray[] held = new NdArray[1];
            int[] done = new int[1];
            return out -> {
              if (held[0] == null) {
                held[0] = Input.readMember(z, Progress.none());
              }
              Npy.write(held[0], out, options);
              if (++done[0] == runs) {
                held[0] = null;
              }
            };
          }

          @Override
          public void close() throws IOException {
            if (closes) {
              npz.close();
            }
          }
        });
      }
      return out;
    } catch (Exception e) {
      npz.close();
      throw e;
    }
  }

  /**
   * Why {@code name} cannot be a member name of a {@code .npz} OUT, or null if it can: the one rule
   * for {@code --name} and for the names a {@code .npz} IN gives. Not empty, no NUL (a zip entry
   * name is cut there), and no {@code /} or {@code \\}: numpy's savez writes such a name as it
   * is, and an entry {@code ../x.npy}, {@code /abs/x.npy}, {@code a/../../x.npy}, {@code ..\\x.npy}
   * or {@code C:/x.npy} is a path that unzip tools unpack outside the folder they are given.
   */
  static String unsafe(String name) {
    if (name.isEmpty()) {
      return "is empty: a member needs a name (it becomes the zip entry NAME.npy)";
    }
    if (name.indexOf('\0') >= 0) {
      return "holds a NUL character, which cannot be in a zip entry name";
    }
    if (name.contains("/") || name.contains("\\")) {
      return "holds / or \\: a member name is written without them, or unzip tools would unpack its"
          + " entry NAME.npy as a path, possibly outside the folder they are given";
    }
    return null;
  }

  /**
   * The member names of a {@code .npz} OUT made from an archive's {@code chosen} members, in
   * order: each must pass {@link #unsafe} and no two may be the same ({@code x.npy} and {@code x}
   * are both the member {@code x}, and a zip holds one entry {@code x.npy}).
   *
   * @throws NpyFormatException naming the archive and the entries (exit 1: the file, not the
   *     command line, is the problem); the message says how to convert such a member alone
   */
  private List<String> outputNames(Npz npz, List<Npz.Member> chosen) throws NpyFormatException {
    List<String> names = new ArrayList<>();
    Map<String, Npz.Member> seen = new HashMap<>();
    for (Npz.Member z : chosen) {
      String key = name != null ? name : z.name();
      String why = name != null ? null : unsafe(key);
      if (why != null) {
        throw new NpyFormatException(npz.path() + ": member '" + Printable.escape(z.entryName())
            + "': its name " + why + "; convert it alone with --member NAME --name NEW");
      }
      Npz.Member other = seen.putIfAbsent(key, z);
      if (other != null) {
        throw new NpyFormatException(npz.path() + ": the entries '" + Printable.escape(other.entryName())
            + "' and '" + Printable.escape(z.entryName()) + "' are both the member '" + Printable.escape(key)
            + "', which OUT can hold once; convert them one at a time with --member NAME (and --name NEW)");
      }
      names.add(key);
    }
    return names;
  }

  /** Copies a member into {@code out} as it is inflated, cast and encoded block by block. */
  private static void stream(Npz.Member z, OutputStream out, Npy.WriteOptions options) throws IOException {
    try (InputStream raw = z.openStream(); InputStream in = new BufferedInputStream(raw, 1 << 16)) {
      NpyHeader h = Npy.readHeader(in);
      Npy.transcode(in, h, out, options);
      in.transferTo(OutputStream.nullOutputStream()); // the member's size and CRC-32 are checked at its end
    } catch (NpyFormatException e) {
      String prefix = Input.prefix(z);
      throw e.getMessage().startsWith(prefix) ? e : new NpyFormatException(prefix + e.getMessage(), e);
    }
  }

  /** Whether numpy would write the same bytes in both orders (rank 0 or 1, size 0, one long axis), or the orders agree. */
  static boolean sameOrder(boolean a, boolean b, long[] dims) {
    if (a == b) {
      return true;
    }
    int longer = 0;
    for (long d : dims) {
      if (d == 0) {
        return true;
      }
      longer += d != 1 ? 1 : 0;
    }
    return longer <= 1;
  }

  private static String describe(Npy.WriteOptions options, NpyHeader header) {
    String d = options.type().dtype();
    if (options.type().itemSize() > 1) {
      d = (options.byteOrder() == ByteOrder.BIG_ENDIAN ? ">" : "<") + d.substring(1);
    }
    boolean fortran = options.fortranOrder() && !sameOrder(true, false, header.shape().asArray());
    return d + " " + header.shape() + (fortran ? " Fortran order" : "");
  }

  /**
   * The descriptor for a {@code --dtype}: ml_dtypes' {@code bfloat16} (a name numpy itself does
   * not have) is {@code <V2}, as {@code np.save} writes it; any other name or descriptor is
   * numpy's, as {@code Npy.builtInType} reads it.
   */
  static String descriptor(String dtype) {
    return dtype.equals("bfloat16") ? "<V2" : dtype;
  }

  /** The byte order a numpy dtype string asks for: {@code >} big, {@code <} little, else this machine's. */
  static ByteOrder orderOf(String dtype) {
    char c = dtype.isEmpty() ? '=' : dtype.charAt(0);
    return c == '>' ? ByteOrder.BIG_ENDIAN : c == '<' ? ByteOrder.LITTLE_ENDIAN : ByteOrder.nativeOrder();
  }

  private static String defaultName(String input) {
    if (input.equals("-")) {
      return "arr_0";
    }
    String file = Path.of(input).getFileName().toString();
    String stem = file.toLowerCase(Locale.ROOT).endsWith(".npy") ? file.substring(0, file.length() - 4) : file;
    return stem.isEmpty() ? "arr_0" : stem;
  }

  /** Counts bytes written into a progress. */
  private static final class Counted extends FilterOutputStream {
    private final Progress progress;

    Counted(OutputStream out, Progress progress) {
      super(out);
      this.progress = progress;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      progress.add(1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      progress.add(len);
    }

    @Override
    public void close() throws IOException {
      flush(); // the target belongs to the caller
    }
  }
}
