// Forked from Maven: Surefire's test JVM (its class path a manifest-only jar) starts 2 forks per scenario
// of the junit5 project's EmbeddingBenchmarks, which hand their samples back; the JUnit JVM writes one run
// folder, Surefire reports one test per scenario with each fork's output in its <system-out>, and the
// forks' output never reaches Surefire's channel to its test JVM.

import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def problems = []
def check = { boolean ok, String problem -> if (!ok) problems << problem }
def files = evaluate(new File(itSources, 'run-files.groovy'))
def runDir = files.runDir(basedir)
def json = new JsonSlurper().parse(new File(runDir, 'results.json'), 'UTF-8')
def results = json.results ?: []
check(results.size() == 5, "results.json holds ${results.size()} results, expected 5")
check(json.run?.config?.'junit.bench.forks' == '2', "run.config junit.bench.forks is ${json.run?.config?.'junit.bench.forks'}")
for (result in results) {
    def name = "${result.benchmark} ${result.display_name}"
    check(result.status == 'passed', "${name}: status ${result.status} (${result.error})")
    check(result.forks?.planned == 2 && result.forks?.completed == 2, "${name}: forks ${result.forks}")
    check(result.forks?.runs*.count == [20, 20], "${name}: fork counts ${result.forks?.runs*.count}, expected [20, 20]")
    check(result.latency_ms?.count == 40, "${name}: pooled count ${result.latency_ms?.count}, expected 40")
    check(result.forks?.ci95_low != null && result.forks.ci95_low <= result.forks.median_ms
            && result.forks.median_ms <= result.forks.ci95_high, "${name}: interval across forks ${result.forks}")
}
def samples = new File(runDir, 'samples.csv').readLines('US-ASCII')
check(samples[0] == 'result_id,iteration,latency_ns,fork', "samples.csv header ${samples[0]}")
def forkColumn = samples.drop(1).collect { it.split(',')[3] }
check(forkColumn.count('1') == 100 && forkColumn.count('2') == 100, "samples.csv fork column: ${forkColumn.countBy { it }}")

// Surefire: one test case per scenario, each fork's relayed line in its own <system-out>.
def reports = new File(basedir, 'target/surefire-reports').listFiles().findAll { it.name.startsWith('TEST-') }
def cases = reports.collectMany { new XmlSlurper().parse(it).testcase.list() }
check(cases.size() == 5, "Surefire reported ${cases.size()} test cases, expected 5")
for (testCase in cases) {
    def out = testCase.'system-out'.text()
    check(out.contains('[fork 1 of 2] junit-bench: ') && out.contains('[fork 2 of 2] junit-bench: '),
            "test case ${testCase.@name}: its <system-out> lacks the forks' lines")
    check(out.contains('; 2 forks: median '), "test case ${testCase.@name}: its <system-out> lacks the pooled line")
}
def log = new File(basedir, 'build.log').getText('UTF-8')
check(!log.contains('Corrupted channel') && !log.contains('Corrupted STDOUT'),
        'Surefire reports a corrupted channel: a fork wrote to the test JVM\'s own streams')
check(log.contains('forking: 10 JVMs'), 'the console table does not report what forking cost')
// 40 pooled samples of a plain latency benchmark: described by the p99 they cannot support, never INVALID.
check(!log.contains('INVALID'), 'build.log calls a plain latency benchmark INVALID')
check(log.contains('; p99 needs 662 samples; 40 measured'), 'the pooled lines do not say what p99 the 40 samples support')

if (problems) {
    throw new AssertionError("forks IT: " + problems.size() + " problem(s):\n  " + problems.join('\n  '))
}
return true
