// What every page's charts share: Chart.js's defaults and the duration format. Inlined after Chart.js,
// before the page's own script.
var junitBenchCharts = (function () {
  'use strict';
  // Every figure is drawn at once: no animation, so a printed or captured page shows complete charts.
  Chart.defaults.animation = false;
  Chart.defaults.maintainAspectRatio = false;
  Chart.defaults.font.size = 12;

  function duration(ms) {
    var abs = Math.abs(ms);
    if (abs < 0.001) { return (ms * 1e6).toPrecision(4) + ' ns'; }
    if (abs < 1) { return (ms * 1e3).toPrecision(4) + ' us'; }
    if (abs < 1000) { return ms.toPrecision(4) + ' ms'; }
    return (ms / 1e3).toPrecision(4) + ' s';
  }

  // An axis tick: 0 as 0, else three significant digits without trailing zeros.
  function tick(ms) {
    if (ms === 0) { return '0'; }
    var abs = Math.abs(ms);
    var scaled = abs < 0.001 ? [ms * 1e6, ' ns'] : abs < 1 ? [ms * 1e3, ' us'] : abs < 1000 ? [ms, ' ms'] : [ms / 1e3, ' s'];
    return String(Number(scaled[0].toPrecision(3))) + scaled[1];
  }

  return { duration: duration, tick: tick };
}());
