// The user's JUnit 5.14 ran the benchmarks, not the JUnit the extension was compiled against.
expectedJupiter = '5.14.'
expectedPlatform = '1.14.'
expectedJava = null
evaluate(new File(itSources, 'verify-benchmark-run.groovy'))
