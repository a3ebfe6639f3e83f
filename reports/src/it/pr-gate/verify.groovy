// ci/pr-gate.sh on two builds of a tiny project. This project (compiled by the invoker) is copied into a
// git repository and committed as the base; a head commit makes WorkBenchmarks.work four times as long.
// Both are checked out as trees of their own (git worktrees) and gated: 2 rounds a side, alternated, 2 forks
// per scenario, then compare of the pooled rounds must exit 1 and name the regressed scenario. The base gated
// against a second checkout of itself, 2 unforked rounds a side, must exit 0. Inner Maven runs are offline,
// on the invoker's local repository. The threshold is wide (50%) so that a busy machine cannot make the
// unchanged scenario look changed; a 4x slowdown is far beyond it. The spins are short (0.1 ms, 0.4 ms) so
// that a scheduler's time slice on a busy machine lands in few of their iterations and moves no median.

import groovy.json.JsonSlurper

def problems = []
def check = { boolean ok, String problem -> if (!ok) problems << problem }

def execute = { List<String> command, File dir, Map<String, String> env = [:] ->
    def builder = new ProcessBuilder(command).directory(dir).redirectErrorStream(true)
    builder.environment().putAll(env)
    def process = builder.start()
    def out = new StringBuffer()
    // Waits for the output as well as the process: consumeProcessOutput's readers may still be reading.
    process.waitForProcessOutput(out, out)
    return [code: process.exitValue(), out: out.toString()]
}
def git = { File dir, String... arguments ->
    def result = execute(['git', '-c', 'user.name=junit-bench', '-c', 'user.email=junit-bench@localhost',
                          '-c', 'init.defaultBranch=main'] + arguments.toList(), dir)
    if (result.code != 0) {
        throw new AssertionError("git ${arguments.join(' ')} failed in ${dir}: ${result.out}")
    }
    return result.out.trim()
}

// --- A repository with a base and a head commit, checked out as two trees ----------------------
def repo = new File(basedir, 'target/repo')
repo.mkdirs()
new File(repo, 'pom.xml').text = new File(basedir, 'pom.xml').text
def source = 'src/test/java/dev/junitbench/it/WorkBenchmarks.java'
new File(repo, source).parentFile.mkdirs()
new File(repo, source).text = new File(basedir, source).text
new File(repo, '.gitignore').text = 'target/\n'
git(repo, 'init', '-q')
git(repo, 'add', '.')
git(repo, 'commit', '-q', '-m', 'base')
def baseCommit = git(repo, 'rev-parse', 'HEAD')
def slower = new File(repo, source).text.replace('WORK_NANOS = 100_000;', 'WORK_NANOS = 400_000;')
check(slower != new File(repo, source).text, 'the head commit did not change the work')
new File(repo, source).text = slower
git(repo, 'commit', '-q', '-am', 'head: four times the work')
def headCommit = git(repo, 'rev-parse', 'HEAD')
def trees = new File(basedir, 'target/trees')
['base': baseCommit, 'head': headCommit, 'same': baseCommit].each { name, commit ->
    git(repo, 'worktree', 'add', '-q', '--detach', new File(trees, name).absolutePath, commit)
}

def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').absolutePath
def environment = [
    ROUNDS: '2',
    FORKS: '2',
    MVN: "${mvn} -o -Dmaven.repo.local=${localRepositoryPath.absolutePath}".toString(),
    GATE_MAVEN_ARGS: '-Dgroups=performance -Djunit.bench.warmup.iterations=2 -Djunit.bench.measurement.iterations=12',
    GATE_COMPARE_ARGS: '--threshold 50%',
    GATE_CLI_JAR: cliJar,
]
def calls = 0
def gate = { String base, String head, String out, Map<String, String> more = [:] ->
    def result = execute(['bash', gateScript, new File(trees, base).absolutePath, new File(trees, head).absolutePath,
                          new File(basedir, "target/${out}").absolutePath], basedir, environment + more)
    new File(basedir, "gate-${++calls}-${out}.log").text = result.out
    return result
}
def runs = { String out, String side ->
    (new File(basedir, "target/${out}/${side}").listFiles() ?: []).findAll { it.isDirectory() && it.name.startsWith('run-') }
}

// --- Bad usage is refused before anything is built ----------------------------------------------
def usage = execute(['bash', gateScript, new File(trees, 'base').absolutePath], basedir, environment)
check(usage.code == 2 && usage.out.contains('usage: ci/pr-gate.sh BASE_DIR HEAD_DIR OUT_DIR'), "usage: ${usage}")
def tooFew = gate('base', 'head', 'too-few', [ROUNDS: '1', FORKS: '0'])
check(tooFew.code == 2 && tooFew.out.contains('ROUNDS=1 with FORKS=0 gives each scenario one JVM run a side'),
        "ROUNDS=1 FORKS=0: ${tooFew}")
