package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.ndprim.layout.LayoutTesting.values;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.ndprim.Index;
import org.ndprim.Shape;
import org.ndprim.StridedSliceOptions;
import org.ndprim.StridedSpec;
import org.ndprim.layout.NaiveSlicing.Dense;
import org.ndprim.testing.Gen;
import org.ndprim.testing.Property;

/**
 * Random chains of views (slice, permute, transpose, reshape, expandDims, squeeze, broadcastTo,
 * prefix/suffix/range, stridedSlice with raw masks or lowered from an index spec) against the
 * naive references {@link NaiveViews} and {@link NaiveSlicing}, element by element. Values are
 * storage offsets, so agreeing values means every view of a view lands on the right absolute
 * offsets; strides and offset are checked against the element offsets too.
 */
class ViewChainPropertiesTest {
  /**
   * Kinds of view operations, each with how often it is drawn; each step draws its arguments
   * from the current shape.
   */
  enum Kind {
    SLICE(3), PERMUTE(2), TRANSPOSE(1), RESHAPE(4), EXPAND_DIMS(2), SQUEEZE(1), SQUEEZE_AXIS(2),
    BROADCAST(2), PREFIX(1), SUFFIX(1), RANGE(2), STRIDED_RAW(3), STRIDED_LOWERED(2);

    final int weight;

    Kind(int weight) {
      this.weight = weight;
    }
  }

  /** One step: its kind, an index spec (for SLICE / STRIDED_LOWERED) and random numbers. */
  static final class Step {
    final Kind kind;
    final Index[] spec;
    final long[] random;
    /** Filled in when the step is applied: the concrete call, for failure messages. */
    String applied = "";

    Step(Kind kind, List<Index> spec, List<Long> random) {
      this.kind = kind;
      this.spec = spec.toArray(new Index[0]);
      this.random = random.stream().mapToLong(Long::longValue).toArray();
    }

    private int cursor;

    /** Restarts the random numbers, so applying a step twice draws the same arguments. */
    void reset() {
      cursor = 0;
    }

    /** A number in {@code [lo, hi]} from the step's random numbers. */
    long between(long lo, long hi) {
      long r = random[cursor++ % random.length];
      return lo + Math.floorMod(r, hi - lo + 1);
    }

    @Override
    public String toString() {
      return applied.isEmpty() ? kind.toString() : applied;
    }
  }

  /** A base layout and a chain of steps. */
  static final class Chain {
    final Layout base;
    final List<Step> steps;

    Chain(Layout base, List<Step> steps) {
      this.base = base;
      this.steps = steps;
    }

    @Override
    public String toString() {
      return base + " " + steps;
    }
  }

  /** Both sides of one step: the view and the reference (or an error from either). */
  private static final class Outcome {
    Function<Layout, Layout> view;
    Function<Dense, Dense> reference;
  }

  @Test
  void chainsOfViewsMatchTheNaiveReference() {
    Property.forAll(3000, ViewChainPropertiesTest::chain,
        ViewChainPropertiesTest::checkChainMatchesTheNaiveReference);
  }

  private static void checkChainMatchesTheNaiveReference(Chain chain) {
    Layout layout = chain.base;
    Dense dense = NaiveSlicing.materialize(layout);
    for (Step step : chain.steps) {
      Outcome o = plan(step, dense);
      Dense before = dense;
      Layout current = layout;
      Throwable expected = catchThrowable(() -> o.reference.apply(before));
      Throwable actual = catchThrowable(() -> o.view.apply(current));
      if (step.kind == Kind.RESHAPE && expected == null) {
        // reshape is a view exactly when the elements are strided under the new shape
        Dense reshaped = o.reference.apply(before);
        if (!NaiveViews.isStrided(reshaped)) {
          assertThat(actual).as("reshape needs a copy: %s", chain)
              .isExactlyInstanceOf(IllegalArgumentException.class)
              .hasMessageContaining("without copying");
          return;
        }
      }
      if (expected != null) {
        assertThat(actual).as("error for %s (reference: %s)", chain, expected).isNotNull()
            .isExactlyInstanceOf(expected.getClass());
        return;
      }
      assertThat(actual).as("no error for %s", chain).isNull();
      dense = o.reference.apply(before);
      layout = o.view.apply(current);
      assertThat(layout.shape().asArray()).as("shape for %s", chain).containsExactly(dense.shape);
      assertThat(values(layout)).as("values for %s", chain).containsExactly(dense.values);
      checkOffsetAndStrides(layout, chain);
      SlicingPropertiesTest.checkLayoutInvariants(layout, chain);
    }
  }

