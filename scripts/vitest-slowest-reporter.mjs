// Vitest reporter (beside the default one): the ten slowest unit and server tests.
import { slowestReport } from './slowest.mjs';

export default class SlowestReporter {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} modules */
  onTestRunEnd(modules) {
    const tests = [];
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const duration = test.diagnostic()?.duration;
        if (duration === undefined) continue;
        tests.push({
          title: `${module.moduleId.split('/').slice(-2).join('/')} › ${test.fullName}`,
          duration,
        });
      }
    }
    process.stdout.write(
      slowestReport('Les dix tests unitaires et serveur les plus lents :', tests),
    );
  }
}
