// Shared post-build check of the integration-test projects, evaluated by each project's verify.groovy
// with: basedir (the project), expectedJupiter / expectedPlatform (version prefixes that prove the
// user's JUnit ran), expectedJava (major version of the test JVM, or null for any) and, from the
// invoker configuration, extensionVersion.
//
// Every project runs the same EmbeddingBenchmarks with `mvn test -Dgroups=performance`:
// embed x batch_size {1, 4} x pooling {mean, max}, plus normalize; 2 warm-up, 20 measured iterations.

import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def problems = []
def check = { boolean ok, String problem -> if (!ok) problems << problem }

def benchmarkClass = 'dev.junitbench.it.EmbeddingBenchmarks'
def expected = []
for (batch in [1, 4]) {
    for (pooling in ['mean', 'max']) {
        expected << [benchmark: benchmarkClass + '#embed', params: [device: 'cpu', batch_size: batch, pooling: pooling],
                     display: "[device=cpu, batch_size=${batch}, pooling=${pooling}]".toString()]
    }
}
expected << [benchmark: benchmarkClass + '#normalize', params: [device: 'cpu'], display: '[device=cpu]']
def iterations = 20

def files = evaluate(new File(itSources, 'run-files.groovy'))
def parseCsv = files.parseCsv

// --- The run folder -------------------------------------------------------------------------
def runDir = files.runDir(basedir)

// --- results.json ---------------------------------------------------------------------------
def json = new JsonSlurper().parse(new File(runDir, 'results.json'), 'UTF-8')
check(json.schema_version != null, 'results.json has no schema_version')
def run = json.run
check(run?.id != null, 'run.id is null')
check(runDir.name == "run-${run?.id}".toString(), "run folder ${runDir.name} does not match run.id ${run?.id}")
check(run?.started_at != null, 'run.started_at is null')
check(run?.finished_at != null, 'run.finished_at is null: the listener did not finish the run')
def software = run?.software
check(software?.junit_jupiter_version?.startsWith(expectedJupiter) as boolean,
        "run.software.junit_jupiter_version is ${software?.junit_jupiter_version}, expected ${expectedJupiter}*")
check(software?.junit_platform_version?.startsWith(expectedPlatform) as boolean,
        "run.software.junit_platform_version is ${software?.junit_platform_version}, expected ${expectedPlatform}*")
if (expectedJava != null) {
    check(software?.java_version?.startsWith(expectedJava) as boolean,
            "run.software.java_version is ${software?.java_version}, expected ${expectedJava}*")
}
check(software?.junit_bench_version == null || software.junit_bench_version == extensionVersion,
        "run.software.junit_bench_version is ${software?.junit_bench_version}, expected ${extensionVersion}")

def results = json.results ?: []
check(results.size() == expected.size(), "results.json holds ${results.size()} results, expected ${expected.size()}")
check(results*.id.toSet().size() == results.size(), "result ids are not unique: ${results*.id}")
def byScenario = [:]
for (scenario in expected) {
    def matches = results.findAll { it.benchmark == scenario.benchmark && it.params == scenario.params }
    if (matches.size() != 1) {
        problems << "expected one result for ${scenario.benchmark} ${scenario.params}, found ${matches.size()} " +
                "(results: ${results.collect { [it.benchmark, it.params] }})"
        continue
    }
    def result = matches[0]
    byScenario[scenario] = result
    def name = "${scenario.benchmark} ${scenario.display}"
    check(result.status == 'passed', "${name}: status ${result.status}, error ${result.error}")
    check(result.display_name?.contains(scenario.display) as boolean, "${name}: display_name is ${result.display_name}")
    check(result.warmup?.iterations == 2, "${name}: warmup is ${result.warmup}, expected 2 iterations")
    check(result.measurement?.iterations == iterations, "${name}: measurement is ${result.measurement}")
    def latency = result.latency_ms
    check(latency != null, "${name}: latency_ms is null")
    if (latency != null) {
        check(latency.count == iterations, "${name}: latency_ms.count is ${latency.count}, expected ${iterations}")
        check(latency.median instanceof Number && latency.median > 0, "${name}: latency_ms.median is ${latency.median}")
        check(latency.min <= latency.median && latency.median <= latency.max,
                "${name}: median ${latency.median} not within [${latency.min}, ${latency.max}]")
    }
    check(result.throughput?.value instanceof Number && result.throughput.value > 0,
            "${name}: throughput is ${result.throughput}")
    // What it cost besides time: sampled in the user's project too (OSHI and JNA on its class path).
    check(result.memory?.rss_peak_mb instanceof Number && result.memory.rss_peak_mb > 0,
            "${name}: memory is ${result.memory}")
    check(result.utilization?.gc_count instanceof Number, "${name}: utilization is ${result.utilization}")
    check(result.energy != null && (result.energy.joules_per_inference != null || result.energy.unavailable_reason),
            "${name}: energy is ${result.energy}, expected a figure or the reason there is none")
}
def host = run?.host
check(host?.cpu_logical_cores instanceof Number && host.cpu_logical_cores > 0,
        "run.host.cpu_logical_cores is ${host?.cpu_logical_cores}: OSHI did not describe the machine (${host?.unavailable_reason})")
