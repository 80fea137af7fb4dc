// `npm test`: everything CI checks, in the order that fails fastest. .ci/run calls exactly this.
import { ensureDependencies, run } from './ensure-deps.mjs';

ensureDependencies();
run(process.execPath, ['scripts/check-lock.mjs']);
const npm = (script) => run('npm', ['run', '--silent', script]);

npm('typecheck');
npm('lint');
npm('test:unit');
// The server tests once more, on a real PostgreSQL started and stopped by the script.
npm('test:pg');
// Built under NODE_ENV=development on purpose: the build must be production whatever the shell
// says (scripts/build.mjs); the check, the budget and the offline tests would all see otherwise.
run('npm', ['run', '--silent', 'build'], { env: { ...process.env, NODE_ENV: 'development' } });
run(process.execPath, ['scripts/check-production-build.mjs']);
npm('test:budget');
npm('test:e2e');
console.log(
  '\nTous les contrôles sont passés : types, lint, tests unitaires et serveur, budget, bout en bout.',
);
