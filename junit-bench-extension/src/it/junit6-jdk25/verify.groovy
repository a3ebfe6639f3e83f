// JUnit 6 on JDK 25: the test JVM really was a 25.
expectedJupiter = '6.0.'
expectedPlatform = '6.0.'
expectedJava = '25'
evaluate(new File(itSources, 'verify-benchmark-run.groovy'))
