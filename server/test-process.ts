import { spawn } from 'node:child_process';

/**
 * For tests: runs a command as a process of its own (a script, `npm run …`) and resolves, once
 * it exits, to its exit code and everything it wrote (stdout and stderr together).
 */
export function runProcess(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}
