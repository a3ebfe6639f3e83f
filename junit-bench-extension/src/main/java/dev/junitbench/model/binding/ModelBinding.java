package dev.junitbench.model.binding;

import dev.junitbench.backends.Backends;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.model.ClassPathModels;
import dev.junitbench.model.ModelHashes;
import dev.junitbench.results.ModelInfo;
import dev.junitbench.sampling.ResourceSampler;
import dev.junitbench.spi.Backend;
import dev.junitbench.spi.Execution;
import dev.junitbench.spi.ModelRequest;
import dev.junitbench.spi.ModelSource;
import dev.junitbench.spi.OpenedModel;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A benchmark's {@code @Model} parameter bound to the backend that opens it: with what engine,
 * options and execution each scenario opens it, and its opened models, kept in a {@link ModelCache}
 * so the scenarios that share a device, provider, mode and thread count share one model.
 *
 * @param benchmark the benchmark, {@code fqcn#method}
 * @param model what the annotation says
 * @param engine the engine named in {@code @Model(engine)}, or the backend's default, or null
 * @param options the backend options of {@code @Model(options)}, in the order written
 */
public record ModelBinding(
    String benchmark,
    ModelSpec model,
    Backend backend,
    String engine,
    Map<String, String> options) {

  /** Parameter name of the backend in result files. */
  public static final String BACKEND = "backend";

  /** Parameter name of the engine (DJL's) in result files. */
  public static final String ENGINE = "engine";

  private static final String CLASSPATH = "classpath:";

  /**
   * {@code model} bound to the backend that opens its type.
   *
   * @throws BenchmarkConfigurationException when no backend opens its type, or the annotation names
   *     no model, both a file and a block, or a malformed option
   */
  public static ModelBinding bind(String benchmark, ModelSpec model, Backends backends) {
    String what = "@Model of " + benchmark;
    boolean file = !model.file().isBlank();
    boolean block = model.block() != void.class;
    if (file == block) {
      throw new BenchmarkConfigurationException(
          what
              + (file
                  ? " names both a file and a block; keep one"
                  : " names no model; give a file (@Model(\"classpath:model.onnx\")) or a class that builds one"
                      + " (@Model(block = ResNet50.class))"));
    }
    Backend backend =
        backends
            .forModelType(model.handleType())
            .orElseThrow(
                () ->
                    new BenchmarkConfigurationException(
                        HandleTypes.unopened(benchmark, model.handleType(), backends)));
    String engine =
        model.engine().isBlank()
            ? backend.defaultEngine(file ? model.file() : null)
            : model.engine().trim();
    return new ModelBinding(benchmark, model, backend, engine, options(model.options(), what));
  }

  private static Map<String, String> options(List<String> written, String what) {
    Map<String, String> options = new LinkedHashMap<>();
    for (String option : written) {
      int equals = option.indexOf('=');
      String key = equals < 0 ? "" : option.substring(0, equals).trim();
      if (key.isEmpty()) {
        throw new BenchmarkConfigurationException(
            what
                + ": option \""
                + option
                + "\" is not valid: write key=value, e.g. options = {\"session.intra_op.allow_spinning=0\"}");
      }
      if (options.put(key, option.substring(equals + 1).trim()) != null) {
        throw new BenchmarkConfigurationException(
            what + ": option '" + key + "' is given twice; give it once");
      }
    }
    return Collections.unmodifiableMap(options);
  }

  /** The engine and provider {@code scenario} runs with. */
  public Execution execution(Scenario scenario) {
    return new Execution(engine, scenario.provider().orElse(null));
  }

  /**
   * The device a scenario declaring {@code device} runs on: {@link Device#AUTO} picks among the
   * devices this backend serves here. With a provider named, it picks among that provider's devices
   * even when none is served here, so the scenario is aborted for what is missing, as on any
   * machine without them, instead of asking the provider for a device it does not run on.
   */
  public Device resolve(Device device, String provider) {
    if (device != Device.AUTO) {
      return device;
    }
    Set<Device> served = backend.availableDevices(new Execution(engine, provider));
    if (provider == null) {
      return Backends.preferred(served);
    }
    Set<Device> own = backend.providerDevices(provider);
    Set<Device> usable = own.stream().filter(served::contains).collect(Collectors.toSet());
    return Backends.preferred(usable.isEmpty() ? own : usable);
  }

  /**
   * Checks that the backend knows every mode of the scenarios and accepts each engine, provider and
   * device combination.
   *
   * @throws BenchmarkConfigurationException naming the value and the accepted ones
   */
  public void check(List<Scenario> scenarios) {
    Set<String> checked = new LinkedHashSet<>();
    for (Scenario scenario : scenarios) {
      String mode = scenario.mode().orElse(null);
      if (mode != null && !backend.modes().contains(mode)) {
        throw new BenchmarkConfigurationException(
            "@Modes of "
                + benchmark
                + " names mode '"
                + mode
                + "', which "
                + backend.name()
                + " does not have; accepted: "
                + backend.modes());
      }
      Execution execution = execution(scenario);
      if (scenario.device() == Device.AUTO) {
        // Left unresolved by a dry run, which loads no runtime to pick a device.
        continue;
      }
      if (checked.add(
          execution + "|" + scenario.device() + "|" + mode + "|" + scenario.threads())) {
        backend
            .invalidReason(execution, scenario)
            .ifPresent(
                reason -> {
                  throw new BenchmarkConfigurationException(
                      benchmark + " " + scenario.displayName() + ": " + reason);
                });
      }
    }
  }

  /**
   * Why {@code scenario} cannot run here (its device, provider or runtime is missing), or empty.
   */
  public Optional<String> unavailableReason(Scenario scenario) {
    return backend.unavailableReason(execution(scenario), scenario.device());
  }

  /**
   * The parameters a scenario's result gains from its model: the backend, and what the backend
   * adds.
   */
  public Map<String, Object> resultParams(Scenario scenario) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put(BACKEND, backend.name());
    params.putAll(backend.resultParams(execution(scenario), scenario.device()));
    return params;
  }

  /**
   * The model's id in result files: {@code @Model(id)}, else the file name without its extension,
   * else the block's class name.
   */
  public String id() {
    if (!model.id().isBlank()) {
      return model.id();
    }
    if (model.file().isBlank()) {
      return model.block().getSimpleName();
    }
    String name =
        model
            .file()
            .substring(Math.max(model.file().lastIndexOf('/'), model.file().lastIndexOf(':')) + 1);
    return name.lastIndexOf('.') > 0 ? name.substring(0, name.lastIndexOf('.')) : name;
  }

  /** What the dry run says it would open: the file or the block's class. */
  public String describe() {
    return (model.file().isBlank() ? model.block().getName() : model.file())
        + " with "
        + backend.name()
        + (engine == null ? "" : " (" + engine + ")");
  }

  /**
   * The model opened for {@code scenario}, kept in {@code cache}, opening it on first use (timed as
   * load time) with {@code loader} for its class path resources.
   */
  public LoadedModel open(
      ModelCache cache, ClassLoader loader, Scenario scenario, ResourceSampler sampler) {
    String key =
        List.of(
                model.file(),
                model.block().getName(),
                model.tokenizer(),
                backend.name(),
                String.valueOf(engine),
                options.toString(),
                scenario.device().name(),
                scenario.provider().orElse(""),
                scenario.mode().orElse(""),
                String.valueOf(scenario.threads()))
            .toString();
    return cache.computeIfAbsent(key, () -> load(loader, scenario, sampler));
  }

  /**
   * Why the model or tokenizer file the annotation names cannot be found, with what the class path
   * holds instead; empty when both are there or the model is built in code. A missing {@code
   * classpath:} name comes first: it is wrong on every machine. Nothing is read.
   */
  public Optional<MissingFile> missingFile(ClassLoader loader) {
    MissingFile first = null;
    for (boolean ofTokenizer : new boolean[] {false, true}) {
      String location = ofTokenizer ? model.tokenizer() : model.file();
      if (!location.isBlank()) {
        try {
          source(loader, ofTokenizer);
        } catch (BenchmarkConfigurationException e) {
          MissingFile missing = new MissingFile(location, e.getMessage(), onClassPath(location));
          if (missing.onClassPath()) {
            return Optional.of(missing);
          }
          first = first == null ? missing : first;
        }
      }
    }
    return Optional.ofNullable(first);
  }

  /**
   * A model or tokenizer file that is not where the annotation says.
   *
   * @param location as written in the annotation
   * @param explanation what is wrong, what the class path holds instead, and the fix
   * @param onClassPath whether it is a {@code classpath:} name, missing on every machine; a file
   *     path may be there on another machine (models fetched only where the benchmarks run)
   */
  public record MissingFile(String location, String explanation, boolean onClassPath) {}

  private static boolean onClassPath(String location) {
    return location.trim().toLowerCase(Locale.ROOT).startsWith(CLASSPATH);
  }

  /**
   * The model file, or the tokenizer file, as found with {@code loader}.
   *
   * @throws BenchmarkConfigurationException when it is not there, listing for a {@code classpath:}
   *     name the model (or tokenizer) files the class path holds and the nearest one
   */
  private ModelSource source(ClassLoader loader, boolean ofTokenizer) {
    String location = ofTokenizer ? model.tokenizer() : model.file();
    try {
      return ModelSource.resolve(
          location, loader, (ofTokenizer ? "@Model(tokenizer) of " : "@Model of ") + benchmark);
    } catch (BenchmarkConfigurationException e) {
      if (!onClassPath(location)) {
        throw e;
      }
      String name = location.trim().substring(CLASSPATH.length());
      throw new BenchmarkConfigurationException(
          e.getMessage()
              + "\n"
              + ClassPathModels.scan(loader)
                  .insteadOf(name.startsWith("/") ? name.substring(1) : name, ofTokenizer));
    }
  }

  private LoadedModel load(ClassLoader loader, Scenario scenario, ResourceSampler sampler) {
    ModelSource source = model.file().isBlank() ? null : source(loader, false);
    ModelSource tokenizer = model.tokenizer().isBlank() ? null : source(loader, true);
    String id = !model.id().isBlank() ? model.id() : source != null ? source.baseName() : id();
    Class<?> block = model.block() == void.class ? null : model.block();
    Object builder =
        block == null
            ? null
            : newInstance(
                block, "@Model(block = " + block.getSimpleName() + ".class) of " + benchmark);
    // Memory an earlier model freed would otherwise be reused without the resident set growing.
    sampler.releaseFreedMemory();
    ResourceSampler.Reading before = sampler.rssMb();
    long start = System.nanoTime();
    OpenedModel opened;
    try {
      opened =
          backend.open(
              new ModelRequest(
                  benchmark,
                  id,
                  source,
                  builder,
                  tokenizer,
                  execution(scenario),
                  options,
                  scenario.device(),
                  scenario.mode().orElse(null),
                  scenario.threads().isPresent() ? scenario.threads().getAsInt() : null));
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new BenchmarkConfigurationException(
          benchmark
              + ": "
              + backend.name()
              + " cannot open model '"
              + id
              + "' from "
              + (source != null ? source : block.getName())
              + ": "
              + e.getMessage());
    }
    double loadMs = (System.nanoTime() - start) / 1e6;
    ResourceSampler.Reading after = sampler.rssMb();
    ResourceSampler.Reading footprint;
    if (before.value() == null || after.value() == null) {
      footprint =
          new ResourceSampler.Reading(
              null, before.problem() != null ? before.problem() : after.problem());
    } else if (after.value() < before.value()) {
      footprint =
          new ResourceSampler.Reading(
              null,
              "the resident set shrank while the model opened (by "
                  + String.format(Locale.ROOT, "%.1f", before.value() - after.value())
                  + " MiB: the JVM handed memory back meanwhile)");
    } else {
      footprint = new ResourceSampler.Reading(after.value() - before.value(), null);
    }
    try {
      Long size = source != null ? Long.valueOf(source.sizeBytes()) : opened.sizeBytes();
      // Hashed after the load was timed and before anything else is: never part of a timed phase.
      ModelHashes.Identity identity = identity(source, opened);
      return new LoadedModel(
          opened,
          new ModelInfo(
              id,
              backend.name(),
              opened.format(),
              source != null ? source.location() : block.getName(),
              size,
              identity.sha256(),
              identity.unavailableReason(),
              loadMs,
              null,
              options.isEmpty() ? null : options),
          footprint);
    } catch (RuntimeException e) {
      try {
        opened.close();
      } catch (Exception suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /**
   * The SHA-256 of the file the model was opened from (the request's, or the one a builder wrote),
   * through this machine's hash cache; a model built in memory has no file and says so.
   */
  private static ModelHashes.Identity identity(ModelSource source, OpenedModel opened) {
    Path built = source == null ? opened.builtFile() : null;
    if (source == null && built == null) {
      return ModelHashes.Identity.none(
          "built in memory from its class, with no file to hash: source names the"
              + " class and size_bytes its parameters");
    }
    return ModelHashes.onThisMachine()
        .identify(source != null ? source : new ModelSource(built.toString(), null, built));
  }

  /**
   * The inputs of {@code scenario}: built by the backend, or by the {@code @Model(inputs)} factory
   * and checked against the model's inputs.
   */
  public ModelInputs inputs(LoadedModel stored, Scenario scenario) throws Exception {
    if (model.inputs() == null) {
      return stored.opened().inputs(scenario);
    }
    String factoryName = model.inputsName();
    Map<String, ?> tensors;
    try {
      tensors = model.inputs().make(stored.opened().handle(), scenario);
    } catch (ClassCastException e) {
      throw new BenchmarkConfigurationException(
          benchmark
              + ": "
              + factoryName
              + " cannot take the model handle "
              + stored.opened().handle().getClass().getSimpleName()
              + " ("
              + e.getMessage()
              + "); declare it as InputFactory<"
              + stored.opened().handle().getClass().getSimpleName()
              + ">");
    }
    if (tensors == null || tensors.isEmpty()) {
      throw new BenchmarkConfigurationException(
          benchmark
              + ": "
              + factoryName
              + " made no inputs for "
              + scenario.displayName()
              + "; return one tensor per input of model '"
              + stored.info().id()
              + "'");
    }
    try {
      return stored.opened().wrap(tensors, factoryName);
    } catch (Exception | Error e) {
      for (Object tensor : tensors.values()) {
        if (tensor instanceof AutoCloseable closeable) {
          closeable.close();
        }
      }
      throw e;
    }
  }

  /**
   * A new instance of {@code type} made with its no-argument constructor.
   *
   * @throws BenchmarkConfigurationException naming {@code what} when it has none or it throws
   */
  public static Object newInstance(Class<?> type, String what) {
    if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
      throw new BenchmarkConfigurationException(
          what
              + ": "
              + type.getName()
              + " is abstract; name a concrete class with a no-argument constructor");
    }
    try {
      var constructor = type.getDeclaredConstructor();
      constructor.setAccessible(true);
      return constructor.newInstance();
    } catch (NoSuchMethodException e) {
      throw new BenchmarkConfigurationException(
          what
              + ": "
              + type.getName()
              + " has no no-argument constructor; add one (a nested class must be static)");
    } catch (InvocationTargetException e) {
      throw new BenchmarkConfigurationException(
          what + ": the constructor of " + type.getName() + " threw " + e.getCause());
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new BenchmarkConfigurationException(
          what + ": cannot create " + type.getName() + " (" + e + ")");
    }
  }
}