  /** offset() is the first element's offset and each stride the step along its axis. */
  static void checkOffsetAndStrides(Layout layout, Object context) {
    if (layout.size() == 0) {
      return;
    }
    long[] zero = new long[layout.rank()];
    long first = layout.offsetOf(zero);
    assertThat(layout.offset()).as("offset of %s", context).isEqualTo(first);
    for (int axis = 0; axis < layout.rank(); axis++) {
      if (layout.dim(axis) > 1) {
        long[] unit = zero.clone();
        unit[axis] = 1;
        assertThat(layout.stride(axis)).as("stride %d of %s", axis, context)
            .isEqualTo(layout.offsetOf(unit) - first);
      }
    }
  }

  /** A base layout and an index spec. */
  record BaseAndSpec(Layout base, Index[] spec) {}

  @Test
  void stridedSliceOfTheLoweredSpecIsTheSliceView() {
    Property.forAll(2000, g -> new BaseAndSpec(base(g), SlicingPropertiesTest.spec(g, 6)),
        in -> checkStridedSliceOfTheLoweredSpec(in.base(), in.spec()));
  }

  private static void checkStridedSliceOfTheLoweredSpec(Layout base, Index[] spec) {
    StridedSpec s = StridedSpec.fromIndices(spec);
    Throwable expected = catchThrowable(() -> base.slice(spec));
    Throwable actual = catchThrowable(
        () -> base.stridedSlice(s.begin(), s.end(), s.strides(), s.options()));
    if (expected != null) {
      assertThat(actual).isNotNull().isExactlyInstanceOf(expected.getClass());
    } else {
      assertThat(actual).isNull();
      Layout strided = base.stridedSlice(s.begin(), s.end(), s.strides(), s.options());
      Layout sliced = base.slice(spec);
      if (Arrays.stream(spec).noneMatch(Index::keepDim)) {
        assertThat(strided).isEqualTo(sliced);
      } else { // keepDim lowers to shrink + new axis: stride 0 on that length-1 axis
        assertThat(strided.shape()).isEqualTo(sliced.shape());
        assertThat(values(strided)).containsExactly(values(sliced));
      }
    }
  }