def noTree = gate('base', 'nowhere', 'no-tree')
check(noTree.code == 2 && noTree.out.contains('is not a Maven project (no pom.xml there)'), "no tree: ${noTree}")

// --- Head does four times the work: exit 1, the regressed scenario named, the rounds counted ---------
def regressed = gate('base', 'head', 'gate-regressed')
check(regressed.code == 1, "the gate of a 4x slowdown exited ${regressed.code}, expected 1:\n${regressed.out}")
check(runs('gate-regressed', 'base').size() == 2 && runs('gate-regressed', 'head').size() == 2,
        "expected 2 rounds a side, found ${runs('gate-regressed', 'base')*.name} and ${runs('gate-regressed', 'head')*.name}")
['base': baseCommit, 'head': headCommit].each { side, commit ->
    runs('gate-regressed', side).each { run ->
        def json = new JsonSlurper().parse(new File(run, 'results.json'))
        check(json.run.git?.commit == commit, "${side} round ${run.name} measured commit ${json.run.git?.commit}, expected ${commit}")
        json.results.each { result ->
            boolean offline = result.benchmark.endsWith('#offline')
            check(result.status == 'passed' && (offline ? result.forks == null : result.forks?.completed == 2),
                    "${side} round ${run.name}: ${result.benchmark} ${result.status}, forks ${result.forks?.completed}")
        }
    }
}
def order = regressed.out.readLines().findAll { it.startsWith('pr-gate: round ') }
check(order.collect { it.replaceAll(/pr-gate: round (\d) of 2: (\w+),.*/, '$2$1') } == ['base1', 'head1', 'base2', 'head2'],
        "rounds ran in the order ${order}, expected base, head, base, head")
def markdownFile = new File(basedir, 'target/gate-regressed/comparison.md')
def markdown = markdownFile.isFile() ? markdownFile.text : ''
// The unchanged scenarios may be NOT JUDGED when a busy machine slows some JVMs: only the regression is fixed.
check(markdown.startsWith(':red_circle: **1 regressed**, 0 improved, ') && markdown.contains(': the largest, WorkBenchmarks\\.work, is +'),
        "comparison.md does not lead with the regressed scenario:\n${markdown}")
check(markdown.contains('Baseline 2 rounds pooled (commit ' + baseCommit.take(10)) && markdown.contains('current 2 rounds pooled (commit ' + headCommit.take(10)),
        "comparison.md does not say how many rounds were pooled:\n${markdown}")
check(markdown.contains('Welch\\\'s t\\-test on the log medians of the JVM runs \\(2 to 4 vs 2 to 4 JVM runs\\)'),
        "comparison.md does not name the test:\n${markdown}")
// Offline is measured in the JUnit JVM under FORKS=2: each round one JVM run, 2 a side, and judged.
def java = new File(System.getProperty('java.home'), 'bin/java').absolutePath
def asJson = execute([java, '-jar', cliJar, 'compare', new File(basedir, 'target/gate-regressed/base').absolutePath,
                      new File(basedir, 'target/gate-regressed/head').absolutePath, '--threshold', '50%', '--format', 'json'], basedir)
def offlineRow = asJson.code <= 1 ? new JsonSlurper().parseText(asJson.out).scenarios.find { it.benchmark.endsWith('#offline') } : null
check(offlineRow?.verdict in ['unchanged', 'regressed', 'improved'], "the Offline scenario was not judged: ${offlineRow}")
def text = new File(basedir, 'target/gate-regressed/comparison.txt')
check(text.isFile() && text.text.startsWith('1 regressed, 0 improved, '), "comparison.txt: ${text.isFile() ? text.text : 'missing'}")

// --- Reusing an OUT_DIR that holds rounds is refused --------------------------------------------
def again = gate('base', 'head', 'gate-regressed')
check(again.code == 2 && again.out.contains('already holds rounds; give an empty or new OUT_DIR'), "OUT_DIR reused: ${again}")

// --- Head is the base again, its rounds unforked (each round one observation): exit 0 ------------------
def unchanged = gate('base', 'same', 'gate-unchanged', [FORKS: '0'])
check(unchanged.code == 0, "the gate of an unchanged build exited ${unchanged.code}, expected 0:\n${unchanged.out}")
def same = new File(basedir, 'target/gate-unchanged/comparison.md')
check(same.isFile() && (same.text.startsWith(':white_check_mark: **0 regressed, 0 improved, 3 unchanged; allocation: 0 regressed, 0 improved, 3 unchanged**')
        || same.text.startsWith(':warning: **0 regressed')),
        "comparison.md of the unchanged build:\n${same.isFile() ? same.text : 'missing'}")

if (problems) {
    throw new AssertionError("${problems.size()} problem(s):\n  - " + problems.join('\n  - '))
}
println "OK: the gate of a 4x slowdown exited 1 naming WorkBenchmarks.work over 2 pooled rounds a side; unchanged exited 0"
return true
