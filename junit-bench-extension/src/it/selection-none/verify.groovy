// `mvn test -Dgroups=performance` in a project without benchmarks failed (invoker.buildResult = failure)
// for the right reason: Surefire's failIfNoTests, not a compile error or a failing test.
def log = new File(basedir, 'build.log').getText('UTF-8')
def problems = []
if (!log.contains('No tests were executed!')) {
    problems << 'build.log does not say "No tests were executed!" (Surefire failIfNoTests)'
}
if (log =~ /Tests run: [1-9]/) {
    problems << 'build.log reports tests that ran: BarTests was not excluded by -Dgroups=performance'
}
if (!log.contains('maven-surefire-plugin')) {
    problems << 'build.log shows no Surefire execution: the build failed before the tests'
}
if (new File(basedir, 'target/benchmark-results').exists()) {
    problems << 'target/benchmark-results exists although there is no benchmark'
}
if (problems) {
    throw new AssertionError("${problems.size()} problem(s) in ${basedir}:\n  - " + problems.join('\n  - '))
}
println 'OK: `mvn test -Dgroups=performance` without benchmarks failed: ' +
        log.readLines().find { it.contains('No tests were executed!') }?.trim()
return true
