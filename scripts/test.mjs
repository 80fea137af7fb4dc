// `npm test`: everything CI checks, in the order that fails fastest. .ci/run calls exactly this.
import { ensureDependencies, run } from './ensure-deps.mjs';

ensureDependencies();
const npm = (script) => run('npm', ['run', '--silent', script]);

npm('typecheck');
npm('lint');
npm('test:unit');
npm('build');
npm('test:budget');
npm('test:e2e');
console.log(
  '\nTous les contrôles sont passés : types, lint, tests unitaires et serveur, budget, bout en bout.',
);
