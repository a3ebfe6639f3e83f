// `mvn test` with the parent's Surefire configuration: FooTests ran, FooBenchmarks did not.
import groovy.xml.XmlSlurper

def problems = []
def check = { boolean ok, String problem -> if (!ok) problems << problem }

def reportsDir = new File(basedir, 'target/surefire-reports')
def report = { String simpleName -> new File(reportsDir, "TEST-dev.junitbench.it.${simpleName}.xml") }
def slurp = { File file -> new XmlSlurper().parse(file) }

def tests = report('FooTests')
check(tests.isFile(), "no Surefire report ${tests}: the plain test did not run; reports: ${reportsDir.list()}")
if (tests.isFile()) {
    def suite = slurp(tests)
    check(suite.@tests.text() == '1', "FooTests report has tests=\"${suite.@tests}\", expected 1")
    check(suite.@failures.text() == '0' && suite.@errors.text() == '0' && suite.@skipped.text() == '0',
            "FooTests report has failures=${suite.@failures} errors=${suite.@errors} skipped=${suite.@skipped}")
}

def benchmarks = report('FooBenchmarks')
if (benchmarks.isFile()) {
    def suite = slurp(benchmarks)
    check(suite.@tests.text() == '0', "plain `mvn test` ran the benchmark: FooBenchmarks report has tests=\"${suite.@tests}\"")
}
def resultsDir = new File(basedir, 'target/benchmark-results')
check(!resultsDir.exists(), "plain `mvn test` wrote benchmark results: ${resultsDir} holds ${resultsDir.list()}")

def log = new File(basedir, 'build.log').getText('UTF-8')
check(log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0'), 'build.log has no "Tests run: 1" summary')

if (problems) {
    throw new AssertionError("${problems.size()} problem(s) in ${basedir}:\n  - " + problems.join('\n  - '))
}
println 'OK: `mvn test` ran FooTests (1 test) and no benchmark'
return true
