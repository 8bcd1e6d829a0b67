package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.IllegalRankException;
import org.ndprim.Index;
import org.ndprim.Indices;
import org.ndprim.NdArray;
import org.ndprim.ReadOnlyArrayException;
import org.ndprim.Shape;
import org.ndprim.StridedSliceOptions;
import org.ndprim.contract.NdArrayContractTest.Fixture;

/**
 * The behaviour contract of the views of issue 3 (TF strided slices, Swift subarrays and
 * assignment, transpose/permute/reshape/broadcast/squeeze/expandDims, read-only views), run over
 * all nine generated types. Expected values are NumPy's (SEMANTICS.md); {@code A24} is
 * {@code arange(24).reshape(2, 3, 4)}.
 */
class ViewsContractTest {
  private static final StridedSliceOptions NONE = StridedSliceOptions.none();

  @TestFactory
  Stream<DynamicNode> everyGeneratedTypeHonoursTheViewsContract() {
    return ScalarCase.ALL.stream().map(c -> DynamicContainer.dynamicContainer(c.toString(),
        Stream.of(
            test("viewMethodsAreCovariantAndTyped", c, ViewsContractTest::covariantSignatures),
            test("stridedSliceAsTf", c, ViewsContractTest::stridedSliceAsTf),
            test("stridedSliceErrorsAsTf", c, ViewsContractTest::stridedSliceErrors),
            test("subarrayPrefixSuffixAsSwift", c, ViewsContractTest::subarrayPrefixSuffix),
            test("transposeAndPermute", c, ViewsContractTest::transposeAndPermute),
            test("reshapeIsAViewOrAnError", c, ViewsContractTest::reshape),
            test("squeezeAndExpandDims", c, ViewsContractTest::squeezeAndExpandDims),
            test("isContiguous", c, ViewsContractTest::isContiguous),
            test("broadcastToIsAReadOnlyStrideZeroView", c, ViewsContractTest::broadcastTo),
            test("readOnlyViewRejectsEveryWrite", c, ViewsContractTest::readOnlyViews),
            test("everyViewOfAReadOnlyArrayIsReadOnly", c, ViewsContractTest::viewsStayReadOnly),
            test("setCopiesIntoAnElementOrASlice", c, ViewsContractTest::setIntoViews),
            test("setShapeMismatchNamesBothShapesAndWritesNothing", c,
                ViewsContractTest::setShapeMismatch),
            test("writesThroughEveryViewReachTheBase", c, ViewsContractTest::writesReachBase),
            test("viewsOfViewsOfViewsCompose", c, ViewsContractTest::viewsCompose),
            test("everyViewFollowsLogicalCOrder", c, ViewsContractTest::logicalCOrder))));
  }

  private static DynamicTest test(String name, ScalarCase<?> c, Consumer<Views> check) {
    return DynamicTest.dynamicTest(name, () -> check.accept(new Views(c)));
  }

  /** The contract's fixture plus the typed {@code set} methods, resolved by reflection. */
  static final class Views {
    final Fixture f;
    final Class<?> array;
    private final Method setAt;
    private final Method setSlice;
    private final Method setAll;

    Views(ScalarCase<?> c) {
      f = new Fixture(c);
      array = c.type().arrayType();
      try {
        setAt = array.getMethod("set", array, long[].class);
        setSlice = array.getMethod("set", array, Index[].class);
        setAll = array.getMethod("set", array);
      } catch (NoSuchMethodException e) {
        throw new AssertionError(array.getSimpleName() + " lacks a typed set", e);
      }
    }

    /** {@code dst.set(src, coords)} through the typed method. */
    NdArray set(NdArray dst, NdArray src, long... coords) {
      return (NdArray) TypedApi.call(setAt, dst, src, coords);
    }

    /** {@code dst.set(src)} through the typed method (TF-Java's {@code v.set(vector(...))}). */
    NdArray set(NdArray dst, NdArray src) {
      return (NdArray) TypedApi.call(setAll, dst, src);
    }

    /** {@code dst.set(src, indices)} through the typed method. */
    NdArray set(NdArray dst, NdArray src, Index... indices) {
      return (NdArray) TypedApi.call(setSlice, dst, src, indices);
    }

    NdArray arange(long... dims) {
      return f.arange(dims);
    }

    NdArray of(Shape shape, int... ks) {
      return f.api.of(shape, f.values(ks));
    }

    List<Object> flat(NdArray a) {
      return f.flat(a);
    }

    List<Object> values(int... ks) {
      return f.values(ks);
    }

    Object v(int k) {
      return f.v(k);
    }

    /** Asserts the view's shape and C-order values, and that it is of this type. */
    void assertView(NdArray view, Shape shape, int... ks) {
      f.assertTyped(view);
      assertThat(view.shape()).isEqualTo(shape);
      assertThat(flat(view)).isEqualTo(values(ks));
    }
  }

  private static long[] l(long... values) {
    return values;
  }

  private static int[] range(int from, int to) {
    return IntStream.range(from, to).toArray();
  }

