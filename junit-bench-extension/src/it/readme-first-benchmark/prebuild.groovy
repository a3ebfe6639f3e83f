// The README's "A first benchmark" is this project: the fenced block after
// <!-- readme-first-benchmark:pom --> must be this pom.xml, the one after
// <!-- readme-first-benchmark:java --> the test class its package and class name say, each but for
// the tag lines the user guide includes them by. And the version of junit-bench the README asks for
// must be this build's. So the README, the guide and the project that is built cannot drift apart.
def readme = new File(itSources, '../../../README.md').canonicalFile
assert readme.isFile() : "README.md not found at ${readme}"
def text = readme.getText('UTF-8')

def block = { String marker ->
    def matcher = text =~ /(?s)<!-- readme-first-benchmark:${marker} -->\s*```\w*\n(.*?)\n```/
    assert matcher.find() : "README.md has no fenced block right after <!-- readme-first-benchmark:${marker} -->; " +
        'keep the marker comment directly above the code block of "A first benchmark"'
    return matcher.group(1).readLines()
}

def withoutTags = { File file ->
    file.getText('UTF-8').readLines().findAll { !(it =~ /(tag|end)::\w+\[\]/) }
}

def same = { List<String> fromReadme, File file ->
    def built = withoutTags(file)
    int n = Math.min(fromReadme.size(), built.size())
    int first = (0..<n).find { fromReadme[it] != built[it] } ?: n
    assert fromReadme == built :
        "README.md's block and ${file.name} differ at line ${first + 1}: README has '${first < fromReadme.size() ? fromReadme[first] : '(end)'}', " +
        "${file.name} has '${first < built.size() ? built[first] : '(end)'}'; change both (the guide includes ${file.name})"
}

def pom = block('pom')
def versions = (pom.join('\n') =~ /(?s)<artifactId>junit-bench-extension<\/artifactId>\s*<version>([^<]+)<\/version>/)
assert versions.find() : "the README's pom has no junit-bench-extension dependency with a version"
assert versions.group(1) == extensionVersion :
    "the README's pom asks for junit-bench-extension ${versions.group(1)}, but this build is ${extensionVersion}: " +
    'change the version in README.md ("A first benchmark") and in this pom.xml'
same(pom, new File(basedir, 'pom.xml'))

def java = block('java')
def pkg = java.find { it.startsWith('package ') }?.replaceAll(/package ([\w.]+);/, '$1')
def cls = java.findResult { line -> (line =~ /^(?:public |final )*class (\w+)/).with { it.find() ? it.group(1) : null } }
assert pkg && cls : "the README's benchmark must declare a package and a class"
same(java, new File(basedir, "src/test/java/${pkg.replace('.', '/')}/${cls}.java"))
return true
