// Writes the README's first benchmark into this project: the fenced block after
// <!-- readme-first-benchmark:pom --> becomes pom.xml, the one after
// <!-- readme-first-benchmark:java --> the test class its package and class name say. The README's
// version of junit-bench must be this build's, so the README cannot teach a version that is not there.
def readme = new File(itSources, '../../../README.md').canonicalFile
assert readme.isFile() : "README.md not found at ${readme}"
def text = readme.getText('UTF-8')

def block = { String marker ->
    def matcher = text =~ /(?s)<!-- readme-first-benchmark:${marker} -->\s*```\w*\n(.*?)\n```/
    assert matcher.find() : "README.md has no fenced block right after <!-- readme-first-benchmark:${marker} -->; " +
        'keep the marker comment directly above the code block of \"A first benchmark\"'
    return matcher.group(1) + '\n'
}

def pom = block('pom')
def versions = (pom =~ /(?s)<artifactId>junit-bench-extension<\/artifactId>\s*<version>([^<]+)<\/version>/)
assert versions.find() : "the README's pom has no junit-bench-extension dependency with a version"
assert versions.group(1) == extensionVersion :
    "the README's pom asks for junit-bench-extension ${versions.group(1)}, but this build is ${extensionVersion}: " +
    'change the version in README.md ("A first benchmark")'
new File(basedir, 'pom.xml').setText(pom, 'UTF-8')

def java = block('java')
def pkg = (java =~ /(?m)^package ([\w.]+);/)
def cls = (java =~ /(?m)^(?:public |final )*class (\w+)/)
assert pkg.find() && cls.find() : "the README's benchmark must declare a package and a class"
def source = new File(basedir, "src/test/java/${pkg.group(1).replace('.', '/')}/${cls.group(1)}.java")
source.parentFile.mkdirs()
source.setText(java, 'UTF-8')
return true
