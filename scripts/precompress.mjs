// Brotli and gzip twins of text assets, served by the server when the browser accepts them.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml']);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export async function precompress(dir) {
  let count = 0;
  for await (const file of files(dir)) {
    if (!TEXT.has(path.extname(file))) continue;
    const data = await readFile(file);
    if (data.length < 1024) continue;
    const [br, gz] = await Promise.all([
      brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip(data, { level: 9 }),
    ]);
    if (br.length < data.length) await writeFile(`${file}.br`, br);
    if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}
