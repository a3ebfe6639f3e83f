// The project `archetype:generate` wrote, and its builds: `mvn test` measured nothing, a -Dtest naming no method
// failed, `mvn test -Dtest=...#embed` measured that benchmark, and `mvn test -Dgroups=performance` measured all its
// scenarios and wrote report.html.
import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def problems = []
def check = { boolean ok, String problem -> if (!ok) problems << problem }

def project = new File(basedir, 'my-benchmarks')
def text = { String path -> new File(project, path).getText('UTF-8') }
def expectedFiles = ['pom.xml', 'README.md', '.gitignore', '.github/workflows/benchmarks.yml',
                     'src/test/java/com/example/EmbeddingBenchmarks.java', 'src/test/resources/junit-platform.properties']
expectedFiles.each { check(new File(project, it).isFile(), "the generated project has no ${it}") }
if (problems) {
    throw new AssertionError("${problems.size()} problem(s) in ${project}:\n  - " + problems.join('\n  - '))
}

// --- What generation filled in, and what it had to leave alone ------------------------------
def pom = new XmlSlurper().parseText(text('pom.xml'))
check(pom.groupId.text() == 'com.example' && pom.artifactId.text() == 'my-benchmarks',
        "pom coordinates are ${pom.groupId}:${pom.artifactId}")
check(pom.properties.'maven.compiler.release'.text() == '17', "maven.compiler.release is ${pom.properties.'maven.compiler.release'}")
check(pom.properties.'project.build.sourceEncoding'.text() == 'UTF-8', 'the pom does not set UTF-8')
check(pom.properties.'junitbench.version'.text() == archetypeVersion,
        "junitbench.version is ${pom.properties.'junitbench.version'}, expected ${archetypeVersion}")
check(!(text('pom.xml') =~ /@[a-z0-9.-]+@/), 'the pom holds an unreplaced @...@ version')
def surefire = pom.build.plugins.plugin.find { it.artifactId.text() == 'maven-surefire-plugin' }
check(surefire.configuration.excludedGroups.text() == '${bench.excluded}',
        "surefire excludedGroups is '${surefire.configuration.excludedGroups}', expected \${bench.excluded}")
check(text('src/test/java/com/example/EmbeddingBenchmarks.java').startsWith('package com.example;'),
        'EmbeddingBenchmarks.java is not in package com.example')
def workflow = text('.github/workflows/benchmarks.yml')
check(workflow == new File(archetypeResources, '.github/workflows/benchmarks.yml').getText('UTF-8'),
        'the workflow differs from the archetype\'s: generation changed it')
check(workflow.contains('mvn -B test -Dgroups=performance') && workflow.contains('${{ runner.temp }}/benchmark-results'),
        'the workflow lacks the benchmark command or the run folder it uploads')

// The job fails when a scenario fails or regresses, and still keeps the run folder.
check(!workflow.contains('maven.test.failure.ignore'), 'the workflow ignores test failures: a failed benchmark would pass the job')
check((workflow =~ /(?m)^\s+if: \$\{\{ !cancelled\(\) \}\}\n\s+uses: actions\/upload-artifact@/).find(),
        'the upload of the run folder does not run after a failed benchmark step (if: ${{ !cancelled() }})')

// git leaves build output and the history store alone.
check(!new File(project, '__gitignore__').exists(), 'the .gitignore arrived as __gitignore__')
def ignored = text('.gitignore').readLines()
check(ignored.contains('target/') && ignored.contains('*.duckdb'), ".gitignore lacks target/ or *.duckdb: ${ignored}")

