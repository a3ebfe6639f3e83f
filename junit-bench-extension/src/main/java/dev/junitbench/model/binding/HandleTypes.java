package dev.junitbench.model.binding;

import dev.junitbench.backends.Backends;
import dev.junitbench.spi.Backend;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What to tell the author of a {@code @Model} parameter whose type no backend here opens: the types
 * the backends present do open, which of their methods hands out the type written (an {@code
 * OrtSession} from {@code OnnxModel.session()}), and, only when the type belongs to a runtime that
 * is absent, the dependency to add.
 */
final class HandleTypes {

  /**
   * A backend junit-bench ships: its name, the handle type it opens, the package of its runtime's
   * own types, and the test dependency that brings the runtime. Names, not classes: the runtime may
   * be absent.
   */
  private record Shipped(String backend, String handle, String runtimePackage, String dependency) {}

  private static final List<Shipped> SHIPPED =
      List.of(
          new Shipped(
              "onnxruntime",
              "dev.junitbench.onnx.OnnxModel",
              "ai.onnxruntime.",
              "com.microsoft.onnxruntime:onnxruntime (onnxruntime_gpu for CUDA)"),
          new Shipped(
              "djl",
              "dev.junitbench.djl.DjlModel",
              "ai.djl.",
              "ai.djl:api and an engine (ai.djl.onnxruntime:onnxruntime-engine,"
                  + " ai.djl.pytorch:pytorch-engine)"));

  private HandleTypes() {}

  /**
   * Why {@code benchmark}'s {@code @Model} parameter of {@code type} cannot be opened, and the fix.
   */
  static String unopened(String benchmark, Class<?> type, Backends backends) {
    List<String> present = backends.all().stream().map(Backend::name).toList();
    Optional<Shipped> handleOfAbsent =
        SHIPPED.stream()
            .filter(s -> s.handle().equals(type.getName()) && !present.contains(s.backend()))
            .findFirst();
    if (handleOfAbsent.isPresent()) {
      return benchmark
          + ": @Model parameters of type "
          + type.getName()
          + " are opened by the "
          + handleOfAbsent.get().backend()
          + " backend, whose runtime is not on the test classpath; add "
          + handleOfAbsent.get().dependency()
          + " as a test dependency";
    }
    StringBuilder message =
        new StringBuilder(benchmark)
            .append(": no backend opens @Model parameters of type ")
            .append(type.getName())
            .append(". ");
    List<String> opened = new ArrayList<>();
    List<String> accessors = new ArrayList<>();
    for (Backend backend : backends.all()) {
      backend.modelTypes().stream()
          .sorted(Comparator.comparing(Class::getName))
          .forEach(
              handle -> {
                opened.add(handle.getName() + " (" + backend.name() + ")");
                accessors.addAll(accessors(handle, type));
              });
    }
    if (opened.isEmpty()) {
      message.append("No backend is on the test classpath");
    } else {
      message.append("Declare the parameter as ").append(String.join(" or ", opened));
      if (!accessors.isEmpty()) {
        message
            .append(" and take the ")
            .append(type.getSimpleName())
            .append(" from it with ")
            .append(String.join(" or ", accessors));
      }
      message.append(", e.g. @Model(\"classpath:model.onnx\") ");
      message.append(simpleName(opened.get(0))).append(" model");
    }
    Optional<Shipped> runtimeOfAbsent =
        SHIPPED.stream()
            .filter(
                s ->
                    type.getName().startsWith(s.runtimePackage()) && !present.contains(s.backend()))
            .findFirst();
    runtimeOfAbsent.ifPresent(
        s ->
            message
                .append(opened.isEmpty() ? "; " : ". ")
                .append(type.getName())
                .append(" belongs to ")
                .append(s.backend())
                .append(", whose backend is not on the test classpath: add ")
                .append(s.dependency())
                .append(" as a test dependency and take a ")
                .append(s.handle())
                .append(" parameter"));
    if (opened.isEmpty() && runtimeOfAbsent.isEmpty()) {
      message.append(
          "; add "
              + SHIPPED.get(0).dependency()
              + " for "
              + SHIPPED.get(0).handle()
              + ", or "
              + SHIPPED.get(1).dependency()
              + " for "
              + SHIPPED.get(1).handle());
    }
    return message.toString();
  }

  /** The public no-argument methods of {@code handle} that return a {@code wanted}. */
  private static List<String> accessors(Class<?> handle, Class<?> wanted) {
    return Arrays.stream(handle.getMethods())
        .filter(m -> m.getParameterCount() == 0 && !Modifier.isStatic(m.getModifiers()))
        .filter(m -> m.getDeclaringClass() == handle)
        .filter(m -> wanted.isAssignableFrom(m.getReturnType()))
        .sorted(Comparator.comparing(Method::getName))
        .map(m -> handle.getSimpleName() + "." + m.getName() + "()")
        .toList();
  }

  private static String simpleName(String described) {
    String name = described.substring(0, described.indexOf(' '));
    return name.substring(name.lastIndexOf('.') + 1);
  }
}
