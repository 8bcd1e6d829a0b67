package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.IllegalRankException;
import org.ndprim.IndexSyntaxException;
import org.ndprim.Indices;
import org.ndprim.NdArray;
import org.ndprim.Shape;

/**
 * The behaviour contract of generated array types, written once and run over all nine (the eight
 * built-ins and the user-declared Float16). Slicing examples and expected values come from
 * SEMANTICS.md (NumPy 2.4); {@code A24} is {@code arange(24).reshape(2, 3, 4)}.
 */
class NdArrayContractTest {

  @TestFactory
  Stream<DynamicNode> everyGeneratedTypeHonoursTheContract() {
    return ScalarCase.ALL.stream().map(c -> DynamicContainer.dynamicContainer(c.toString(),
        Stream.of(
            test("typedApiHasTheDocumentedSignatures", c, this::typedApiHasTheDocumentedSignatures),
            test("arraysLiveInTheCaseStorage", c, this::arraysLiveInTheCaseStorage),
            test("scalarTypeDescribesTheType", c, this::scalarTypeDescribesTheType),
            test("factories", c, this::factories),
            test("factoriesRejectWrongCounts", c, this::factoriesRejectWrongCounts),
            test("wrapSharesStorage", c, this::wrapSharesStorage),
            test("getAndSetEveryArity", c, this::getAndSetEveryArity),
            test("negativeCoordinatesCountFromTheEnd", c, this::negativeCoordinates),
            test("outOfBoundsNamesAxisIndexAndSize", c, this::outOfBounds),
            test("wrongCoordinateCountIsIllegalRank", c, this::wrongRank),
            test("failedCallsLeaveDataUntouched", c, this::failedCallsLeaveDataUntouched),
            test("viewsShareStorageAndWriteThrough", c, this::viewsWriteThrough),
            test("sliceSemanticsExamples", c, this::sliceExamples),
            test("sliceErrors", c, this::sliceErrors),
            test("copyFromAndCopyTo", c, this::copyFromAndCopyTo),
            test("overlappingCopiesAsIfSourceCopiedFirst", c, this::overlappingCopies),
            test("toArrayAndToStorageArrayInCOrder", c, this::toArrays),
            test("equalsAndHashCodeAreLayoutIndependent", c, this::equalsAndHashCode),
            test("toStringAsNumpyAndBounded", c, this::toStringAsNumpy),
            test("edgeValuesSurviveEveryPath", c, this::edgeValues))));
  }

  private static DynamicTest test(String name, ScalarCase<?> c, Consumer<Fixture> check) {
    return DynamicTest.dynamicTest(name, () -> check.accept(new Fixture(c)));
  }

  /** One type's case plus its typed API and helpers; the other contracts extend it. */
  static class Fixture {
    final ScalarCase<?> c;
    final TypedApi api;

    Fixture(ScalarCase<?> c) {
      this.c = c;
      this.api = new TypedApi(c);
    }

    Object v(int k) {
      return c.v(k);
    }

    List<Object> values(int... ks) {
      List<Object> list = new ArrayList<>();
      for (int k : ks) {
        list.add(v(k));
      }
      return list;
    }

    /** NumPy {@code arange(size).reshape(dims)} in this type. */
    NdArray arange(long... dims) {
      Shape shape = Shape.of(dims);
      return api.of(shape, values(IntStream.range(0, (int) shape.size()).toArray()));
    }

    /** Elements in C order, boxed. */
    List<Object> flat(NdArray a) {
      return api.toList(a);
    }

    NdArray a24() {
      return arange(2, 3, 4);
    }

    void assertTyped(NdArray a) {
      assertThat(a).isInstanceOf(c.type().arrayType());
    }

    /** The logical NaN of a floating type, boxed. */
    Object nan() {
      return c.box() == Double.class ? (Object) Double.NaN : (Object) Float.NaN;
    }

    Object negativeZero() {
      return c.box() == Double.class ? (Object) (-0.0) : (Object) (-0.0f);
    }

    Object positiveZero() {
      return c.box() == Double.class ? (Object) 0.0 : (Object) 0.0f;
    }
  }

  private static int[] range(int from, int to) {
    return IntStream.range(from, to).toArray();
  }