  private static Outcome plan(Step step, Dense a) {
    Outcome o = new Outcome();
    step.reset();
    int rank = a.shape.length;
    switch (step.kind) {
      case SLICE: {
        o.view = l -> l.slice(step.spec);
        o.reference = d -> NaiveSlicing.slice(d, step.spec);
        step.applied = "slice" + Arrays.toString(step.spec);
        break;
      }
      case PERMUTE: {
        int[] axes = permutation(step, rank);
        if (step.between(0, 9) == 0 && rank > 0) { // an error case
          axes[(int) step.between(0, rank - 1)] = (int) step.between(-rank - 1, rank);
        }
        o.view = l -> l.permute(axes);
        o.reference = d -> NaiveViews.permute(d, axes);
        step.applied = "permute" + Arrays.toString(axes);
        break;
      }
      case TRANSPOSE:
        o.view = Layout::transpose;
        o.reference = NaiveViews::transpose;
        step.applied = "transpose";
        break;
      case RESHAPE: {
        long[] dims = reshapeTarget(step, a);
        o.view = l -> l.reshape(Shape.of(dims));
        o.reference = d -> NaiveViews.reshape(d, dims);
        step.applied = "reshape" + Arrays.toString(dims);
        break;
      }
      case EXPAND_DIMS: {
        int axis = (int) (step.between(0, 9) == 0 ? step.between(0, 1) == 0 ? -rank - 2 : rank + 1
            : step.between(-rank - 1, rank));
        o.view = l -> l.expandDims(axis);
        o.reference = d -> NaiveViews.expandDims(d, axis);
        step.applied = "expandDims(" + axis + ")";
        break;
      }
      case SQUEEZE:
        o.view = Layout::squeeze;
        o.reference = NaiveViews::squeeze;
        step.applied = "squeeze()";
        break;
      case SQUEEZE_AXIS: {
        int axis = (int) step.between(-rank - 1, rank);
        for (int k = 0; k < rank && step.between(0, 3) > 0; k++) { // prefer a length-1 axis
          if (a.shape[k] == 1) {
            axis = k;
            break;
          }
        }
        int chosen = axis;
        o.view = l -> l.squeeze(chosen);
        o.reference = d -> NaiveViews.squeeze(d, chosen);
        step.applied = "squeeze(" + chosen + ")";
        break;
      }
      case BROADCAST: {
        long[] target = broadcastTarget(step, a);
        o.view = l -> l.broadcastTo(Shape.of(target));
        o.reference = d -> NaiveViews.broadcastTo(d, target);
        step.applied = "broadcastTo" + Arrays.toString(target);
        break;
      }
      case PREFIX: {
        long k = leadingCount(step, a);
        o.view = l -> l.prefix(k);
        o.reference = d -> NaiveViews.prefix(d, k);
        step.applied = "prefix(" + k + ")";
        break;
      }
      case SUFFIX: {
        long k = leadingCount(step, a);
        o.view = l -> l.suffix(k);
        o.reference = d -> NaiveViews.suffix(d, k);
        step.applied = "suffix(" + k + ")";
        break;
      }
      case RANGE: {
        long n = rank == 0 ? 2 : a.shape[0];
        long start = step.between(-n - 2, n + 2);
        long end = step.between(-n - 2, n + 2);
        o.view = l -> l.range(start, end);
        o.reference = d -> NaiveViews.range(d, start, end);
        step.applied = "range(" + start + ", " + end + ")";
        break;
      }
      case STRIDED_RAW: {
        int count = (int) step.between(0, rank + 2);
        long[] begin = new long[count];
        long[] end = new long[count];
        long[] strides = new long[count];
        for (int i = 0; i < count; i++) {
          begin[i] = step.between(-6, 6);
          end[i] = step.between(-6, 6);
          strides[i] = step.between(0, 12) == 0 ? 0 : step.between(-3, 3) | 1;
        }
        long all = (1L << count) - 1;
        long bm = step.between(0, all);
        long em = step.between(0, all);
        long ellipsis = step.between(0, 2) == 0 ? step.between(0, all)
            : step.between(0, 1) == 0 ? 0 : (1L << step.between(0, Math.max(0, count - 1))) & all;
        long newAxis = step.between(0, 2) == 0 ? step.between(0, all) : 0;
        long shrink = step.between(0, 1) == 0 ? step.between(0, all) : 0;
        StridedSliceOptions options = StridedSliceOptions.none().beginMask(bm).endMask(em)
            .ellipsisMask(ellipsis).newAxisMask(newAxis).shrinkAxisMask(shrink);
        o.view = l -> l.stridedSlice(begin, end, strides, options);
        o.reference = d -> NaiveViews.stridedSlice(d, begin, end, strides, bm, em, ellipsis,
            newAxis, shrink);
        step.applied = "stridedSlice(" + Arrays.toString(begin) + ", " + Arrays.toString(end)
            + ", " + Arrays.toString(strides) + ", " + options + ")";
        break;
      }
      default: { // STRIDED_LOWERED
        StridedSpec s = StridedSpec.fromIndices(step.spec);
        o.view = l -> l.stridedSlice(s.begin(), s.end(), s.strides(), s.options());
        o.reference = d -> NaiveSlicing.slice(d, step.spec);
        step.applied = "stridedSlice of " + Arrays.toString(step.spec);
      }
    }
    return o;
  }

  /** A count for prefix/suffix: up to 2 beyond the leading length, sometimes negative. */
  private static long leadingCount(Step step, Dense a) {
    return step.between(0, 9) == 0 ? -1
        : step.between(0, a.shape.length == 0 ? 2 : a.shape[0] + 2);
  }

