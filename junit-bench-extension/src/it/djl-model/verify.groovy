// A user project with DJL's PyTorch engine offline (and no ONNX Runtime) benchmarks MobileNetV2,
// built by DJL's model zoo with random weights (3,539,368 float32 parameters).
//
// MobileNetBenchmarks#classify, run with `mvn test -Dgroups=performance`, 2 warm-up and 10 measured
// iterations: device {cpu, cuda} x batch_size {1, 2}; cuda aborted (DJL's PyTorch sees no GPU here).

import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def problems = []
def check = { boolean ok, String problem -> if (!ok) problems << problem }

def benchmark = 'dev.junitbench.it.MobileNetBenchmarks#classify'
def iterations = 10
def parameterBytes = 3539368L * 4

def files = evaluate(new File(itSources, 'run-files.groovy'))
def runDir = files.runDir(basedir)
def json = new JsonSlurper().parse(new File(runDir, 'results.json'), 'UTF-8')
def runtimes = json.run?.software?.runtimes
check(runtimes == [djl: '0.35.1', pytorch: '2.7.1'], "run.software.runtimes is ${runtimes}, expected djl 0.35.1 and pytorch 2.7.1 only")

def results = json.results ?: []
check(results.size() == 4, "results.json holds ${results.size()} results, expected 4: ${results.collect { [it.params, it.status] }}")
def loads = []
for (batch in [1, 2]) {
    def params = [device: 'cpu', batch_size: batch, backend: 'djl', engine: 'PyTorch']
    def result = results.find { it.benchmark == benchmark && it.params == params }
    if (result == null) {
        problems << "no result for ${params}: ${results.collect { it.params }}"
        continue
    }
    def name = "batch ${batch}"
    check(result.status == 'passed', "${name}: status ${result.status}, error ${result.error}")
    check(result.latency_ms?.count == iterations, "${name}: latency_ms.count is ${result.latency_ms?.count}")
    check(result.latency_ms?.median instanceof Number && result.latency_ms.median > 0, "${name}: median ${result.latency_ms?.median}")
    check(result.model?.id == 'MobileNet', "${name}: model.id is ${result.model?.id}")
    check(result.model?.backend == 'djl', "${name}: model.backend is ${result.model?.backend}")
    check(result.model?.format == 'block', "${name}: model.format is ${result.model?.format}")
    check(result.model?.source == 'dev.junitbench.it.MobileNetBenchmarks$MobileNet', "${name}: model.source is ${result.model?.source}")
    check(result.model?.size_bytes == parameterBytes, "${name}: model.size_bytes is ${result.model?.size_bytes}, expected ${parameterBytes}")
    check(result.model?.first_inference_ms instanceof Number && result.model.first_inference_ms > 0,
            "${name}: model.first_inference_ms is ${result.model?.first_inference_ms}")
    check(result.throughput?.unit == 'samples/s' && result.throughput.value > 0, "${name}: throughput is ${result.throughput}")
    loads << result.model?.load_time_ms
}
check(loads.size() == 2 && loads.unique(false).size() == 1, "load_time_ms ${loads}: expected one model shared by both batch sizes")
for (batch in [1, 2]) {
    def params = [device: 'cuda', batch_size: batch, backend: 'djl', engine: 'PyTorch']
    def result = results.find { it.benchmark == benchmark && it.params == params }
    check(result?.status == 'aborted', "cuda batch ${batch}: status ${result?.status}, expected aborted")
    check(result?.error?.contains("CUDA requested; DJL's PyTorch engine offers [CPU] here (its natives are a CPU build); Maven Central has no CUDA build") as boolean,
            "cuda batch ${batch}: error is '${result?.error}'")
}

// Only DJL: no ONNX Runtime came along; PyTorch's natives were extracted under target/, not the home folder.
def reports = new File(basedir, 'target/surefire-reports').listFiles()?.findAll { it.name ==~ /TEST-.*\.xml/ } ?: []
def jars = reports.collect { new XmlSlurper().parse(it) }.collectMany { suite ->
    suite.properties.property.findAll { it.@name.text() == 'surefire.test.class.path' }.collect { it.@value.text() }
}.collectMany { it.split(File.pathSeparator) as List }.collect { new File(it).name }.unique()
check(jars.any { it.startsWith('pytorch-native-cpu-2.7.1') }, "pytorch-native-cpu is not on the test class path: ${jars}")
check(!jars.any { it.startsWith('onnxruntime') }, "ONNX Runtime is on the test class path: ${jars.findAll { it.startsWith('onnxruntime') }}")
def natives = new File(basedir, 'target/djl-cache/pytorch').listFiles()?.findAll { it.name.startsWith('2.7.1-') } ?: []
check(natives.size() == 1, "PyTorch's natives are not under target/djl-cache/pytorch: ${natives}")

if (problems) {
    throw new AssertionError("${problems.size()} problem(s) in ${runDir}:\n  - " + problems.join('\n  - '))
}
results.findAll { it.status == 'passed' }.each {
    println "OK: MobileNetV2 ${it.params}: median ${it.latency_ms.median} ms, load ${it.model.load_time_ms} ms"
}
return true
