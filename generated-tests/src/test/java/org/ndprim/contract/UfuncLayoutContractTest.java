package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.Complex128NdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.Float16NdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ReadOnlyArrayException;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;
import org.ndprim.UInt16NdArray;
import org.ndprim.UInt32NdArray;
import org.ndprim.UInt64NdArray;
import org.ndprim.UInt8NdArray;
import org.ndprim.Ufunc;
import org.ndprim.layout.Layout;
import org.ndprim.storage.Chunks;

/**
 * The ufuncs over every layout and storage, for every built-in type: {@code add},
 * {@code multiply}, {@code less}, {@code sqrt} (floating types), {@code where} and
 * {@code into} with an output that overlaps an input, over contiguous, strided ({@code ::2}),
 * reversed ({@code ::-1}), transposed, broadcast ({@code (3, 1)} with {@code (4,)}), 0-d and empty
 * operands, each in a Java array, a heap buffer at an odd offset, a big-endian direct buffer,
 * 16-byte chunks and a mapped file. The reference is computed element by element from the
 * operands' values cast to the loop's type (float64 arithmetic is checked per element with
 * {@code getDouble}); for the other types, the same ufunc over contiguous Java-array copies,
 * whose results {@code UfuncGoldenTest} checks against NumPy bit for bit. A call that fails
 * (shapes that do not broadcast, a read-only output, a cast 'same_kind' refuses) writes
 * nothing.
 */
class UfuncLayoutContractTest {
  static final List<ScalarType<?>> TYPES = List.of(BooleanNdArray.TYPE, ByteNdArray.TYPE,
      UInt8NdArray.TYPE, ShortNdArray.TYPE, UInt16NdArray.TYPE, IntNdArray.TYPE,
      UInt32NdArray.TYPE, LongNdArray.TYPE, UInt64NdArray.TYPE, Float16NdArray.TYPE,
      FloatNdArray.TYPE, DoubleNdArray.TYPE, Complex64NdArray.TYPE, Complex128NdArray.TYPE);

  /** The storages: the four of {@link StorageCase}, an odd offset and a mapped file. */
  enum Storage {
    ARRAY, HEAP_ODD_OFFSET, DIRECT_BIG_ENDIAN, TINY_CHUNKS, MAPPED_FILE
  }

  private static Path dir;
  private static final List<FileChannel> CHANNELS = new ArrayList<>();

  @BeforeAll
  static void tempDir() throws IOException {
    dir = Files.createTempDirectory("ufunc-contract");
  }

