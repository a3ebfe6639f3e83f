(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('trend-data').textContent);
  var drawn = 0;

  var duration = junitBenchCharts.duration;

  function chart(id, config) {
    var canvas = document.getElementById(id);
    if (!canvas) { return; }
    new Chart(canvas, config);
    drawn++;
  }

  // The tooltip names the run fully: its whole commit and its start time.
  function tooltip(series, label) {
    var callbacks = { title: function (items) {
      var i = items[0].dataIndex;
      return (series.commits[i] || 'no commit') + ' · ' + series.started[i];
    } };
    if (label) { callbacks.label = label; }
    return { callbacks: callbacks };
  }

  data.series.forEach(function (series) {
    // Many runs: lines without dots, so the level shows, not the markers.
    var radius = series.labels.length > 60 ? 0 : 3;
    var changes = series.median.map(function (v, i) { return series.changes.indexOf(i) >= 0 ? v : null; });
    chart(series.id + '-latency', {
      type: 'line',
      data: { labels: series.labels, datasets: [
        { label: 'median', data: series.median, borderColor: '#1f77b4', backgroundColor: '#1f77b4', spanGaps: true,
          pointRadius: radius, borderWidth: 1.5 },
        { label: 'p99', data: series.p99, borderColor: '#d62728', backgroundColor: '#d62728', borderDash: [6, 4],
          pointStyle: 'triangle', spanGaps: true, pointRadius: radius, borderWidth: 1 },
        { label: 'change point', data: changes, showLine: false, pointStyle: 'rectRot', pointRadius: 8,
          borderColor: '#000000', backgroundColor: '#ffbf00', borderWidth: 1.5 }
      ] },
      options: { plugins: { title: { display: true, text: 'Latency: median (solid), p99 (dashed), change points of the median' },
          tooltip: tooltip(series, function (item) { return item.dataset.label + ': ' + duration(item.parsed.y); }) },
        scales: { x: { title: { display: true, text: 'commit and day' } },
          y: { beginAtZero: true, title: { display: true, text: 'ms' } } } }
    });
    chart(series.id + '-throughput', {
      type: 'line',
      data: { labels: series.labels, datasets: [
        { label: 'throughput', data: series.throughput, borderColor: '#2ca02c', backgroundColor: '#2ca02c', spanGaps: true,
          pointRadius: radius, borderWidth: 1.5 }
      ] },
      options: { plugins: { title: { display: true, text: 'Throughput' }, tooltip: tooltip(series) },
        scales: { x: { title: { display: true, text: 'commit and day' } },
          y: { beginAtZero: true, title: { display: true, text: series.unit || '' } } } }
    });
  });
  document.body.setAttribute('data-charts-drawn', String(drawn));
}());