  /** Every view operation, by name: each must give a typed view. */
  private static Map<String, Function<NdArray, NdArray>> viewOps() {
    Map<String, Function<NdArray, NdArray>> ops = new LinkedHashMap<>();
    ops.put("get(1)", a -> a.get(1));
    ops.put("slice(Index...)", a -> a.slice(Indices.flip(), Indices.sliceFrom(1)));
    ops.put("slice(String)", a -> a.slice("::-1, 1:, None"));
    ops.put("stridedSlice", a -> a.stridedSlice(l(0), l(1), l(1)));
    ops.put("stridedSlice(options)",
        a -> a.stridedSlice(l(0, 0), l(0, 0), l(1, -1), NONE.beginMask(3).endMask(3)));
    ops.put("subarray", a -> a.subarray(0, 1));
    ops.put("prefix", a -> a.prefix(1));
    ops.put("suffix", a -> a.suffix(1));
    ops.put("transpose", NdArray::transpose);
    ops.put("permute", a -> a.permute(1, 2, 0));
    ops.put("reshape", a -> a.reshape(Shape.of(6, 4)));
    ops.put("reshape(-1)", a -> a.reshape(-1, 4));
    ops.put("reshapeView", a -> a.reshapeView(Shape.of(6, 4)));
    ops.put("reshapeView(-1)", a -> a.reshapeView(6, -1));
    ops.put("broadcastTo", a -> a.broadcastTo(Shape.of(2, 2, 3, 4)));
    ops.put("squeeze()", a -> a.get(1).expandDims(0).squeeze());
    ops.put("squeeze(axis)", a -> a.expandDims(0).squeeze(0));
    ops.put("expandDims", a -> a.expandDims(-1));
    ops.put("readOnly", NdArray::readOnly);
    return ops;
  }

  // ------------------------------------------------------------------------------- signatures

  static void covariantSignatures(Views t) {
    Class<?> a = t.array;
    Object[][] methods = {
        {"stridedSlice", new Class<?>[] {long[].class, long[].class, long[].class}},
        {"stridedSlice",
            new Class<?>[] {long[].class, long[].class, long[].class, StridedSliceOptions.class}},
        {"subarray", new Class<?>[] {long.class, long.class}},
        {"prefix", new Class<?>[] {long.class}},
        {"suffix", new Class<?>[] {long.class}},
        {"transpose", new Class<?>[] {}},
        {"permute", new Class<?>[] {int[].class}},
        {"reshape", new Class<?>[] {Shape.class}},
        {"reshape", new Class<?>[] {long[].class}},
        {"reshapeView", new Class<?>[] {Shape.class}},
        {"reshapeView", new Class<?>[] {long[].class}},
        {"broadcastTo", new Class<?>[] {Shape.class}},
        {"squeeze", new Class<?>[] {}},
        {"squeeze", new Class<?>[] {int.class}},
        {"expandDims", new Class<?>[] {int.class}},
        {"readOnly", new Class<?>[] {}},
        {"set", new Class<?>[] {a, long[].class}},
        {"set", new Class<?>[] {a, Index[].class}},
        {"set", new Class<?>[] {a}}};
    for (Object[] m : methods) {
      try {
        Method method = a.getMethod((String) m[0], (Class<?>[]) m[1]);
        assertThat(method.getReturnType()).as("%s", method).isEqualTo(a);
        assertThat(Modifier.isStatic(method.getModifiers())).isFalse();
      } catch (NoSuchMethodException e) {
        throw new AssertionError(a.getSimpleName() + " lacks " + m[0], e);
      }
    }
    NdArray a24 = t.arange(2, 3, 4);
    viewOps().forEach((name, op) -> assertThat(op.apply(a24)).as(name).isInstanceOf(a));
    assertThat(a24.isReadOnly()).isFalse();
  }

  // ------------------------------------------------------------------------------- TF

