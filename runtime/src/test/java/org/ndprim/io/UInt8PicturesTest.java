package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ndprim.FloatNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.UInt8NdArray;

/**
 * Real uint8 pictures (scikit-image's, see {@code images/LICENSE.txt}) read, sliced and printed
 * as numpy does: {@code images/image_cases.txt}, written by {@code gen_image_golden.py}.
 */
class UInt8PicturesTest {
  private static final Path IMAGES = Path.of("src/test/resources/images");

  private static Map<String, String> cases(String picture) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    for (String line : Files.readAllLines(IMAGES.resolve("image_cases.txt"),
        StandardCharsets.UTF_8)) {
      String[] f = line.split("\\|", 3);
      if (f[0].equals(picture)) {
        out.put(f[1], f[2].replace("\\n", "\n"));
      }
    }
    return out;
  }

  @Test
  void greyPictureReadsSlicesAndPrintsAsNumpy() throws IOException {
    NdArray read = Npy.read(IMAGES.resolve("microaneurysms.npy"));
    assertThat(read).isInstanceOf(UInt8NdArray.class);
    UInt8NdArray a = (UInt8NdArray) read;
    assertThat(a.shape()).isEqualTo(Shape.of(102, 102));
    Map<String, String> numpy = cases("microaneurysms");
    assertThat(numpy).hasSize(12);
    assertThat(a).hasToString(numpy.get("a"));
    assertThat(a.slice("40:48, 40:50")).hasToString(numpy.get("a[40:48, 40:50]"));
    assertThat(a.slice("::-25, ::25")).hasToString(numpy.get("a[::-25, ::25]"));
    assertThat(a.get(50)).hasToString(numpy.get("a[50]"));
    assertThat(a.transpose().slice("3:6, :4")).hasToString(numpy.get("a.T[3:6, :4]"));
    assertThat(Long.toString(a.sum())).isEqualTo(numpy.get("a.sum()"));
    assertThat(Integer.toString(a.min())).isEqualTo(numpy.get("a.min()"));
    assertThat(Integer.toString(a.max())).isEqualTo(numpy.get("a.max()"));
    assertThat(Long.toString(a.argMax())).isEqualTo(numpy.get("a.argmax()"));
    assertThat(a.sum(0).slice(":8")).hasToString(numpy.get("a.sum(axis=0)[:8]"));
    assertThat(a.slice("40:44, 40:44").astype(FloatNdArray.TYPE).map(v -> v / 255))
        .hasToString(numpy.get("a[40:44, 40:44].astype(np.float32) / 255"));
    assertThat(a.slice(":3, :3").astype(org.ndprim.ByteNdArray.TYPE))
        .hasToString(numpy.get("a[:3, :3].astype(np.int8)"));
    // That the .npy holds the PNG's pixels as javax.imageio decodes them is the cli's
    // PicturesTest (this module does not read java.desktop).
  }

  @Test
  void rgbPictureFromAnNpzReadsSlicesAndPrintsAsNumpy() throws IOException {
    UInt8NdArray a;
    try (Npz npz = Npz.open(IMAGES.resolve("phantom.npz"))) {
      a = npz.member("image").read(UInt8NdArray.TYPE);
    }
    assertThat(a.shape()).isEqualTo(Shape.of(400, 400, 3));
    Map<String, String> numpy = cases("phantom");
    assertThat(a.slice("200, 195:205")).hasToString(numpy.get("a[200, 195:205]"));
    assertThat(a.slice("::100, ::100, 0")).hasToString(numpy.get("a[::100, ::100, 0]"));
    assertThat(a.slice("100:103, 200, :")).hasToString(numpy.get("a[100:103, 200, :]"));
    assertThat(Long.toString(a.sum())).isEqualTo(numpy.get("a.sum()"));
    assertThat(Integer.toString(a.max())).isEqualTo(numpy.get("a.max()"));
    assertThat(a.slice("..., 1").sum(1).slice("195:200"))
        .hasToString(numpy.get("a[..., 1].sum(axis=1)[195:200]"));
  }
}
