package org.ndprim.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;

/**
 * {@link LinAlg#einsum} against a naive reference einsum (nested loops over every value of
 * every letter, each product added into its output element) on seeded random subscripts: one
 * to four operands of rank 0 to 3 over five letters, repeated letters (diagonals), letters
 * summed or kept in a random output order, explicit and implicit outputs, sizes 0 to 4, axes
 * of length 1 that broadcast, and operands that are transposed or reversed views.
 * {@code int64} and {@code int8} must be exact modulo 2^bits, {@code bool} exact, and
 * {@code float64}/{@code float32} within the documented bound {@code gamma(N + 4p) * S} of the
 * exact sum (BigDecimal).
 */
class EinsumPropertyTest {
  private static final String LETTERS = "abcde";

  /** A random einsum problem: terms, output, letter sizes and per-operand broadcast flags. */
  private static final class Problem {
    final String[] terms;
    final String out;
    final boolean implicit;
    final long[] size = new long[LETTERS.length()];
    final long[][] dims;

    Problem(SplittableRandom random) {
      for (int l = 0; l < size.length; l++) {
        size[l] = random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(4);
      }
      int nop = 1 + random.nextInt(4);
      terms = new String[nop];
      dims = new long[nop][];
      TreeSet<Character> seen = new TreeSet<>();
      int[] counts = new int[LETTERS.length()];
      for (int i = 0; i < nop; i++) {
        int rank = random.nextInt(4);
        StringBuilder sb = new StringBuilder();
        boolean[] broadcast = new boolean[LETTERS.length()];
        for (int l = 0; l < LETTERS.length(); l++) {
          broadcast[l] = random.nextInt(6) == 0;
        }
        dims[i] = new long[rank];
        for (int d = 0; d < rank; d++) {
          int l = random.nextInt(LETTERS.length());
          sb.append(LETTERS.charAt(l));
          seen.add(LETTERS.charAt(l));
          counts[l]++;
          dims[i][d] = broadcast[l] ? 1 : size[l];
        }
        terms[i] = sb.toString();
      }
      implicit = random.nextInt(4) == 0;
      if (implicit) {
        StringBuilder sb = new StringBuilder();
        for (char c : seen) {
          if (counts[c - 'a'] == 1) {
            sb.append(c);
          }
        }
        out = sb.toString();
      } else {
        List<Character> letters = new ArrayList<>(seen);
        StringBuilder sb = new StringBuilder();
        while (!letters.isEmpty()) {
          Character c = letters.remove(random.nextInt(letters.size()));
          if (random.nextBoolean()) {
            sb.append(c);
          }
        }
        out = sb.toString();
      }
      // a letter that appears nowhere, or only on axes of length 1, has size 1
      for (int l = 0; l < size.length; l++) {
        boolean full = false;
        for (int i = 0; i < nop; i++) {
          for (int d = 0; d < terms[i].length(); d++) {
            full |= terms[i].charAt(d) == LETTERS.charAt(l) && dims[i][d] != 1;
          }
        }
        if (!full) {
          size[l] = 1;
        }
      }
    }

    String subscripts() {
      return String.join(",", terms) + (implicit ? "" : "->" + out);
    }

    long[] outShape() {
      return out.chars().mapToLong(c -> size[c - 'a']).toArray();
    }

    /** The number of terms added into each output element: the summed letters' sizes. */
    long terms() {
      long n = 1;
      for (int l = 0; l < size.length; l++) {
        char c = LETTERS.charAt(l);
        boolean used = Arrays.stream(terms).anyMatch(t -> t.indexOf(c) >= 0);
        if (used && out.indexOf(c) < 0) {
          n *= size[l];
        }
      }
      return n;
    }

    /**
     * Calls {@code body} for every value of every letter with the flat index of the output
     * element and of each operand's element (C order of its own shape; an axis of length 1
     * is read at 0).
     */
    void forEachTerm(TermBody body) {
      long[] value = new long[LETTERS.length()];
      long total = 1;
      for (long s : size) {
        total *= s;
      }
      for (long q = 0; q < total; q++) {
        long rest = q;
        for (int l = size.length - 1; l >= 0; l--) {
          value[l] = rest % size[l];
          rest /= size[l];
        }
        int o = 0;
        for (int d = 0; d < out.length(); d++) {
          o = (int) (o * size[out.charAt(d) - 'a'] + value[out.charAt(d) - 'a']);
        }
        int[] at = new int[terms.length];
        for (int i = 0; i < terms.length; i++) {
          int f = 0;
          for (int d = 0; d < terms[i].length(); d++) {
            long v = dims[i][d] == 1 ? 0 : value[terms[i].charAt(d) - 'a'];
            f = (int) (f * dims[i][d] + v);
          }
          at[i] = f;
        }
        body.term(o, at);
      }
    }

  }

