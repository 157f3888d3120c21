// bench/results.md from bench/results.json: one table per measurement, then every target with
// pass or MISS.
import { kb } from './size.mjs';

const ok = (pass) => (pass ? 'pass' : '**MISS**');
const ms = (n) => (n === null || n === undefined ? '–' : `${Math.round(n)} ms`);
const fixed = (n, d = 1) => (n === null || n === undefined ? '–' : Number(n).toFixed(d));

function table(head, rows) {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map((h, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/** Every target of the issue, checked against these results. */
export function evaluateTargets(r) {
  const targets = [];
  const add = (name, target, actual, pass) => targets.push({ name, target, actual, pass });
  if (r.size) {
    for (const mode of ['real', 'demo']) {
      const limit = r.budget[mode];
      const worst = r.size[mode].routes.reduce((a, b) => (b.ratio > a.ratio ? b : a));
      add(
        `First-paint JS, ${mode} mode, every route (entry + screen)`,
        `<= ${limit}x floor`,
        `worst ${worst.ratio}x (${worst.path})`,
        worst.ratio <= limit,
      );
    }
  }
  if (r.firstPaint) {
    for (const mode of ['real', 'demo']) {
      const limit = r.budget[mode];
      const worst = r.firstPaint[mode].reduce((a, b) => (b.ratio > a.ratio ? b : a));
      add(
        `JS loaded before FCP in the browser, ${mode} mode`,
        `<= ${limit}x floor`,
        `worst ${worst.ratio}x (${worst.path})`,
        worst.ratio <= limit,
      );
    }
  }
  if (r.lighthouse) {
    const perf = [
      ['real', 'mobile', 98],
      ['real', 'desktop', 100],
      ['demo', 'mobile', 95],
    ];
    for (const [mode, preset, min] of perf) {
      const rows = r.lighthouse[mode][preset];
      if (!rows.length) continue;
      const worst = rows.reduce((a, b) => (b.performance < a.performance ? b : a));
      add(
        `Lighthouse performance, ${mode} ${preset}`,
        `>= ${min}`,
        `worst ${worst.performance} (${worst.path})`,
        worst.performance >= min,
      );
      for (const [key, label] of [
        ['accessibility', 'accessibility'],
        ['bestPractices', 'best practices'],
      ]) {
        const low = rows.filter((x) => x[key] < 100);
        add(
          `Lighthouse ${label}, ${mode} ${preset}`,
          '100',
          low.length ? low.map((x) => `${x[key]} (${x.path})`).join(', ') : 'all 100',
          low.length === 0,
        );
      }
    }
  }
  if (r.interaction) {
    for (const [key, label] of [
      ['redeemPoints', 'Redeem points'],
      ['linkCustomer', 'Link customer'],
    ]) {
      const { ui, floor } = r.interaction[key];
      add(
        `${label}: click to new figure painted, p95`,
        `<= 2x floor p95 (${fixed(floor.p95)} ms)`,
        `${fixed(ui.p95)} ms (${fixed(ui.p95 / floor.p95, 2)}x)`,
        ui.p95 <= 2 * floor.p95,
      );
    }
  }
  if (r.scale) {
    const k = r.scale.locations.keystroke;
    add(
      'Filter keystroke at 5,000 locations, p95',
      '< 50 ms',
      `${fixed(k.p95)} ms (max ${fixed(k.max)} ms)`,
      k.p95 < 50,
    );
    const g = r.scale.operations.growthMb;
    add('Heap growth, 10 to 200 cart operations', '<= 5 MB', `${fixed(g, 2)} MB`, g <= 5);
  }
  return targets;
}

export function renderMarkdown(r) {
  const out = [];
  out.push('# Benchmark results');
  out.push('');
  out.push(
    `Generated ${r.generatedAt} by \`npm run bench\` in ${r.durationSeconds} s on ${r.machine.cpus} × ${r.machine.cpuModel}, ` +
      `${r.machine.memoryGb} GB, Node ${r.machine.node}, ${r.machine.chromium}; load average ` +
      `${r.machine.loadAverageAtStart.join(' / ')} at the start, ${r.machine.loadAverageAtEnd?.join(' / ')} at the end. ` +
      'How each figure is taken: docs/performance.md.',
  );
  out.push('');

  out.push('## Targets');
  out.push('');
  out.push(
    table(
      ['Target', 'Limit', 'Measured', ''],
      evaluateTargets(r).map((t) => [t.name, t.target, t.actual, ok(t.pass)]),
    ),
  );
  out.push('');

  if (r.size) {
    out.push('## 1. Size: JS before first paint (gzip)');
    out.push('');
    out.push(
      `Floor (React 19 hello world, same vite): **${kb(r.floor.gzipBytes)}**. ` +
        `Entry chunk and its static imports (the shell: header and the spinner in the outlet): ` +
        `real ${kb(r.size.real.entryBytes)} (${r.size.real.entryRatio}x), ` +
        `demo ${kb(r.size.demo.entryBytes)} (${r.size.demo.entryRatio}x).`,
    );
    out.push('');
    out.push(
      'Per route, the entry plus the route\u2019s screen chunk and their static imports ' +
        '(what the route needs to paint its own screen; the MSW chunk is a dynamic import and is not counted), ' +
        'and how many JS files that is in real mode (each one a request before the screen paints):',
    );
    out.push('');
    const demo = new Map(r.size.demo.routes.map((x) => [x.path, x]));
    out.push(
      table(
        ['Route', 'Real', 'Real / floor', 'Files', 'Demo', 'Demo / floor'],
        r.size.real.routes.map((x) => {
          const d = demo.get(x.path);
          return [
            `\`${x.path}\``,
            kb(x.bytes),
            `${x.ratio}x ${x.ratio <= r.budget.real ? '' : '(over)'}`.trim(),
            String(x.files.length),
            d ? kb(d.bytes) : '–',
            d ? `${d.ratio}x ${d.ratio <= r.budget.demo ? '' : '(over)'}`.trim() : '–',
          ];
        }),
      ),
    );
    out.push('');
  }
  if (r.firstPaint) {
    out.push(
      'Measured in Chromium on a throttled connection (150 ms RTT, 1.6 Mbps, 4x CPU): JS files whose ' +
        'download had finished at the first contentful paint. A route chunk that arrives before the first ' +
        'frame is counted, so this varies between runs.',
    );
    out.push('');
    const demo = new Map(r.firstPaint.demo.map((x) => [x.path, x]));
    out.push(
      table(
        ['Route', 'Real JS before FCP', 'Ratio', 'FCP', 'Demo JS before FCP', 'Ratio', 'FCP'],
        [
          ['floor', kb(r.firstPaint.floor.bytes), '1x', ms(r.firstPaint.floor.fcpMs), '', '', ''],
          ...r.firstPaint.real.map((x) => {
            const d = demo.get(x.path);
            return [
              `\`${x.path}\``,
              kb(x.bytes),
              `${x.ratio}x`,
              ms(x.fcpMs),
              kb(d.bytes),
              `${d.ratio}x`,
              ms(d.fcpMs),
            ];
          }),
        ],
      ),
    );
    out.push('');
  }

  if (r.lighthouse) {
    out.push('## 2. Load: Lighthouse (median of runs)');
    out.push('');
    for (const [mode, presets] of Object.entries(r.lighthouse)) {
      for (const [preset, rows] of Object.entries(presets)) {
        if (!rows.length) continue;
        out.push(`### ${mode === 'real' ? 'Real backend' : 'Demo'}, ${preset} (x${rows[0].runs})`);
        out.push('');
        out.push(
          table(
            ['Route', 'Perf', 'A11y', 'Best pr.', 'FCP', 'LCP', 'TBT', 'CLS', 'Perf runs'],
            rows.map((x) => [
              `\`${x.path}\``,
              x.performance,
              x.accessibility,
              x.bestPractices,
              ms(x.fcpMs),
              ms(x.lcpMs),
              ms(x.tbtMs),
              fixed(x.cls, 3),
              x.samples.join(' / '),
            ]),
          ),
        );
        const failing = rows.filter((x) => x.failingAudits.length);
        if (failing.length) {
          out.push('');
          for (const x of failing)
            out.push(`- \`${x.path}\` failing audits: ${x.failingAudits.join(', ')}`);
        }
        out.push('');
      }
    }
  }

  if (r.interaction) {
    out.push(
      `## 3. Interaction: click to new figure painted (demo, delay 0, ${r.interaction.runs} runs)`,
    );
    out.push('');
    out.push(
      table(
        ['Action', 'p50', 'p95', 'Floor p50', 'Floor p95', 'p95 / floor p95'],
        [
          ['Redeem points (new To be paid)', r.interaction.redeemPoints],
          ['Link customer (name shown)', r.interaction.linkCustomer],
        ].map(([label, x]) => [
          label,
          ms(x.ui.p50),
          ms(x.ui.p95),
          ms(x.floor.p50),
          ms(x.floor.p95),
          `${fixed(x.ui.p95 / x.floor.p95, 2)}x`,
        ]),
      ),
    );
    out.push('');
    out.push(
      'Floor: the same request replayed with `fetch` through the same service worker, no UI.',
    );
    out.push('');
  }

  if (r.scale) {
    const { locations: l, cart, operations: o } = r.scale;
    out.push('## 4. Scale (real-backend build)');
    out.push('');
    out.push(
      table(
        ['Measure', 'Value'],
        [
          [`Locations listed (${l.count})`, ''],
          ['First list paint (from navigation start)', ms(l.firstListPaintMs)],
          [
            'List ready: the first cards replaced by the virtualised list (from navigation start)',
            ms(l.listReadyMs),
          ],
          [
            `Filter keystroke (typing "${l.keystroke.query}"${l.keystroke.rounds ? ` ${l.keystroke.rounds} times, ${l.keystroke.samples.length} keys` : ''}), p50 / p95 / max`,
            `${fixed(l.keystroke.p50)} / ${fixed(l.keystroke.p95)} / ${fixed(l.keystroke.max)} ms`,
          ],
          [
            'JS heap with the list shown / after filtering',
            `${l.heapAfterListMb} / ${l.heapAfterFilterMb} MB`,
          ],
          [`${cart.lines}-line cart: painted (from navigation start)`, ms(cart.paintedMs)],
          [`${cart.lines}-line cart: from its response to painted`, ms(cart.renderAfterResponseMs)],
          [`${cart.lines}-line cart: JS heap`, `${cart.heapMb} MB`],
          [
            `Heap after 10 / 200 cart operations (${o.operation})`,
            `${o.heapAfter10Mb} / ${o.heapAfter200Mb} MB`,
          ],
          ['Heap growth', `${fixed(o.growthMb, 2)} MB`],
        ],
      ),
    );
    out.push('');
  }
  return out.join('\n');
}
