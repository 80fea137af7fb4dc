// `npm start`: install if needed, build, then serve the PWA and the API from one process on
// the embedded defaults (SQLite under ./data, port 3000).
import { spawn } from 'node:child_process';
import { ensureDependencies, run } from './ensure-deps.mjs';

ensureDependencies();
run(process.execPath, ['scripts/build.mjs']);

const server = spawn(process.execPath, ['dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
