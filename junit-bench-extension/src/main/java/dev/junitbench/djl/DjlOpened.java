package dev.junitbench.djl;

import ai.djl.MalformedModelException;
import ai.djl.Model;
import ai.djl.inference.Predictor;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.repository.zoo.Criteria;
import ai.djl.repository.zoo.ModelNotFoundException;
import ai.djl.translate.NoopTranslator;
import ai.djl.util.Pair;
import ai.djl.util.PairList;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.model.NativeCaches;
import dev.junitbench.model.SyntheticData;
import dev.junitbench.model.Tokenization;
import dev.junitbench.spi.ModelRequest;
import dev.junitbench.spi.OpenedModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/** A model DJL opened for one device, with its predictor, and how to make its inputs. */
final class DjlOpened implements OpenedModel {

  private final ModelRequest request;
  private final String engine;
  private final Model model;
  private final Predictor<NDList, NDList> predictor;
  private final DjlBlock block;
  private final DjlModel handle;

  private DjlOpened(ModelRequest request, String engine, Model model, DjlBlock block) {
    this.request = request;
    this.engine = engine;
    this.model = model;
    this.block = block;
    this.predictor = model.newPredictor(new NoopTranslator());
    this.handle = new DjlModel(model, predictor);
  }

  /** Opens the file or builds the block of {@code request} on {@code engine}. */
  static DjlOpened open(ModelRequest request, String engine) throws IOException {
    ai.djl.Device device =
        request.device() == Device.CUDA ? ai.djl.Device.gpu() : ai.djl.Device.cpu();
    Model model =
        request.block() != null
            ? build((DjlBlock) request.block(), request, engine, device)
            : load(request, engine, device);
    try {
      return new DjlOpened(
          request, engine, model, request.block() instanceof DjlBlock spec ? spec : null);
    } catch (RuntimeException e) {
      model.close();
      throw e;
    }
  }

  /** A real architecture with random weights, from a fixed seed. */
  private static Model build(
      DjlBlock spec, ModelRequest request, String engine, ai.djl.Device device) {
    if (request.tokenizer() != null) {
      throw new BenchmarkConfigurationException(
          request.what()
              + ": a block takes the input its DjlBlock"
              + " describes, not tokenized text; leave @Model(tokenizer) out");
    }
    Model model = Model.newInstance(request.id(), device, engine);
    try {
      Block block = spec.build();
      model.setBlock(block);
      model.getNDManager().getEngine().setRandomSeed((int) SyntheticData.SEED);
      block.initialize(model.getNDManager(), spec.inputType(), withBatch(1, spec.inputShape()));
      return model;
    } catch (RuntimeException e) {
      model.close();
      throw new BenchmarkConfigurationException(
          request.what()
              + ": DJL's "
              + engine
              + " engine cannot build "
              + spec.getClass().getName()
              + " ("
              + e
              + "); check that inputShape() "
              + spec.inputShape()
              + " is the shape of one sample the block takes");
    }
  }

  private static Model load(ModelRequest request, String engine, ai.djl.Device device)
      throws IOException {
    Criteria.Builder<NDList, NDList> criteria =
        Criteria.builder()
            .setTypes(NDList.class, NDList.class)
            .optModelPath(request.model().file(NativeCaches.models()))
            .optEngine(engine)
            .optDevice(device)
            .optTranslator(new NoopTranslator());
    if (DjlBackend.ONNX_RUNTIME.equals(engine)) {
      criteria.optOption(
          "optLevel", DjlBackend.EAGER.equals(request.mode()) ? "NO_OPT" : "ALL_OPT");
      if (request.threads() != null) {
        criteria.optOption("intraOpNumThreads", String.valueOf(request.threads()));
      }
    }
    request.options().forEach(criteria::optOption);
    try {
      return criteria.build().loadModel();
    } catch (ModelNotFoundException | MalformedModelException | IOException | RuntimeException e) {
      throw new BenchmarkConfigurationException(
          request.benchmark()
              + ": DJL's "
              + engine
              + " engine cannot open"
              + " model '"
              + request.id()
              + "' from "
              + request.model()
              + " ("
              + e
              + "); check that the file is a"
              + " complete model for that engine"
              + (request.options().isEmpty()
                  ? ""
                  : " and that @Model(options) "
                      + request.options().keySet()
                      + " are options it knows"));
    }
  }

  private static Shape withBatch(long batch, Shape sample) {
    return new Shape(batch).addAll(sample);
  }

  @Override
  public Object handle() {
    return handle;
  }

