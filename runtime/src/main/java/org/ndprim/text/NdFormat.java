package org.ndprim.text;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.ndprim.layout.Layout;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NumPy {@code str()} text of any layout, given the text of single elements.
 *
 * <p>The output follows NumPy's {@code array2string} with its defaults ({@code linewidth=75},
 * {@code threshold=1000}, {@code edgeitems=3}, separator {@code ' '}): nested brackets in C order,
 * {@code [[1 2 3]\n [4 5 6]]}, one blank line more between blocks per extra axis, rows wrapped at
 * 75 characters, elements right-aligned to the widest <em>shown</em> element. When the size
 * exceeds 1000, each axis longer than 6 shows only its first and last 3 entries with {@code ...}
 * between, and only shown elements are formatted. An empty layout prints {@code []}; a rank-0
 * layout prints its bare element.
 *
 * <p>Alignment recognises NumPy's element kinds from their text so that the output matches
 * NumPy for the built-in types: if every shown element is {@code True}/{@code False} the width is
 * at least 5 (NumPy pads {@code True} to {@code " True"}); if every shown element is a
 * positional float ({@code 1.5}, {@code -0.}, {@code nan}, {@code inf}), decimal points are
 * aligned and fractions padded right with spaces; if every finite nonzero one is in scientific
 * notation ({@code 1.e+08}), zeros become {@code 0.e+00}, mantissas are zero-padded to equal
 * precision and exponents to equal width.
 * Anything else is right-aligned.
 */
public final class NdFormat {
  private static final int LINE_WIDTH = 75;
  private static final long THRESHOLD = 1000;
  private static final int EDGE_ITEMS = 3;
  private static final String SUMMARY = "...";
  private static final Pattern POSITIONAL = Pattern.compile("(-?\\d+)\\.(\\d*)");
  private static final Pattern SCIENTIFIC = Pattern.compile("(-?\\d+)\\.(\\d*)e([+-])(\\d+)");

  private NdFormat() {}

  /**
   * {@return the NumPy {@code str()} text of the elements of a layout}
   *
   * @param layout the layout to print, walked in C order
   * @param formatAtOffset the text of the element at a storage offset; called once per shown
   *     element, in C order
   */
  public static String format(Layout layout, LongFunction<String> formatAtOffset) {
    if (layout.size() == 0) {
      return "[]";
    }
    if (layout.rank() == 0) {
      return formatAtOffset.apply(layout.offset());
    }
    long[] dims = layout.shape().asArray();
    long[] strides = layout.strides();
    boolean summarise = layout.size() > THRESHOLD;
    List<String> words = new ArrayList<>();
    collect(dims, strides, summarise, 0, layout.offset(), formatAtOffset, words);
    align(words);
    Printer printer = new Printer(dims, summarise, words);
    return printer.recurse(0, " ", LINE_WIDTH);
  }

  private static boolean summarised(boolean summarise, long length) {
    return summarise && length > 2L * EDGE_ITEMS;
  }

  private static void collect(long[] dims, long[] strides, boolean summarise, int axis,
      long offset, LongFunction<String> fn, List<String> words) {
    if (axis == dims.length) {
      words.add(fn.apply(offset));
      return;
    }
    long n = dims[axis];
    if (summarised(summarise, n)) {
      for (long i = 0; i < EDGE_ITEMS; i++) {
        collect(dims, strides, summarise, axis + 1, offset + i * strides[axis], fn, words);
      }
      for (long i = n - EDGE_ITEMS; i < n; i++) {
        collect(dims, strides, summarise, axis + 1, offset + i * strides[axis], fn, words);
      }
    } else {
      for (long i = 0; i < n; i++) {
        collect(dims, strides, summarise, axis + 1, offset + i * strides[axis], fn, words);
      }
    }
  }

  private static boolean isNonFinite(String word) {
    return word.equals("nan") || word.equals("inf") || word.equals("-inf");
  }

  /** Pads every word to a common width, NumPy style (see the class comment). */
  private static void align(List<String> words) {
    if (alignBooleans(words) || alignPositional(words) || alignScientific(words)) {
      return;
    }
    int width = 0;
    for (String w : words) {
      width = Math.max(width, w.length());
    }
    for (int i = 0; i < words.size(); i++) {
      words.set(i, padLeft(words.get(i), width));
    }
  }

  private static boolean alignBooleans(List<String> words) {
    for (String w : words) {
      if (!w.equals("True") && !w.equals("False")) {
        return false;
      }
    }
    for (int i = 0; i < words.size(); i++) {
      words.set(i, padLeft(words.get(i), 5));
    }
    return true;
  }