  // ---------------------------------------------------------------- factories and descriptor

  void arraysLiveInTheCaseStorage(Fixture f) {
    // The fixture's factories move every array into the case's storage: an implementation class
    // over a Java array or over buffers, with the same values.
    String kind = f.c.storage() == StorageCase.ARRAY ? "ArrayNdArray"
        : f.c.storage() == StorageCase.TINY_CHUNKS ? "ChunkedNdArray" : "BufferNdArray";
    // (Tiny chunks hold 16 bytes: each array here needs more than one.)
    for (NdArray a : List.of(f.arange(4, 5),
        f.api.vector(f.values(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)),
        f.a24().slice("::-1, 1:"))) {
      assertThat(a.getClass().getSimpleName()).isEqualTo(f.c.name() + kind);
      assertThat(a.isReadOnly()).isFalse();
    }
    assertThat(f.flat(f.arange(5))).isEqualTo(f.values(0, 1, 2, 3, 4));
  }

  void typedApiHasTheDocumentedSignatures(Fixture f) {
    // Constructing TypedApi resolved every method with its exact signature.
    assertThat(f.api).isNotNull();
  }

  void scalarTypeDescribesTheType(Fixture f) {
    NdArray a = f.arange(2, 3);
    assertThat(a.scalarType()).isSameAs(f.c.type());
    assertThat(f.c.type().arrayType().isInstance(a)).isTrue();
    assertThat(f.c.type().itemSize())
        .isEqualTo(Integer.parseInt(f.c.type().dtype().substring(2)));
    NdArray z = f.c.type().zeros(Shape.of(2));
    f.assertTyped(z);
    assertThat(f.flat(z)).containsExactly(f.v(0), f.v(0));
    NdArray w = f.c.type().wrapStorage(Shape.of(2, 3), f.api.toStorageArray(a));
    assertThat(w).isEqualTo(a);
  }

  void factories(Fixture f) {
    NdArray zeros = f.api.zeros(Shape.of(2, 3));
    assertThat(zeros.shape()).isEqualTo(Shape.of(2, 3));
    assertThat(zeros.rank()).isEqualTo(2);
    assertThat(zeros.size()).isEqualTo(6);
    assertThat(f.flat(zeros)).containsOnly(f.v(0)).hasSize(6);

    assertThat(f.flat(f.api.full(Shape.of(3), f.v(5)))).containsExactly(f.v(5), f.v(5), f.v(5));

    NdArray of = f.arange(2, 3);
    assertThat(f.flat(of)).isEqualTo(f.values(range(0, 6)));
    assertThat(f.api.getFixed(of, 1, 0)).isEqualTo(f.v(3));

    NdArray scalar = f.api.scalar(f.v(7));
    assertThat(scalar.shape()).isEqualTo(Shape.scalar());
    assertThat(scalar.rank()).isZero();
    assertThat(scalar.size()).isEqualTo(1);
    assertThat(f.api.getFixed(scalar)).isEqualTo(f.v(7));

    NdArray vector = f.api.vector(f.values(1, 2, 3));
    assertThat(vector.shape()).isEqualTo(Shape.of(3));
    assertThat(f.flat(vector)).isEqualTo(f.values(1, 2, 3));

    NdArray empty = f.api.zeros(Shape.of(0, 3));
    assertThat(empty.size()).isZero();
    assertThat(f.flat(empty)).isEmpty();

    // of() and vector() copy their input.
    Object input = f.api.logicalArray(f.values(1, 2));
    NdArray copied = f.api.vector(TypedApi.boxed(input));
    Array.set(input, 0, f.v(9));
    assertThat(f.flat(copied)).isEqualTo(f.values(1, 2));
    for (NdArray a : List.of(zeros, of, scalar, vector, empty)) {
      f.assertTyped(a);
    }
  }

