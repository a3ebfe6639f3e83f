// The modular project ran with the reports on the module path: the report format, found through
// the module's provides, wrote report.html from its templates, with the run's scenarios in it.
def problems = []
def check = { boolean ok, String problem -> if (!ok) problems << problem }

def log = new File(basedir, 'build.log').text
check(log.contains('Tests run: 3, Failures: 0, Errors: 0, Skipped: 0'), 'the three tests did not all pass (build.log)')
def results = new File(basedir, 'target/benchmark-results')
def runs = results.listFiles()?.findAll { it.isDirectory() && it.name.startsWith('run-') } ?: []
check(runs.size() == 1, "expected one run folder in ${results}, found ${runs*.name}")
if (runs.size() == 1) {
    def report = new File(runs[0], 'report.html')
    check(report.isFile(), "no report.html in ${runs[0]}: the HTML report format did not run on the module path")
    if (report.isFile()) {
        def html = report.getText('UTF-8')
        check(html.contains('ModularBenchmarks'), 'report.html does not name the benchmark class')
        check(html.contains('batch_size=4'), 'report.html does not show the batch_size=4 scenario')
        check(html.contains('id="probes"') && html.contains('class_count'), 'report.html does not show the module\'s probe')
    }
}
check(!log.contains('result format'), 'a result format warned (build.log)')

if (problems) {
    throw new AssertionError('module-path (reports): ' + problems.join('\n  '))
}
return true
