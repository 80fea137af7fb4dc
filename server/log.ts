import os from 'node:os';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Env } from './env';

export type { Logger };

/** Names this process in every line: INSTANCE_ID, or the host name and the pid. */
export function instanceId(env: Pick<Env, 'INSTANCE_ID'>): string {
  return env.INSTANCE_ID ?? `${os.hostname()}-${process.pid}`;
}

/**
 * What a line must never show, should a caller ever pass it: session tokens, passwords, the
 * Authorization and Cookie headers (the server logs none of them itself).
 */
const SECRETS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'authorization',
  'cookie',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
];

/**
 * Lines a person reads in a terminal ('12:03:04 Serveur prêt sur …'), for `npm start` and
 * `npm run dev` outside production; anywhere else (a container, a pipe, a file) the JSON line.
 */
function terminalLines(out: NodeJS.WritableStream): DestinationStream {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const { time, level, msg, instance: _instance, err, ...rest } = entry;
      const clock = typeof time === 'string' ? new Date(time).toTimeString().slice(0, 8) : '';
      const label = level === 'info' ? '' : `${String(level).toUpperCase()} `;
      const fields = Object.entries(rest)
        .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(' ');
      const stack =
        err && typeof err === 'object' && 'stack' in err ? `\n${String(err.stack)}` : '';
      out.write(`${clock} ${label}${String(msg ?? '')}${fields ? ` (${fields})` : ''}${stack}\n`);
    },
  };
}

/**
 * The server's one logger: JSON lines on stdout (docs/deploy.md, « Journaux »), at LOG_LEVEL,
 * each with its time, level name, instance and French message. A request's lines come from
 * its child (server/http/request-context.ts), which adds the request id.
 */
export function createLogger(
  env: Pick<Env, 'LOG_LEVEL' | 'INSTANCE_ID' | 'NODE_ENV'>,
  destination?: DestinationStream,
): Logger {
  const out =
    destination ??
    (process.stdout.isTTY && env.NODE_ENV !== 'production'
      ? terminalLines(process.stdout)
      : pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      level: env.LOG_LEVEL,
      base: { instance: instanceId(env) },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: SECRETS, censor: '[masqué]' },
    },
    out,
  );
}
