package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;

/**
 * An empty array stored in Fortran order has the shape its header says, as {@code np.load} reads
 * it: a header {@code (5, 0, 3)} with {@code 'fortran_order': True} is {@code (5, 0, 3)} from every
 * read path and for every built-in type (it was {@code (3, 0, 5)} from {@link Npy#read} and from
 * {@code .npz} members, which reversed the dims without transposing).
 */
class NpyFortranEmptyTest {
  private static final long[][] SHAPES = {{5, 0, 3}, {0, 4}, {4, 0}, {2, 3, 0, 1}, {0}};

  @TempDir Path dir;

  @Test
  void everyReadPathGivesTheHeadersShape() throws IOException {
    List<String> wrong = new ArrayList<>();
    for (String descr : Npy.builtInDtypes()) {
      ScalarType<?> type = Npy.builtInType(descr).orElseThrow();
      for (long[] dims : SHAPES) {
        byte[] file = Npy.header(descr, dims, true);
        Shape expected = Shape.of(dims);
        Path path = Files.write(dir.resolve("f.npy"), file);
        Path stored = dir.resolve("stored.npz");
        Path deflated = dir.resolve("deflated.npz");
        Npz.writeMembers(stored, Map.of("x", out -> out.write(file)), false);
        Npz.writeMembers(deflated, Map.of("x", out -> out.write(file)), true);
        Map<String, NdArray> reads = new java.util.LinkedHashMap<>();
        reads.put("Npy.read(path)", Npy.read(path));
        reads.put("Npy.read(path, type)", Npy.read(path, type));
        reads.put("Npy.read(stream)", Npy.read(new ByteArrayInputStream(file)));
        reads.put("Npy.read(stream, type)", Npy.read(new ByteArrayInputStream(file), type));
        InputStream in = new ByteArrayInputStream(file);
        reads.put("Npy.readData", Npy.readData(in, Npy.readHeader(in)));
        reads.put("Npy.map", Npy.map(path, Npy.MapMode.READ_ONLY));
        try (Npz npz = Npz.open(stored)) {
          reads.put("stored member", npz.member("x").read());
          reads.put("stored member as type", npz.member("x").read(type));
        }
        try (Npz npz = Npz.open(deflated)) {
          reads.put("deflated member", npz.member("x").read());
        }
        reads.put("Npz.read", Npz.read(stored).get("x"));
        reads.forEach((how, a) -> {
          if (!a.shape().equals(expected) || a.scalarType() != type) {
            wrong.add(descr + " " + expected + " by " + how + ": " + a.shape() + " " + a.scalarType().name());
          }
        });
      }
    }
    assertThat(wrong).isEmpty();
  }
}
