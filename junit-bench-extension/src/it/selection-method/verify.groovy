// -Dtest=BazBenchmarks#fill ran fill's two scenarios and nothing else, without -Dgroups and with it; a -Dtest that
// matches nothing failed the build. Then the Console Launcher, on the compiled classes: a method named without its
// parameter types is not found, and the two selections that work run fill alone.
import groovy.json.JsonSlurper

def problems = []
def check = { boolean ok, String problem -> if (!ok) problems << problem }
def fill = 'dev.junitbench.it.BazBenchmarks#fill'

/** Checks that folder holds one run folder whose results are fill's two scenarios, passed. */
def checkRunOfFill = { String folder, String how ->
    def runs = (new File(basedir, folder).listFiles() ?: []).findAll { it.isDirectory() && it.name.startsWith('run-') }
    check(runs.size() == 1, "${how}: expected one run folder in ${folder}, found ${runs*.name}")
    if (runs.size() != 1) {
        return
    }
    def resultsJson = new File(runs[0], 'results.json')
    check(resultsJson.isFile(), "${how}: no ${resultsJson}")
    if (!resultsJson.isFile()) {
        return
    }
    def results = new JsonSlurper().parse(resultsJson, 'UTF-8').results ?: []
    check(results*.benchmark == [fill, fill], "${how}: results.json holds ${results*.benchmark}, expected fill's two scenarios")
    check(results*.params*.batch_size.sort() == [1, 2], "${how}: batch sizes ${results*.params*.batch_size}, expected [1, 2]")
    check(results.every { it.status == 'passed' && it.latency_ms?.count == 5 },
            "${how}: ${results.collect { [it.params, it.status, it.error, it.latency_ms?.count] }}")
}

// --- Maven ----------------------------------------------------------------------------------
checkRunOfFill('target/runs-test', "-Dtest=BazBenchmarks#fill")
checkRunOfFill('target/runs-test-groups', "-Dtest=BazBenchmarks#fill -Dgroups=performance")
def log = new File(basedir, 'build.log').getText('UTF-8')
check(log.count('Tests run: 2, Failures: 0, Errors: 0, Skipped: 0') >= 2,
        'build.log lacks the "Tests run: 2" summaries of the two -Dtest builds (fill\'s two scenarios each)')
// The class matches, so Surefire's failIfNoSpecifiedTests is content; the profile's failIfNoTests is not.
check(log.contains('No tests were executed!'),
        'build.log does not say that -Dtest=BazBenchmarks#missing ran nothing (failIfNoTests of the profile "named-tests")')
check(!new File(basedir, 'target/runs-missing').exists(), '-Dtest=BazBenchmarks#missing wrote a run folder')
check(log.trim().endsWith('BUILD SUCCESS') || log.lastIndexOf('BUILD SUCCESS') > log.lastIndexOf('BUILD FAILURE'),
        'the last build, -Dtest=BazBenchmarks#missing -Dsurefire.failIfNoSpecifiedTests=false, did not pass')

// --- The Console Launcher -------------------------------------------------------------------
def classPathFile = new File(basedir, 'target/test-classpath.txt')
check(classPathFile.isFile(), "dependency:build-classpath wrote no ${classPathFile}")
def classPath = ['target/test-classes', 'target/classes', classPathFile.isFile() ? classPathFile.getText('UTF-8').trim() : '']
        .join(File.pathSeparator)
def java = new File(System.getProperty('java.home'), 'bin/java').path
def launch = { List<String> selection, String outputDir ->
    def command = [java, '-jar', consoleLauncherJar, 'execute', '--disable-banner', '--disable-ansi-colors',
                   '--class-path', classPath, '--config', "junit.bench.output.dir=${outputDir}".toString(),
                   '--config', 'junit.bench.progress=false'] + selection
    def process = new ProcessBuilder(command).directory(basedir).redirectErrorStream(true).start()
    def output = process.inputStream.getText('UTF-8')
    int exit = process.waitFor()
    new File(basedir, "${new File(outputDir).name}.log").setText(output, 'UTF-8')
    return [exit: exit, output: output]
}

// The README's old form: the method's name alone is looked up as a method without parameters.
def bare = launch(['--select-method', fill], 'target/runs-launcher-bare')
check(bare.exit != 0 && bare.output.contains('Could not find method with name [fill]'),
        "--select-method ${fill}: exit ${bare.exit}, expected a failure 'Could not find method'; output:\n${bare.output}")

def signature = launch(['--select-method', fill + '(dev.junitbench.infra.Scenario, dev.junitbench.Blackhole)'],
        'target/runs-launcher-signature')
check(signature.exit == 0, "--select-method with parameter types: exit ${signature.exit}; output:\n${signature.output}")
checkRunOfFill('target/runs-launcher-signature', 'Console Launcher --select-method with parameter types')

def methodName = launch(['--select-class', 'dev.junitbench.it.BazBenchmarks', '--include-methodname', '.*#fill'],
        'target/runs-launcher-methodname')
check(methodName.exit == 0, "--select-class with --include-methodname: exit ${methodName.exit}; output:\n${methodName.output}")
checkRunOfFill('target/runs-launcher-methodname', 'Console Launcher --select-class with --include-methodname')

if (problems) {
    throw new AssertionError("${problems.size()} problem(s) in ${basedir}:\n  - " + problems.join('\n  - '))
}
println "OK: -Dtest=BazBenchmarks#fill ran fill alone with and without -Dgroups; a -Dtest matching nothing failed; " +
        'the Console Launcher ran fill alone by signature and by --include-methodname'
return true