  private interface TermBody {
    void term(int out, int[] at);
  }

  /** The operand {@code i} from C-order values, as a plain, transposed or reversed view. */
  private static NdArray view(NdArray base, SplittableRandom random) {
    int rank = base.rank();
    switch (rank == 0 ? 0 : random.nextInt(3)) {
      case 1: {
        // the same logical array, stored transposed: a transposed copy, transposed back
        return base.transpose().copy().transpose();
      }
      case 2: {
        // stored reversed along axis 0, read through a reversed view
        return base.slice("::-1").copy().slice("::-1");
      }
      default:
        return base;
    }
  }

  @Test
  void integersAndBoolAreExactAsTheNaiveLoops() {
    SplittableRandom random = new SplittableRandom(2026);
    for (int trial = 0; trial < 400; trial++) {
      Problem p = new Problem(random);
      int nop = p.terms.length;
      long[][] values = new long[nop][];
      NdArray[] longs = new NdArray[nop];
      NdArray[] bytes = new NdArray[nop];
      NdArray[] bools = new NdArray[nop];
      for (int i = 0; i < nop; i++) {
        int n = (int) Shape.of(p.dims[i]).size();
        values[i] = random.longs(n).map(v -> random.nextInt(4) == 0 ? 0 : v).toArray();
        LongNdArray base = LongNdArray.wrap(Shape.of(p.dims[i]), values[i]);
        longs[i] = view(base, random);
        bytes[i] = view(base.astype(ByteNdArray.TYPE), random);
        bools[i] = view(base.astype(BooleanNdArray.TYPE), random);
      }
      int outSize = (int) Shape.of(p.outShape()).size();
      long[] exact = new long[outSize];
      boolean[] any = new boolean[outSize];
      p.forEachTerm((o, at) -> {
        long prod = 1;
        boolean all = true;
        for (int i = 0; i < nop; i++) {
          prod *= values[i][at[i]];
          all &= values[i][at[i]] != 0;
        }
        exact[o] += prod;
        any[o] |= all;
      });
      String s = p.subscripts();
      NdArray r = LinAlg.einsum(s, longs);
      assertThat(r.shape()).as(s).isEqualTo(Shape.of(p.outShape()));
      assertThat(((LongNdArray) r).toArray()).as(s).containsExactly(exact);
      NdArray rb = LinAlg.einsum(s, bytes);
      assertThat(rb.scalarType()).isSameAs(ByteNdArray.TYPE);
      long[] wrapped = Arrays.stream(exact).map(v -> (byte) v).toArray();
      assertThat(rb.astype(LongNdArray.TYPE).toArray()).as(s).containsExactly(wrapped);
      NdArray rbool = LinAlg.einsum(s, bools);
      assertThat(rbool.scalarType()).isSameAs(BooleanNdArray.TYPE);
      long[] anyLongs = new long[outSize];
      for (int i = 0; i < outSize; i++) {
        anyLongs[i] = any[i] ? 1 : 0;
      }
      assertThat(rbool.astype(LongNdArray.TYPE).toArray()).as(s).containsExactly(anyLongs);
    }
  }

