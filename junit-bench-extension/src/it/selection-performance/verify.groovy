// `mvn test -Dgroups=performance` with the parent's Surefire configuration: FooBenchmarks ran, FooTests did not.
import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def problems = []
def check = { boolean ok, String problem -> if (!ok) problems << problem }

def reportsDir = new File(basedir, 'target/surefire-reports')
def report = { String simpleName -> new File(reportsDir, "TEST-dev.junitbench.it.${simpleName}.xml") }
def slurp = { File file -> new XmlSlurper().parse(file) }

// FooBenchmarks#sum has a single scenario, [device=cpu].
def benchmarks = report('FooBenchmarks')
check(benchmarks.isFile(), "no Surefire report ${benchmarks}: the benchmark did not run; reports: ${reportsDir.list()}")
if (benchmarks.isFile()) {
    def suite = slurp(benchmarks)
    def names = suite.testcase.list().collect { it.@name.text() }
    check(suite.@tests.text() == '1', "FooBenchmarks report has tests=\"${suite.@tests}\", expected 1: ${names}")
    check(suite.@failures.text() == '0' && suite.@errors.text() == '0' && suite.@skipped.text() == '0',
            "FooBenchmarks report has failures=${suite.@failures} errors=${suite.@errors} skipped=${suite.@skipped}")
    check(names.size() == 1 && names[0].contains('[device=cpu]'), "FooBenchmarks test cases are ${names}, expected one [device=cpu]")
}

def tests = report('FooTests')
if (tests.isFile()) {
    def suite = slurp(tests)
    check(suite.@tests.text() == '0', "-Dgroups=performance ran the plain test: FooTests report has tests=\"${suite.@tests}\"")
}

def resultsDir = new File(basedir, 'target/benchmark-results')
def runs = (resultsDir.listFiles() ?: []).findAll { it.isDirectory() && it.name.startsWith('run-') }
check(runs.size() == 1, "expected one run folder in ${resultsDir}, found ${runs*.name}")
if (runs.size() == 1) {
    def resultsJson = new File(runs[0], 'results.json')
    check(resultsJson.isFile(), "no ${resultsJson}")
    if (resultsJson.isFile()) {
        def results = new JsonSlurper().parse(resultsJson, 'UTF-8').results ?: []
        check(results.size() == 1, "results.json holds ${results.size()} results, expected 1: ${results*.benchmark}")
        check(results.every { it.benchmark == 'dev.junitbench.it.FooBenchmarks#sum' },
                "results.json holds ${results*.benchmark}, expected dev.junitbench.it.FooBenchmarks#sum")
        check(results.every { it.status == 'passed' }, "results.json statuses: ${results.collect { [it.status, it.error] }}")
        check(results.every { it.measurement?.iterations == 5 && it.latency_ms?.count == 5 },
                "results.json measurements: ${results*.measurement}, latency counts ${results*.latency_ms*.count}")
    }
}

def log = new File(basedir, 'build.log').getText('UTF-8')
check(log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0'), 'build.log has no "Tests run: 1" summary')

if (problems) {
    throw new AssertionError("${problems.size()} problem(s) in ${basedir}:\n  - " + problems.join('\n  - '))
}
println 'OK: `mvn test -Dgroups=performance` ran FooBenchmarks (1 scenario, passed) and not FooTests'
return true