check(host?.cpu_vendor != null && host?.distribution != null, "run.host is ${host}")
check(run?.warnings instanceof List, "run.warnings is ${run?.warnings}")

// --- results.csv ----------------------------------------------------------------------------
def resultsCsv = parseCsv(new File(runDir, 'results.csv'))
def header = resultsCsv ? resultsCsv[0] : []
for (column in ['id', 'benchmark', 'status', 'latency_ms_median', 'latency_ms_count',
                'param_device', 'param_batch_size', 'param_pooling']) {
    check(header.contains(column), "results.csv has no column ${column}; header: ${header}")
}
def rows = resultsCsv.drop(1).collect { row ->
    check(row.size() == header.size(), "results.csv row has ${row.size()} cells, header ${header.size()}: ${row}")
    [header, row].transpose().collectEntries()
}
check(rows.size() == results.size(), "results.csv has ${rows.size()} rows, results.json ${results.size()} results")
byScenario.each { scenario, result ->
    def row = rows.find { it.id == result.id.toString() }
    if (row == null) {
        problems << "results.csv has no row with id ${result.id}"
        return
    }
    check(row.benchmark == scenario.benchmark, "results.csv row ${result.id}: benchmark ${row.benchmark}")
    check(row.status == 'passed', "results.csv row ${result.id}: status ${row.status}")
    check(row.latency_ms_median && new BigDecimal(row.latency_ms_median) == new BigDecimal(result.latency_ms.median.toString()),
            "results.csv row ${result.id}: latency_ms_median ${row.latency_ms_median}, results.json ${result.latency_ms.median}")
    check(row.latency_ms_count == iterations.toString(), "results.csv row ${result.id}: latency_ms_count ${row.latency_ms_count}")
    check(row.param_device == 'cpu', "results.csv row ${result.id}: param_device ${row.param_device}")
    check(row.param_batch_size == (scenario.params.batch_size?.toString() ?: ''),
            "results.csv row ${result.id}: param_batch_size '${row.param_batch_size}', expected '${scenario.params.batch_size ?: ''}'")
    check(row.param_pooling == (scenario.params.pooling ?: ''),
            "results.csv row ${result.id}: param_pooling '${row.param_pooling}'")
}

// --- samples.csv ----------------------------------------------------------------------------
def samplesLines = new File(runDir, 'samples.csv').readLines('US-ASCII')
check(samplesLines && samplesLines[0] == 'result_id,iteration,latency_ns,fork',
        "samples.csv header is ${samplesLines ? samplesLines[0] : 'missing'}")
def samples = samplesLines.drop(1).collect { it.split(',', -1) }
check(samples.every { it.length == 4 && it[3] == '0' && it.every { cell -> cell ==~ /\d+/ } }, 'samples.csv has a malformed row')
check(samples.size() == iterations * results.size(),
        "samples.csv has ${samples.size()} rows, expected ${iterations} x ${results.size()}")
def samplesById = samples.findAll { it.length == 4 }.groupBy { it[0] }
for (result in results) {
    def own = samplesById[result.id.toString()] ?: []
    check(own*.getAt(1) == (1..iterations)*.toString(),
            "samples.csv: result ${result.id} has iterations ${own*.getAt(1)}, expected 1..${iterations}")
    check(own.every { (it[2] as long) > 0 }, "samples.csv: result ${result.id} has a latency_ns <= 0")
}

