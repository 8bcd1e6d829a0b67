package org.ndprim.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prints the README's Markdown results table from a JMH CSV result file
 * ({@code -rf csv -rff results.csv}, run with {@code -prof gc}):
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar org.ndprim.benchmarks.ResultsTable results.csv</pre>
 *
 * <p>One row per workload class, in workload order: the three scores, the ndprim/plain and
 * TF/plain ratios, the target and whether ndprim meets it, and the allocation per operation of
 * the three variants.
 */
public final class ResultsTable {
  private ResultsTable() {}

  /**
   * The project's targets (issue 4, revised by issue 10; W14 from issue 18): the highest
   * ndprim/plain ratio allowed per workload.
   */
  static final Map<String, Double> RATIO_TARGET = Map.ofEntries(Map.entry("W1", 1.1),
      Map.entry("W2", 1.1), Map.entry("W3", 1.2), Map.entry("W4", 1.05), Map.entry("W5", 1.1),
      Map.entry("W6", 1.1), Map.entry("W7", 1.2), Map.entry("W8", 1.05), Map.entry("W9", 1.1),
      Map.entry("W11", 1.1), Map.entry("W12", 1.1), Map.entry("W14", 1.1));
  /** Absolute targets, µs per operation (issue 7's W13: map a 1 GiB file and read one element). */
  static final Map<String, Double> ABSOLUTE_TARGET_US = Map.of("W13", 10_000.0);
  /** Workloads whose ndprim variant must allocate nothing (0 B/op). */
  static final List<String> ZERO_ALLOC = List.of("W1", "W2", "W6");
  /**
   * Workloads whose ndprim variant may allocate its result and nothing more. Their plain variant
   * allocates exactly the result array, so ndprim's B/op may exceed plain's only by the few small
   * objects around the same array (W12's ndarray, its shape and layout; W5's one walk over the
   * rows): less than {@link #OUTPUT_ONLY_SLACK} bytes, where any temporary copy of the data would
   * be megabytes and a layout per row of W5 is 295 KB.
   */
  static final List<String> OUTPUT_ONLY = List.of("W5", "W12");
  static final double OUTPUT_ONLY_SLACK = 4096;
  /**
   * W11's target includes "equal to {@code np.sum} bit for bit": met when the workload's
   * {@code NDPRIM_SUM_IS_NUMPY_PAIRWISE} is {@code true}, because the benchmark's setup then
   * demands bit equality with the plain variant, which {@code WorkloadsTest} proves is
   * {@code np.sum} (a run whose setup failed has no score).
   */
  static final Map<String, Boolean> NUMPY_SUM_BITS = Map.of(
      "W11SumFloat64", W11SumFloat64.NDPRIM_SUM_IS_NUMPY_PAIRWISE,
      "W11SumFloat32", W11SumFloat32.NDPRIM_SUM_IS_NUMPY_PAIRWISE);
  static final String[] VARIANTS = {"plain", "tf", "ndprim"};

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: ResultsTable results.csv   (JMH -rf csv output, run with -prof gc)");
      System.exit(2);
    }
    System.out.print(table(Files.readAllLines(Path.of(args[0]))));
  }

  /** Score and allocation of one variant; NaN when absent. */
  static final class Cell {
    double score = Double.NaN;
    double error = Double.NaN;
    String unit = "";
    double bytesPerOp = Double.NaN;
  }

  /**
   * Buffer storage against array storage (issue 7): the highest ratio of each buffer variant to
   * the {@code ndprim} (array) variant, per workload; absent means no target.
   */
  static final Map<String, Double> BUFFER_TARGET = Map.of("W1", 1.3, "W3", 1.3, "W4", 1.3,
      "W8", 1.3, "W9", 1.3);
  static final Map<String, Double> CHUNKS_TARGET = Map.of("W1", 2.0, "W4", 1.3, "W8", 1.3);

  static String table(List<String> csvLines) {
    // workload class simple name (W1ReadByCoordinates) -> variant -> cell
    Map<String, Map<String, Cell>> rows = new TreeMap<>(WORKLOAD_ORDER);
    for (String line : csvLines.subList(1, csvLines.size())) {
      List<String> f = parseCsvLine(line);
      if (f.size() < 7) {
        continue;
      }
      String name = f.get(0);
      String secondary = null;
      int colon = name.indexOf(':');
      if (colon >= 0) {
        secondary = name.substring(colon + 1).replace("\u00b7", "");
        name = name.substring(0, colon);
      }
      int dot = name.lastIndexOf('.');
      String variant = name.substring(dot + 1);
      String klass = name.substring(name.lastIndexOf('.', dot - 1) + 1, dot);
      Cell cell = rows.computeIfAbsent(klass, k -> new TreeMap<>())
          .computeIfAbsent(variant, k -> new Cell());
      double score = parseNumber(f.get(4));
      if (secondary == null) {
        cell.score = score;
        cell.error = parseNumber(f.get(5));
        cell.unit = f.get(6);
      } else if (secondary.equals("gc.alloc.rate.norm")) {
        cell.bytesPerOp = score;
      }
    }
    StringBuilder out = new StringBuilder();
    String unit = rows.values().stream().flatMap(m -> m.values().stream())
        .map(c -> c.unit).filter(u -> !u.isEmpty()).findFirst().orElse("?");
    out.append("| workload | plain (").append(unit).append(") | TF-Java (").append(unit)
        .append(") | ndprim (").append(unit).append(") | ndprim/plain | TF/plain | target"
            + " | met | B/op plain / TF / ndprim |\n");
    out.append("|---|---:|---:|---:|---:|---:|---|---|---|\n");
    for (Map.Entry<String, Map<String, Cell>> row : rows.entrySet()) {
      String klass = row.getKey();
      String workload = klass.replaceAll("^(W\\d+).*", "$1");
      Map<String, Cell> cells = row.getValue();
      Cell plain = cells.getOrDefault("plain", new Cell());
      Cell tf = cells.getOrDefault("tf", new Cell());
      Cell nd = cells.getOrDefault("ndprim", new Cell());
      double ndRatio = nd.score / plain.score;
      double tfRatio = tf.score / plain.score;
      Double target = RATIO_TARGET.get(workload);
      boolean zero = ZERO_ALLOC.contains(workload);
      boolean outputOnly = OUTPUT_ONLY.contains(workload);
      Boolean numpyBits = NUMPY_SUM_BITS.get(klass);
      String targetText = target == null ? "" : "≤ " + fmt(target, 2) + (zero ? ", 0 B/op" : "")
          + (outputOnly ? ", output only" : "") + (numpyBits != null ? ", = np.sum bits" : "");
      String met = "";
      if (target != null && !Double.isNaN(ndRatio)) {
        boolean ratioOk = ndRatio <= target;
        double excess = zero ? excessBytes(nd, plain)
            : outputOnly ? nd.bytesPerOp - plain.bytesPerOp : 0;
        if ((zero || outputOnly) && Double.isNaN(excess)) {
          met = ratioOk ? "ratio yes (B/op not measured: run with -prof gc)" : "**no**";
        } else {
          boolean allocOk = zero ? excess < SMALLEST_OBJECT
              : !outputOnly || excess < OUTPUT_ONLY_SLACK;
          met = ratioOk && allocOk ? "yes" : "**no**";
        }
        if (numpyBits != null && !numpyBits) {
          met = ratioOk ? "**no** (sum is not np.sum's pairwise)" : "**no**";
        }
      }
      Double absolute = ABSOLUTE_TARGET_US.get(workload);
      if (absolute != null) {
        targetText = "< " + fmt(absolute / 1000, 0) + " ms";
        met = Double.isNaN(nd.score) ? "" : nd.score < absolute ? "yes" : "**no**";
      }
      out.append("| ").append(klass)
          .append(" | ").append(score(plain))
          .append(" | ").append(score(tf))
          .append(" | ").append(score(nd))
          .append(" | ").append(fmt(ndRatio, 2))
          .append(" | ").append(fmt(tfRatio, 1))
          .append(" | ").append(targetText)
          .append(" | ").append(met)
          .append(" | ").append(bytes(plain)).append(" / ").append(bytes(tf)).append(" / ")
          .append(bytes(nd))
          .append(" |\n");
    }
    out.append(storageTable(rows, unit));
    out.append(sameMemoryTable(rows, unit));
    return out.toString();
  }

  /** The buffer-storage variants next to the array variant, for the workloads that have them. */
  static String storageTable(Map<String, Map<String, Cell>> rows, String unit) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, Map<String, Cell>> row : rows.entrySet()) {
      Map<String, Cell> cells = row.getValue();
      if (!cells.containsKey("ndprimBuffer") && !cells.containsKey("ndprimChunks")) {
        continue;
      }
      if (out.length() == 0) {
        out.append("\n| workload | array (").append(unit).append(") | one buffer (").append(unit)
            .append(") | 1 MiB chunks (").append(unit).append(") | buffer/array | target | met"
                + " | chunks/array | target | met |\n");
        out.append("|---|---:|---:|---:|---:|---|---|---:|---|---|\n");
      }
      String workload = row.getKey().replaceAll("^(W\\d+).*", "$1");
      Cell nd = cells.getOrDefault("ndprim", new Cell());
      Cell buffer = cells.getOrDefault("ndprimBuffer", new Cell());
      Cell chunks = cells.getOrDefault("ndprimChunks", new Cell());
      out.append("| ").append(row.getKey())
          .append(" | ").append(score(nd))
          .append(" | ").append(score(buffer))
          .append(" | ").append(score(chunks))
          .append(ratioCells(buffer.score / nd.score, BUFFER_TARGET.get(workload)))
          .append(ratioCells(chunks.score / nd.score, CHUNKS_TARGET.get(workload)))
          .append(" |\n");
    }
    return out.toString();
  }

  /**
   * The plain variants over the buffer variants' memory ({@code plainBuffer},
   * {@code plainChunks}), for the workloads that have them: what the best plain Java pays for
   * that memory against a Java array (plainBuffer/plain, the floor under the buffer/array ratio
   * of the table above), and ndprim's buffer variants against them.
   */
  static String sameMemoryTable(Map<String, Map<String, Cell>> rows, String unit) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, Map<String, Cell>> row : rows.entrySet()) {
      Map<String, Cell> cells = row.getValue();
      if (!cells.containsKey("plainBuffer") && !cells.containsKey("plainChunks")) {
        continue;
      }
      if (out.length() == 0) {
        out.append("\n| workload | plain, one buffer (").append(unit)
            .append(") | plain, 1 MiB chunks (").append(unit).append(") | plain buffer/plain"
                + " | plain chunks/plain | ndprim buffer/plain buffer"
                + " | ndprim chunks/plain chunks |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|\n");
      }
      Cell plain = cells.getOrDefault("plain", new Cell());
      Cell plainBuffer = cells.getOrDefault("plainBuffer", new Cell());
      Cell plainChunks = cells.getOrDefault("plainChunks", new Cell());
      Cell buffer = cells.getOrDefault("ndprimBuffer", new Cell());
      Cell chunks = cells.getOrDefault("ndprimChunks", new Cell());
      out.append("| ").append(row.getKey())
          .append(" | ").append(score(plainBuffer))
          .append(" | ").append(score(plainChunks))
          .append(" | ").append(fmt(plainBuffer.score / plain.score, 2))
          .append(" | ").append(fmt(plainChunks.score / plain.score, 2))
          .append(" | ").append(fmt(buffer.score / plainBuffer.score, 2))
          .append(" | ").append(fmt(chunks.score / plainChunks.score, 2))
          .append(" |\n");
    }
    return out.toString();
  }

  private static String ratioCells(double ratio, Double target) {
    String met = target == null || Double.isNaN(ratio) ? "" : ratio <= target ? "yes" : "**no**";
    return " | " + fmt(ratio, 2) + " | " + (target == null ? "" : "≤ " + fmt(target, 2)) + " | "
        + met;
  }

  /** W1 before W11: by workload number, then by class name. */
  static final Comparator<String> WORKLOAD_ORDER = Comparator
      .comparingInt((String klass) -> {
        Matcher m = Pattern.compile("^W(\\d+)").matcher(klass);
        return m.find() ? Integer.parseInt(m.group(1)) : Integer.MAX_VALUE;
      })
      .thenComparing(Comparator.naturalOrder());

  /** No Java object is smaller than 16 bytes: an excess below that is no allocation. */
  static final double SMALLEST_OBJECT = 16;

  /**
   * The allocation per operation of {@code c} beyond the harness's own. {@code gc.alloc.rate.norm}
   * also counts what JMH allocates per iteration, spread over the operations of that iteration, so
   * a workload that allocates nothing still shows a few B/op, proportional to its time per
   * operation. The plain variant of W1, W2 and W6 allocates nothing by construction, so its B/op
   * per µs is that floor; this returns {@code c}'s B/op minus the floor scaled to {@code c}'s time.
   */
  static double excessBytes(Cell c, Cell plain) {
    if (Double.isNaN(c.bytesPerOp)) {
      return Double.NaN;
    }
    double floor = Double.isNaN(plain.bytesPerOp) ? 0 : plain.bytesPerOp * c.score / plain.score;
    return c.bytesPerOp - floor;
  }

  private static String score(Cell c) {
    if (Double.isNaN(c.score)) {
      return "–";
    }
    int digits = c.score >= 100 ? 0 : c.score >= 10 ? 1 : 2;
    return fmt(c.score, digits) + (Double.isNaN(c.error) ? "" : " ± " + fmt(c.error, digits));
  }

  private static String bytes(Cell c) {
    return Double.isNaN(c.bytesPerOp) ? "–" : String.format(Locale.ROOT, "%,d", Math.round(c.bytesPerOp));
  }

  private static String fmt(double v, int digits) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "–"
        : String.format(Locale.ROOT, "%." + digits + "f", v);
  }

  private static double parseNumber(String s) {
    try {
      return Double.parseDouble(s.trim());
    } catch (NumberFormatException e) {
      return Double.NaN; // JMH writes NaN for a missing error estimate
    }
  }

  /** Splits one CSV line as JMH writes it: fields quoted with {@code "} or bare numbers. */
  static List<String> parseCsvLine(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char ch = line.charAt(i);
      if (quoted) {
        if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cur.append('"');
          i++;
        } else if (ch == '"') {
          quoted = false;
        } else {
          cur.append(ch);
        }
      } else if (ch == '"') {
        quoted = true;
      } else if (ch == ',') {
        fields.add(cur.toString());
        cur.setLength(0);
      } else {
        cur.append(ch);
      }
    }
    fields.add(cur.toString());
    return fields;
  }
}
