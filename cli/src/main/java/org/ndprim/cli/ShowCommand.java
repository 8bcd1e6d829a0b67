package org.ndprim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import javax.imageio.ImageIO;
import org.ndprim.NdArray;
import org.ndprim.io.AtomicFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ndprim show FILE [SPEC] [-o OUT.png] [--scale N]}: a 2-D slice as a picture. */
@Command(
    name = "show",
    description = {
      "Draw FILE[SPEC] as a picture: a 2-D slice (H, W) in gray, an (H, W, 3|4) slice in RGB(A).",
      "uint8 is drawn exactly and bool as black/white; other dtypes are scaled linearly, the smallest "
          + "finite value to 0 (black) and the largest to 255 (white); NaN and -inf are drawn as 0, +inf as 255; "
          + "a complex dtype by its real part. "
          + "With -o, writes a PNG (8-bit gray, RGB or RGBA); without, draws it in the terminal: Unicode half "
          + "blocks in 256-colour grays when the terminal has them, plain characters otherwise. "
          + "Small pictures are enlarged by nearest neighbour (an 8x8 digit to 256x256 pixels in a PNG), "
          + "wide ones reduced to the terminal's width ($COLUMNS, else stty's, else 80)."
    })
final class ShowCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
  boolean help;

  @Parameters(index = "0", paramLabel = "FILE", description = "a .npy file (- for standard input) or a .npz archive")
  String file;

  @Parameters(index = "1..*", arity = "0..*", paramLabel = "SPEC",
      description = "NumPy basic indexing to pick the picture, e.g. \"0\" for the first of a stack")
  List<String> specWords;

  @Option(names = "--member", paramLabel = "NAME",
      description = "the member of a .npz archive (NAME or NAME.npy); not needed when it has only one")
  String member;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT.png",
      description = "write a PNG (atomically) instead of drawing in the terminal; OUT must end in .png")
  String output;

  @Option(names = "--scale", paramLabel = "N",
      description = "enlarge N times by nearest neighbour (default: small pictures are enlarged until"
          + " the longer side is 256 pixels in a PNG, 32 half-block or 16 character pixels in a terminal)")
  Integer scale;

  @Option(names = "--color", paramLabel = "WHEN",
      description = "colour in the terminal: auto (default: when stdout is a 256-colour terminal), always, never")
  String color = "auto";

  @Override
  public Integer call() throws Exception {
    Main main = (Main) spec.parent().userObject();
    if (scale != null && (scale < 1 || scale > 1024)) {
      throw new Usage("--scale takes 1 to 1024, not " + scale);
    }
    if (!color.equals("auto") && !color.equals("always") && !color.equals("never")) {
      throw new Usage("--color takes auto, always or never, not '" + color + "'");
    }
    String indexSpec = specWords == null || specWords.isEmpty() ? null : SliceCommand.indexSpec(specWords);
    if (output != null) {
      Output.checkName(output, "-o", "show writes a PNG", ".png");
      Output.checkWritable(output);
    }
    NdArray array = SliceCommand.load(main, file, member);
    String what = file;
    if (indexSpec != null) {
      array = array.slice(indexSpec);
      what = file + "[" + indexSpec + "]";
    }
    Picture picture = Picture.of(array, what, indexSpec);
    PrintWriter out = spec.commandLine().getOut();
    if (output != null) {
      int s = scale != null ? scale : Math.max(1, 256 / Math.max(picture.width, picture.height));
      java.awt.image.BufferedImage image = picture.image(s);
      ImageIO.setUseCache(false);
      AtomicFile.write(Path.of(output), o -> {
        if (!ImageIO.write(image, "png", o)) {
          throw new java.io.IOException("javax.imageio has no PNG writer");
        }
      });
      PrintWriter err = spec.commandLine().getErr();
      err.println("wrote " + org.ndprim.text.Printable.escape(output) + ": " + image.getWidth() + "x" + image.getHeight() + " pixels, "
          + picture.kind() + " (" + picture.width + "x" + picture.height + " " + picture.mapping
          + (s > 1 ? ", each pixel " + s + "x" + s : "") + ")");
      err.flush();
      return 0;
    }
    Preview.Mode mode = mode(main, color);
    int[] size;
    if (scale != null) {
      size = new int[] {picture.width * scale, picture.height * scale};
      if ((long) size[0] * size[1] > Picture.MAX_SAMPLES) {
        throw new Usage("--scale " + scale + " is too large for the terminal");
      }
    } else {
      size = Preview.fit(picture.width, picture.height, mode, Terminals.columns(main.env, main.console));
    }
    out.print(Preview.render(picture, size[0], size[1], mode));
    OutputError.check(out);
    return 0;
  }

  /** COLOR when asked for, or on auto when standard output is a terminal with 256 colours that can print the blocks. */
  static Preview.Mode mode(Main main, String when) {
    if (when.equals("always")) {
      return Preview.Mode.COLOR;
    }
    if (when.equals("never")) {
      return Preview.Mode.PLAIN;
    }
    return main.stdoutTerminal && Terminals.has256Colors(main.env)
        && Terminals.canEncodeBlocks(Terminals.charset("sun.stdout.encoding"))
        ? Preview.Mode.COLOR : Preview.Mode.PLAIN;
  }
}
