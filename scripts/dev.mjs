// `npm run dev`: the API (reloaded on change by tsx watch) and Vite's dev server with its proxy.
import { spawn } from 'node:child_process';
import { ensureDependencies } from './ensure-deps.mjs';

ensureDependencies();
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
