// Before the build: what ONNX Runtime's telemetry folder holds already (a manual run without
// ORT_DISABLE_TELEMETRY may have created it), so verify.groovy can tell whether this run wrote to it.
def telemetry = new File(System.getProperty('user.home'), '.cache/Microsoft/DeveloperTools/.onnxruntime')
def listing = telemetry.exists()
        ? telemetry.listFiles().sort { it.name }.collect { "${it.name} ${it.length()} ${it.lastModified()}" }.join('\n')
        : '<absent>'
def snapshot = new File(basedir, 'target/ort-telemetry-before.txt')
snapshot.parentFile.mkdirs()
snapshot.setText(listing, 'UTF-8')
return true