  private static int[] permutation(Step step, int rank) {
    int[] axes = new int[rank];
    for (int i = 0; i < rank; i++) {
      axes[i] = i;
    }
    for (int i = rank - 1; i > 0; i--) {
      int j = (int) step.between(0, i);
      int t = axes[i];
      axes[i] = axes[j];
      axes[j] = t;
    }
    for (int i = 0; i < rank; i++) {
      if (step.between(0, 3) == 0) {
        axes[i] -= rank;
      }
    }
    return axes;
  }

  /** A random shape of the same size (sometimes not, for the error), with 1s and 0s mixed in. */
  private static long[] reshapeTarget(Step step, Dense a) {
    long size = a.values.length;
    if (step.between(0, 14) == 0) {
      return new long[] {size + 1};
    }
    int rank = (int) step.between(size == 1 ? 0 : 1, 5);
    if (size == 0) {
      long[] dims = new long[rank];
      for (int k = 0; k < rank; k++) {
        dims[k] = step.between(0, 3);
      }
      dims[(int) step.between(0, rank - 1)] = 0;
      return dims;
    }
    long[] dims = new long[rank];
    Arrays.fill(dims, 1);
    long n = size;
    for (long p = 2; n > 1; p++) {
      while (n % p == 0) {
        dims[(int) step.between(0, rank - 1)] *= p;
        n /= p;
      }
    }
    return dims;
  }

  /** A broadcast target: new leading axes, stretched length-1 axes, sometimes a mismatch. */
  private static long[] broadcastTarget(Step step, Dense a) {
    int lead = (int) step.between(0, 2);
    int rank = a.shape.length;
    long[] target = new long[lead + rank];
    for (int k = 0; k < lead; k++) {
      target[k] = step.between(0, 3);
    }
    for (int axis = 0; axis < rank; axis++) {
      long d = a.shape[axis];
      target[lead + axis] = d == 1 ? step.between(0, 3) : d;
    }
    if (rank > 0 && step.between(0, 9) == 0) {
      int axis = (int) step.between(0, rank - 1);
      target[lead + axis] += 1; // a mismatch unless the length was 1
    }
    if (rank > 0 && step.between(0, 19) == 0) {
      return Arrays.copyOfRange(target, lead + 1, target.length); // too few dimensions
    }
    if (NaiveViews.size(target) > 4096) {
      return a.shape.clone();
    }
    return target;
  }

  /**
   * A C-order base of {@link RandomLayouts#shape}, maybe transposed or flipped on its first axis
   * (a negative stride), shifted by 0 to 3.
   */
  private static Layout base(Gen g) {
    long[] shape = RandomLayouts.shape(g);
    int variant = g.intBetween(0, 3);
    long shift = g.longBetween(0, 3);
    Layout c = Layout.cOrder(Shape.of(shape));
    if (variant == 1) {
      c = c.transpose();
    } else if (variant == 2 && shape.length > 0) {
      c = c.slice(org.ndprim.Indices.flip()); // a negative stride
    }
    return Layout.of(c.offset() + shift, c.shape().asArray(), c.strides());
  }

  private static final Kind[] KINDS = Kind.values();
  private static final int[] KIND_WEIGHTS = Arrays.stream(KINDS).mapToInt(k -> k.weight).toArray();

  /**
   * A step: a kind, an index spec of up to 5 indices and 24 random numbers in [0, 1e6]. The
   * numbers are only a source of entropy, drawn uniformly without edge values: edge values (all
   * zeros) would turn every step into its error case and end chains early.
   */
  private static Step step(Gen g) {
    Kind kind = KINDS[g.weighted(KIND_WEIGHTS)];
    List<Index> spec = Arrays.asList(SlicingPropertiesTest.spec(g, 5));
    List<Long> random = g.listOf(24, 24, r -> r.longBetween(0, 1_000_000));
    return new Step(kind, spec, random);
  }

  /** A base and 1 to 6 steps. */
  private static Chain chain(Gen g) {
    Layout base = base(g);
    return new Chain(base, g.listOf(1, 6, ViewChainPropertiesTest::step));
  }
}
