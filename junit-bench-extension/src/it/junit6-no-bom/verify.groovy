// Without a BOM, JUnit 6 still ran alone: the extension brought no JUnit 5 launcher or API.
expectedJupiter = '6.0.'
expectedPlatform = '6.0.'
expectedJava = null
evaluate(new File(itSources, 'verify-benchmark-run.groovy'))
