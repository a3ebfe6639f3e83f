// The README's benchmark ran as the README says: three scenarios, one per batch size, each measured.
import groovy.json.JsonSlurper

def files = evaluate(new File(itSources, 'run-files.groovy'))
def run = new JsonSlurper().parse(new File(files.runDir(basedir), 'results.json'))
def results = run.results
assert results*.benchmark.unique() == ['com.example.ScoringBenchmarks#score'] : "benchmarks: ${results*.benchmark}"
assert results*.params*.batch_size.sort() == [1, 8, 32] : "scenarios: ${results*.display_name}"
assert results.every { it.status == 'passed' && it.latency_ms.count == 100 } :
    "every scenario passes with the README's 100 measured iterations: ${results.collect { [it.display_name, it.status, it.latency_ms?.count] }}"
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('Tests run: 3, Failures: 0') : 'Surefire reports the three scenarios'
return true