  @Test
  void floatsAreWithinTheDocumentedBoundOfTheExactSum() {
    SplittableRandom random = new SplittableRandom(23);
    for (int trial = 0; trial < 400; trial++) {
      Problem p = new Problem(random);
      int nop = p.terms.length;
      double[][] values = new double[nop][];
      float[][] floats = new float[nop][];
      NdArray[] doubles = new NdArray[nop];
      NdArray[] singles = new NdArray[nop];
      for (int i = 0; i < nop; i++) {
        int n = (int) Shape.of(p.dims[i]).size();
        values[i] = random.doubles(n, -1, 1).toArray();
        floats[i] = new float[n];
        for (int j = 0; j < n; j++) {
          floats[i][j] = (float) values[i][j];
        }
        doubles[i] = view(DoubleNdArray.wrap(Shape.of(p.dims[i]), values[i]), random);
        singles[i] = view(FloatNdArray.wrap(Shape.of(p.dims[i]), floats[i]), random);
      }
      int outSize = (int) Shape.of(p.outShape()).size();
      BigDecimal[] exact = new BigDecimal[outSize];
      BigDecimal[] exactF = new BigDecimal[outSize];
      double[] abs = new double[outSize];
      double[] absF = new double[outSize];
      Arrays.fill(exact, BigDecimal.ZERO);
      Arrays.fill(exactF, BigDecimal.ZERO);
      p.forEachTerm((o, at) -> {
        BigDecimal prod = BigDecimal.ONE;
        BigDecimal prodF = BigDecimal.ONE;
        for (int i = 0; i < nop; i++) {
          prod = prod.multiply(new BigDecimal(values[i][at[i]]));
          prodF = prodF.multiply(new BigDecimal(floats[i][at[i]]));
        }
        exact[o] = exact[o].add(prod);
        exactF[o] = exactF[o].add(prodF);
        abs[o] += prod.abs().doubleValue();
        absF[o] += prodF.abs().doubleValue();
      });
      String s = p.subscripts();
      double[] r = ((DoubleNdArray) LinAlg.einsum(s, doubles)).toArray();
      float[] rf = ((FloatNdArray) LinAlg.einsum(s, singles)).toArray();
      double d = p.terms() + 4.0 * nop;
      double u64 = Math.ulp(1.0) / 2;
      double u32 = Math.ulp(1.0f) / 2;
      double gamma = d * u64 / (1 - d * u64) * 1.01;
      double gammaF = d * u32 / (1 - d * u32) * 1.01;
      assertThat(r).as(s).hasSize(outSize);
      for (int o = 0; o < outSize; o++) {
        assertThat(new BigDecimal(r[o]).subtract(exact[o]).abs().doubleValue())
            .as("float64 %s at %s", s, o).isLessThanOrEqualTo(gamma * abs[o]);
        assertThat(new BigDecimal(rf[o]).subtract(exactF[o]).abs().doubleValue())
            .as("float32 %s at %s", s, o).isLessThanOrEqualTo(gammaF * absF[o]);
      }
    }
  }

  @Test
  void matrixProductsRunMatmulsKernelAndGiveItsBits() {
    SplittableRandom random = new SplittableRandom(5);
    DoubleNdArray a = DoubleNdArray.wrap(Shape.of(67, 300), random.doubles(67 * 300).toArray());
    DoubleNdArray b = DoubleNdArray.wrap(Shape.of(300, 41), random.doubles(300 * 41).toArray());
    double[] matmul = ((DoubleNdArray) LinAlg.matmul(a, b)).toArray();
    assertThat(((DoubleNdArray) LinAlg.einsum("ij,jk->ik", a, b)).toArray()).isEqualTo(matmul);
    assertThat(((DoubleNdArray) LinAlg.einsum("ij,jk", a, b)).toArray()).isEqualTo(matmul);
    assertThat(((DoubleNdArray) LinAlg.tensordot(a, b, 1)).toArray()).isEqualTo(matmul);
    // (3, 4, 25) . (4, 25, 41) over two axes is the (3, 100) x (100, 41) product
    DoubleNdArray a3 = DoubleNdArray.wrap(Shape.of(3, 4, 25), random.doubles(300).toArray());
    DoubleNdArray b3 = DoubleNdArray.wrap(Shape.of(4, 25, 41), random.doubles(4100).toArray());
    double[] flat = ((DoubleNdArray) LinAlg.matmul(a3.reshape(3, 100), b3.reshape(100, 41)))
        .toArray();
    assertThat(((DoubleNdArray) LinAlg.tensordot(a3, b3, 2)).toArray()).isEqualTo(flat);
    assertThat(((DoubleNdArray) LinAlg.einsum("ijk,jkl->il", a3, b3)).toArray())
        .isEqualTo(flat);
  }

