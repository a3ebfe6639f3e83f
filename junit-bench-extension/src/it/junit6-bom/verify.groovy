// The user's JUnit 6, aligned by its BOM, ran the benchmarks.
expectedJupiter = '6.0.'
expectedPlatform = '6.0.'
expectedJava = null
evaluate(new File(itSources, 'verify-benchmark-run.groovy'))
