// The ten slowest tests of a run, printed at its end (`npm test`): where a slower machine will
// first run out of time. Shared by the Playwright reporter (tests/support/slowest-reporter.ts)
// and the Vitest one (scripts/vitest-slowest-reporter.mjs).

/** @param {number} ms */
export function formatDuration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * @param {string} heading
 * @param {{ title: string; duration: number }[]} tests
 * @param {number} [count]
 * @returns {string}
 */
export function slowestReport(heading, tests, count = 10) {
  const slowest = [...tests].sort((a, b) => b.duration - a.duration).slice(0, count);
  if (slowest.length === 0) return '';
  const width = Math.max(...slowest.map((t) => formatDuration(t.duration).length));
  const lines = slowest.map(
    (t, i) =>
      `${String(i + 1).padStart(2)}. ${formatDuration(t.duration).padStart(width)}  ${t.title}`,
  );
  return `\n${heading}\n${lines.join('\n')}\n`;
}
