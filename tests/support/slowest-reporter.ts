import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { formatDuration, slowestReport } from '../../scripts/slowest.mjs';

/**
 * Prints, at the end of the end-to-end run, its wall time and its ten slowest tests (every
 * attempt, failed or timed out included): where a slower machine first runs out of time
 * (docs/testing.md).
 */
export default class SlowestReporter implements Reporter {
  private readonly tests: { title: string; duration: number }[] = [];

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const [, project, ...path] = test.titlePath();
    const where = `${test.location.file.split(/[\\/]/).pop()}:${test.location.line}`;
    this.tests.push({
      title: `[${project}] ${where} › ${path.slice(1).join(' › ')} (${result.status})`,
      duration: result.duration,
    });
  }

  onEnd(result: FullResult): void {
    process.stdout.write(
      slowestReport(
        `Bout en bout : ${this.tests.length} tests en ${formatDuration(result.duration)} ; les dix plus lents :`,
        this.tests,
      ),
    );
  }
}
