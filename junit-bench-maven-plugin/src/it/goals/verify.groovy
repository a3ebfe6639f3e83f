// The goals on a real run. The invoker ran the invocations of invoker.properties, each with the build result it
// names; this script reads what they left: the run folder, its report and summary, the history store, and the
// build log, which holds every invocation's output in turn.

def problems = []
def check = { boolean ok, String problem -> if (!ok) problems << problem }

def results = new File(basedir, 'target/benchmark-results')
def runs = (results.listFiles() ?: []).findAll { it.isDirectory() && it.name.startsWith('run-') }
if (runs.size() != 1) {
    throw new AssertionError("expected one run folder in ${results}, found ${runs*.name}")
}
def run = runs[0]
def log = new File(basedir, 'build.log').text
def plugin = 'dev.junitbench:junit-bench-maven-plugin:'
def failed = { String goal -> ~/(?m)^\[ERROR\] Failed to execute goal ${java.util.regex.Pattern.quote(plugin)}\S+:${goal} \(default-cli\) on project it-maven-plugin-goals: (.*)$/ }
def has = { pattern -> (log =~ pattern).find() }
def failures = { String goal -> (log =~ failed(goal)).collect { it[1] } }

// --- 1. report.html of the newest run, coloured by the baseline; compare fails on the regression ------------
def report = new File(run, 'report.html')
check(report.isFile() && report.text.contains('class="num verdict-regressed"'), "no report.html with a regression in ${run}")
check(log.contains("[INFO] report: ${report.absolutePath}"), 'the log does not name the report')
def compareFailures = failures('compare')
check(compareFailures.size() >= 1 && compareFailures[0].startsWith('1 regressed, 0 improved, 0 unchanged: 1 of 2 scenarios judged'),
        "the first compare failure is ${compareFailures ? compareFailures[0] : 'missing'}")
check(has(/(?m)^\[ERROR\]   regressed: com\.example\.SortBenchmarks#sort \[device=cpu, batch_size=1\]: median \+\d/,
        ), "the failure does not name the regressed scenario")

// --- 2. a threshold no change reaches: passes, NOT JUDGED said as a warning; the Markdown summary -------------
// The recorded baseline predates allocation figures: allocation is NOT JUDGED too, and said so.
check(log.contains('[WARNING] 0 regressed, 0 improved, 1 unchanged: 1 of 2 scenarios judged; NOT JUDGED: 1 (1 not in the baseline);'
        + ' allocation: 0 regressed, 0 improved, 0 unchanged, NOT JUDGED: 1 (no figure): NOT JUDGED is not a pass'),
        'no NOT JUDGED warning from the passing compare')
def summary = new File(run, 'summary.md')
check(summary.isFile() && summary.text.contains('SortBenchmarks'), "no summary.md in ${run}")

// --- 3. match all: NOT JUDGED fails -------------------------------------------------------------------------
check(compareFailures.size() >= 2 && compareFailures[1].startsWith('0 regressed, 0 improved, 1 unchanged: 1 of 2 scenarios judged; NOT JUDGED: 1'),
        "the match-all compare failure is ${compareFailures.size() > 1 ? compareFailures[1] : 'missing'}")
check(log.contains('[ERROR]   NOT JUDGED (match all): com.example.SortBenchmarks#sort [device=cpu, batch_size=2]'),
        'the match-all failure does not name the scenario not judged')

// --- 4. a baseline that names nothing ------------------------------------------------------------------------
def missing = new File(basedir, 'no-such-run').absolutePath
check(compareFailures.size() >= 3 && compareFailures[2].startsWith("junit-bench:compare: baseline (junit-bench.baseline) ${missing} does not exist"),
        "the missing baseline's failure is ${compareFailures.size() > 2 ? compareFailures[2] : 'missing'}")

// --- 5./6. import into the DuckDB file in target, then check: NOT JUDGED fails, allowUnjudged passes ----------
def store = new File(basedir, 'target/benchmark-history.duckdb')
check(store.isFile(), "no history store at ${store}")
check(has(/(?m)^\[INFO\] imported ${run.name} \(host [^)]+\): 2 results$/), 'the import does not list the run')
check(has(/(?m)^\[INFO\] history import: 1 imported, 0 already in the store, 0 skipped; store jdbc:duckdb:/), 'no import counts')
check(has(/(?m)^\[INFO\] already in the store: ${run.name} /), 'the second import does not leave the run as it is')
def checkFailures = failures('check')
check(checkFailures.size() == 1 && checkFailures[0].startsWith('NOT JUDGED'), "check failures: ${checkFailures}")
check(log.contains('allowUnjudged (-Djunit-bench.allowUnjudged)'), 'the NOT JUDGED failure does not say how to allow it')

// --- the plugin-level <compareFormat>/<compareOutput> reach compare only; every goal names the run it reads ----
def comparison = new File(basedir, 'target/comparison.md')
check(comparison.isFile() && comparison.text.contains('SortBenchmarks') && !comparison.text.contains('<html'),
        "no Markdown comparison at ${comparison}")
check(report.text.contains('<html'), 'report.html is not HTML')
check(has(/(?m)^\[INFO\] junit-bench:compare: run ${java.util.regex.Pattern.quote(run.absolutePath)} \(started at /),
        'compare does not log the run it judges')
check(has(/(?m)^\[WARNING\] junit-bench:compare: the newest run folder .* before this build .*taken because of allowOlderRun$/),
        'no warning when allowOlderRun takes an older run')

// --- 7. a misspelled property is named ----------------------------------------------------------------------
check(compareFailures.size() >= 4 && compareFailures[3].startsWith("-Djunit-bench.treshold is not a property of junit-bench's goals;"
        + ' did you mean junit-bench.threshold?'), "the misspelled property's failure is ${compareFailures.size() > 3 ? compareFailures[3] : 'missing'}")

if (problems) {
    throw new AssertionError("${problems.size()} problem(s):\n  - " + problems.join('\n  - '))
}
println 'OK: report, compare (regression, NOT JUDGED, a missing baseline, a misspelled property, an older run), import and check'
return true
