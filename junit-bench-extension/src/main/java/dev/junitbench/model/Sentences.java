package dev.junitbench.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Real English sentences of varied length, fed to text models that come with a tokenizer, so a
 * benchmark sees the token distribution of real text rather than random ids.
 */
public final class Sentences {

  private static final List<String> ALL = load();

  private Sentences() {}

  private static List<String> load() {
    try (InputStream in = Sentences.class.getResourceAsStream("sentences.txt")) {
      List<String> lines = new ArrayList<>();
      new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))
          .lines()
          .filter(line -> !line.isBlank())
          .forEach(lines::add);
      return List.copyOf(lines);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Every sentence from the {@code first}-th on, then from the start again: one text as long as the
   * corpus.
   */
  public static String text(int first) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < ALL.size(); i++) {
      text.append(i == 0 ? "" : " ").append(ALL.get((first + i) % ALL.size()));
    }
    return text.toString();
  }

  /** {@code count} sentences, the corpus repeated as often as needed, always the same ones. */
  public static List<String> batch(int count) {
    List<String> batch = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      batch.add(ALL.get(i % ALL.size()));
    }
    return batch;
  }
}
