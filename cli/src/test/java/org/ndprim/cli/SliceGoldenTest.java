package org.ndprim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ndprim.io.Npy;

/** `ndprim slice digits.npy SPEC -o OUT` against numpy's own digits[SPEC] (gen_slice_golden.py). */
class SliceGoldenTest {
  @TempDir Path dir;

  static Stream<Arguments> manifest() throws IOException {
    List<String> lines = Files.readAllLines(Cli.golden("manifest.tsv"), StandardCharsets.US_ASCII);
    return lines.stream()
        .filter(l -> !l.startsWith("#") && !l.isBlank())
        .map(l -> l.split("\t"))
        .map(f -> Arguments.of(f[0], f[1], f[2]));
  }

  @Test
  void manifestCoversEnoughSpecs() throws IOException {
    assertThat(manifest().count()).isGreaterThanOrEqualTo(8);
  }

  @ParameterizedTest(name = "{0}: digits[{1}] -> {2}")
  @MethodSource("manifest")
  void sliceMatchesNumpy(String name, String spec, String shape) throws IOException {
    Path out = dir.resolve(name + ".npy");
    Cli.Result r = Cli.run("slice", Cli.digits().toString(), spec, "-o", out.toString());

    assertThat(r.code()).as(r.err()).isZero();
    // printed as numpy prints str(digits[SPEC])
    assertThat(r.out()).isEqualTo(Files.readString(Cli.golden(name + ".txt"), StandardCharsets.US_ASCII));
    assertThat(r.err()).contains("wrote " + out);
    // same values and shape as numpy's result ...
    assertThat(Npy.read(out)).isEqualTo(Npy.read(Cli.golden(name + ".npy")));
    assertThat(Npy.read(out).shape().toString()).isEqualTo(shape);
    // ... and the same bytes as np.save of it
    assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(Cli.golden(name + ".npy")));
  }

  @Test
  void specWordsAreJoined() {
    Cli.Result joined = Cli.run("slice", Cli.digits().toString(), "0,", "::2,", "::2");
    assertThat(joined.code()).isZero();
    assertThat(joined.out()).isEqualTo(Cli.run("slice", Cli.digits().toString(), "0, ::2, ::2").out());
  }

  @Test
  void specStartingWithMinusIsNotAnOption() throws IOException {
    Cli.Result r = Cli.run("slice", Cli.digits().toString(), "-1");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo(Files.readString(Cli.golden("negative_int.txt")));
    assertThat(Cli.run("slice", Cli.digits().toString(), "-2,", "-1,", "-8").out())
        .isEqualTo(Files.readString(Cli.golden("negative_ints.txt")));
  }
}