  @Test
  void boolSumsAreOrsThatCannotWrap() {
    // 32 operands of four trues: as counts, the product 4^32 = 2^64 would wrap to 0 (false)
    StringBuilder subscripts = new StringBuilder();
    NdArray[] ops = new NdArray[32];
    NdArray[] ints = new NdArray[32];
    for (int i = 0; i < 32; i++) {
      subscripts.append(i == 0 ? "" : ",").append((char) (i < 26 ? 'a' + i : 'A' + i - 26));
      ops[i] = LongNdArray.wrap(Shape.of(4), new long[] {1, 1, 1, 1})
          .astype(BooleanNdArray.TYPE);
      ints[i] = LongNdArray.wrap(Shape.of(4), new long[] {1, 1, 1, 1});
    }
    NdArray any = LinAlg.einsum(subscripts + "->", ops);
    assertThat(any.scalarType()).isSameAs(BooleanNdArray.TYPE);
    assertThat(any.astype(LongNdArray.TYPE).toArray()).containsExactly(1);
    // int64 wraps as NumPy's: 4^32 mod 2^64
    assertThat(((LongNdArray) LinAlg.einsum(subscripts + "->", ints)).toArray())
        .containsExactly(0);
  }

  @Test
  void anIntermediateLargerThanAJavaArrayThrowsInsteadOfRunningOutOfMemory() {
    // three small broadcast views: the left-to-right outer product "i,j->ij" has 2^32 elements
    NdArray v = DoubleNdArray.wrap(Shape.scalar(), new double[] {1}).broadcastTo(
        Shape.of(1 << 16));
    NdArray m = v.reshape(1, 1 << 16).broadcastTo(Shape.of(1 << 16, 1 << 16));
    assertThatThrownBy(() -> LinAlg.einsum("i,j,ij->", v, v, m))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has 4294967296 elements, more than a Java array holds");
    // letters only one side has are summed out first: no (2^16, 2^16) intermediate here
    assertThat(((DoubleNdArray) LinAlg.einsum("i,j->", v, v)).toArray())
        .containsExactly(4294967296.0);
  }

  @Test
  void atMostSixtyThreeOperandsAsNumPysEinsum() {
    // numpy 2.4.6, optimize=False (the default): 63 operands sum, 64 are "too many operands",
    // checked before the subscripts are read
    NdArray one = DoubleNdArray.wrap(Shape.of(1), new double[] {2});
    NdArray[] ops = new NdArray[64];
    java.util.Arrays.fill(ops, one);
    String subscripts = String.join(",", java.util.Collections.nCopies(63, "i")) + "->";
    assertThat(((DoubleNdArray) LinAlg.einsum(subscripts,
        java.util.Arrays.copyOf(ops, 63))).getDouble()).isEqualTo(Math.pow(2, 63));
    assertThatThrownBy(() -> LinAlg.einsum("i\u0000", ops))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("too many operands: 64 (at most 63, as NumPy's einsum)");
  }

  @Test
  void controlCharactersInSubscriptsAreEscapedInMessages() {
    // numpy 2.4.6 prints them raw ("invalid subscript '\x1b' ..." is its repr); ndprim's
    // messages never carry a control character (org.ndprim.text.Printable)
    NdArray v = DoubleNdArray.wrap(Shape.of(2), new double[] {1, 2});
    assertThatThrownBy(() -> LinAlg.einsum("i\u001b->", v))
        .hasMessage("invalid subscript '\\x1b' in einstein sum subscripts string, subscripts"
            + " must be letters");
    assertThatThrownBy(() -> LinAlg.einsum("i\n", v))
        .hasMessage("invalid subscript '\\n' in einstein sum subscripts string, subscripts"
            + " must be letters");
    // an emoji is one subscript, printed whole, not half a surrogate pair (numpy refuses any
    // non-ASCII subscript with "'ascii' codec can't encode character '\U0001f600' ...")
    assertThatThrownBy(() -> LinAlg.einsum("i\uD83D\uDE00->", v))
        .hasMessage("invalid subscript '\uD83D\uDE00' in einstein sum subscripts string,"
            + " subscripts must be letters");
  }