  static void stridedSliceAsTf(Views t) {
    NdArray a24 = t.arange(2, 3, 4);
    // SEMANTICS.md: A24[1:, ..., None, -1] as tf.Tensor.__getitem__ encodes it.
    NdArray v = a24.stridedSlice(l(1, 0, 0, -1), l(0, 0, 0, 0), l(1, 1, 1, 1),
        NONE.endMask(0b0001).ellipsisMask(0b0010).newAxisMask(0b0100).shrinkAxisMask(0b1000));
    t.assertView(v, Shape.of(1, 3, 1), 15, 19, 23);
    // TF doc example: t = [[[1,1,1],[2,2,2]],[[3,3,3],[4,4,4]],[[5,5,5],[6,6,6]]]
    NdArray tf = t.of(Shape.of(3, 2, 3), 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6);
    t.assertView(tf.stridedSlice(l(1, -1, 0), l(2, -3, 3), l(1, -1, 1)), Shape.of(1, 2, 3),
        4, 4, 4, 3, 3, 3);
    t.assertView(tf.stridedSlice(l(1, 0, 0), l(2, 1, 3), l(1, 1, 1)), Shape.of(1, 1, 3), 3, 3, 3);
    // The mask-free form is the options form with none().
    assertThat(tf.stridedSlice(l(1, 0, 0), l(2, 2, 3), l(1, 1, 1)))
        .isEqualTo(tf.stridedSlice(l(1, 0, 0), l(2, 2, 3), l(1, 1, 1), NONE));
    NdArray five = t.arange(5);
    // begin/end masks with a negative stride: the whole axis reversed (end "before index 0").
    t.assertView(five.stridedSlice(l(0), l(0), l(-1), NONE.beginMask(1).endMask(1)), Shape.of(5),
        4, 3, 2, 1, 0);
    // end = -6, stride -1 reaches index 0; end = -1 with stride -1 is empty (wraps to 4).
    t.assertView(five.stridedSlice(l(3), l(-6), l(-1)), Shape.of(4), 3, 2, 1, 0);
    t.assertView(five.stridedSlice(l(4), l(-1), l(-1)), Shape.of(0));
    // Precedence: ellipsis|new_axis is an ellipsis; new_axis|shrink is a new axis.
    t.assertView(five.stridedSlice(l(3), l(4), l(1), NONE.ellipsisMask(1).newAxisMask(1)),
        Shape.of(5), 0, 1, 2, 3, 4);
    t.assertView(five.stridedSlice(l(3), l(4), l(1), NONE.newAxisMask(1).shrinkAxisMask(1)),
        Shape.of(1, 5), 0, 1, 2, 3, 4);
    // Shrink takes begin despite begin_mask and ignores end; a negative begin wraps once.
    t.assertView(five.stridedSlice(l(2), l(0), l(1), NONE.beginMask(1).shrinkAxisMask(1)),
        Shape.scalar(), 2);
    t.assertView(five.stridedSlice(l(-1), l(0), l(1), NONE.shrinkAxisMask(1)), Shape.scalar(), 4);
    // TF's processing shape: x[:, 0] on [[1,2,3]] has shape (1,), not (3,).
    NdArray row = t.of(Shape.of(1, 3), 1, 2, 3);
    t.assertView(row.stridedSlice(l(0, 0), l(0, 1), l(1, 1),
        NONE.beginMask(1).endMask(1).shrinkAxisMask(2)), Shape.of(1), 1);
    // A view: writes go through to the base.
    NdArray m = t.arange(3, 4);
    t.f.api.fill(m.stridedSlice(l(0, 0), l(0, 0), l(2, 3), NONE.beginMask(3).endMask(3)), t.v(9));
    assertThat(t.flat(m)).isEqualTo(t.values(9, 1, 2, 9, 4, 5, 6, 7, 9, 9, 10, 9));
  }