  void factoriesRejectWrongCounts(Fixture f) {
    assertThatThrownBy(() -> f.api.of(Shape.of(2, 3), f.values(1, 2, 3, 4, 5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("5")
        .hasMessageContaining("(2, 3)");
    Object storage = Array.newInstance(f.c.type().storageType(), 5);
    assertThatThrownBy(() -> f.api.wrap(Shape.of(2, 3), storage))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("5")
        .hasMessageContaining("(2, 3)");
  }

  void wrapSharesStorage(Fixture f) {
    Object storage = f.api.toStorageArray(f.arange(2, 2));
    NdArray a = f.api.wrap(Shape.of(2, 2), storage);
    f.assertTyped(a);
    assertThat(f.flat(a)).isEqualTo(f.values(0, 1, 2, 3));
    Object stored9 = Array.get(f.api.toStorageArray(f.api.scalar(f.v(9))), 0);
    Array.set(storage, 3, stored9);
    assertThat(f.api.getFixed(a, 1, 1)).isEqualTo(f.v(9));
    f.api.setFixed(a, f.v(5), 0, 0);
    assertThat(Array.get(storage, 0))
        .isEqualTo(Array.get(f.api.toStorageArray(f.api.scalar(f.v(5))), 0));
  }

  // ---------------------------------------------------------------- element access

  void getAndSetEveryArity(Fixture f) {
    NdArray a24 = f.a24();
    assertThat(f.api.get(a24, 1, 2, 3)).isEqualTo(f.v(23));
    assertThat(f.api.getFixed(a24, 1, 2, 3)).isEqualTo(f.v(23));
    assertThat(f.api.getFixed(a24, 0, 1, 2)).isEqualTo(f.v(6));
    assertThat(a24.getObject(1, 0, 1)).isEqualTo(f.v(13)).isInstanceOf(f.c.box());
    NdArray m = f.arange(2, 3);
    assertThat(f.api.getFixed(m, 1, 2)).isEqualTo(f.v(5));
    NdArray vec = f.arange(4);
    assertThat(f.api.getFixed(vec, 3)).isEqualTo(f.v(3));
    NdArray scalar = f.api.scalar(f.v(4));
    assertThat(f.api.getFixed(scalar)).isEqualTo(f.v(4));
    assertThat(f.api.get(scalar)).isEqualTo(f.v(4));

    assertThat(f.api.set(a24, f.v(9), 1, 1, 1)).isSameAs(a24);
    assertThat(f.api.get(a24, 1, 1, 1)).isEqualTo(f.v(9));
    assertThat(f.api.setFixed(a24, f.v(8), 0, 0, 0)).isSameAs(a24);
    assertThat(f.api.setFixed(m, f.v(7), 0, 0)).isSameAs(m);
    assertThat(f.api.setFixed(vec, f.v(6), 0)).isSameAs(vec);
    assertThat(f.api.setFixed(scalar, f.v(5))).isSameAs(scalar);
    assertThat(f.api.set(scalar, f.v(3))).isSameAs(scalar);
    assertThat(f.api.getFixed(a24, 0, 0, 0)).isEqualTo(f.v(8));
    assertThat(f.api.getFixed(m, 0, 0)).isEqualTo(f.v(7));
    assertThat(f.api.getFixed(vec, 0)).isEqualTo(f.v(6));
    assertThat(f.api.getFixed(scalar)).isEqualTo(f.v(3));
  }

  void negativeCoordinates(Fixture f) {
    NdArray a24 = f.a24();
    assertThat(f.api.get(a24, -1, -1, -1)).isEqualTo(f.v(23));
    assertThat(f.api.getFixed(a24, -2, -3, -4)).isEqualTo(f.v(0));
    assertThat(f.flat(a24.get(1, -1))).isEqualTo(f.values(20, 21, 22, 23));
    NdArray vec = f.arange(5);
    assertThat(f.api.getFixed(vec, -1)).isEqualTo(f.v(4));
    assertThat(f.api.getFixed(vec, -5)).isEqualTo(f.v(0));
    f.api.setFixed(vec, f.v(9), -2);
    assertThat(f.api.getFixed(vec, 3)).isEqualTo(f.v(9));
  }

  void outOfBounds(Fixture f) {
    NdArray vec = f.arange(5);
    for (long bad : new long[] {5, -6}) {
      String message = "index " + bad + " is out of bounds for axis 0 with size 5";
      assertThatThrownBy(() -> f.api.getFixed(vec, bad))
          .isInstanceOf(IndexOutOfBoundsException.class).hasMessage(message);
      assertThatThrownBy(() -> f.api.get(vec, bad))
          .isInstanceOf(IndexOutOfBoundsException.class).hasMessage(message);
      assertThatThrownBy(() -> f.api.setFixed(vec, f.v(1), bad))
          .isInstanceOf(IndexOutOfBoundsException.class).hasMessage(message);
      assertThatThrownBy(() -> vec.getObject(bad))
          .isInstanceOf(IndexOutOfBoundsException.class).hasMessage(message);
    }
    NdArray a24 = f.a24();
    assertThatThrownBy(() -> f.api.getFixed(a24, 0, 3, 0))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 3 is out of bounds for axis 1 with size 3");
    assertThatThrownBy(() -> f.api.set(a24, f.v(1), 0, 0, -5))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index -5 is out of bounds for axis 2 with size 4");
    assertThatThrownBy(() -> a24.get(2))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 2 is out of bounds for axis 0 with size 2");
    NdArray empty = f.api.zeros(Shape.of(0, 3));
    assertThatThrownBy(() -> f.api.getFixed(empty, 0, 0))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 0 is out of bounds for axis 0 with size 0");
  }

  void wrongRank(Fixture f) {
    NdArray a24 = f.a24();
    assertThatThrownBy(() -> f.api.get(a24, 0, 0))
        .isInstanceOf(IllegalRankException.class)
        .hasMessage("expected 3 coordinates for an array of rank 3, got 2");
    assertThatThrownBy(() -> f.api.getFixed(a24, 0, 0)).isInstanceOf(IllegalRankException.class);
    assertThatThrownBy(() -> f.api.getFixed(a24)).isInstanceOf(IllegalRankException.class);
    assertThatThrownBy(() -> f.api.setFixed(a24, f.v(1), 0)).isInstanceOf(IllegalRankException.class);
    assertThatThrownBy(() -> f.api.set(a24, f.v(1), 0, 0, 0, 0))
        .isInstanceOf(IllegalRankException.class);
    assertThatThrownBy(() -> a24.get(0, 0, 0, 0)).isInstanceOf(IllegalRankException.class);
    NdArray scalar = f.api.scalar(f.v(1));
    assertThatThrownBy(() -> f.api.getFixed(scalar, 0)).isInstanceOf(IllegalRankException.class);
    assertThat(IllegalRankException.class).isAssignableTo(IllegalArgumentException.class);
  }

  void failedCallsLeaveDataUntouched(Fixture f) {
    NdArray a = f.arange(2, 3);
    NdArray before = a.copy();
    assertThatThrownBy(() -> f.api.setFixed(a, f.v(9), 0, 3));
    assertThatThrownBy(() -> f.api.set(a, f.v(9), 1));
    assertThatThrownBy(() -> f.api.copyFrom(a, f.arange(3, 2)));
    assertThatThrownBy(() -> f.api.copyTo(f.arange(3, 2), a));
    assertThat(a).isEqualTo(before);
    assertThat(f.flat(a)).isEqualTo(f.values(range(0, 6)));
  }

  // ---------------------------------------------------------------- views

  void viewsWriteThrough(Fixture f) {
    NdArray a24 = f.a24();
    NdArray row = a24.get(1);
    f.assertTyped(row);
    assertThat(row.shape()).isEqualTo(Shape.of(3, 4));
    assertThat(f.flat(row)).isEqualTo(f.values(range(12, 24)));
    f.api.setFixed(row, f.v(0), -1, -1);
    assertThat(f.api.getFixed(a24, 1, 2, 3)).isEqualTo(f.v(0));

    // a = arange(6); a[::-2] = 9  ->  [0, 9, 2, 9, 4, 9]
    NdArray a = f.arange(6);
    f.api.fill(a.slice("::-2"), f.v(9));
    assertThat(f.flat(a)).isEqualTo(f.values(0, 9, 2, 9, 4, 9));

    // Views compose with absolute offsets: arange(10)[1:][::2][::-1] = [9, 7, 5, 3, 1].
    NdArray ten = f.arange(10);
    NdArray composed = ten.slice("1:").slice("::2").slice("::-1");
    f.assertTyped(composed);
    assertThat(f.flat(composed)).isEqualTo(f.values(9, 7, 5, 3, 1));
    f.api.setFixed(composed, f.v(0), 0);
    assertThat(f.api.getFixed(ten, 9)).isEqualTo(f.v(0));

    // A rank-0 view (NumPy's a[0, 1, 2, ...]) reads and writes the base element.
    NdArray cell = a24.slice("0, 1, 2, ...");
    assertThat(cell.shape()).isEqualTo(Shape.scalar());
    assertThat(f.api.getFixed(cell)).isEqualTo(f.v(6));
    f.api.setFixed(cell, f.v(1));
    assertThat(f.api.getFixed(a24, 0, 1, 2)).isEqualTo(f.v(1));
  }

  void sliceExamples(Fixture f) {
    NdArray a24 = f.a24();
    // R9: A24[::-1, 1:, ..., None]
    NdArray r9a = a24.slice(Indices.flip(), Indices.sliceFrom(1), Indices.ellipsis(),
        Indices.newAxis());
    f.assertTyped(r9a);
    assertThat(r9a.shape()).isEqualTo(Shape.of(2, 2, 4, 1));
    assertThat(f.flat(r9a)).isEqualTo(f.values(16, 17, 18, 19, 20, 21, 22, 23, 4, 5, 6, 7, 8, 9,
        10, 11));
    assertThat(a24.slice("::-1, 1:, ..., None")).isEqualTo(r9a);
    // R9: A24[1:, ..., None, -1]
    NdArray r9b = a24.slice("1:, ..., None, -1");
    assertThat(r9b.shape()).isEqualTo(Shape.of(1, 3, 1));
    assertThat(f.flat(r9b)).isEqualTo(f.values(15, 19, 23));
    // R3: A24[0, ..., 1]
    assertThat(f.flat(a24.slice(Indices.at(0), Indices.ellipsis(), Indices.at(1))))
        .isEqualTo(f.values(1, 5, 9));
    // R4: A24[:, None, 1]
    NdArray r4 = a24.slice(":, None, 1");
    assertThat(r4.shape()).isEqualTo(Shape.of(2, 1, 4));
    assertThat(f.flat(r4)).isEqualTo(f.values(4, 5, 6, 7, 16, 17, 18, 19));
    // R8: A24[::-1, 1:, ::2]
    assertThat(f.flat(a24.slice("::-1, 1:, ::2"))).isEqualTo(f.values(16, 18, 20, 22, 4, 6, 8,
        10));
    // R2 on arange(5): clamped bounds, negative steps, ceiling counts.
    NdArray five = f.arange(5);
    assertThat(f.flat(five.slice("1:100"))).isEqualTo(f.values(1, 2, 3, 4));
    assertThat(f.flat(five.slice(":-6:-1"))).isEqualTo(f.values(4, 3, 2, 1, 0));
    assertThat(f.flat(five.slice("4:-1:-1"))).isEmpty();
    assertThat(f.flat(five.slice(Indices.even()))).isEqualTo(f.values(0, 2, 4));
    // R7: empty results keep their axes.
    NdArray empty = a24.slice(":, 2:1");
    assertThat(empty.shape()).isEqualTo(Shape.of(2, 0, 4));
    assertThat(f.flat(empty)).isEmpty();
    // R5: newaxis on a rank-0 array.
    assertThat(f.api.scalar(f.v(7)).slice("None").shape()).isEqualTo(Shape.of(1));
  }

  void sliceErrors(Fixture f) {
    NdArray a24 = f.a24();
    assertThatThrownBy(() -> a24.slice("0, 0, 0, 0"))
        .isInstanceOf(IllegalRankException.class)
        .hasMessageContaining("too many indices");
    assertThatThrownBy(() -> a24.slice("::0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("slice step cannot be zero");
    assertThatThrownBy(() -> a24.slice("2"))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 2 is out of bounds for axis 0 with size 2");
    assertThatThrownBy(() -> a24.slice("..., 0, ..."))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("single ellipsis");
    assertThatThrownBy(() -> a24.slice("1:2:3:4")).isInstanceOf(IndexSyntaxException.class);
  }

  // ---------------------------------------------------------------- copies

  void copyFromAndCopyTo(Fixture f) {
    NdArray src = f.arange(2, 3);
    NdArray dst = f.api.zeros(Shape.of(2, 3));
    assertThat(f.api.copyFrom(dst, src)).isSameAs(dst);
    assertThat(dst).isEqualTo(src);
    NdArray other = f.api.zeros(Shape.of(2, 3));
    assertThat(f.api.copyTo(src, other)).isSameAs(other);
    assertThat(other).isEqualTo(src);

    // Non-contiguous source and destination in different storages.
    NdArray base = f.api.zeros(Shape.of(4, 6));
    f.api.copyFrom(base.slice("::2, ::-2"), f.arange(2, 3));
    assertThat(f.flat(base.slice("::2, ::-2"))).isEqualTo(f.values(range(0, 6)));
    assertThat(f.flat(base.slice("1::2"))).containsOnly(f.v(0));

    assertThatThrownBy(() -> f.api.copyFrom(f.api.zeros(Shape.of(2, 3)), f.arange(3, 2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(3, 2)")
        .hasMessageContaining("(2, 3)");
    assertThatThrownBy(() -> f.api.copyTo(f.arange(6), f.api.zeros(Shape.of(2, 3))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(6,)")
        .hasMessageContaining("(2, 3)");

    NdArray copy = src.slice("::-1").copy();
    f.assertTyped(copy);
    assertThat(copy.layout().isContiguous()).isTrue();
    f.api.setFixed(copy, f.v(9), 0, 0);
    assertThat(f.api.getFixed(src, 1, 0)).isEqualTo(f.v(3));
  }

  void overlappingCopies(Fixture f) {
    // SEMANTICS R8, starting from a = arange(6) each time.
    NdArray a = f.arange(6);
    f.api.copyFrom(a.slice("1:"), a.slice(":-1"));
    assertThat(f.flat(a)).isEqualTo(f.values(0, 0, 1, 2, 3, 4));
    a = f.arange(6);
    f.api.copyFrom(a.slice(":-1"), a.slice("1:"));
    assertThat(f.flat(a)).isEqualTo(f.values(1, 2, 3, 4, 5, 5));
    a = f.arange(6);
    f.api.copyFrom(a.slice(":"), a.slice("::-1"));
    assertThat(f.flat(a)).isEqualTo(f.values(5, 4, 3, 2, 1, 0));
    a = f.arange(6);
    f.api.copyTo(a.slice("::-1"), a);
    assertThat(f.flat(a)).isEqualTo(f.values(5, 4, 3, 2, 1, 0));
    NdArray m = f.arange(3, 4);
    f.api.copyFrom(m.slice(":, :"), m.slice("::-1, ::-1"));
    assertThat(f.flat(m)).isEqualTo(f.values(11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
    // Same storage without overlap copies directly.
    NdArray b = f.arange(6);
    f.api.copyFrom(b.slice(":3"), b.slice("3:"));
    assertThat(f.flat(b)).isEqualTo(f.values(3, 4, 5, 3, 4, 5));
  }

  void toArrays(Fixture f) {
    NdArray a24 = f.a24();
    assertThat(f.flat(a24)).isEqualTo(f.values(range(0, 24)));
    assertThat(f.flat(a24.slice("..., 0"))).isEqualTo(f.values(0, 4, 8, 12, 16, 20));
    Object storage = f.api.toStorageArray(a24.slice("::-1, 1:, ::2"));
    assertThat(storage).isInstanceOf(f.api.storageArrayClass());
    assertThat(Array.getLength(storage)).isEqualTo(8);
    NdArray back = f.c.type().wrapStorage(Shape.of(8), storage);
    assertThat(f.flat(back)).isEqualTo(f.values(16, 18, 20, 22, 4, 6, 8, 10));
    // Fresh arrays: writing to them does not reach the array.
    Object flat = f.api.toStorageArray(a24);
    Array.set(flat, 0, Array.get(f.api.toStorageArray(f.api.scalar(f.v(9))), 0));
    assertThat(f.api.getFixed(a24, 0, 0, 0)).isEqualTo(f.v(0));
    assertThat(f.api.toStorageArray(a24)).isNotSameAs(f.api.toStorageArray(a24));
  }

  // ---------------------------------------------------------------- equality and text

  void equalsAndHashCode(Fixture f) {
    NdArray a24 = f.a24();
    NdArray view = a24.slice("::-1, 1:, ::2");
    NdArray copy = view.copy();
    assertThat(view).isEqualTo(copy).hasSameHashCodeAs(copy);
    assertThat(copy).isEqualTo(view);
    assertThat(view.hashCode())
        .isEqualTo(31 * view.shape().hashCode() + f.flat(view).hashCode());
    assertThat(f.arange(6)).isNotEqualTo(f.arange(2, 3)).isNotEqualTo(f.arange(1, 6));
    assertThat(f.arange(2, 3)).isEqualTo(f.arange(2, 3));
    NdArray changed = f.arange(2, 3);
    f.api.setFixed(changed, f.v(4), 1, 2);  // was v(5); differs for every type, boolean too
    assertThat(changed).isNotEqualTo(f.arange(2, 3));
    assertThat(f.arange(2)).isNotEqualTo(null).isNotEqualTo("[0 1]");
    assertThat(f.api.zeros(Shape.of(0, 3))).isEqualTo(f.api.zeros(Shape.of(0, 3)))
        .isNotEqualTo(f.api.zeros(Shape.of(3, 0)));
    for (ScalarCase<?> other : ScalarCase.TYPES) {
      if (other.type() != f.c.type()) {
        NdArray otherZeros = other.type().zeros(Shape.of(2));
        assertThat(f.api.zeros(Shape.of(2))).as("vs %s", other).isNotEqualTo(otherZeros);
      }
    }
    if (f.c.floating()) {
      // As Float.equals / Double.equals: NaN equals NaN, -0.0 differs from 0.0.
      NdArray nans = f.api.full(Shape.of(2), f.nan());
      assertThat(nans).isEqualTo(f.api.full(Shape.of(2), f.nan()));
      assertThat(nans.hashCode()).isEqualTo(f.api.full(Shape.of(2), f.nan()).hashCode());
      NdArray negZero = f.api.full(Shape.of(2), f.negativeZero());
      assertThat(negZero).isNotEqualTo(f.api.zeros(Shape.of(2)));
    }
  }

  void toStringAsNumpy(Fixture f) {
    assertThat(f.arange(2, 3)).hasToString(f.c.arange6());
    assertThat(f.api.scalar(f.v(0))).hasToString(f.c.zero());
    assertThat(f.api.zeros(Shape.of(0))).hasToString("[]");
    // Summarised above 1000 elements, as numpy: first and last 3 per axis, only those formatted.
    String big = f.api.zeros(Shape.of(2000)).toString();
    assertThat(big).contains("...").hasSizeLessThan(100);
    String cube = f.api.zeros(Shape.of(100, 100, 100)).toString();
    assertThat(cube).contains("...").hasSizeLessThan(2000);
    // A view prints its own elements in C order.
    assertThat(f.arange(2, 3).slice("::-1, ::-1").toString())
        .isEqualTo(f.api.of(Shape.of(2, 3), f.values(5, 4, 3, 2, 1, 0)).toString());
  }

  void edgeValues(Fixture f) {
    List<?> edges = f.c.edges();
    NdArray of = f.api.vector(edges);
    assertThat(f.flat(of)).isEqualTo(edges);
    NdArray set = f.api.zeros(Shape.of(edges.size()));
    for (int i = 0; i < edges.size(); i++) {
      Object e = edges.get(i);
      f.api.setFixed(set, e, -edges.size() + i);
      assertThat(f.api.getFixed(set, i)).isEqualTo(e);
      assertThat(set.getObject(i)).isEqualTo(e);
      assertThat(f.flat(f.api.full(Shape.of(2), e))).containsExactly(e, e);
      assertThat(f.api.scalar(e)).isEqualTo(f.api.scalar(e));
    }
    assertThat(set).isEqualTo(of).hasSameHashCodeAs(of);
    NdArray copy = f.api.zeros(Shape.of(edges.size()));
    f.api.copyFrom(copy, of.slice("::-1"));
    assertThat(f.flat(copy.slice("::-1"))).isEqualTo(edges);
    assertThat(of.toString()).isNotEmpty();
  }
}
