(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var drawn = 0;
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];

  function color(i) { return palette[i % palette.length]; }

  var duration = junitBenchCharts.duration;

  function draw(id, config) {
    var canvas = document.getElementById(id);
    if (!canvas) { return null; }
    var made = new Chart(canvas, config);
    drawn++;
    return made;
  }

  // Charts are drawn after the page is laid out: those on the first screen at once, the rest a
  // few at a time, so a report of hundreds of scenarios shows its answer without waiting for them.
  var queue = [];
  function chart(id, config) {
    queue.push({ id: id, draw: function () { draw(id, config); } });
  }

  // Charts of one benchmark in several runs share their axes: the batch sizes of all, and for each
  // figure the top of all.
  var shared = {};
  data.batchCharts.forEach(function (group) {
    var s = shared[group.benchmark] || (shared[group.benchmark] = { sizes: [], latency: 0, throughput: 0, rss: 0 });
    group.batchSizes.forEach(function (v) { if (s.sizes.indexOf(v) < 0) { s.sizes.push(v); } });
    s.sizes.sort(function (a, b) { return a - b; });
    group.series.forEach(function (series) {
      series.points.forEach(function (p) {
        s.latency = Math.max(s.latency, p.median || 0, p.p99 || 0);
        s.throughput = Math.max(s.throughput, p.throughput || 0);
        s.rss = Math.max(s.rss, p.rss || 0);
      });
    });
  });

  // Batch sizes on a log scale, a tick at each size measured and nowhere else.
  function batchScales(group, yTitle, top) {
    var sizes = shared[group.benchmark].sizes;
    return {
      x: { type: sizes.length > 1 ? 'logarithmic' : 'linear', title: { display: true, text: 'batch size' },
        min: sizes.length > 1 ? sizes[0] : undefined, max: sizes.length > 1 ? sizes[sizes.length - 1] : undefined,
        afterBuildTicks: function (axis) { axis.ticks = sizes.map(function (v) { return { value: v }; }); },
        ticks: { callback: function (v) { return String(v); } } },
      y: { title: { display: true, text: yTitle }, beginAtZero: true, suggestedMax: top > 0 ? top : undefined }
    };
  }

  var legend = { position: 'bottom', labels: { boxWidth: 14,
    // The dashed p99 line shares its colour with its median line: one legend entry for both.
    filter: function (item) { return !/ p99$/.test(item.text); } } };

  // Whiskers (the 95% interval) and a diamond at p99 on each bar of a benchmark chart, from the
  // dataset's own low, high and p99 lists.
  var whiskers = {
    id: 'junitBenchWhiskers',
    afterDatasetsDraw: function (made) {
      var ctx = made.ctx;
      var scale = made.scales.x;
      made.data.datasets.forEach(function (dataset, i) {
        var meta = made.getDatasetMeta(i);
        if (meta.hidden || !dataset.whiskers) { return; }
        meta.data.forEach(function (bar, j) {
          var w = dataset.whiskers;
          var half = Math.max(2, bar.height * 0.3);
          ctx.save();
          ctx.strokeStyle = '#1d2329';
          ctx.lineWidth = 1.2;
          if (w.low[j] !== null && w.high[j] !== null) {
            var from = scale.getPixelForValue(w.low[j]);
            var to = scale.getPixelForValue(w.high[j]);
            ctx.beginPath();
            ctx.moveTo(from, bar.y); ctx.lineTo(to, bar.y);
            ctx.moveTo(from, bar.y - half); ctx.lineTo(from, bar.y + half);
            ctx.moveTo(to, bar.y - half); ctx.lineTo(to, bar.y + half);
            ctx.stroke();
          }
          if (w.p99[j] !== null) {
            var x = scale.getPixelForValue(w.p99[j]);
            var r = Math.max(2.5, Math.min(5, bar.height * 0.3));
            ctx.fillStyle = dataset.borderColor;
            ctx.beginPath();
            ctx.moveTo(x, bar.y - r); ctx.lineTo(x + r, bar.y); ctx.lineTo(x, bar.y + r); ctx.lineTo(x - r, bar.y);
            ctx.closePath();
            ctx.fill();
            ctx.stroke();
          }
          ctx.restore();
        });
      });
    }
  };

  // One horizontal bar chart per benchmark: a bar per scenario and series, its height from the
  // number of bars, every bar on one axis from zero.
  data.benchmarkCharts.forEach(function (b) {
    var canvas = document.getElementById(b.id);
    if (!canvas) { return; }
    var perLabel = Math.max(16, 10 * b.datasets.length + 8);
    canvas.parentNode.style.height = (70 + b.labels.length * perLabel + 18 * Math.ceil(b.datasets.length / 4)) + 'px';
    var top = 0;
    b.datasets.forEach(function (d) {
      [d.median, d.high, d.p99].forEach(function (values) {
        values.forEach(function (v) { if (v !== null && v > top) { top = v; } });
      });
    });
    chart(b.id, { type: 'bar', plugins: [whiskers],
      data: { labels: b.labels, datasets: b.datasets.map(function (d, i) {
        var shade = b.datasets.length === 1 ? color(0) : color(i);
        return { label: d.label, data: d.median, backgroundColor: shade + '99', borderColor: shade, borderWidth: 1,
          whiskers: { low: d.low, high: d.high, p99: d.p99 }, categoryPercentage: 0.8, barPercentage: 0.9 };
      }) },
      options: { indexAxis: 'y', scales: {
        x: { beginAtZero: true, suggestedMax: top > 0 ? top * 1.02 : undefined, title: { display: true, text: 'latency: median, 95% interval, p99 \u25C6' },
          ticks: { callback: function (v) { return junitBenchCharts.tick(v); } } },
        // A label past 40 characters is cut (the tooltip has it whole), the axis at most 280 px.
        y: { afterFit: function (axis) { axis.width = Math.min(axis.width, 280); },
          ticks: { autoSkip: false, callback: function (v) { var l = this.getLabelForValue(v); return l.length > 40 ? l.slice(0, 39) + '\u2026' : l; } } } },
        plugins: { legend: { display: b.datasets.length > 1, position: 'bottom', labels: { boxWidth: 14 } },
          tooltip: { callbacks: { label: function (c) {
            var w = c.dataset.whiskers;
            var j = c.dataIndex;
            return c.dataset.label + ': ' + duration(c.parsed.x)
              + (w.low[j] !== null && w.high[j] !== null ? ' [' + duration(w.low[j]) + ', ' + duration(w.high[j]) + ']' : '')
              + (w.p99[j] !== null ? ', p99 ' + duration(w.p99[j]) : '');
          } } } } } });
  });

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
      options: { scales: batchScales(group, 'latency (ms)', shared[group.benchmark].latency), plugins: { legend: legend,
        title: { display: true, text: 'Latency: median (solid), p99 (dashed)' }, tooltip: tooltip(duration) } } });
    chart(group.id + '-throughput', { type: 'line', data: { datasets: throughput },
      options: { scales: batchScales(group, group.throughputUnit, shared[group.benchmark].throughput), plugins: { legend: legend,
        title: { display: true, text: 'Throughput' } } } });
    chart(group.id + '-memory', { type: 'line', data: { datasets: memory },
      options: { scales: batchScales(group, 'peak RSS (MiB)', shared[group.benchmark].rss), plugins: { legend: legend,
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
    // Every run's curve of the chosen scenario on one axis, its p50 and p99 marked.
    var show = function () {
      var d = data.distributions[Number(select.value)];
      var several = d.runs.length > 1;
      var datasets = [];
      d.runs.forEach(function (run, i) {
        var shade = color(several ? i : 0);
        var prefix = several ? run.run + ' ' : '';
        datasets.push({ label: prefix + 'cumulative share of samples', borderColor: shade, backgroundColor: shade, pointRadius: 0,
          data: run.cdf.map(function (p) { return { x: p[0], y: p[1] }; }) });
        datasets.push({ label: prefix + 'p50 ' + duration(run.p50), borderColor: several ? shade : color(2), backgroundColor: several ? shade : color(2),
          borderDash: [4, 4], pointRadius: 0, data: [{ x: run.p50, y: 0 }, { x: run.p50, y: 1 }] });
        datasets.push({ label: prefix + 'p99 ' + duration(run.p99), borderColor: several ? shade : color(1), backgroundColor: several ? shade : color(1),
          borderDash: [2, 3], pointRadius: 0, data: [{ x: run.p99, y: 0 }, { x: run.p99, y: 1 }] });
      });
      if (distribution) {
        distribution.data.datasets = datasets;
        distribution.update();
        return;
      }
      distribution = draw('distribution-chart', { type: 'line', data: { datasets: datasets },
        options: { parsing: true, scales: {
          x: { type: 'linear', title: { display: true, text: 'latency (ms)' } },
          y: { min: 0, max: 1, title: { display: true, text: 'share of samples at or below' } } },
          plugins: { tooltip: { callbacks: { label: function (c) { return duration(c.parsed.x) + ': ' + (c.parsed.y * 100).toFixed(1) + '%'; } } } } } });
    };
    select.addEventListener('change', show);
    queue.push({ id: 'distribution-chart', draw: show });
  }

  // Ratios with their intervals as whiskers; a ratio whose interval includes 1 (or has none) pale.
  data.backendCharts.forEach(function (b) {
    chart(b.id, { type: 'bar', plugins: [whiskers], data: { labels: b.scenarios, datasets: b.backends.map(function (name, i) {
      var none = b.ratios[i].map(function () { return null; });
      return { label: name, borderColor: color(i), borderWidth: 1, data: b.ratios[i],
        backgroundColor: b.ratios[i].map(function (r, j) {
          var low = b.lows[i][j];
          var high = b.highs[i][j];
          return i > 0 && (low === null || (low <= 1 && high >= 1)) ? color(i) + '33' : color(i) + 'bb';
        }),
        whiskers: { low: b.lows[i], high: b.highs[i], p99: none } };
    }) }, options: { indexAxis: 'y', scales: { x: { title: { display: true, text: 'median latency / ' + b.backends[0] + ' (95% interval)' } } },
      plugins: { tooltip: { callbacks: { label: function (c) {
        var low = b.lows[c.datasetIndex][c.dataIndex];
        var high = b.highs[c.datasetIndex][c.dataIndex];
        return c.dataset.label + ': ' + c.parsed.x.toFixed(3) + (low !== null && high !== null ? ' [' + low.toFixed(3) + ', ' + high.toFixed(3) + ']' : c.datasetIndex > 0 ? ' (no interval)' : '');
      } } } } } });
  });

  // Per scenario: a floating bar for the interval across forks, a dash at its centre, a dot per fork median.
  // Fork charts of one benchmark in several runs share their axis.
  var forkRange = {};
  data.forkCharts.forEach(function (f) {
    var r = forkRange[f.benchmark] || (forkRange[f.benchmark] = { low: Infinity, high: 0 });
    f.scenarios.forEach(function (s) {
      s.forks.forEach(function (p) { r.low = Math.min(r.low, p.median); r.high = Math.max(r.high, p.median); });
      if (s.low !== null) { r.low = Math.min(r.low, s.low); r.high = Math.max(r.high, s.high); }
    });
  });
  data.forkCharts.forEach(function (f) {
    var range = forkRange[f.benchmark];
    var pad = (range.high - range.low) * 0.1 || range.high * 0.05;
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
      beginAtZero: false, min: isFinite(range.low) ? Math.max(0, range.low - pad) : undefined,
      max: range.high > 0 ? range.high + pad : undefined } },
      plugins: { legend: { position: 'bottom', labels: { boxWidth: 14 } },
        tooltip: { callbacks: { label: function (c) {
          if (Array.isArray(c.raw)) { return c.dataset.label + ': ' + duration(c.raw[0]) + ' to ' + duration(c.raw[1]); }
          if (c.raw && c.raw.fork !== undefined) { return 'fork ' + c.raw.fork + ': ' + duration(c.parsed.y); }
          return c.dataset.label + ': ' + duration(c.parsed.y);
        } } } } } });
  });

  // A shaded band behind a line: the tolerance around the level of its last windows compared, from
  // the dataset's own band, clipped to the chart area.
  var bands = {
    id: 'junitBenchBands',
    beforeDatasetsDraw: function (made) {
      var ctx = made.ctx;
      var area = made.chartArea;
      made.data.datasets.forEach(function (dataset, i) {
        if (!dataset.band || made.getDatasetMeta(i).hidden) { return; }
        var b = dataset.band;
        var left = made.scales.x.getPixelForValue(b.from);
        var right = made.scales.x.getPixelForValue(b.to);
        var top = made.scales.y.getPixelForValue(b.high);
        var bottom = made.scales.y.getPixelForValue(b.low);
        ctx.save();
        ctx.beginPath();
        ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
        ctx.clip();
        ctx.fillStyle = dataset.borderColor + '2e';
        ctx.fillRect(left, top, right - left, bottom - top);
        ctx.restore();
      });
    }
  };

  // Per benchmark: each warm-up's window medians against time in the chart's unit, a line per
  // scenario or fork (dashed: not steady), a star where it settled, its last windows' band shaded.
  data.warmupCharts.forEach(function (w) {
    var scaled = function (p) { return { x: p.x, y: p.y * w.perMs }; };
    var datasets = w.curves.map(function (c, i) {
      return { label: c.label, borderColor: color(i), backgroundColor: color(i), borderDash: c.steady ? [] : [6, 4],
        borderWidth: 1.5, pointRadius: 2, data: c.windows.map(scaled),
        band: c.band === null ? null : { from: c.band.from, to: c.band.to, low: c.band.low * w.perMs, high: c.band.high * w.perMs } };
    });
    var settled = w.curves.filter(function (c) { return c.settled !== null; }).map(function (c) {
      var p = scaled(c.settled);
      p.scenario = c.label;
      return p;
    });
    // The axis holds every band whole: a steady line reads as flat inside its tolerance, not as noise
    // magnified to fill the chart.
    var low = Infinity;
    var high = 0;
    w.curves.forEach(function (c) {
      if (c.band !== null) { low = Math.min(low, c.band.low * w.perMs); high = Math.max(high, c.band.high * w.perMs); }
    });
    if (settled.length > 0) {
      datasets.push({ label: 'settled', showLine: false, pointStyle: 'star', pointRadius: 9, pointBorderWidth: 2,
        borderColor: '#1d2329', backgroundColor: '#1d2329', data: settled });
    }
    chart(w.id, { type: 'line', plugins: [bands], data: { datasets: datasets },
      options: { scales: {
        x: { type: 'linear', min: 0, title: { display: true, text: 'time since the warm-up started (s)' } },
        y: { title: { display: true, text: 'window median (' + w.unit + ')' },
          suggestedMin: isFinite(low) ? low : undefined, suggestedMax: high > 0 ? high : undefined } },
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 14, usePointStyle: true } },
          tooltip: { callbacks: { label: function (c) {
            var what = c.raw.scenario !== undefined ? c.raw.scenario + ' settled' : c.dataset.label;
            return what + ' at ' + c.parsed.x.toFixed(2) + ' s: ' + duration(c.parsed.y / w.perMs);
          } } } } } });
  });

  // The scenario tables, one per benchmark: click a heading to sort that table, type or choose a
  // status to filter them all; a benchmark with no row left is hidden with its heading.
  var tables = Array.prototype.slice.call(document.querySelectorAll('table.scenarios'));
  var shown = document.getElementById('shown');
  var filter = document.getElementById('filter');
  var statusFilter = document.getElementById('status-filter');
  var more = document.getElementById('more-columns');
  var summary = document.getElementById('summary');
  function applyFilter() {
    var text = filter.value.toLowerCase();
    var status = statusFilter.value;
    var count = 0;
    var total = 0;
    tables.forEach(function (table) {
      var visibleHere = 0;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        var haystack = (row.textContent + ' ' + row.getAttribute('data-benchmark')).toLowerCase();
        var visible = (!text || haystack.indexOf(text) >= 0)
          && (!status || row.getAttribute('data-status') === status);
        row.hidden = !visible;
        total++;
        if (visible) { visibleHere++; }
      });
      table.parentNode.hidden = visibleHere === 0;
      count += visibleHere;
    });
    shown.textContent = count + ' of ' + total + ' measured scenarios';
  }
  filter.addEventListener('input', applyFilter);
  statusFilter.addEventListener('change', applyFilter);
  more.addEventListener('change', function () { summary.classList.toggle('show-extra', more.checked); });
  applyFilter();

  tables.forEach(function (table) {
    var body = table.tBodies[0];
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, column) {
      th.addEventListener('click', function () {
        var ascending = !th.classList.contains('sorted-asc');
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (other) {
          other.classList.remove('sorted-asc', 'sorted-desc');
        });
        th.classList.add(ascending ? 'sorted-asc' : 'sorted-desc');
        var numeric = th.getAttribute('data-type') === 'number';
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = a.cells[column];
          var y = b.cells[column];
          var result = numeric
            ? Number(x.getAttribute('data-sort')) - Number(y.getAttribute('data-sort'))
            : x.textContent.localeCompare(y.textContent);
          return ascending ? result : -result;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });

  function onFirstScreen(task) {
    var canvas = document.getElementById(task.id);
    if (!canvas) { return false; }
    var box = canvas.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  }
  var body = document.body;
  var rest = queue.filter(function (task) { return !onFirstScreen(task); });
  queue.filter(onFirstScreen).forEach(function (task) { task.draw(); });
  body.setAttribute('data-charts-drawn', String(drawn));
  // The browser's own clock, from navigation start: the first screen's charts drawn and painted.
  requestAnimationFrame(function () {
    setTimeout(function () { body.setAttribute('data-first-screen-ms', performance.now().toFixed(0)); }, 0);
  });
  function drain() {
    var until = performance.now() + 40;
    while (rest.length > 0 && performance.now() < until) { rest.shift().draw(); }
    body.setAttribute('data-charts-drawn', String(drawn));
    if (rest.length > 0) {
      setTimeout(drain, 0);
    } else {
      body.setAttribute('data-charts-done', 'true');
    }
  }
  setTimeout(drain, 0);
}());
