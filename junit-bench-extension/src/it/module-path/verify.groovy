// The modular project ran on the module path: its check passed, and the run folder holds each
// scenario with the figures of the probe its module provides.
import groovy.json.JsonSlurper

def problems = []
def check = { boolean ok, String problem -> if (!ok) problems << problem }

def log = new File(basedir, 'build.log').text
check(log.contains('Tests run: 3, Failures: 0, Errors: 0, Skipped: 0'), 'the three tests did not all pass (build.log)')
def reports = new File(basedir, 'target/surefire-reports')
def named = reports.listFiles()?.find { it.name.endsWith('.txt') }
check(named != null, 'no Surefire report')

def files = evaluate(new File(itSources, 'run-files.groovy'))
def runDir = files.runDir(basedir)
def json = new JsonSlurper().parse(new File(runDir, 'results.json'), 'UTF-8')
def results = json.results ?: []
check(results.size() == 2, "results.json holds ${results.size()} results, expected 2")
for (result in results) {
    check(result.status == 'passed', "${result.display_name} is ${result.status}: ${result.error}")
    check(result.latency_ms?.count == 20, "${result.display_name}: ${result.latency_ms?.count} samples, expected 20")
    check(result.memory?.rss_peak_mb != null, "${result.display_name}: no memory figures (${result.memory})")
    def probe = result.probes?.class_count
    check(probe != null, "${result.display_name}: no class_count group, the module's probe was not found")
    check(probe?.items == 20 * result.params.batch_size,
            "${result.display_name}: class_count.items is ${probe?.items}, expected ${20 * result.params.batch_size}")
    check(probe?.loaded != null, "${result.display_name}: class_count.loaded is null (${probe?.unavailable_reason})")
}
def csv = new File(runDir, 'results.csv').readLines('UTF-8')
check(csv[0].contains('probes_class_count_loaded'), "results.csv has no probes_class_count_loaded column: ${csv[0]}")

// --- -Djunit.bench.profile=cpu: each scenario's JFR and flame graph in the run folder ----------
def profiledRuns = (new File(basedir, 'target/runs-profiled').listFiles() ?: []).findAll { it.isDirectory() }
check(profiledRuns.size() == 1, "expected one run folder in target/runs-profiled, found ${profiledRuns*.name}")
if (profiledRuns.size() == 1) {
    def profiled = new JsonSlurper().parse(new File(profiledRuns[0], 'results.json'), 'UTF-8').results ?: []
    check(profiled.size() == 2, "the profiled run holds ${profiled.size()} results, expected 2")
    for (result in profiled) {
        def profile = result.profile
        check(profile?.kind == 'cpu', "${result.display_name}: profile ${profile}")
        check(profile?.profiler?.startsWith('async-profiler'), "${result.display_name}: recorded by ${profile?.profiler} (${profile?.warning})")
        check(profile?.jfr?.size() == 1 && new File(profiledRuns[0], profile.jfr[0]).isFile(),
                "${result.display_name}: no JFR file ${profile?.jfr}")
        check(profile?.flame_graph && new File(profiledRuns[0], profile.flame_graph).text.startsWith('<!DOCTYPE html>'),
                "${result.display_name}: no flame graph ${profile?.flame_graph}")
    }
    check(log.contains('junit-bench: profile of it.modular.ModularBenchmarks#sum'), 'the console names no flame graph')
}

if (problems) {
    throw new AssertionError('module-path: ' + problems.join('\n  '))
}
return true
