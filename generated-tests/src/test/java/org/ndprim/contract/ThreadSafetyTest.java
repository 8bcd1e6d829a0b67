package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.ByteNdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.io.Npy;
import org.ndprim.io.Npz;

/**
 * What docs/storage.md's "Thread safety" promises, run: many threads reading one array and its
 * views on every storage and on a mapped file; threads writing disjoint elements (neighbouring
 * bytes included) of one array through views; one open {@code Npz} shared by many readers; and
 * concurrent atomic writes of one path. Every thread starts at one barrier, so they overlap;
 * every wait is bounded.
 */
class ThreadSafetyTest {
  private static final int THREADS = 8;

  @TempDir Path dir;

  /** Runs {@code task(t)} on {@code THREADS} threads started together; returns their results. */
  private static <T> List<T> together(TaskOf<T> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    CyclicBarrier start = new CyclicBarrier(THREADS);
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int id = t;
        Callable<T> c = () -> {
          start.await(1, TimeUnit.MINUTES);
          return task.run(id);
        };
        futures.add(pool.submit(c));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> f : futures) {
        results.add(f.get(2, TimeUnit.MINUTES));
      }
      return results;
    } finally {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
    }
  }

  @FunctionalInterface
  private interface TaskOf<T> {
    T run(int thread) throws Exception;
  }

  /** What a reader computes from an array: reductions, views, copies, text, single elements. */
  private static List<Object> read(DoubleNdArray a) {
    List<Object> out = new ArrayList<>();
    out.add(a.sum());
    out.add(a.sum(1));
    out.add(a.min(0));
    out.add(a.argMax());
    out.add(a.mean());
    out.add(a.slice("::-1, 3::7").sum());
    out.add(a.transpose().copy());
    out.add(a.slice("5:9, ::50").toString());
    out.add(a.astype(IntNdArray.TYPE).sum());
    double[] probes = new double[64];
    for (int i = 0; i < probes.length; i++) {
      probes[i] = a.getDouble(i % 64, (i * 37) % 257);
    }
    out.add(java.util.Arrays.toString(probes));
    DoubleAdder rows = new DoubleAdder();
    a.elements(0).forEach(row -> rows.add(row.getDouble(100)));
    out.add(rows.sum());
    return out;
  }

  private static DoubleNdArray values() {
    double[] v = new double[64 * 257];
    for (int i = 0; i < v.length; i++) {
      v[i] = (i * 7919 % 1000) / 8.0 - 60;
    }
    return DoubleNdArray.of(Shape.of(64, 257), v);
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void manyThreadsReadOneArrayAndItsViewsOnEveryStorageAndAMappedFile() throws Exception {
    DoubleNdArray source = values();
    List<Object> expected = read(source);
    Map<String, DoubleNdArray> arrays = new LinkedHashMap<>();
    for (StorageCase s : StorageCase.values()) {
      arrays.put(s.toString(), s.place(DoubleNdArray.TYPE, values()));
    }
    Path file = dir.resolve("a.npy");
    Npy.write(source, file);
    arrays.put("mapped", Npy.map(file, Npy.MapMode.READ_ONLY, DoubleNdArray.TYPE));
    for (Map.Entry<String, DoubleNdArray> e : arrays.entrySet()) {
      DoubleNdArray shared = e.getValue();
      List<List<List<Object>>> seen = together(t -> {
        List<List<Object>> rounds = new ArrayList<>();
        for (int round = 0; round < 10; round++) {
          rounds.add(read(shared));
        }
        return rounds;
      });
      for (List<List<Object>> rounds : seen) {
        for (List<Object> r : rounds) {
          assertThat(r).as(e.getKey()).isEqualTo(expected);
        }
      }
    }
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void threadsWritingDisjointElementsThroughViewsLoseNoWrite() throws Exception {
    Shape shape = Shape.of(40, 8 * THREADS);
    List<ByteNdArray> bytes = new ArrayList<>();
    List<LongNdArray> longs = new ArrayList<>();
    for (StorageCase s : StorageCase.values()) {
      bytes.add(s.place(ByteNdArray.TYPE, ByteNdArray.zeros(shape)));
      longs.add(s.place(LongNdArray.TYPE, LongNdArray.zeros(shape)));
    }
    bytes.add(Npy.mapNew(dir.resolve("b.npy"), ByteNdArray.TYPE, shape));
    longs.add(Npy.mapNew(dir.resolve("l.npy"), LongNdArray.TYPE, shape));
    for (int k = 0; k < bytes.size(); k++) {
      ByteNdArray b = bytes.get(k);
      LongNdArray l = longs.get(k);
      // thread t owns columns t, t + THREADS, ...: neighbouring bytes belong to other threads
      together(t -> {
        ByteNdArray mine = b.slice(":, " + t + "::" + THREADS);
        LongNdArray mineL = l.slice(":, " + t + "::" + THREADS);
        for (int round = 1; round <= 200; round++) {
          mine.fill((byte) (t * 10 + round % 7));
          mineL.fill(((long) t << 40) + round);
          mine.get(round % 40).setByte((byte) (t + 1), round % 8);
        }
        mine.fill((byte) (t + 1));
        mineL.fill(-1L - t);
        return null;
      });
      for (int i = 0; i < shape.dim(0); i++) {
        for (int j = 0; j < shape.dim(1); j++) {
          assertThat(b.getByte(i, j)).as("storage %d byte (%d, %d)", k, i, j)
              .isEqualTo((byte) (j % THREADS + 1));
          assertThat(l.getLong(i, j)).as("storage %d long (%d, %d)", k, i, j)
              .isEqualTo(-1L - j % THREADS);
        }
      }
    }
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void oneOpenNpzIsReadByManyThreadsAtOnce() throws Exception {
    Map<String, NdArray> members = new LinkedHashMap<>();
    members.put("d", values());
    members.put("i", IntNdArray.of(Shape.of(3, 4), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    members.put("big", values().slice("::-1").copy());
    for (boolean compressed : new boolean[] {false, true}) {
      Path file = dir.resolve(compressed + ".npz");
      if (compressed) {
        Npz.writeCompressed(file, members);
      } else {
        Npz.write(file, members);
      }
      try (Npz npz = Npz.open(file)) {
        List<Boolean> ok = together(t -> {
          for (int round = 0; round < 20; round++) {
            for (Map.Entry<String, NdArray> e : members.entrySet()) {
              Npz.Member m = npz.member(e.getKey());
              assertThat(m.header().shape()).isEqualTo(e.getValue().shape());
              assertThat(m.read()).isEqualTo(e.getValue());
              long[] count = new long[1];
              m.readBlocks(100, (block, offset) -> count[0] += block.shape().size());
              assertThat(count[0]).isEqualTo(e.getValue().shape().size());
              try (InputStream in = m.openStream()) {
                assertThat(in.readAllBytes().length).isEqualTo(m.size());
              }
            }
            assertThat(npz.members()).hasSize(members.size());
          }
          return true;
        });
        assertThat(ok).containsOnly(true);
      }
    }
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void concurrentWritesOfOnePathLeaveOneCompleteFile() throws Exception {
    Path file = dir.resolve("same.npy");
    Shape shape = Shape.of(300, 301);
    for (int round = 0; round < 5; round++) {
      together(t -> {
        Npy.write(IntNdArray.full(shape, t), file);
        return null;
      });
      IntNdArray back = Npy.read(file, IntNdArray.TYPE);
      assertThat(back.shape()).isEqualTo(shape);
      int first = back.getInt(0, 0);
      assertThat(back).isEqualTo(IntNdArray.full(shape, first));
      try (Stream<Path> left = Files.list(dir)) {
        assertThat(left).as("no temporary file left").containsExactly(file);
      }
    }
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void factoriesAndReadsFromManyThreadsGiveIndependentArrays() throws Exception {
    Path file = dir.resolve("r.npy");
    Npy.write(values(), file);
    List<DoubleNdArray> made = together(t -> {
      DoubleNdArray a = DoubleNdArray.zeros(Shape.of(64, 257));
      a.copyFrom(Npy.read(file, DoubleNdArray.TYPE));
      a.setDouble(t, 0, 0);
      return a;
    });
    for (int t = 0; t < THREADS; t++) {
      assertThat(made.get(t).getDouble(0, 0)).isEqualTo(t);
      assertThat(made.get(t).slice("1:")).isEqualTo(values().slice("1:"));
    }
  }
}
