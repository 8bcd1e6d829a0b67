package org.ndprim.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongFunction;
import java.util.function.LongToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ndprim.layout.Layout;

/**
 * NumPy {@code str()} text of any layout (NumPy 2.x, default print options).
 *
 * <p>The layout follows NumPy's {@code array2string} ({@code numpy/_core/arrayprint.py}) with
 * its defaults ({@code linewidth=75}, {@code threshold=1000}, {@code edgeitems=3}, separator
 * {@code ' '}, {@code legacy=False}): nested brackets in C order, {@code [[1 2 3]\n [4 5 6]]}, one
 * blank line more between blocks per extra axis, rows wrapped at 75 characters
 * ({@code _formatArray}, {@code _extendLine}). When the size exceeds 1000, each axis longer than 6
 * shows only its first and last 3 entries with {@code ...} between ({@code _leading_trailing}),
 * and only those shown elements are read, formatted and taken into account for the common
 * element format (NumPy builds its format function from the summarised data). An empty layout
 * (any length 0) prints {@code []}. A rank-0 layout prints as NumPy's {@code str()} of a 0-d
 * array, which is the {@code str()} of its scalar ({@code _array_str_implementation}).
 *
 * <p>The element formats:
 * <ul>
 *   <li>{@link #formatFloats}: float16, float32, float64 and any {@link FloatFormat}, exactly as
 *       NumPy's {@code FloatingFormat} (one notation and padding for all shown elements,
 *       {@code floatmode='maxprec'}, {@code precision=8}) over Dragon4's shortest digits;
 *   <li>{@link #formatComplex}: complex64 and complex128, as {@code ComplexFloatingFormat} (real
 *       and imaginary parts each with their own {@code FloatingFormat}, the imaginary one with
 *       {@code sign='+'});
 *   <li>{@link #format}: words given as text, aligned as NumPy aligns integers and booleans
 *       ({@code IntegerFormat}, {@code BoolFormat}: right-aligned to the widest shown element,
 *       {@code True} as {@code " True"});
 *   <li>{@link #formatUnaligned}: words joined as they are, as NumPy prints elements of a dtype
 *       it has no format for ({@code repr} of each, e.g. ml_dtypes' bfloat16: {@code [1 2.5]}).
 * </ul>
 *
 * <p>Differences from NumPy, all outside NumPy's default print options: no other
 * {@code set_printoptions} settings ({@code precision}, {@code floatmode}, {@code suppress},
 * {@code sign=' '}, {@code linewidth}, {@code threshold}, {@code formatter}, {@code legacy}), no
 * {@code repr()} form ({@code array([...], dtype=...)}), no multi-line elements (NumPy's
 * {@code _extendLine_pretty} of object arrays), no {@code longdouble}/{@code clongdouble}.
 * A {@link FloatFormat} other than binary16/32/64 prints as NumPy would print a floating dtype
 * of that {@code finfo} (NumPy has none built in; ml_dtypes' types print through
 * {@link #formatUnaligned}); for such a format whose values do not include 1000 the ratio test
 * compares with the exact 1000. {@link #format} still recognises floats from their text for code
 * that formats floats element by element: its result differs from NumPy's whenever NumPy's
 * notation for the whole array differs from some element's own (e.g. {@code [1e-5, 1.0]}:
 * NumPy {@code [1.e-05 1.e+00]}, {@code format} with {@link Formats#formatDouble}
 * {@code [1.e-05     1.]}), and a rank-0 layout prints the element text {@code 1.} where NumPy
 * prints {@code 1.0}: use {@link #formatFloats} for floats.
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
   * Returns the NumPy {@code str()} text of the elements of a layout, given the text of each
   * element, aligned as NumPy aligns integers and booleans.
   *
   * <p>Words are right-aligned to the widest shown word (NumPy's {@code IntegerFormat}); if every
   * shown word is {@code True}/{@code False} the width is at least 5 ({@code BoolFormat} pads
   * {@code True} to {@code " True"}). For floats formatted one by one (e.g. by
   * {@link Formats#formatDouble}) the alignment is recognised from the text: all positional
   * ({@code 1.5}, {@code -0.}, {@code nan}, {@code inf}) → decimal points aligned and fractions
   * padded with spaces; every finite nonzero one scientific ({@code 1.e+08}) → zeros as
   * {@code 0.e+00}, mantissas zero-padded to equal precision, exponents to equal width. This
   * reproduces NumPy only when NumPy's per-array notation agrees with the per-element one; see
   * {@link #formatFloats} for the exact form.
   *
   * @param layout the layout to print, walked in C order
   * @param formatAtOffset the text of the element at a storage offset; called once per shown
   *     element, in C order (for a rank-0 layout its text is returned as it is)
   * @return the text
   */
  public static String format(Layout layout, LongFunction<String> formatAtOffset) {
    return formatWords(layout, formatAtOffset, true);
  }

  /**
   * Returns the NumPy {@code str()} text of a float16, float32 or float64 array, or of any
   * {@link FloatFormat}: exactly {@code str(a)} with NumPy 2.x's default print options.
   *
   * <p>NumPy's {@code FloatingFormat} (arrayprint.py) over the shown elements: scientific notation
   * when the largest finite nonzero magnitude is at least {@code 10**min(8, finfo.precision)}
   * (1e3, 1e6, 1e8 for float16, float32, float64), the smallest is below {@code 1e-4}, or their
   * ratio exceeds 1000 (each compared in the array's dtype); otherwise positional. Digits are
   * Dragon4's shortest unique ones for the format (dragon4.c), at most 8 after the point
   * (positional) or 8 after the first digit (scientific, where every element is then padded with
   * zeros to the longest fraction and the longest exponent: {@code [1.0e+08 1.5e+09]}); positional
   * elements are aligned on the point and padded with spaces ({@code [ 1.5  10.25]}).
   * {@code nan}, {@code inf}, {@code -inf} are right-aligned to the common width; {@code -0.}
   * keeps its sign. A rank-0 layout prints as {@link Formats#format(double, FloatFormat)} (NumPy's
   * scalar {@code str}: {@code 1.0}, {@code 1e-05}).
   *
   * @param layout the layout to print, walked in C order
   * @param valueAtOffset the element at a storage offset, as a double holding a value of
   *     {@code format}; called once per shown element, in C order
   * @param format the elements' floating-point format, e.g. {@link FloatFormat#BINARY32}
   * @return the text
   * @throws IllegalArgumentException if a shown finite element is not a value of {@code format}
   */
  public static String formatFloats(Layout layout, LongToDoubleFunction valueAtOffset,
      FloatFormat format) {
    if (layout.size() == 0) {
      return "[]";
    }
    if (layout.rank() == 0) {
      return Formats.format(valueAtOffset.applyAsDouble(layout.offset()), format);
    }
    long[] offsets = shownOffsets(layout);
    double[] values = new double[offsets.length];
    for (int i = 0; i < offsets.length; i++) {
      values[i] = valueAtOffset.applyAsDouble(offsets[i]);
    }
    FloatingFormat floating = new FloatingFormat(values, format, false);
    List<String> words = new ArrayList<>(offsets.length);
    for (int i = 0; i < values.length; i++) {
      words.add(floating.format(i));
    }
    return print(layout, words);
  }

  /**
   * Returns the NumPy {@code str()} text of a complex array whose parts have the floating-point
   * format {@code partFormat}: complex64 ({@link FloatFormat#BINARY32} parts) or complex128
   * ({@link FloatFormat#BINARY64}), e.g. {@code [1.+2.j 0.-1.j]}.
   *
   * <p>NumPy's {@code ComplexFloatingFormat} (arrayprint.py): the real parts of the shown elements
   * get one {@code FloatingFormat} (as in {@link #formatFloats}), the imaginary parts another one
   * with {@code sign='+'}; an element is its real text followed by its imaginary text with
   * {@code j} inserted before the imaginary text's padding ({@code [ 1.5 +2.j  -1.  +0.25j]},
   * {@code [nan+nanj]}, {@code [-0.-0.j]}). A rank-0 layout prints as
   * {@link Formats#formatComplex} ({@code (1+2j)}).
   *
   * @param layout the layout to print, walked in C order
   * @param realAtOffset the real part of the element at a storage offset
   * @param imagAtOffset the imaginary part of the element at a storage offset
   * @param partFormat the floating-point format of both parts
   * @return the text
   * @throws IllegalArgumentException if a shown finite part is not a value of {@code partFormat}
   */
  public static String formatComplex(Layout layout, LongToDoubleFunction realAtOffset,
      LongToDoubleFunction imagAtOffset, FloatFormat partFormat) {
    if (layout.size() == 0) {
      return "[]";
    }
    if (layout.rank() == 0) {
      return Formats.formatComplex(realAtOffset.applyAsDouble(layout.offset()),
          imagAtOffset.applyAsDouble(layout.offset()), partFormat);
    }
    long[] offsets = shownOffsets(layout);
    double[] re = new double[offsets.length];
    double[] im = new double[offsets.length];
    for (int i = 0; i < offsets.length; i++) {
      re[i] = realAtOffset.applyAsDouble(offsets[i]);
      im[i] = imagAtOffset.applyAsDouble(offsets[i]);
    }
    FloatingFormat real = new FloatingFormat(re, partFormat, false);
    FloatingFormat imag = new FloatingFormat(im, partFormat, true);
    List<String> words = new ArrayList<>(offsets.length);
    for (int i = 0; i < offsets.length; i++) {
      String r = real.format(i);
      String j = imag.format(i);
      int end = j.length();
      while (end > 0 && Character.isWhitespace(j.charAt(end - 1))) {
        end--;
      }
      words.add(r + j.substring(0, end) + 'j' + j.substring(end));
    }
    return print(layout, words);
  }

  /**
   * Returns the NumPy {@code str()} text of the elements of a layout, each word as it is, without
   * padding: how NumPy prints an array of a dtype it has no format for (its {@code repr_format}
   * of each element), e.g. ml_dtypes' bfloat16 {@code [1 2.5 300]} (with
   * {@link Formats#formatGeneral}{@code (v, 6)} as the element text). Brackets, summarisation and
   * wrapping are as for the other forms; a rank-0 layout prints its bare word.
   *
   * @param layout the layout to print, walked in C order
   * @param formatAtOffset the text of the element at a storage offset; called once per shown
   *     element, in C order
   * @return the text
   */
  public static String formatUnaligned(Layout layout, LongFunction<String> formatAtOffset) {
    return formatWords(layout, formatAtOffset, false);
  }

  /** The shown elements' words, aligned or as they are, in brackets; a rank-0 layout's bare word. */
  private static String formatWords(Layout layout, LongFunction<String> formatAtOffset,
      boolean aligned) {
    if (layout.size() == 0) {
      return "[]";
    }
    if (layout.rank() == 0) {
      return formatAtOffset.apply(layout.offset());
    }
    long[] offsets = shownOffsets(layout);
    List<String> words = new ArrayList<>(offsets.length);
    for (long offset : offsets) {
      words.add(formatAtOffset.apply(offset));
    }
    if (aligned) {
      align(words);
    }
    return print(layout, words);
  }

  private static String print(Layout layout, List<String> words) {
    Printer printer = new Printer(layout.shape().asArray(), layout.size() > THRESHOLD, words);
    return printer.recurse(0, " ", LINE_WIDTH);
  }

  /** The storage offsets of the shown elements in C order (NumPy's {@code _leading_trailing}). */
  private static long[] shownOffsets(Layout layout) {
    long[] dims = layout.shape().asArray();
    long[] strides = layout.strides();
    boolean summarise = layout.size() > THRESHOLD;
    long count = 1;
    for (long d : dims) {
      count = Math.multiplyExact(count, summarised(summarise, d) ? 2L * EDGE_ITEMS : d);
    }
    if (count > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("too many elements to print: " + count);
    }
    long[] offsets = new long[(int) count];
    int[] next = {0};
    collect(dims, strides, summarise, 0, layout.offset(), offsets, next);
    return next[0] == offsets.length ? offsets : Arrays.copyOf(offsets, next[0]);
  }

  private static boolean summarised(boolean summarise, long length) {
    return summarise && length > 2L * EDGE_ITEMS;
  }

  private static void collect(long[] dims, long[] strides, boolean summarise, int axis,
      long offset, long[] offsets, int[] next) {
    if (axis == dims.length) {
      offsets[next[0]++] = offset;
      return;
    }
    long n = dims[axis];
    if (summarised(summarise, n)) {
      for (long i = 0; i < EDGE_ITEMS; i++) {
        collect(dims, strides, summarise, axis + 1, offset + i * strides[axis], offsets, next);
      }
      for (long i = n - EDGE_ITEMS; i < n; i++) {
        collect(dims, strides, summarise, axis + 1, offset + i * strides[axis], offsets, next);
      }
    } else {
      for (long i = 0; i < n; i++) {
        collect(dims, strides, summarise, axis + 1, offset + i * strides[axis], offsets, next);
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
