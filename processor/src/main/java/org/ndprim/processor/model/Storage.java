package org.ndprim.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.Optional;

/**
 * Where one generated implementation keeps its elements, and the only code of the processor that
 * spells an element load, an element store or an allocation of storage (NumPy's data pointer
 * behind its strided struct). One implementation class per storage and scalar type is generated
 * ({@link #implementation}); writers describe loops and element operations, and this model turns
 * them into code for its storage.
 *
 * <p>The storage is seen by the inner loops as <em>segments</em>: containers indexed by
 * {@code int} ({@link #segmentType}). A Java array is one segment; memory in byte buffers is one
 * segment per chunk, so a run of elements is split where it crosses into the next chunk
 * ({@link #chunked()}). Element offsets outside the loops ({@link #loadAt}, the accessors) are the
 * layout's {@code long} offsets.
 *
 * <p>A new storage kind is a new subclass here and its runtime support; the writers iterate over
 * {@link #ALL} and do not change.
 */
public abstract class Storage {
  /** A Java array of the storage primitive ({@code short[]}), indexed by {@code int}. */
  public static final Storage ARRAY = new ArrayStorage();
  /** One byte buffer (heap, direct or memory-mapped), indexed by {@code int}. */
  public static final Storage BUFFER = new BufferStorage();
  /** Byte buffers in chunks (memory beyond 2 GiB), indexed by {@code long}. */
  public static final Storage CHUNKED = new ChunkedStorage();
  /** Every storage, in the order implementations are generated and dispatched on. */
  public static final List<Storage> ALL = List.of(ARRAY, BUFFER, CHUNKED);
  /**
   * The middle of the class name of a complex type's one implementation,
   * {@code <name>PartsNdArray}: it holds no storage of its own but an array of its parts' type
   * ({@code FloatNdArray} for {@code Complex64}) over any of the storages above.
   */
  public static final String PARTS_KIND = "Parts";

  Storage() {}

  /** Returns the kind, the middle of the class name: {@code Array}, {@code Buffer}. */
  public abstract String kind();

  /** Returns the generated class, {@code <name><kind>NdArray} in the spec's package. */
  public final ClassName implementation(ScalarModel model) {
    return ClassName.get(model.spec().packageName(), model.name() + kind() + "NdArray");
  }

  /** Returns Javadoc text naming the storage, e.g. {@code a {@code short[]}}. */
  public abstract String describe(ScalarModel model);

  /** Returns a Javadoc paragraph on how the storage holds and addresses elements. */
  public abstract String details(ScalarModel model);

  // ---------------------------------------------------------------- fields and construction

  /** Returns the fields holding the storage, in declaration order. */
  public abstract List<FieldSpec> fields(ScalarModel model);

  /**
   * Returns the constructor parameter that hands the storage to a new instance: the array for
   * array storage, the {@code Chunks} memory for buffers.
   */
  public abstract ParameterSpec parameter(ScalarModel model);

  /** Returns the statements of the constructor that set {@link #fields} from {@link #parameter}. */
  public abstract CodeBlock initialize(ScalarModel model);

  /**
   * Returns the expression, over {@link #parameter}, that forces a new instance read-only (memory
   * in read-only buffers), or empty.
   */
  public abstract Optional<CodeBlock> forcesReadOnly();

  /**
   * Returns the expression, in an instance, that says its storage is in the other byte order
   * than the machine's (every access swaps bytes), or empty for storage that is always in the
   * machine's order (a Java array).
   */
  public abstract Optional<CodeBlock> swapped();

  /**
   * Returns the {@code ScalarType} factory making a writable C-order instance over storage handed
   * in as the runtime passes it: a lambda {@code (storage, layout) -> ...}.
   */
  public abstract CodeBlock typeFactory(ScalarModel model);

  /**
   * Returns the expression of {@code owner}'s storage object as the runtime's
   * {@code SharedMemory.mayOverlap} takes it: the Java array, or the {@code Chunks} memory.
   */
  public abstract CodeBlock storageObject(String owner);

  /**
   * Returns the expression of why an instance over read-only storage refuses writes (e.g. the
   * memory maps a file read-only), for when {@link #forcesReadOnly} holds; empty when the storage
   * is never read-only.
   */
  public Optional<CodeBlock> readOnlyReason() {
    return Optional.empty();
  }

  /**
   * Returns the expression copying a contiguous stretch {@code [from, to)} of this instance's
   * storage into a fresh Java array of the storage primitive without zeroing it first, or empty.
   */
  public abstract Optional<CodeBlock> copyOfRange(ScalarModel model, CodeBlock from, CodeBlock to);