  /** NumPy's FloatingFormat, positional mode: pad_left for the integer part, pad_right after. */
  private static boolean alignPositional(List<String> words) {
    int padLeft = 0;
    int padRight = 0;
    boolean finite = false;
    boolean nonFinite = false;
    boolean negInf = false;
    for (String w : words) {
      if (isNonFinite(w)) {
        nonFinite = true;
        negInf |= w.equals("-inf");
        continue;
      }
      Matcher m = POSITIONAL.matcher(w);
      if (!m.matches()) {
        return false;
      }
      finite = true;
      padLeft = Math.max(padLeft, m.group(1).length());
      padRight = Math.max(padRight, m.group(2).length());
    }
    if (!finite) {
      return false; // only nan/inf: plain right alignment is what NumPy does
    }
    if (nonFinite) { // room for nan/inf/-inf in the full width
      padLeft = Math.max(padLeft, 3 + (negInf ? 1 : 0) - (padRight + 1));
    }
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (isNonFinite(w)) {
        words.set(i, padLeft(w, padLeft + padRight + 1));
      } else {
        int point = w.indexOf('.');
        String left = padLeft(w.substring(0, point), padLeft);
        String right = w.substring(point + 1);
        words.set(i, left + "." + right + " ".repeat(padRight - right.length()));
      }
    }
    return true;
  }

  /** NumPy's FloatingFormat, exponential mode: equal mantissa precision and exponent width. */
  private static boolean alignScientific(List<String> words) {
    int padLeft = 0;
    int precision = 0;
    int expSize = 0;
    boolean scientific = false;
    for (String w : words) {
      scientific |= SCIENTIFIC.matcher(w).matches();
    }
    if (!scientific) {
      return false;
    }
    boolean finite = false;
    boolean nonFinite = false;
    boolean negInf = false;
    for (String w : words) {
      if (isNonFinite(w)) {
        nonFinite = true;
        negInf |= w.equals("-inf");
        continue;
      }
      Matcher m = SCIENTIFIC.matcher(isZero(w) ? w + "e+00" : w);
      if (!m.matches()) {
        return false;
      }
      finite = true;
      padLeft = Math.max(padLeft, m.group(1).length());
      precision = Math.max(precision, m.group(2).length());
      expSize = Math.max(expSize, m.group(4).length());
    }
    if (!finite) {
      return false;
    }
    int padRight = expSize + 2 + precision;
    if (nonFinite) { // room for nan/inf/-inf in the full width
      padLeft = Math.max(padLeft, 3 + (negInf ? 1 : 0) - (padRight + 1));
    }
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (isNonFinite(w)) {
        words.set(i, padLeft(w, padLeft + padRight + 1));
      } else {
        // zeros are positional on their own; in a scientific array numpy prints 0.e+00
        Matcher m = SCIENTIFIC.matcher(isZero(w) ? w + "e+00" : w);
        m.matches();
        String fraction = m.group(2) + "0".repeat(precision - m.group(2).length());
        String exponent = "0".repeat(expSize - m.group(4).length()) + m.group(4);
        words.set(i, padLeft(m.group(1), padLeft) + "." + fraction + "e" + m.group(3) + exponent);
      }
    }
    return true;
  }

  private static boolean isZero(String word) {
    return word.equals("0.") || word.equals("-0.");
  }

  private static String padLeft(String s, int width) {
    return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
  }

  /** A transcription of NumPy's {@code _formatArray} (numpy/_core/arrayprint.py, legacy=False). */
  private static final class Printer {
    private final long[] dims;
    private final boolean summarise;
    private final List<String> words;
    private int next;

    Printer(long[] dims, boolean summarise, List<String> words) {
      this.dims = dims;
      this.summarise = summarise;
      this.words = words;
    }

    String recurse(int axis, String hangingIndent, int currWidth) {
      if (axis == dims.length) {
        return words.get(next++);
      }
      String nextHangingIndent = hangingIndent + " ";
      int nextWidth = currWidth - 1;
      long n = dims[axis];
      boolean showSummary = summarised(summarise, n);
      long leading = showSummary ? EDGE_ITEMS : 0;
      long trailing = showSummary ? EDGE_ITEMS : n;
      int axesLeft = dims.length - axis;
      StringBuilder s = new StringBuilder();
      if (axesLeft == 1) {
        int elemWidth = currWidth - 1;
        StringBuilder line = new StringBuilder(hangingIndent);
        for (long i = 0; i < leading; i++) {
          extendLine(s, line, recurse(axis + 1, nextHangingIndent, nextWidth), elemWidth,
              hangingIndent);
          line.append(' ');
        }
        if (showSummary) {
          extendLine(s, line, SUMMARY, elemWidth, hangingIndent);
          line.append(' ');
        }
        for (long i = trailing; i > 1; i--) {
          extendLine(s, line, recurse(axis + 1, nextHangingIndent, nextWidth), elemWidth,
              hangingIndent);
          line.append(' ');
        }
        extendLine(s, line, recurse(axis + 1, nextHangingIndent, nextWidth), elemWidth,
            hangingIndent);
        s.append(line);
      } else {
        String lineSep = "\n".repeat(axesLeft - 1);
        for (long i = 0; i < leading; i++) {
          s.append(hangingIndent).append(recurse(axis + 1, nextHangingIndent, nextWidth))
              .append(lineSep);
        }
        if (showSummary) {
          s.append(hangingIndent).append(SUMMARY).append(lineSep);
        }
        for (long i = trailing; i > 1; i--) {
          s.append(hangingIndent).append(recurse(axis + 1, nextHangingIndent, nextWidth))
              .append(lineSep);
        }
        s.append(hangingIndent).append(recurse(axis + 1, nextHangingIndent, nextWidth));
      }
      return "[" + s.substring(hangingIndent.length()) + "]";
    }

    private static void extendLine(StringBuilder s, StringBuilder line, String word,
        int lineWidth, String nextLinePrefix) {
      boolean needsWrap = line.length() + word.length() > lineWidth;
      if (line.length() <= nextLinePrefix.length()) {
        needsWrap = false; // wrapping would not help
      }
      if (needsWrap) {
        s.append(stripTrailing(line)).append('\n');
        line.setLength(0);
        line.append(nextLinePrefix);
      }
      line.append(word);
    }

    private static String stripTrailing(StringBuilder line) {
      int end = line.length();
      while (end > 0 && Character.isWhitespace(line.charAt(end - 1))) {
        end--;
      }
      return line.substring(0, end);
    }
  }
}