  static void stridedSliceErrors(Views t) {
    NdArray a24 = t.arange(2, 3, 4);
    assertThatThrownBy(() -> a24.stridedSlice(l(0, 0), l(1, 1), l(1, 0)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("strides[1] must be non-zero");
    assertThatThrownBy(() -> a24.stridedSlice(l(0, 0), l(1, 1), l(1, 1),
        NONE.ellipsisMask(0b11)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("Multiple ellipses in slice spec not allowed");
    NdArray five = t.arange(5);
    assertThatThrownBy(() -> five.stridedSlice(l(0, 0), l(1, 1), l(1, 1)))
        .isExactlyInstanceOf(IllegalRankException.class)
        .hasMessage("Index out of range using input dim 1; input has only 1 dims");
    assertThatThrownBy(() -> five.stridedSlice(l(2), l(3), l(-1), NONE.shrinkAxisMask(1)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("only stride 1 allowed on non-range indexing.");
    assertThatThrownBy(() -> five.stridedSlice(l(5), l(6), l(1), NONE.shrinkAxisMask(1)))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("slice index 5 of dimension 0 out of bounds.");
    assertThatThrownBy(() -> five.stridedSlice(l(0), l(1, 2), l(1)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Expected begin, end, and strides to be 1D equal size tensors");
  }

  // ------------------------------------------------------------------------------- Swift

  static void subarrayPrefixSuffix(Views t) {
    NdArray m = t.arange(3, 2);
    // SEMANTICS.md: prefix(2) of arange(6).reshape(3,2) is [[0,1],[2,3]], suffix(2) [[2,3],[4,5]].
    t.assertView(m.prefix(2), Shape.of(2, 2), 0, 1, 2, 3);
    t.assertView(m.suffix(2), Shape.of(2, 2), 2, 3, 4, 5);
    // k beyond the length clamps, as Swift's Collection; 0 is empty.
    t.assertView(m.prefix(10), Shape.of(3, 2), range(0, 6));
    t.assertView(m.suffix(Long.MAX_VALUE), Shape.of(3, 2), range(0, 6));
    t.assertView(m.prefix(0), Shape.of(0, 2));
    t.assertView(m.suffix(0), Shape.of(0, 2));
    assertThatThrownBy(() -> m.prefix(-1)).isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot take a prefix of negative length -1");
    assertThatThrownBy(() -> m.suffix(-2)).isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot take a suffix of negative length -2");
    // subarray(a, b) is Swift's m[a..<b] with NumPy's clamping of m[a:b].
    t.assertView(m.subarray(1, 3), Shape.of(2, 2), 2, 3, 4, 5);
    t.assertView(m.subarray(-2, 100), Shape.of(2, 2), 2, 3, 4, 5);
    t.assertView(m.subarray(2, 1), Shape.of(0, 2));
    t.assertView(m.subarray(3, 3), Shape.of(0, 2));
    t.assertView(m.subarray(0, 0), Shape.of(0, 2));
    t.assertView(m.subarray(-100, 1), Shape.of(1, 2), 0, 1);
    // Positions in a subarray start at 0 (NumPy's rebasing, not Swift's base-relative indices).
    assertThat(t.f.api.getFixed(m.subarray(1, 3), 0, 0)).isEqualTo(t.v(2));
    NdArray scalar = t.f.api.scalar(t.v(1));
    for (ThrowingCallable call : List.<ThrowingCallable>of(() -> scalar.prefix(1),
        () -> scalar.suffix(1), () -> scalar.subarray(0, 1))) {
      assertThatThrownBy(call).isExactlyInstanceOf(IllegalRankException.class);
    }
    // Views: writes reach the base.
    t.f.api.fill(m.suffix(1), t.v(7));
    assertThat(t.flat(m)).isEqualTo(t.values(0, 1, 2, 3, 7, 7));
  }

  // ------------------------------------------------------------------------------- more views

  static void transposeAndPermute(Views t) {
    // arange(12).reshape(3,4).T.copy() is [0,4,8,1,5,9,2,6,10,3,7,11]
    NdArray m = t.arange(3, 4);
    t.assertView(m.transpose(), Shape.of(4, 3), 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11);
    t.assertView(m.transpose().copy(), Shape.of(4, 3), 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11);
    assertThat(m.transpose().transpose()).isEqualTo(m);
    NdArray a24 = t.arange(2, 3, 4);
    NdArray p = a24.permute(2, 0, 1);
    assertThat(p.shape()).isEqualTo(Shape.of(4, 2, 3));
    assertThat(t.flat(p)).startsWith(t.v(0), t.v(4), t.v(8), t.v(12), t.v(16), t.v(20), t.v(1));
    assertThat(a24.permute(-1, 0, -2)).isEqualTo(p);
    assertThat(a24.permute(2, 1, 0)).isEqualTo(a24.transpose());
    assertThat(t.f.api.scalar(t.v(3)).transpose().shape()).isEqualTo(Shape.scalar());
    assertThatThrownBy(() -> a24.permute(0, 1))
        .isExactlyInstanceOf(IllegalRankException.class)
        .hasMessage("axes don't match array: 2 axes given for an array of dimension 3");
    assertThatThrownBy(() -> a24.permute(0, 3, 1))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 3 is out of bounds for array of dimension 3");
    assertThatThrownBy(() -> a24.permute(0, 2, -1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("repeated axis in transpose: axes (0, 2, -1) name axis 2 more than once");
    // A view: element (i, j) of the transpose is element (j, i) of the base.
    t.f.api.setFixed(m.transpose(), t.v(9), 3, 0);
    assertThat(t.f.api.getFixed(m, 0, 3)).isEqualTo(t.v(9));
  }

  static void reshape(Views t) {
    NdArray a24 = t.arange(2, 3, 4);
    NdArray r = a24.reshape(Shape.of(6, 4));
    t.assertView(r, Shape.of(6, 4), range(0, 24));
    t.f.api.setFixed(r, t.v(0), 5, 3);
    assertThat(t.f.api.getFixed(a24, 1, 2, 3)).isEqualTo(t.v(0));
    // A non-contiguous view reshapes when NumPy's no-copy rule finds strides ...
    NdArray rows = t.arange(4, 3).slice("::2");
    t.assertView(rows.reshape(Shape.of(2, 3, 1)), Shape.of(2, 3, 1), 0, 1, 2, 6, 7, 8);
    t.assertView(t.arange(2, 3, 4).slice(":, ::-1").reshape(Shape.of(2, 3, 2, 2)),
        Shape.of(2, 3, 2, 2),
        8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3, 20, 21, 22, 23, 16, 17, 18, 19, 12, 13, 14, 15);
    // ... and otherwise copies, as NumPy's reshape: the C-order values, in a writable copy.
    NdArray reversed = t.arange(2, 3, 4).slice(":, ::-1");
    NdArray copied = reversed.reshape(Shape.of(2, 12));
    t.assertView(copied, Shape.of(2, 12), 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3,
        20, 21, 22, 23, 16, 17, 18, 19, 12, 13, 14, 15);
    t.f.api.setFixed(copied, t.v(1), 0, 0);
    assertThat(t.f.api.getFixed(reversed, 0, 0, 0)).isEqualTo(t.v(8)); // not a view
    assertThat(reversed.readOnly().reshape(2, -1).isReadOnly()).isFalse(); // a copy writes
    // reshapeView is NumPy's copy=False: never a copy, and the message says why no view exists.
    assertThatThrownBy(() -> reversed.reshapeView(Shape.of(2, 12)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("without copying");
    NdArray transposed = t.arange(3, 4).transpose();
    assertThatThrownBy(() -> transposed.reshapeView(12))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot reshape array of shape (4, 3) with strides (1, 4) into shape (12,)"
            + " without copying: axes 0 and 1 (lengths 4 and 3, strides 1 and 4) would merge but"
            + " are not contiguous with each other (stride 1 is not 3 * 4); reshape(...) copies");
    t.assertView(transposed.reshape(-1), Shape.of(12), 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11);
    // -1 is inferred as NumPy's; a view when the strides allow, writes reach the base.
    NdArray fresh = t.arange(2, 3, 4);
    NdArray inferred = fresh.reshape(-1, 3);
    t.assertView(inferred, Shape.of(8, 3), range(0, 24));
    t.f.api.setFixed(inferred, t.v(0), 7, 2);
    assertThat(t.f.api.getFixed(fresh, 1, 2, 3)).isEqualTo(t.v(0));
    assertThatThrownBy(() -> a24.reshape(-1, -1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("can only specify one unknown dimension");
    assertThatThrownBy(() -> a24.reshape(5, -1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot reshape array of size 24 into shape (5,newaxis)");
    assertThatThrownBy(() -> t.arange(12).reshape(Shape.of(5, 3)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot reshape array of size 12 into shape (5,3)");
    t.assertView(t.f.api.scalar(t.v(5)).reshape(Shape.of(1, 1)), Shape.of(1, 1), 5);
    t.assertView(t.f.api.zeros(Shape.of(0, 3)).reshape(Shape.of(3, 0, 7)), Shape.of(3, 0, 7));
  }

  static void squeezeAndExpandDims(Views t) {
    NdArray a = t.arange(1, 3, 1);
    t.assertView(a.squeeze(), Shape.of(3), 0, 1, 2);
    t.assertView(a.squeeze(0), Shape.of(3, 1), 0, 1, 2);
    t.assertView(a.squeeze(-1), Shape.of(1, 3), 0, 1, 2);
    assertThatThrownBy(() -> a.squeeze(1)).isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot select an axis to squeeze out which has size not equal to one");
    assertThatThrownBy(() -> a.squeeze(3)).isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 3 is out of bounds for array of dimension 3");
    NdArray v = t.arange(3);
    t.assertView(v.expandDims(0), Shape.of(1, 3), 0, 1, 2);
    t.assertView(v.expandDims(1), Shape.of(3, 1), 0, 1, 2);
    t.assertView(v.expandDims(-1), Shape.of(3, 1), 0, 1, 2);
    t.assertView(v.expandDims(-2), Shape.of(1, 3), 0, 1, 2);
    assertThatThrownBy(() -> v.expandDims(2))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 2 is out of bounds for array of dimension 2");
    NdArray scalar = t.f.api.scalar(t.v(4));
    t.assertView(scalar.expandDims(0), Shape.of(1), 4);
    t.assertView(scalar.expandDims(0).squeeze(), Shape.scalar(), 4);
    t.assertView(scalar.squeeze(0), Shape.scalar(), 4);
    // Views: writes through a squeezed view reach the base.
    t.f.api.setFixed(a.squeeze(), t.v(9), 1);
    assertThat(t.f.api.getFixed(a, 0, 1, 0)).isEqualTo(t.v(9));
  }

  static void isContiguous(Views t) {
    NdArray m = t.arange(3, 4);
    assertThat(m.isContiguous()).isTrue();
    assertThat(m.slice("1:").isContiguous()).isTrue();
    assertThat(m.get(1).isContiguous()).isTrue();
    assertThat(m.slice(":, 1:").isContiguous()).isFalse();
    assertThat(m.slice("::2").isContiguous()).isFalse();
    assertThat(m.transpose().isContiguous()).isFalse();
    assertThat(m.transpose().copy().isContiguous()).isTrue();
    assertThat(m.slice(":, 1").expandDims(1).isContiguous()).isFalse();
    assertThat(m.slice("2:1").isContiguous()).isTrue(); // empty
    assertThat(m.expandDims(0).isContiguous()).isTrue(); // length-1 axes are ignored
    assertThat(t.arange(3).broadcastTo(Shape.of(2, 3)).isContiguous()).isFalse();
  }

  // ------------------------------------------------------------------------------- read-only

  static void broadcastTo(Views t) {
    NdArray row = t.arange(3);
    NdArray b = row.broadcastTo(Shape.of(4, 3));
    t.assertView(b, Shape.of(4, 3), 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2);
    assertThat(b.layout().strides()).containsExactly(0, 1);
    assertThat(b.isReadOnly()).isTrue();
    assertThat(row.isReadOnly()).isFalse();
    NdArray col = t.arange(3, 1).broadcastTo(Shape.of(2, 3, 2));
    t.assertView(col, Shape.of(2, 3, 2), 0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2);
    // Even without a stretched axis, numpy.broadcast_to's result is read-only.
    assertThat(row.broadcastTo(Shape.of(3)).isReadOnly()).isTrue();
    assertThatThrownBy(() -> row.broadcastTo(Shape.of(4, 4)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot broadcast array of shape (3,) to shape (4, 4): axis 0 has length 3,"
            + " not 1 or 4");
    assertThatThrownBy(() -> t.arange(2, 3).broadcastTo(Shape.of(3)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(2, 3)").hasMessageContaining("(3,)");
    assertAllWritesRejected(t, row, b);
    // Writes to the base show through the broadcast view.
    t.f.api.setFixed(row, t.v(7), 1);
    assertThat(t.f.api.getFixed(b, 3, 1)).isEqualTo(t.v(7));
    // A copy of a broadcast is an ordinary writable array.
    NdArray copy = b.copy();
    assertThat(copy.isReadOnly()).isFalse();
    t.f.api.setFixed(copy, t.v(5), 0, 0);
    assertThat(t.f.api.getFixed(copy, 1, 0)).isEqualTo(t.v(0));
  }

  static void readOnlyViews(Views t) {
    NdArray base = t.arange(2, 3);
    NdArray ro = base.readOnly();
    assertThat(ro.isReadOnly()).isTrue();
    assertThat(base.isReadOnly()).isFalse();
    assertThat(ro.readOnly()).isSameAs(ro);
    assertThat(ro).isEqualTo(base).hasSameHashCodeAs(base).hasToString(base.toString());
    assertThat(base).isEqualTo(ro);
    assertAllWritesRejected(t, base, ro);
    // Reads follow writes made through the writable base.
    t.f.api.setFixed(base, t.v(9), 1, 2);
    assertThat(t.f.api.getFixed(ro, 1, 2)).isEqualTo(t.v(9));
    // Reading, copying out of and copying from a read-only array is fine.
    NdArray dst = t.f.api.zeros(Shape.of(2, 3));
    t.f.api.copyTo(ro, dst);
    assertThat(dst).isEqualTo(base);
    t.f.api.copyFrom(dst, ro.slice("::-1"));
    assertThat(ro.copy().isReadOnly()).isFalse();
    assertThat(t.f.api.toStorageArray(ro)).isNotNull();
  }

  /** Every write path throws ReadOnlyArrayException before touching data. */
  private static void assertAllWritesRejected(Views t, NdArray base, NdArray ro) {
    NdArray before = base.copy();
    long[] first = new long[ro.rank()];
    NdArray same = ro.copy();
    List<ThrowingCallable> writes = new ArrayList<>();
    writes.add(() -> t.f.api.set(ro, t.v(1), first));
    if (ro.rank() <= 3) {
      writes.add(() -> t.f.api.setFixed(ro, t.v(1), first));
    }
    writes.add(() -> t.f.api.fill(ro, t.v(1)));
    writes.add(() -> t.f.api.copyFrom(ro, same));
    writes.add(() -> t.f.api.copyTo(same, ro));
    writes.add(() -> t.set(ro, same, new long[0]));
    writes.add(() -> t.set(ro, same));
    writes.add(() -> t.set(ro, same.get(0), 0));
    writes.add(() -> t.set(ro, same, Indices.all()));
    writes.add(() -> t.set(ro, same.slice("::-1"), Indices.flip()));
    // Read-only comes first, even before other errors.
    writes.add(() -> t.f.api.set(ro, t.v(1), 99, 99));
    writes.add(() -> t.set(ro, t.arange(7), 0));
    for (ThrowingCallable write : writes) {
      assertThatThrownBy(write).isExactlyInstanceOf(ReadOnlyArrayException.class)
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("read-only");
    }
    assertThat(base).isEqualTo(before);
  }

  static void viewsStayReadOnly(Views t) {
    NdArray base = t.arange(2, 3, 4);
    for (NdArray ro : List.of(base.readOnly(), base.broadcastTo(Shape.of(1, 2, 3, 4)).get(0))) {
      viewOps().forEach((name, op) -> {
        NdArray view = op.apply(ro);
        assertThat(view.isReadOnly()).as(name).isTrue();
        assertThatThrownBy(() -> t.f.api.fill(view, t.v(1))).as(name)
            .isInstanceOf(ReadOnlyArrayException.class);
        // A view of a view of a read-only array too.
        assertThat(op.apply(base.readOnly()).slice("...").transpose().isReadOnly()).isTrue();
      });
    }
    assertThat(base).isEqualTo(t.arange(2, 3, 4));
    viewOps().forEach((name, op) -> assertThat(op.apply(base).isReadOnly()).as(name)
        .isEqualTo(name.equals("broadcastTo") || name.equals("readOnly")));
  }

  // ------------------------------------------------------------------------------- set

  static void setIntoViews(Views t) {
    // Swift doc: matrix = [[0,1],[2,3]]; matrix[1] = [4,8] gives [[0,1],[4,8]].
    NdArray matrix = t.arange(2, 2);
    assertThat(t.set(matrix, t.of(Shape.of(2), 4, 8), 1)).isSameAs(matrix);
    t.assertView(matrix, Shape.of(2, 2), 0, 1, 4, 8);
    // Swift doc: matrix = 0..<6 shaped [3,2]; matrix[0..<2] = zeros.prefix(2): [[0,0],[0,0],[4,5]].
    NdArray six = t.arange(3, 2);
    NdArray zeros = t.f.api.zeros(Shape.of(3, 2));
    assertThat(t.set(six, zeros.prefix(2), Indices.range(0, 2))).isSameAs(six);
    t.assertView(six, Shape.of(3, 2), 0, 0, 0, 0, 4, 5);
    // Element of an element, negative coordinates, rank-0 destination.
    NdArray a24 = t.arange(2, 3, 4);
    t.set(a24, t.of(Shape.of(4), 9, 9, 9, 9), -1, -1);
    assertThat(t.flat(a24.get(1, 2))).isEqualTo(t.values(9, 9, 9, 9));
    t.set(a24, t.f.api.scalar(t.v(7)), 0, 0, 0);
    assertThat(t.f.api.getFixed(a24, 0, 0, 0)).isEqualTo(t.v(7));
    // No coordinates: the whole array, through set(src) (TF-Java's v.set(vector(...))) or an
    // empty coordinate array.
    NdArray whole = t.arange(2, 2);
    t.set(whole, t.of(Shape.of(2, 2), 3, 2, 1, 0), new long[0]);
    t.assertView(whole, Shape.of(2, 2), 3, 2, 1, 0);
    assertThat(t.set(whole, t.of(Shape.of(2, 2), 0, 1, 2, 3))).isSameAs(whole);
    t.assertView(whole, Shape.of(2, 2), 0, 1, 2, 3);
    NdArray row = whole.get(1);
    t.set(row, t.of(Shape.of(2), 8, 9));
    t.assertView(whole, Shape.of(2, 2), 0, 1, 8, 9);
    // Into a strided slice, from a non-contiguous source.
    NdArray m = t.f.api.zeros(Shape.of(3, 4));
    t.set(m, t.arange(3, 2).transpose(), Indices.parse("::2, 1:"));
    t.assertView(m, Shape.of(3, 4), 0, 0, 2, 4, 0, 0, 0, 0, 0, 1, 3, 5);
    // Overlapping source and destination: as if the source were copied first.
    NdArray a = t.arange(6);
    t.set(a, a.slice(":-1"), Indices.sliceFrom(1));
    t.assertView(a, Shape.of(6), 0, 0, 1, 2, 3, 4);
    NdArray r = t.arange(2, 3);
    t.set(r, r.get(1), 0);
    t.assertView(r, Shape.of(2, 3), 3, 4, 5, 3, 4, 5);
    // Broadcasting is explicit: pass src.broadcastTo(...).
    NdArray b = t.f.api.zeros(Shape.of(2, 3));
    t.set(b, t.arange(3).broadcastTo(Shape.of(2, 3)), Indices.all());
    t.assertView(b, Shape.of(2, 3), 0, 1, 2, 0, 1, 2);
  }

  static void setShapeMismatch(Views t) {
    NdArray m = t.arange(2, 2);
    NdArray before = m.copy();
    assertThatThrownBy(() -> t.set(m, t.arange(3), 1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("shape mismatch: cannot assign an array of shape (3,) to a destination of"
            + " shape (2,)");
    assertThatThrownBy(() -> t.set(m, t.arange(2, 1), 0))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("shape mismatch: cannot assign an array of shape (2, 1) to a destination of"
            + " shape (2,)");
    // Subarray: [bounds.count] + shape.dropFirst() must equal the source's shape.
    assertThatThrownBy(() -> t.set(m, t.arange(3, 2), Indices.range(0, 2)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("shape mismatch: cannot assign an array of shape (3, 2) to a destination of"
            + " shape (2, 2)");
    // No broadcasting of scalars or rows (Swift has none either).
    assertThatThrownBy(() -> t.set(m, t.f.api.scalar(t.v(1)), 0))
        .hasMessage("shape mismatch: cannot assign an array of shape () to a destination of"
            + " shape (2,)");
    assertThatThrownBy(() -> t.set(m, t.arange(2), Indices.all()))
        .hasMessageContaining("(2,)").hasMessageContaining("(2, 2)");
    assertThatThrownBy(() -> t.set(m, t.arange(4)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("shape mismatch: cannot assign an array of shape (4,) to a destination of"
            + " shape (2, 2)");
    // Index errors of the destination come first, with their usual messages.
    assertThatThrownBy(() -> t.set(m, t.arange(2), 2))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 2 is out of bounds for axis 0 with size 2");
    assertThatThrownBy(() -> t.set(m, t.arange(2), 0, 0, 0))
        .isExactlyInstanceOf(IllegalRankException.class);
    assertThatThrownBy(() -> t.set(m, t.arange(2), Indices.parse("::0")))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("slice step cannot be zero");
    assertThat(m).isEqualTo(before);
  }

  // ------------------------------------------------------------------------------- composition

  static void writesReachBase(Views t) {
    // The base position (NumPy's) of the middle element, in C order, of each writable view of A24.
    Map<String, Integer> middle = Map.ofEntries(Map.entry("get(1)", 18),
        Map.entry("slice(Index...)", 4), Map.entry("slice(String)", 4),
        Map.entry("stridedSlice", 6), Map.entry("stridedSlice(options)", 20),
        Map.entry("subarray", 6), Map.entry("prefix", 6), Map.entry("suffix", 18),
        Map.entry("transpose", 2), Map.entry("permute", 6), Map.entry("reshape", 12),
        Map.entry("reshape(-1)", 12), Map.entry("reshapeView", 12),
        Map.entry("reshapeView(-1)", 12),
        Map.entry("squeeze()", 18), Map.entry("squeeze(axis)", 12), Map.entry("expandDims", 12));
    Map<String, Function<NdArray, NdArray>> writable = new LinkedHashMap<>(viewOps());
    writable.remove("broadcastTo");
    writable.remove("readOnly");
    assertThat(middle.keySet()).isEqualTo(writable.keySet());
    writable.forEach((name, op) -> {
      NdArray base = t.arange(2, 3, 4);
      NdArray view = op.apply(base);
      assertThat(view.isReadOnly()).as(name).isFalse();
      long[] coords = view.shape().unravel(view.size() / 2);
      int k = middle.get(name);
      assertThat(t.f.api.get(view, coords)).as(name).isEqualTo(t.v(k));
      // A value that differs from the current one, even for boolean.
      Object value = t.v(k).equals(t.v(0)) ? t.v(1) : t.v(0);
      t.f.api.set(view, value, coords);
      List<Object> expected = new ArrayList<>(t.values(range(0, 24)));
      expected.set(k, value);
      assertThat(t.flat(base)).as(name).isEqualTo(expected);
    });
  }

  static void viewsCompose(Views t) {
    // arange(10)[1:][::2][::-1] = [9, 7, 5, 3, 1], through three different view forms.
    NdArray ten = t.arange(10);
    NdArray composed = ten.subarray(1, 10)
        .stridedSlice(l(0), l(0), l(2), NONE.endMask(1))
        .slice("::-1");
    t.assertView(composed, Shape.of(5), 9, 7, 5, 3, 1);
    assertThat(composed.layout().offset()).isEqualTo(9);
    assertThat(composed.layout().strides()).containsExactly(-2);
    t.f.api.setFixed(composed, t.v(0), 0);
    assertThat(t.f.api.getFixed(ten, 9)).isEqualTo(t.v(0));
    // A deeper chain over A24: transpose, reverse, newaxis, squeeze, permute, prefix, reshape.
    NdArray a24 = t.arange(2, 3, 4);
    NdArray chain = a24.transpose()          // (4, 3, 2): c[i,j,k] = a[k,j,i]
        .slice("::-1, 1:, None")             // (4, 2, 1, 2): a[k, j+1, 3-i]
        .squeeze(2)                          // (4, 2, 2)
        .permute(2, 0, 1)                    // (2, 4, 2): a[k, j+1, 3-i] at (k, i, j)
        .suffix(1)                           // (1, 4, 2): k = 1
        .reshape(Shape.of(4, 2));            // (4, 2): a[1, j+1, 3-i] at (i, j)
    t.assertView(chain, Shape.of(4, 2), 19, 23, 18, 22, 17, 21, 16, 20);
    assertThat(chain.layout().offset()).isEqualTo(19);
    t.f.api.setFixed(chain, t.v(0), 3, 1);
    assertThat(t.f.api.getFixed(a24, 1, 2, 0)).isEqualTo(t.v(0));
  }

  static void logicalCOrder(Views t) {
    NdArray m = t.arange(3, 4);
    int[] order = {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11};
    NdArray expected = t.of(Shape.of(4, 3), order);
    List<NdArray> views = List.of(m.transpose(), m.permute(1, 0),
        m.transpose().expandDims(0).squeeze(), m.readOnly().transpose(),
        t.arange(4, 3, 1).slice("..., 0").transpose().transpose().reshape(Shape.of(4, 3))
            .slice(":, :").copy().reshape(Shape.of(12)).reshape(Shape.of(3, 4)).transpose());
    for (NdArray v : views) {
      assertThat(t.flat(v)).isEqualTo(t.values(order));
      assertThat(v.copy()).isEqualTo(expected);
      assertThat(t.flat(v.copy())).isEqualTo(t.values(order));
      assertThat(v).isEqualTo(expected).hasSameHashCodeAs(expected)
          .hasToString(expected.toString());
      assertThat(expected).isEqualTo(v);
      Object storage = t.f.api.toStorageArray(v);
      assertThat(t.f.c.type().wrapStorage(Shape.of(4, 3), storage)).isEqualTo(expected);
      // Element-wise reads in C order agree with the bulk order.
      List<Object> read = new ArrayList<>();
      for (long i = 0; i < 4; i++) {
        for (long j = 0; j < 3; j++) {
          read.add(t.f.api.getFixed(v, i, j));
        }
      }
      assertThat(read).isEqualTo(t.values(order));
    }
    // A broadcast view in C order repeats its rows; equals a materialised copy.
    NdArray b = t.arange(3).broadcastTo(Shape.of(2, 3));
    NdArray materialised = t.of(Shape.of(2, 3), 0, 1, 2, 0, 1, 2);
    assertThat(b).isEqualTo(materialised).hasSameHashCodeAs(materialised)
        .hasToString(materialised.toString());
  }
}