  /** Returns private helper methods the storage's code uses (e.g. random access into chunks). */
  public abstract List<MethodSpec> helpers(ScalarModel model);

  /** Returns the expression allocating zeroed storage of {@code size} elements (an array only). */
  public abstract Optional<CodeBlock> allocate(ScalarModel model, CodeBlock size);

  // ---------------------------------------------------------------------------- random access

  /** Returns the type of an element index outside loops: {@code int} or {@code long}. */
  public abstract TypeName indexType();

  /**
   * Returns the element index of the coordinates {@code args} (names of {@code long} parameters,
   * comma-separated, or {@code coords}) through the layout: its checks and NumPy's messages.
   */
  public abstract CodeBlock coordinateIndex(CodeBlock args);

  /** Returns the element index of a {@code long} layout offset, as {@link #indexType()}. */
  public abstract CodeBlock index(CodeBlock offset);

  /** Returns the storage value at {@code index} (of {@link #indexType()}) of {@code owner}. */
  public abstract CodeBlock loadAt(ScalarModel model, String owner, CodeBlock index);

  /** Returns the statement storing a storage value at {@code index} of this instance. */
  public abstract CodeBlock storeAt(ScalarModel model, CodeBlock index, CodeBlock value);

  // --------------------------------------------------------------------------------- segments

  /** Returns the container an inner loop indexes by {@code int}: {@code short[]}, {@code ShortBuffer}. */
  public abstract TypeName segmentType(ScalarModel model);

  /** Returns whether runs are split into several segments (chunks of memory). */
  public abstract boolean chunked();

  /** Returns the segment holding {@code long} offset {@code offset} of {@code owner}'s storage. */
  public abstract CodeBlock segmentOf(String owner, CodeBlock offset);

  /** Returns segment number {@code chunk} of {@code owner}'s storage. */
  public abstract CodeBlock segmentAt(String owner, CodeBlock chunk);

  /**
   * Returns {@code owner}'s memory, the runtime's {@code Chunks}, that a segment cursor walks, or
   * empty for storage that is one unbounded segment (a Java array).
   */
  public abstract Optional<CodeBlock> memory(String owner);

  /**
   * Returns the parameter a per-segment helper method takes for its segment, or empty when the
   * segment is the instance's own field (a Java array: the helper reads the field).
   */
  public abstract Optional<ParameterSpec> segmentParameter(ScalarModel model);

  /** Returns the storage value at {@code index} of {@code segment}. */
  public abstract CodeBlock load(ScalarModel model, CodeBlock segment, CodeBlock index);

  /** Returns the statement storing a storage value at {@code index} of {@code segment}. */
  public abstract CodeBlock store(ScalarModel model, CodeBlock segment, CodeBlock index,
      CodeBlock value);

  /**
   * Returns whether this storage's segments are Java arrays of the storage primitive (else
   * typed {@code java.nio} buffers).
   */
  abstract boolean segmentsAreArrays();

  /**
   * Returns the statement copying {@code count} storage values from a segment of {@code from} to a
   * segment of this storage, both with stride 1, or empty when there is no bulk copy for them
   * (then callers copy element by element).
   */
  public final Optional<CodeBlock> bulkCopy(ScalarModel model, Storage from, CodeBlock fromSegment,
      CodeBlock fromIndex, CodeBlock toSegment, CodeBlock toIndex, CodeBlock count) {
    if (from.segmentsAreArrays() && segmentsAreArrays()) {
      return Optional.of(CodeBlock.of("$T.arraycopy($L, $L, $L, $L, $L);\n", System.class,
          fromSegment, fromIndex, toSegment, toIndex, count));
    }
    if (from.segmentsAreArrays()) {
      return TypedBuffers.putArray(model, toSegment, toIndex, fromSegment, fromIndex, count);
    }
    if (segmentsAreArrays()) {
      return TypedBuffers.getArray(model, fromSegment, fromIndex, toSegment, toIndex, count);
    }
    return Optional.of(CodeBlock.of("$L.put($L, $L, $L, $L);\n", toSegment, toIndex, fromSegment,
        fromIndex, count));
  }

  /**
   * Returns the statement copying {@code count} storage values of a segment with stride 1 into a
   * fresh Java array of the storage primitive, or empty.
   */
  public final Optional<CodeBlock> bulkToArray(ScalarModel model, CodeBlock segment,
      CodeBlock index, CodeBlock array, CodeBlock arrayIndex, CodeBlock count) {
    return ARRAY.bulkCopy(model, this, segment, index, array, arrayIndex, count);
  }

  @Override
  public String toString() {
    return kind();
  }
}
