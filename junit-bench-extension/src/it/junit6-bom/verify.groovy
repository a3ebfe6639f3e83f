// The user's JUnit 6, aligned by its BOM, ran the benchmarks.
import groovy.xml.XmlSlurper

// The second build: JUnit 6's "No ParameterResolver registered" for a benchmark parameter is
// explained by the extension. Its report is moved aside, so the shared check sees the first build's.
def reports = new File(basedir, 'target/surefire-reports')
def unresolved = new File(reports, 'TEST-dev.junitbench.it.UnresolvedParameterCase.xml')
if (!unresolved.isFile()) {
    throw new AssertionError("the second build wrote no ${unresolved}")
}
def failures = new XmlSlurper().parse(unresolved).testcase.collectMany { it.failure.list() + it.error.list() }
def messages = failures.collect { it.@message.text() + '\n' + it.text() }
def explained = 'dev.junitbench.it.UnresolvedParameterCase#embed: nothing injects parameter 1' +
        ' (java.util.Map<java.lang.String, float[]>) of the benchmark method (no ParameterResolver supports it).'
if (messages.size() != 1 || !messages[0].contains(explained) ||
        !messages[0].contains('Fix: take ModelInputs inputs and read the tensors as a map with inputs.as(float[].class)')) {
    throw new AssertionError("the unresolved parameter is not explained under JUnit 6: ${messages}")
}
unresolved.renameTo(new File(basedir, 'target/unresolved-parameter-report.xml'))
new File(reports, 'dev.junitbench.it.UnresolvedParameterCase.txt').delete()

expectedJupiter = '6.0.'
expectedPlatform = '6.0.'
expectedJava = null
evaluate(new File(itSources, 'verify-benchmark-run.groovy'))
