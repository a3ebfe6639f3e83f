// Helpers shared by the integration tests' verify scripts: `def files = evaluate(new File(itSources,
// 'run-files.groovy'))`, then `files.runDir(basedir)` and `files.parseCsv(file)`.

/** RFC 4180 records: quoted fields may hold commas (display names do), quotes are doubled. */
def parseCsv = { File file ->
    def records = []
    def record = []
    def field = new StringBuilder()
    boolean quoted = false
    String text = file.getText('UTF-8')
    for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i)
        if (quoted) {
            if (c == '"' as char) {
                if (i + 1 < text.length() && text.charAt(i + 1) == '"' as char) { field << '"'; i++ } else { quoted = false }
            } else {
                field << c
            }
        } else if (c == '"' as char) {
            quoted = true
        } else if (c == ',' as char) {
            record << field.toString(); field.setLength(0)
        } else if (c == '\n' as char) {
            record << field.toString(); field.setLength(0)
            records << record; record = []
        } else if (c != '\r' as char) {
            field << c
        }
    }
    if (field.length() > 0 || !record.isEmpty()) {
        record << field.toString(); records << record
    }
    return records
}

/** The project's one run folder; fails when there is none or more than one. */
def runDir = { File project ->
    def resultsDir = new File(project, 'target/benchmark-results')
    def runs = (resultsDir.listFiles() ?: []).findAll { it.isDirectory() && it.name.startsWith('run-') }
    if (runs.size() != 1) {
        throw new AssertionError("expected exactly one run folder in ${resultsDir}, found ${runs*.name}")
    }
    println "Checking ${runs[0]}"
    return runs[0]
}

return [parseCsv: parseCsv, runDir: runDir]