// --- Surefire's XML report: one test case per scenario, named by its display name -----------
def reports = new File(basedir, 'target/surefire-reports').listFiles()?.findAll { it.name ==~ /TEST-.*\.xml/ } ?: []
def suites = reports.collect { new XmlSlurper().parse(it) }
def cases = suites.collectMany { it.testcase.list() }
def caseNames = cases.collect { it.@name.text() }
for (scenario in expected) {
    check(caseNames.count { it.contains(scenario.display) } == 1,
            "Surefire reports have no single test case named ${scenario.display}: ${caseNames}")
}
check(cases.size() == expected.size(), "Surefire reports hold ${cases.size()} test cases, expected ${expected.size()}: ${caseNames}")
// Each scenario's one-line summary, printed on its test's thread, is in that test case's <system-out>,
// which CI systems show beside the test: its median (4 significant digits) is the one in results.json.
def unitsMs = [ns: 1e-6, us: 1e-3, ms: 1.0, s: 1e3]
byScenario.each { scenario, result ->
    def testcase = cases.find { it.@name.text().contains(scenario.display) }
    String out = testcase == null ? '' : testcase.'system-out'.text()
    String method = scenario.benchmark.substring(scenario.benchmark.indexOf('#') + 1)
    def line = out.readLines().find { it.startsWith("junit-bench: EmbeddingBenchmarks.${method} ${scenario.display}: median ") }
    if (line == null) {
        problems << "the <system-out> of ${scenario.display} holds no summary line: '${out}'"
        return
    }
    def median = (line =~ /: median ([0-9.]+) (ns|us|ms|s), 95% CI /)
    check(median.find() && Math.abs(new BigDecimal(median.group(1)) * unitsMs[median.group(2)] - result.latency_ms.median)
            <= result.latency_ms.median * 1e-3, "${scenario.display}: summary '${line}', results.json median ${result.latency_ms.median} ms")
    check(line.contains(", n=${iterations}, peak RSS "), "${scenario.display}: summary '${line}' lacks n=${iterations} or peak RSS")
    // A plain latency benchmark of 20 iterations is described by the percentiles it supports, never INVALID.
    check(line.endsWith("; p99 needs 662 samples; ${iterations} measured") && !line.contains('INVALID'),
            "${scenario.display}: summary '${line}' does not end with the p99 its samples cannot support")
}
// The console table, in Maven's log: the p99 cells marked and explained, no INVALID for a plain benchmark.
def log = new File(basedir, 'build.log').getText('UTF-8')
check(!log.contains('INVALID'), 'build.log calls a plain latency benchmark INVALID')
check(log.contains('* p99 from fewer than 662 samples'), 'build.log does not explain the * of a p99 below its table')
check(log.replaceAll(/\s+/, ' ').contains("p99 supported in 0 of ${expected.size()} measured scenarios (needs 662 samples)"),
        'build.log lacks the percentiles line below the tables')
check(cases.every { it.failure.size() == 0 && it.error.size() == 0 && it.skipped.size() == 0 },
        'a Surefire test case failed, errored or was skipped')
// The extension's JUnit dependencies are `provided`: no other JUnit version may sit on the test class path.
def testClassPath = suites.collectMany { suite ->
    suite.properties.property.findAll { it.@name.text() == 'surefire.test.class.path' }.collect { it.@value.text() }
}
check(!testClassPath.isEmpty(), 'Surefire reports hold no surefire.test.class.path property')
def junitJars = testClassPath.collectMany { it.split(File.pathSeparator) as List }
        .collect { new File(it).name }.findAll { it ==~ /junit-(jupiter|platform)[a-z-]*-\d.*\.jar/ }.unique()
check(!junitJars.isEmpty(), "no JUnit jar on the test class path: ${testClassPath}")
junitJars.each { jar ->
    def prefix = jar.startsWith('junit-jupiter') ? expectedJupiter : expectedPlatform
    check((jar =~ /-(\d[^-]*)\.jar$/)[0][1].startsWith(prefix), "${jar} on the test class path, expected only ${prefix}* JUnit jars")
}
// Neither ONNX Runtime nor DJL: the plain benchmarks ran, and no inference runtime came along or loaded.
def jars = testClassPath.collectMany { it.split(File.pathSeparator) as List }.collect { new File(it).name }.unique()
def runtimeJars = jars.findAll { it.startsWith('onnxruntime') || it ==~ /api-0\.\d.*\.jar/ || it.contains('djl') || it.contains('pytorch') }
check(runtimeJars.isEmpty(), "inference runtime jars on the test class path of a project that has none: ${runtimeJars}")
check(software?.runtimes == [:], "run.software.runtimes is ${software?.runtimes}, expected none")
check(!reports.any { it.name.contains('TokenizerTests') } && !caseNames.any { it.contains('splitsOnWhitespace') },
        "-Dgroups=performance ran the ordinary test too: ${reports*.name}")

if (problems) {
    throw new AssertionError("${problems.size()} problem(s) in ${runDir}:\n  - " + problems.join('\n  - '))
}
println "OK: ${results.size()} scenarios, ${samples.size()} samples, JUnit Jupiter ${software.junit_jupiter_version}, " +
        "Platform ${software.junit_platform_version}, Java ${software.java_version}"
return true