  @Override
  public String format() {
    if (block != null) {
      return "block";
    }
    String name = request.model().fileName();
    return name.contains(".")
        ? name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT)
        : engine;
  }

  @Override
  public Long sizeBytes() {
    if (block == null) {
      return null;
    }
    long bytes = 0;
    for (Pair<String, Parameter> parameter : model.getBlock().getParameters()) {
      NDArray array = parameter.getValue().getArray();
      bytes += array.size() * array.getDataType().getNumOfBytes();
    }
    return bytes;
  }

  @Override
  public ModelInputs inputs(Scenario scenario) {
    NDManager manager = model.getNDManager().newSubManager();
    try {
      Map<String, NDArray> arrays = new LinkedHashMap<>();
      if (block != null) {
        arrays.put("input", synthetic(manager, scenario));
      } else if (request.tokenizer() != null) {
        tokens(manager, scenario).forEach(arrays::put);
      } else {
        throw new BenchmarkConfigurationException(
            request.what()
                + ": DJL gives no input shapes or types of a"
                + " model file, so junit-bench cannot make its inputs; give @Model(tokenizer = ...) for a text model,"
                + " or make the inputs with @Model(inputs = ...)");
      }
      return inputs(arrays, manager);
    } catch (RuntimeException e) {
      manager.close();
      throw e;
    }
  }

  private NDArray synthetic(NDManager manager, Scenario scenario) {
    Shape shape = withBatch(scenario.batchSize(), block.inputShape());
    SplittableRandom random = new SplittableRandom(SyntheticData.SEED);
    int size = Math.toIntExact(shape.size());
    DataType type = block.inputType();
    if (type == DataType.FLOAT32) {
      return manager.create(SyntheticData.floats(size, random), shape);
    }
    if (type == DataType.INT64) {
      return manager.create(SyntheticData.integers("input", size, random), shape);
    }
    return manager.create(SyntheticData.floats(size, random), shape).toType(type, false);
  }

  private Map<String, NDArray> tokens(NDManager manager, Scenario scenario) {
    if (!scenario.hasSequenceLength()) {
      throw new BenchmarkConfigurationException(
          request.what()
              + " has a tokenizer but no sequence length;"
              + " add @SequenceLengths({128})");
    }
    Map<String, long[]> tokens =
        Tokenization.encode(
            request.tokenizer(), scenario.batchSize(), scenario.sequenceLength(), request.what());
    List<String> names = inputNames();
    if (names.isEmpty()) {
      names = List.copyOf(tokens.keySet());
    }
    Shape shape = new Shape(scenario.batchSize(), scenario.sequenceLength());
    Map<String, NDArray> arrays = new LinkedHashMap<>();
    for (String name : names) {
      long[] values = tokens.get(name);
      if (values == null) {
        throw new BenchmarkConfigurationException(
            request.what()
                + ": input '"
                + name
                + "' is none of the"
                + " tokenizer's "
                + tokens.keySet()
                + "; make the inputs with @Model(inputs = ...)");
      }
      arrays.put(name, manager.create(values, shape));
    }
    return arrays;
  }

  /** The model's input names as DJL describes them; empty when it describes none. */
  private List<String> inputNames() {
    PairList<String, Shape> described = model.describeInput();
    List<String> names = new ArrayList<>();
    if (described != null) {
      for (Pair<String, Shape> input : described) {
        if (input.getKey() != null && !input.getKey().isEmpty()) {
          names.add(input.getKey());
        }
      }
    }
    return names;
  }

  private static ModelInputs inputs(Map<String, NDArray> arrays, NDManager manager) {
    arrays.forEach((name, array) -> array.setName(name));
    NDList list = new NDList(arrays.values());
    return new ModelInputs(arrays, list, manager);
  }

  @Override
  public ModelInputs wrap(Map<String, ?> tensors, String source) {
    List<String> problems = new ArrayList<>();
    List<String> names = block != null ? List.of() : inputNames();
    for (Map.Entry<String, ?> given : tensors.entrySet()) {
      if (!(given.getValue() instanceof NDArray array)) {
        problems.add(
            "'"
                + given.getKey()
                + "' is a "
                + (given.getValue() == null ? "null" : given.getValue().getClass().getName())
                + ", not an NDArray");
      } else if (!names.isEmpty() && !names.contains(given.getKey())) {
        problems.add("'" + given.getKey() + "' is not an input of the model");
      } else if (!array.getDevice().equals(model.getNDManager().getDevice())
          || !array.getManager().getEngine().getEngineName().equals(engine)) {
        problems.add(
            "'"
                + given.getKey()
                + "' is on "
                + array.getDevice()
                + " of DJL's "
                + array.getManager().getEngine().getEngineName()
                + " engine, the model runs on "
                + model.getNDManager().getDevice()
                + " of its "
                + engine
                + " engine; converting it would be timed");
      } else if (block != null) {
        Shape expected = block.inputShape();
        Shape shape = array.getShape();
        if (array.getDataType() != block.inputType()) {
          problems.add(
              "'"
                  + given.getKey()
                  + "' is "
                  + array.getDataType()
                  + ", the model takes "
                  + block.inputType());
        } else if (shape.dimension() != expected.dimension() + 1
            || !shape.slice(1).equals(expected)) {
          problems.add(
              "'"
                  + given.getKey()
                  + "' has shape "
                  + shape
                  + "; the model takes (batch, "
                  + expected.toString().substring(1));
        }
      }
    }
    if (block != null && tensors.size() != 1) {
      problems.add(tensors.size() + " tensors given, the block takes one");
    }
    for (String name : names) {
      if (!tensors.containsKey(name)) {
        problems.add("input '" + name + "' is missing");
      }
    }
    if (!problems.isEmpty()) {
      String interfaceText =
          block != null
              ? "one "
                  + block.inputType()
                  + " array of shape (batch, "
                  + block.inputShape().toString().substring(1)
              : names.isEmpty() ? "not described by DJL" : names.toString();
      throw new BenchmarkConfigurationException(
          request.what()
              + ": the inputs "
              + source
              + " made do not fit the"
              + " model: "
              + String.join("; ", problems)
              + ". The model's inputs are "
              + interfaceText
              + "; make one NDArray per input with model.manager()");
    }
    NDManager manager = model.getNDManager().newSubManager();
    Map<String, NDArray> arrays = new LinkedHashMap<>();
    (names.isEmpty() ? List.copyOf(tensors.keySet()) : names)
        .forEach(
            name -> {
              NDArray array = (NDArray) tensors.get(name);
              // Owned by the scenario from now on, and freed when it ends.
              array.attach(manager);
              arrays.put(name, array);
            });
    return inputs(arrays, manager);
  }

  @Override
  public void run(ModelInputs inputs) throws Exception {
    handle.run(inputs).close();
  }

  @Override
  public void close() {
    try {
      predictor.close();
    } finally {
      model.close();
    }
  }
}
