package dev.junitbench;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.engine.Dimensions;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.LoadPoint;
import dev.junitbench.infra.Scenario;
import dev.junitbench.model.binding.ModelBinding;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * A benchmark's dimensions read from its annotations (method first, then class) into the engine's
 * {@link Dimensions}, each checked: a list that is empty, repeats a value or holds a bad one, and a
 * {@code @Param} with a bad or reserved name, is a {@link BenchmarkConfigurationException}.
 */
record AnnotatedDimensions(Method method, Class<?> testClass, String benchmark) {

  private static final Set<String> RESERVED =
      Set.of(
          Scenario.DEVICE,
          Scenario.DEVICE_RESOLVED,
          Scenario.BATCH_SIZE,
          Scenario.SEQUENCE_LENGTH,
          Scenario.PROVIDER,
          Scenario.MODE,
          Scenario.THREADS,
          ModelBinding.BACKEND,
          ModelBinding.ENGINE,
          LoadPoint.LOAD,
          LoadPoint.TARGET_QPS,
          LoadPoint.CLIENTS,
          LoadPoint.SAMPLES_PER_QUERY);

  Dimensions dimensions() {
    // Read in this order, so of two bad annotations the same one is reported first, run after run.
    List<Device> devices = devices();
    List<Integer> batchSizes = sizes(BatchSizes.class, "@BatchSizes", "batch size");
    List<Integer> sequenceLengths =
        sizes(SequenceLengths.class, "@SequenceLengths", "sequence length");
    List<Integer> threads = sizes(Threads.class, "@Threads", "thread count");
    List<String> providers =
        names(
            Providers.class, "@Providers", "a provider, e.g. @Providers({\"cuda\", \"tensorrt\"})");
    List<String> modes =
        names(Modes.class, "@Modes", "a mode, e.g. @Modes({\"eager\", \"optimized\"})");
    return new Dimensions(
        devices, batchSizes, sequenceLengths, providers, modes, threads, params());
  }

  private String where(AnnotatedElement element) {
    return element instanceof Method ? "on " + benchmark : "on class " + testClass.getName();
  }

  private List<Device> devices() {
    Optional<Found<Devices>> found = Found.on(method, testClass, Devices.class);
    if (found.isEmpty()) {
      return List.of(Device.CPU);
    }
    String where = where(found.get().on());
    List<Device> devices = Arrays.asList(found.get().annotation().value());
    requireNonEmptyDistinct(
        devices, "@Devices", where, "a device, e.g. @Devices({Device.CPU, Device.CUDA})");
    return devices;
  }

  private List<Integer> sizes(Class<? extends Annotation> type, String name, String noun) {
    Optional<? extends Found<? extends Annotation>> found = Found.on(method, testClass, type);
    if (found.isEmpty()) {
      return Collections.singletonList(null);
    }
    String where = where(found.get().on());
    Annotation value = found.get().annotation();
    int[] values =
        value instanceof BatchSizes b
            ? b.value()
            : value instanceof Threads t ? t.value() : ((SequenceLengths) value).value();
    List<Integer> sizes = Arrays.stream(values).boxed().toList();
    requireNonEmptyDistinct(sizes, name, where, "a " + noun + ", e.g. " + name + "({1, 8})");
    for (int size : values) {
      if (size < 1) {
        throw BenchmarkConfigurationException.notValid(
            name + "(" + sizes + ") " + where, "each " + noun + " must be at least 1");
      }
    }
    return sizes;
  }

  /**
   * The values of a dimension of names ({@code @Modes}, {@code @Providers}), or one null when
   * absent.
   */
  private List<String> names(Class<? extends Annotation> type, String name, String example) {
    Optional<? extends Found<? extends Annotation>> found = Found.on(method, testClass, type);
    if (found.isEmpty()) {
      return Collections.singletonList(null);
    }
    Annotation value = found.get().annotation();
    List<String> values =
        Arrays.asList(value instanceof Modes m ? m.value() : ((Providers) value).value());
    requireNonEmptyDistinct(values, name, where(found.get().on()), example);
    return values;
  }

  private Map<String, List<String>> params() {
    List<Param> declared =
        new ArrayList<>(AnnotationSupport.findRepeatableAnnotations(testClass, Param.class));
    declared.addAll(AnnotationSupport.findRepeatableAnnotations(method, Param.class));
    Map<String, List<String>> params = new LinkedHashMap<>();
    for (Param param : declared) {
      String name = param.name();
      String what = "@Param(name = \"" + name + "\") of " + benchmark;
      if (name.isBlank() || !name.equals(name.trim()) || name.contains("=") || name.contains(",")) {
        throw BenchmarkConfigurationException.notValid(
            what, "a param name must be non-blank, without spaces at its ends, '=' or ','");
      }
      if (RESERVED.contains(name)) {
        throw BenchmarkConfigurationException.notValid(
            what,
            "'"
                + name
                + "' is reserved for a built-in dimension; use @Devices,"
                + " @BatchSizes, @SequenceLengths, @Modes or @Threads, or another name");
      }
      if (params.containsKey(name)) {
        throw BenchmarkConfigurationException.notValid(
            what,
            "the name is declared twice (on the method or its class); give each @Param its own name");
      }
      List<String> values = Arrays.asList(param.values());
      requireNonEmptyDistinct(
          values,
          "@Param(name = \"" + name + "\", values = ...)",
          "of " + benchmark,
          "a value, e.g. values = {\"a\", \"b\"}");
      params.put(name, values);
    }
    return params;
  }

  private static void requireNonEmptyDistinct(
      List<?> values, String annotation, String where, String example) {
    if (values.isEmpty()) {
      throw BenchmarkConfigurationException.notValid(
          annotation + " " + where, "the list is empty; list at least " + example);
    }
    Set<Object> seen = new LinkedHashSet<>();
    for (Object value : values) {
      if (!seen.add(value)) {
        throw BenchmarkConfigurationException.notValid(
            annotation + " " + where,
            "it lists "
                + (value instanceof Device d ? d.id() : value)
                + " twice; list each value once");
      }
    }
  }
}
