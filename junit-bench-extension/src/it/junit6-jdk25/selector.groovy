// Runs this test only where a JDK 25 is installed at jdk25.home: CI machines may have none.
def java = new File(jdk25Home, 'bin/java')
if (!java.canExecute()) {
    println "No JDK at ${jdk25Home} (set -Djdk25.home=<path> to a JDK 25): skipping the JDK 25 integration test."
    return false
}
return true