  @AfterAll
  static void cleanUp() throws IOException {
    for (FileChannel c : CHANNELS) {
      c.close();
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        Files.deleteIfExists(p);
      }
    }
    Files.deleteIfExists(dir);
  }

  /** {@return a new array of {@code type} and {@code a}'s values in the storage} */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static NdArray place(Storage s, NdArray a) {
    ScalarType t = a.scalarType();
    if (s == Storage.ARRAY) {
      return a.copy();
    }
    int bytes = Math.toIntExact(t.byteSize(a.shape()));
    Chunks memory;
    switch (s) {
      case HEAP_ODD_OFFSET:
        memory = Chunks.of(ByteBuffer.allocate(bytes + 3).position(1).limit(bytes + 1).slice()
            .order(ByteOrder.LITTLE_ENDIAN));
        break;
      case DIRECT_BIG_ENDIAN:
        memory = StorageCase.DIRECT_BIG_ENDIAN.memory(bytes);
        break;
      case TINY_CHUNKS:
        memory = StorageCase.TINY_CHUNKS.memory(bytes);
        break;
      default:
        memory = Chunks.of(mapped(bytes));
    }
    NdArray b = t.wrap(a.shape(), memory);
    t.copy(a, b);
    return b;
  }

  private static MappedByteBuffer mapped(int bytes) {
    try {
      Path f = Files.createTempFile(dir, "u", ".bin");
      FileChannel c = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE);
      CHANNELS.add(c);
      MappedByteBuffer m = c.map(FileChannel.MapMode.READ_WRITE, 0, bytes);
      m.order(ByteOrder.LITTLE_ENDIAN);
      return m;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Values {@code k % 7 - 2} (unsigned: {@code k % 7}; complex: imaginary part {@code k % 3}). */
  static NdArray values(ScalarType<?> t, long n, int seed) {
    double[] parts = new double[Math.toIntExact(2 * n)];
    double[] re = new double[Math.toIntExact(n)];
    for (int k = 0; k < n; k++) {
      int v = (k * 5 + seed) % 7;
      re[k] = t.kind() == 'u' || t.kind() == 'b' ? v : v - 2 + (t.kind() == 'f' ? 0.5 : 0);
      parts[2 * k] = re[k];
      parts[2 * k + 1] = (k + seed) % 3 - 1;
    }
    return t.kind() == 'c' ? t.fromComplex(Shape.of(n), parts) : t.fromDoubles(Shape.of(n), re);
  }

  /** One layout: two operands (and a condition) of the given type in the storage. */
  record Operands(String name, NdArray a, NdArray b, BooleanNdArray cond) {}

  static List<Operands> layouts(ScalarType<?> t, Storage s) {
    List<Operands> out = new ArrayList<>();
    BiFunction<Integer, Shape, NdArray> make = (seed, shape) ->
        place(s, values(t, shape.size(), seed).reshape(shape));
    BiFunction<Integer, Shape, BooleanNdArray> cond = (seed, shape) ->
        (BooleanNdArray) place(s, values(BooleanNdArray.TYPE, shape.size(), seed).reshape(shape));
    out.add(new Operands("contiguous", make.apply(1, Shape.of(3, 4)),
        make.apply(2, Shape.of(3, 4)), cond.apply(3, Shape.of(3, 4))));
    out.add(new Operands("strided ::2", make.apply(1, Shape.of(3, 8)).slice(":, ::2"),
        make.apply(2, Shape.of(3, 8)).slice(":, ::2"),
        cond.apply(3, Shape.of(3, 8)).slice(":, ::2")));
    out.add(new Operands("reversed ::-1", make.apply(1, Shape.of(3, 4)).slice("::-1, ::-1"),
        make.apply(2, Shape.of(3, 4)).slice("::-1"),
        cond.apply(3, Shape.of(3, 4)).slice(":, ::-1")));
    out.add(new Operands("transposed", make.apply(1, Shape.of(4, 3)).transpose(),
        make.apply(2, Shape.of(4, 3)).transpose(),
        cond.apply(3, Shape.of(4, 3)).transpose()));
    out.add(new Operands("broadcast (3,1) with (4,)", make.apply(1, Shape.of(3, 1)),
        make.apply(2, Shape.of(4)), cond.apply(3, Shape.of(3, 1))));
    out.add(new Operands("0-d", make.apply(1, Shape.of(1)).reshape(Shape.scalar()),
        make.apply(2, Shape.of(1)).reshape(Shape.scalar()),
        cond.apply(4, Shape.of(1)).reshape(Shape.scalar())));
    out.add(new Operands("empty", make.apply(1, Shape.of(0, 4)), make.apply(2, Shape.of(0, 4)),
        cond.apply(3, Shape.of(0, 4))));
    return out;
  }

  @TestFactory
  Stream<DynamicNode> everyTypeStorageAndLayout() {
    return TYPES.stream().map(t -> DynamicContainer.dynamicContainer(t.name(),
        Stream.of(Storage.values()).map(s -> DynamicContainer.dynamicContainer(s.name(),
            layouts(t, s).stream().map(o -> DynamicTest.dynamicTest(o.name,
                () -> checkLayout(o)))))));
  }

  @TestFactory
  Stream<DynamicNode> overlappingOutAndFailedCalls() {
    return TYPES.stream().filter(t -> t.kind() != 'b').map(t -> DynamicContainer
        .dynamicContainer(t.name(), Stream.of(Storage.values()).map(s -> DynamicTest.dynamicTest(
            s.name(), () -> {
              overlap(t, s);
              failuresWriteNothing(t, s);
            }))));
  }

  /** The ufuncs over one layout against the contiguous Java-array reference. */
  static void checkLayout(Operands o) {
    NdArray a = o.a;
    NdArray b = o.b;
    ScalarType<?> t = a.scalarType();
    for (Ufunc u : List.of(Ufunc.ADD, Ufunc.MULTIPLY, Ufunc.LESS)) {
      NdArray got = u.apply(a, b);
      NdArray ref = u.apply(a.copy(), b.copy());
      assertThat(got.shape()).as("%s shape", u).isEqualTo(ref.shape());
      assertThat(got.layout().isContiguous()).as("a new output is C-order").isTrue();
      assertThat(got).as("%s", u).isEqualTo(ref);
      NdArray out = ref.scalarType().zeros(ref.shape());
      assertThat(u.into(out, a, b)).isEqualTo(ref);
      // where=: only where the mask is true; elsewhere out keeps its values
      NdArray kept = place(Storage.TINY_CHUNKS, values(ref.scalarType(), ref.size(), 6)
          .reshape(ref.shape()));
      NdArray keptBefore = kept.copy();
      u.intoWhere(kept, o.cond, a, b);
      BooleanNdArray m = o.cond.broadcastTo(ref.shape());
      eachIndex(ref.shape(), i -> assertThat(kept.getObject(i)).as("%s where= at %s", u,
          java.util.Arrays.toString(i)).isEqualTo(m.getBoolean(i) ? ref.getObject(i)
              : keptBefore.getObject(i)));
      // an out of a wider type of the same kind takes the result cast
      if (u != Ufunc.LESS && (t == ByteNdArray.TYPE || t == FloatNdArray.TYPE)) {
        ScalarType<?> wide = t == ByteNdArray.TYPE ? LongNdArray.TYPE : DoubleNdArray.TYPE;
        assertThat(u.into(wide.zeros(ref.shape()), a, b)).isEqualTo(ref.astype(wide));
      }
      if (t == DoubleNdArray.TYPE) { // per element from the typed getters
        Shape shape = ref.shape();
        DoubleNdArray x = (DoubleNdArray) a.broadcastTo(shape);
        DoubleNdArray y = (DoubleNdArray) b.broadcastTo(shape);
        eachIndex(shape, i -> {
          double p = x.getDouble(i);
          double q = y.getDouble(i);
          Object expected = u == Ufunc.ADD ? (Object) (p + q) : u == Ufunc.MULTIPLY
              ? (Object) (p * q) : (Object) (p < q);
          assertThat(got.getObject(i)).as("%s at %s", u, java.util.Arrays.toString(i))
              .isEqualTo(expected);
        });
      }
    }
    if (t.kind() == 'f') {
      NdArray got = Ufunc.SQRT.apply(a);
      assertThat(got).isEqualTo(Ufunc.SQRT.apply(a.copy()));
      if (t == DoubleNdArray.TYPE || t == FloatNdArray.TYPE) {
        eachIndex(a.shape(), i -> {
          double v = ((Number) a.getObject(i)).doubleValue();
          Object expected = t == DoubleNdArray.TYPE ? (Object) Math.sqrt(v)
              : (Object) (float) Math.sqrt(v);
          assertThat(got.getObject(i)).isEqualTo(expected);
        });
      }
    }
    NdArray w = Ufunc.where(o.cond, a, b);
    Shape shape = w.shape();
    NdArray x = a.broadcastTo(shape);
    NdArray y = b.broadcastTo(shape);
    BooleanNdArray c = o.cond.broadcastTo(shape);
    eachIndex(shape, i -> assertThat(w.getObject(i))
        .isEqualTo(c.getBoolean(i) ? x.getObject(i) : y.getObject(i)));
  }

  interface IndexCheck {
    void check(long[] index);
  }

  /** Calls {@code check} with every index of the shape, in C order. */
  static void eachIndex(Shape shape, IndexCheck check) {
    long[] dims = shape.asArray();
    long size = shape.size();
    for (long flat = 0; flat < size; flat++) {
      long[] i = new long[dims.length];
      long rest = flat;
      for (int d = dims.length - 1; d >= 0; d--) {
        i[d] = rest % dims[d];
        rest /= dims[d];
      }
      check.check(i);
    }
  }

  /** NumPy's overlap rule: {@code into(a[1:], a[:-1], a[1:])} and {@code into(a, a, b)}. */
  static void overlap(ScalarType<?> t, Storage s) {
    NdArray a = place(s, values(t, 10, 1));
    NdArray original = a.copy();
    NdArray expected = Ufunc.ADD.apply(original.slice(":-1"), original.slice("1:"));
    Ufunc.ADD.into(a.slice("1:"), a.slice(":-1"), a.slice("1:"));
    assertThat(a.slice("1:")).as("shifted by one").isEqualTo(expected);
    assertThat(a.get(0)).isEqualTo(original.get(0));
    // reversed: the output runs backwards over the input
    NdArray r = place(s, values(t, 10, 1));
    NdArray rexp = Ufunc.MULTIPLY.apply(original.slice("::-1"), original);
    Ufunc.MULTIPLY.into(r, r.slice("::-1"), r);
    assertThat(r).as("reversed").isEqualTo(rexp);
    // identical: a += b
    NdArray c = place(s, values(t, 10, 1));
    NdArray b = place(s, values(t, 10, 2));
    NdArray sum = Ufunc.ADD.apply(original, b);
    assertThat(Ufunc.ADD.into(c, c, b)).isSameAs(c);
    assertThat(c).as("identical").isEqualTo(sum);
  }

  /** A call that fails leaves {@code out} as it was. */
  static void failuresWriteNothing(ScalarType<?> t, Storage s) {
    NdArray out = place(s, values(t, 12, 3).reshape(Shape.of(3, 4)));
    NdArray before = out.copy();
    NdArray a = place(s, values(t, 12, 1).reshape(Shape.of(3, 4)));
    NdArray wrong = place(s, values(t, 5, 2));
    assertThatThrownBy(() -> Ufunc.ADD.into(out, a, wrong))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(3, 4)").hasMessageContaining("(5,)");
    assertThat(out).isEqualTo(before);
    NdArray readOnly = out.readOnly();
    assertThatThrownBy(() -> Ufunc.ADD.into(readOnly, a, a))
        .isInstanceOf(ReadOnlyArrayException.class);
    assertThat(out).isEqualTo(before);
    // a result of a higher kind than out's: refused by 'same_kind'
    if (t.kind() != 'c') {
      ScalarType<?> higher = t.kind() == 'f' ? Complex128NdArray.TYPE : DoubleNdArray.TYPE;
      NdArray d = place(s, values(higher, 12, 1).reshape(Shape.of(3, 4)));
      assertThatThrownBy(() -> Ufunc.ADD.into(out, d, a))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("Cannot cast ufunc 'add' output from dtype('" + numpyName(higher)
              + "') to dtype('" + numpyName(t) + "') with casting rule 'same_kind'");
      assertThat(out).isEqualTo(before);
    }
    // a broadcast output: refused before anything is written
    NdArray row = place(s, values(t, 4, 5));
    NdArray rowBefore = row.copy();
    assertThatThrownBy(() -> Ufunc.ADD.into(row.broadcastTo(Shape.of(3, 4)), a, a))
        .isInstanceOf(ReadOnlyArrayException.class);
    NdArray repeated = row.asStrided(Layout.of(0, new long[] {3, 4}, new long[] {0, 1}));
    assertThatThrownBy(() -> Ufunc.ADD.into(repeated, a, a))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("stride 0 along axis 0");
    assertThat(row).isEqualTo(rowBefore);
  }

  static String numpyName(ScalarType<?> t) {
    String kind = switch (t.kind()) {
      case 'i' -> "int";
      case 'u' -> "uint";
      case 'f' -> "float";
      default -> "complex";
    };
    return kind + 8 * t.itemSize();
  }
}
