package org.ndprim.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.NdArrays;

/**
 * The "Building and reshaping arrays" example proposed for README's "Coming from NumPy", line
 * for line, with what NumPy 2.4 prints for the NumPy line beside each.
 */
class RoutinesExampleTest {
  @Test
  void eachLinePrintsWhatItsNumpyLinePrints() {
    DoubleNdArray x = NdArrays.linspace(DoubleNdArray.TYPE, 0, 1, 5);    // np.linspace(0, 1, 5)
    IntNdArray a = NdArrays.arange(IntNdArray.TYPE, 12).reshape(3, -1);   // np.arange(12, dtype=np.int32).reshape(3, -1)
    IntNdArray both = NdArrays.concatenate(0, a, a);                      // np.concatenate([a, a])
    List<IntNdArray> halves = NdArrays.split(a, 2, 1);                    // np.split(a, 2, axis=1): views
    IntNdArray flat = a.transpose().reshape(-1);                          // a.T.reshape(-1): a copy, no view exists
    IntNdArray tiled = NdArrays.tile(a.get(0), 2);                        // np.tile(a[0], 2)
    FloatNdArray steps = NdArrays.arange(FloatNdArray.TYPE, 0, 1, 0.25);  // np.arange(0, 1, 0.25, dtype=np.float32)
    assertThat(x).hasToString("[0.   0.25 0.5  0.75 1.  ]");
    assertThat(both.shape() + " " + halves.get(1).shape()).isEqualTo("(6, 4) (3, 2)");
    assertThat(flat).hasToString("[ 0  4  8  1  5  9  2  6 10  3  7 11]");
    assertThat(tiled + " " + steps).isEqualTo("[0 1 2 3 0 1 2 3] [0.   0.25 0.5  0.75]");
    assertThat(NdArrays.pad(a.get(0), 1, 2, NdArrays.PadMode.REFLECT))
        .hasToString("[1 0 1 2 3 2 1]");
    halves.get(1).setInt(-1, 0, 0);                                       // a view: writes reach a
    assertThat(a.getInt(0, 2)).isEqualTo(-1);
    assertThatFlatIsACopy(a, flat);
  }

  private static void assertThatFlatIsACopy(IntNdArray a, IntNdArray flat) {
    flat.setInt(99, 0);
    assertThat(a.getInt(0, 0)).isZero();
  }
}