  @Test
  void aSumOverAHugeBroadcastNeedsNoMemory() {
    // 'i->' of a broadcast scalar: a column of ones and the operand's copy were allocated first,
    // an OutOfMemoryError on a 1 GiB heap at 5e7 elements (numpy sums 1.2e8 in 0.15 s); now the
    // sum walks the view where it lies
    long n = 1_000_000_000L;
    NdArray v = DoubleNdArray.wrap(Shape.scalar(), new double[] {1}).broadcastTo(Shape.of(n));
    assertThat(((DoubleNdArray) LinAlg.einsum("i->", v)).getDouble()).isEqualTo(1e9);
    NdArray m = LongNdArray.wrap(Shape.scalar(), new long[] {3}).broadcastTo(Shape.of(4, n));
    assertThat(((LongNdArray) LinAlg.einsum("ij->i", m)).toArray())
        .containsExactly(3 * n, 3 * n, 3 * n, 3 * n);
  }

  @Test
  void aLetterOfLengthZeroSumsToZeroWhateverTheOtherOperandsHold() {
    // NumPy: a sum over no terms is 0, so np.einsum('ij,i->i', np.zeros((2, 0)), [nan, inf])
    // is [0., 0.] (a hostile pass found [nan, nan]: the letter j summed out first, then 0 * nan)
    double nan = Double.NaN;
    double inf = Double.POSITIVE_INFINITY;
    NdArray r = LinAlg.einsum("ij,i->i", DoubleNdArray.zeros(Shape.of(2, 0)),
        DoubleNdArray.vector(nan, inf));
    assertThat(r.scalarType()).isEqualTo(DoubleNdArray.TYPE);
    assertThat(((DoubleNdArray) r).toArray()).containsExactly(0, 0);
    r = LinAlg.einsum("i,j->i", FloatNdArray.vector(Float.NaN, 1), FloatNdArray.zeros(Shape.of(0)));
    assertThat(r.scalarType()).isEqualTo(FloatNdArray.TYPE);
    assertThat(((FloatNdArray) r).toArray()).containsExactly(0, 0);
    r = LinAlg.einsum("ii,j->j", DoubleNdArray.zeros(Shape.of(0, 0)),
        DoubleNdArray.vector(nan, inf, 1));
    assertThat(((DoubleNdArray) r).toArray()).containsExactly(0, 0, 0);
    r = LinAlg.einsum("ij,j->i", Complex64NdArray.zeros(Shape.of(3, 0)),
        Complex64NdArray.zeros(Shape.of(0)));
    assertThat(r.scalarType()).isEqualTo(Complex64NdArray.TYPE);
    assertThat(r.shape()).isEqualTo(Shape.of(3));
    assertThat(((DoubleNdArray) LinAlg.einsum("ij->", DoubleNdArray.zeros(Shape.of(4, 0))))
        .getDouble()).isEqualTo(0.0);
  }

  @Test
  void threeOperandsContractPairwiseSoInfinitiesCanGiveInfWhereNumpyGivesNan() {
    // np.einsum('i,i,j->j', [1, 1], [2, -1], [inf]) sums inf + -inf = nan; ndprim sums
    // 1 * 2 + 1 * -1 = 1 first, then multiplies by inf (docs/differences.md)
    NdArray r = LinAlg.einsum("i,i,j->j", DoubleNdArray.vector(1, 1), DoubleNdArray.vector(2, -1),
        DoubleNdArray.vector(Double.POSITIVE_INFINITY));
    assertThat(((DoubleNdArray) r).toArray()).containsExactly(Double.POSITIVE_INFINITY);
  }

  @Test
  void operandsAreNotChangedAndTheResultIsNotAView() {
    double[] data = {1, 2, 3, 4};
    DoubleNdArray a = DoubleNdArray.wrap(Shape.of(2, 2), data);
    NdArray diag = LinAlg.einsum("ii->i", a);
    NdArray t = LinAlg.einsum("ij->ji", a);
    NdArray same = LinAlg.einsum("ij", a);
    assertThat(((DoubleNdArray) diag).toArray()).containsExactly(1, 4);
    assertThat(((DoubleNdArray) t).toArray()).containsExactly(1, 3, 2, 4);
    assertThat(t.isContiguous()).isTrue();
    data[0] = 9;
    assertThat(((DoubleNdArray) diag).toArray()).containsExactly(1, 4);
    assertThat(((DoubleNdArray) same).toArray()).containsExactly(1, 2, 3, 4);
    assertThat(data).containsExactly(9, 2, 3, 4);
  }
}
