package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ndprim.layout.LayoutTesting.goldenCases;
import static org.ndprim.layout.LayoutTesting.tuple;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays {@code golden/nditer_cases.txt} (made by {@code src/test/python/gen_nditer_cases.py}):
 * for 1 to 3 strided, reversed, transposed and broadcast operands, {@link NdIter} in
 * {@link NdIter.Order#C} and {@link NdIter.Order#KEEP} visits the elements in exactly the order
 * NumPy's {@code np.nditer} does with {@code order='C'} and {@code order='K'}.
 */
class NdIterGoldenTest {
  private static final String RESOURCE = "/golden/nditer_cases.txt";

  @Test
  void corpusHasBroadcastReorderedAndFlippedCases() throws IOException {
    List<String[]> cases = goldenCases(RESOURCE);
    assertThat(cases).hasSizeGreaterThanOrEqualTo(1200);
    // cases where 'K' visits differently from 'C' (reordered or flipped axes)
    long differing = cases.stream().filter(c -> c[1].equals("K"))
        .filter(k -> cases.stream().anyMatch(c -> c[0].equals(k[0]) && c[1].equals("C")
            && !c[2].equals(k[2])))
        .count();
    assertThat(differing).isGreaterThan(100);
    assertThat(cases).anyMatch(c -> c[0].contains("| ") && c[0].contains("/(0"));
  }

  @TestFactory
  Stream<DynamicTest> visitsAsNumpy() throws IOException {
    return goldenCases(RESOURCE).stream().map(c -> DynamicTest.dynamicTest(
        c[1] + " " + c[0], () -> check(c)));
  }

  private static void check(String[] c) {
    String[] specs = c[0].split(" \\| ");
    Layout[] ops = new Layout[specs.length];
    for (int op = 0; op < specs.length; op++) {
      String[] parts = specs[op].split("/");
      ops[op] = Layout.of(Long.parseLong(parts[2]), tuple(parts[0]), tuple(parts[1]));
    }
    NdIter.Order order = c[1].equals("C") ? NdIter.Order.C : NdIter.Order.KEEP;
    assertThat(visits(NdIter.of(order, ops))).isEqualTo(c.length > 2 ? c[2] : "");
  }

  /** The visited offsets as the golden text: "o0,o1 o0,o1 ...". */
  static String visits(NdIter it) {
    List<String> seen = new ArrayList<>();
    int nop = it.operands();
    long[] row = new long[nop];
    while (it.next()) {
      for (int op = 0; op < nop; op++) {
        row[op] = it.offset(op);
      }
      for (long r = 0; r < it.rows(); r++) {
        for (long k = 0; k < it.count(); k++) {
          StringBuilder t = new StringBuilder();
          for (int op = 0; op < nop; op++) {
            t.append(op == 0 ? "" : ",").append(row[op] + k * it.stride(op));
          }
          seen.add(t.toString());
        }
        for (int op = 0; op < nop; op++) {
          row[op] += it.rowStride(op);
        }
      }
    }
    return String.join(" ", seen);
  }
}
