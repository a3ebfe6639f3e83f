(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var drawn = 0;
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];

  function color(i) { return palette[i % palette.length]; }

  var duration = junitBenchCharts.duration;

  function chart(id, config) {
    var canvas = document.getElementById(id);
    if (!canvas) { return null; }
    var made = new Chart(canvas, config);
    drawn++;
    return made;
  }

  // Batch sizes on a log scale, a tick at each size measured and nowhere else.
  function batchScales(group, yTitle) {
    return {
      x: { type: group.batchSizes.length > 1 ? 'logarithmic' : 'linear', title: { display: true, text: 'batch size' },
        afterBuildTicks: function (axis) { axis.ticks = group.batchSizes.map(function (v) { return { value: v }; }); },
        ticks: { callback: function (v) { return String(v); } } },
      y: { title: { display: true, text: yTitle }, beginAtZero: true }
    };
  }

  var legend = { position: 'bottom', labels: { boxWidth: 14,
    // The dashed p99 line shares its colour with its median line: one legend entry for both.
    filter: function (item) { return !/ p99$/.test(item.text); } } };

  data.batchCharts.forEach(function (group) {
    var latency = [];
    var throughput = [];
    var memory = [];
    group.series.forEach(function (series, i) {
      var points = series.points;
      latency.push({ label: series.label, borderColor: color(i), backgroundColor: color(i),
        data: points.map(function (p) { return { x: p.x, y: p.median }; }) });
      latency.push({ label: series.label + ' p99', borderColor: color(i), backgroundColor: color(i), borderDash: [6, 4],
        pointStyle: 'triangle', data: points.map(function (p) { return { x: p.x, y: p.p99 }; }) });
      throughput.push({ label: series.label, borderColor: color(i), backgroundColor: color(i),
        data: points.filter(function (p) { return p.throughput !== null; }).map(function (p) { return { x: p.x, y: p.throughput }; }) });
      memory.push({ label: series.label, borderColor: color(i), backgroundColor: color(i),
        data: points.filter(function (p) { return p.rss !== null; }).map(function (p) { return { x: p.x, y: p.rss }; }) });
    });
    var tooltip = function (format) {
      return { callbacks: { label: function (c) { return c.dataset.label + ': ' + format(c.parsed.y); } } };
    };
    chart(group.id + '-latency', { type: 'line', data: { datasets: latency },
      options: { scales: batchScales(group, 'latency (ms)'), plugins: { legend: legend,
        title: { display: true, text: 'Latency: median (solid), p99 (dashed)' }, tooltip: tooltip(duration) } } });
    chart(group.id + '-throughput', { type: 'line', data: { datasets: throughput },
      options: { scales: batchScales(group, group.throughputUnit), plugins: { legend: legend,
        title: { display: true, text: 'Throughput' } } } });
    chart(group.id + '-memory', { type: 'line', data: { datasets: memory },
      options: { scales: batchScales(group, 'peak RSS (MiB)'), plugins: { legend: legend,
        title: { display: true, text: 'Peak resident memory' } } } });
  });

  var select = document.getElementById('distribution-select');
  if (select && data.distributions.length > 0) {
    data.distributions.forEach(function (d, i) {
      var option = document.createElement('option');
      option.value = String(i);
      option.textContent = d.label;
      select.appendChild(option);
    });
    var distribution = null;
    var show = function () {
      var d = data.distributions[Number(select.value)];
      var top = 1;
      var datasets = [
        { label: 'cumulative share of samples', borderColor: color(0), backgroundColor: color(0), pointRadius: 0,
          stepped: false, data: d.cdf.map(function (p) { return { x: p[0], y: p[1] }; }) },
        { label: 'p50 ' + duration(d.p50), borderColor: color(2), backgroundColor: color(2), borderDash: [4, 4],
          pointRadius: 0, data: [{ x: d.p50, y: 0 }, { x: d.p50, y: top }] },
        { label: 'p99 ' + duration(d.p99), borderColor: color(1), backgroundColor: color(1), borderDash: [4, 4],
          pointRadius: 0, data: [{ x: d.p99, y: 0 }, { x: d.p99, y: top }] }
      ];
      if (distribution) {
        distribution.data.datasets = datasets;
        distribution.update();
        return;
      }
      distribution = chart('distribution-chart', { type: 'line', data: { datasets: datasets },
        options: { parsing: true, scales: {
          x: { type: 'linear', title: { display: true, text: 'latency (ms)' } },
          y: { min: 0, max: 1, title: { display: true, text: 'share of samples at or below' } } },
          plugins: { tooltip: { callbacks: { label: function (c) { return duration(c.parsed.x) + ': ' + (c.parsed.y * 100).toFixed(1) + '%'; } } } } } });
    };
    select.addEventListener('change', show);
    show();
  }

  data.backendCharts.forEach(function (b) {
    chart(b.id, { type: 'bar', data: { labels: b.scenarios, datasets: b.backends.map(function (name, i) {
      return { label: name, backgroundColor: color(i), data: b.ratios[i] };
    }) }, options: { indexAxis: 'y', scales: { x: { title: { display: true, text: 'median latency / ' + b.backends[0] } } } } });
  });

  // Per scenario: a floating bar for the interval across forks, a dash at its centre, a dot per fork median.
  data.forkCharts.forEach(function (f) {
    var points = [];
    f.scenarios.forEach(function (s) {
      s.forks.forEach(function (p) { points.push({ x: s.label, y: p.median, fork: p.fork }); });
    });
    chart(f.id, { type: 'bar', data: { labels: f.scenarios.map(function (s) { return s.label; }), datasets: [
      { type: 'bar', label: '95% CI across forks', backgroundColor: 'rgba(31, 119, 180, 0.25)', borderColor: color(0),
        borderWidth: 1, barPercentage: 0.5,
        data: f.scenarios.map(function (s) { return s.low === null ? null : [s.low, s.high]; }) },
      { type: 'line', label: 'geometric mean of fork medians', showLine: false, borderColor: color(0),
        backgroundColor: color(0), pointStyle: 'line', pointRadius: 14, pointBorderWidth: 3,
        data: f.scenarios.map(function (s) { return s.centre; }) },
      { type: 'line', label: 'fork median', showLine: false, borderColor: color(1), backgroundColor: color(1),
        pointRadius: 4, data: points }
    ] }, options: { scales: { y: { title: { display: true, text: 'median latency (ms)' },
      // Forks differ by a few percent: an axis from zero would flatten what this chart is for.
      beginAtZero: false, grace: '10%' } },
      plugins: { legend: { position: 'bottom', labels: { boxWidth: 14 } },
        tooltip: { callbacks: { label: function (c) {
          if (Array.isArray(c.raw)) { return c.dataset.label + ': ' + duration(c.raw[0]) + ' to ' + duration(c.raw[1]); }
          if (c.raw && c.raw.fork !== undefined) { return 'fork ' + c.raw.fork + ': ' + duration(c.parsed.y); }
          return c.dataset.label + ': ' + duration(c.parsed.y);
        } } } } } });
  });

  // The scenario table: click a heading to sort, type or choose a status to filter.
  var table = document.getElementById('scenarios');
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var shown = document.getElementById('shown');
  var filter = document.getElementById('filter');
  var statusFilter = document.getElementById('status-filter');
  function applyFilter() {
    var text = filter.value.toLowerCase();
    var status = statusFilter.value;
    var count = 0;
    rows.forEach(function (row) {
      var visible = (!text || row.textContent.toLowerCase().indexOf(text) >= 0)
        && (!status || row.getAttribute('data-status') === status);
      row.hidden = !visible;
      if (visible) { count++; }
    });
    shown.textContent = count + ' of ' + rows.length + ' scenarios';
  }
  filter.addEventListener('input', applyFilter);
  statusFilter.addEventListener('change', applyFilter);
  applyFilter();

  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, column) {
    th.addEventListener('click', function () {
      var ascending = !th.classList.contains('sorted-asc');
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (other) {
        other.classList.remove('sorted-asc', 'sorted-desc');
      });
      th.classList.add(ascending ? 'sorted-asc' : 'sorted-desc');
      var numeric = th.getAttribute('data-type') === 'number';
      rows.sort(function (a, b) {
        var x = a.cells[column];
        var y = b.cells[column];
        var result;
        if (numeric) {
          var nx = Number(x.getAttribute('data-sort'));
          var ny = Number(y.getAttribute('data-sort'));
          result = nx - ny;
        } else {
          result = x.textContent.localeCompare(y.textContent);
        }
        return ascending ? result : -result;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });

  document.body.setAttribute('data-charts-drawn', String(drawn));
}());
