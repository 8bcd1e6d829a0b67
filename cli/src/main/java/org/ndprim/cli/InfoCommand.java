package org.ndprim.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
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

/** {@code ndprim info FILE}: dtype, shape, order, size, min and max of a .npy file or of every member of a .npz archive. */
@Command(
    name = "info",
    description = {
      "Show the dtype, shape, storage order, size, min and max of a .npy file, or of every member of a .npz archive.",
      "Without --brief every element is read once, in the order stored (a progress bar on a terminal's stderr after a second)."
    })
final class InfoCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
  boolean help;

  @Parameters(index = "0", paramLabel = "FILE", description = "a .npy file (- for standard input) or a .npz archive")
  String file;

  @Option(names = "--member", paramLabel = "NAME", description = "only this member of a .npz archive (NAME or NAME.npy)")
  String member;

  @Option(names = "--brief", description = "no min and max: read the headers only (one line per .npz member)")
  boolean brief;

  @Override
  public Integer call() throws Exception {
    Main main = (Main) spec.parent().userObject();
    PrintWriter out = spec.commandLine().getOut();
    if (Input.isNpz(file)) {
      return npz(main, out);
    }
    if (member != null) {
      throw new Usage("--member is for .npz archives; " + file + " is not one");
    }
    Input.Loaded in = Memory.guard("reading " + file, () -> Input.read(file, main.stdin, false));
    if (brief) {
      out.println("file   " + Printable.escape(in.name()));
      Summary.printHeader(out, in.header());
    } else {
      long bytes = Math.max(0, Summary.dataBytes(in.header()));
      java.io.StringWriter text = new java.io.StringWriter();
      try (Progress p = main.progress("reading " + file, bytes)) {
        Summary.print(new PrintWriter(text), in.name(), in.header(), in.array(), p);
      }
      out.print(text);
    }
    OutputError.check(out);
    return 0;
  }

  private int npz(Main main, PrintWriter out) throws Exception {
    try (Npz npz = Input.openNpz(file)) {
      List<Npz.Member> members = member == null ? npz.members() : List.of(Input.member(npz, member));
      long compressed = npz.members().stream().filter(Npz.Member::isCompressed).count();
      String kind = compressed == 0 ? "stored" : compressed == npz.members().size() ? "deflated"
          : compressed + " deflated";
      int count = npz.members().size();
      out.println("file   " + Printable.escape(file) + ": a .npz archive of " + count + (count == 1 ? " member" : " members")
          + (count == 0 ? "" : ", " + kind));
      List<String> failed = new ArrayList<>();
      if (brief) {
        brief(out, members, failed);
      } else {
        for (Npz.Member m : members) {
          // a member's lines are printed once its bar (if any) is gone, so they never mix
          java.io.StringWriter text = new java.io.StringWriter();
          try (Progress p = main.progress("reading " + Printable.escape(m.name()), m.size())) {
            full(new PrintWriter(text), m, p, failed);
          }
          out.println();
          out.print(text);
          out.flush();
        }
      }
      OutputError.check(out);
      if (!failed.isEmpty()) {
        throw new NpyFormatException(failed.size() == 1 ? failed.get(0)
            : failed.size() + " members cannot be read; the first: " + failed.get(0));
      }
    }
    return 0;
  }

  private static void full(PrintWriter out, Npz.Member m, Progress progress, List<String> failed) throws Exception {
    try {
      member(out, m, progress, failed);
    } finally {
      out.flush();
    }
  }

  private static void member(PrintWriter out, Npz.Member m, Progress progress, List<String> failed) throws Exception {
    out.println("member " + Printable.escape(m.name()) + "  (" + describe(m) + ")");
    NpyHeader header;
    try {
      header = m.header();
      Npy.checkLoadable(header); // as np.load, even for an empty member
    } catch (NpyFormatException e) {
      out.println("error  " + Printable.escape(e.getMessage()));
      failed.add(e.getMessage());
      return;
    }
    Summary.printHeader(out, header);
    if (Summary.builtIn(header).isEmpty()) {
      Summary.printExtremes(out, null, "(not read: unsupported dtype)");
      return;
    }
    if (header.size() == 0) {
      Summary.printExtremes(out, null, "(empty array)");
      return;
    }
    try {
      Summary.Extremes extremes = new Summary.Extremes(Summary.builtIn(header).get());
      Memory.guard("reading " + Printable.escape(m.entryName()), () -> m.readBlocks(Summary.BLOCK, (block, offset) -> {
        extremes.accept(block);
        progress.add(block.size() * header.itemSize());
      }));
      Summary.printExtremes(out, extremes.result(), null);
    } catch (NpyFormatException e) {
      out.println("error  " + Printable.escape(e.getMessage()));
      failed.add(e.getMessage());
    }
  }

  /** One aligned line per member: name, dtype, shape, order, elements. */
  private static void brief(PrintWriter out, List<Npz.Member> members, List<String> failed) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"name", "dtype", "shape", "order", "size", "stored as"});
    for (Npz.Member m : members) {
      try {
        NpyHeader h = m.header();
        Npy.checkLoadable(h); // as np.load and info of a .npy file, even for an empty member
        rows.add(new String[] {Printable.escape(m.name()), Printable.escape(h.descr()), h.shape().toString(), h.fortranOrder() ? "F" : "C",
            Long.toString(h.size()), describe(m)});
      } catch (Exception e) {
        rows.add(new String[] {Printable.escape(m.name()), "?", "?", "?", "?", "error: " + Printable.escape(e.getMessage())});
        failed.add(e.getMessage());
      }
    }
    int[] widths = new int[6];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        widths[i] = Math.max(widths[i], r[i].length());
      }
    }
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        line.append(i == r.length - 1 ? r[i] : String.format("%-" + widths[i] + "s  ", r[i]));
      }
      out.println(line.toString().stripTrailing());
    }
  }

  /** "x.npy, 1234 bytes" or "x.npy, 1234 bytes deflated to 99". */
  static String describe(Npz.Member m) {
    return Printable.escape(m.entryName()) + ", " + m.size() + " bytes"
        + (m.isCompressed() ? " deflated to " + m.compressedSize() : " stored");
  }
}