// Every key in junit-platform.properties is one junit-bench reads (an unknown key would fail the run).
def keysLoader = new URLClassLoader([new File(extensionJar).toURI().toURL()] as URL[], (ClassLoader) null)
def knownKeys = keysLoader.loadClass('dev.junitbench.config.BenchConfig').getMethod('keys').invoke(null) as List
def propertyKeys = text('src/test/resources/junit-platform.properties').readLines()
        .findAll { it ==~ /#junit\.bench\.[^=\s]+=.*/ }.collect { it.substring(1, it.indexOf('=')) }
check(propertyKeys.size() >= 10, "junit-platform.properties holds ${propertyKeys.size()} commented settings: ${propertyKeys}")
check(knownKeys.containsAll(propertyKeys), "junit-platform.properties names keys junit-bench does not know: ${propertyKeys - knownKeys}")
for (key in ['junit.bench.warmup.iterations', 'junit.bench.measurement.iterations', 'junit.bench.output.dir',
             'junit.bench.baseline', 'junit.bench.regression.threshold', 'junit.bench.forks', 'junit.bench.devices',
             'junit.bench.dry-run']) {
    check(propertyKeys.contains(key), "junit-platform.properties does not mention ${key}")
}

// --- The builds: one run folder in the default place, the benchmark command's --------------------------------
def resultsDir = new File(project, 'target/benchmark-results')
def runs = (resultsDir.listFiles() ?: []).findAll { it.isDirectory() && it.name.startsWith('run-') }
check(runs.size() == 1, "expected one run folder (-Dgroups=performance's; plain `mvn test` writes none), found ${runs*.name}")
if (runs.size() == 1) {
    def runDir = runs[0]
    ['results.json', 'results.csv', 'samples.csv', 'report.html'].each {
        check(new File(runDir, it).isFile(), "${runDir.name} has no ${it}")
    }
    def results = new JsonSlurper().parse(new File(runDir, 'results.json'), 'UTF-8').results ?: []
    check(results*.benchmark.unique() == ['com.example.EmbeddingBenchmarks#embed'], "results.json holds ${results*.benchmark}")
    check(results*.params*.batch_size.sort() == [1, 4, 16], "results.json batch sizes: ${results*.params*.batch_size}")
    check(results.every { it.status == 'passed' && it.latency_ms?.count == 20 },
            "results.json: ${results.collect { [it.params, it.status, it.error, it.latency_ms?.count] }}")
    check(results.every { it.model != null }, "results.json results without a model group: ${results*.model}")
}
def namedRuns = (new File(project, 'target/runs-named').listFiles() ?: []).findAll { it.isDirectory() }
check(namedRuns.size() == 1, "-Dtest=EmbeddingBenchmarks#embed: expected one run folder in target/runs-named, found ${namedRuns*.name}")
if (namedRuns.size() == 1) {
    def results = new JsonSlurper().parse(new File(namedRuns[0], 'results.json'), 'UTF-8').results ?: []
    check(results.collect { [it.benchmark, it.params.batch_size, it.status] } == [['com.example.EmbeddingBenchmarks#embed', 1, 'passed']],
            "-Dtest=EmbeddingBenchmarks#embed: results.json holds ${results.collect { [it.benchmark, it.params, it.status, it.error] }}")
}
def reportsDir = new File(project, 'target/surefire-reports')
def suites = (reportsDir.listFiles() ?: []).findAll { it.name ==~ /TEST-.*\.xml/ }.collect { new XmlSlurper().parse(it) }
def caseNames = suites.collectMany { it.testcase.list() }.collect { it.@name.text() }
check(caseNames.size() == 3 && caseNames.every { it.contains('batch_size=') },
        "Surefire's test cases are ${caseNames}, expected three named by their scenario")

def log = new File(basedir, 'build.log').getText('UTF-8')
check(log.contains('No tests were executed!') && !new File(project, 'target/runs-missing').exists(),
        '-Dtest=EmbeddingBenchmarks#missing did not fail for running nothing (failIfNoTests of the profile "named-tests")')
check(log.trim().endsWith('BUILD SUCCESS') || log.lastIndexOf('BUILD SUCCESS') > log.lastIndexOf('BUILD FAILURE'),
        'the last build, -Dgroups=performance, did not pass')

if (problems) {
    throw new AssertionError("${problems.size()} problem(s) in ${project}:\n  - " + problems.join('\n  - '))
}
println "OK: generated ${project.name}; `mvn test` measured nothing; `mvn test -Dgroups=performance` measured " +
        "${caseNames.size()} scenarios into ${runs[0].name} with report.html"
return true
