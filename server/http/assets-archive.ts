import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * A name an archived asset may have, and the only one the static layer looks up: one path
 * segment of letters, digits, '_', '-' and '.', not starting with a dot (so no '..', no '/',
 * and never one of the archive's own dot files: temporary copies, .builds/).
 */
export const ARCHIVED_NAME = /^[\w-][\w.-]{0,199}$/;

/** Builds whose assets are always kept: the one starting, the one it replaces, one more. */
export const KEEP_BUILDS = 3;
/** Whatever an instance started with in this time is kept too, whatever the builds since. */
export const KEEP_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;
const BUILDS = '.builds';

export interface ArchiveReport {
  /** Files this build added to the archive. */
  copied: number;
  /** Files the archive already had (another instance of this build, or an older build). */
  present: number;
  /** Files of old builds removed. */
  pruned: number;
}

const errorCode = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;

/** Writes `src`'s bytes at `dest` all at once or not at all, never over an existing `dest`. */
function copyOnce(src: string, dest: string, tag: string): boolean {
  const tmp = path.join(path.dirname(dest), `.${path.basename(dest)}.${tag}.tmp`);
  copyFileSync(src, tmp);
  try {
    // link() fails when dest exists: the first complete copy stays, no reader sees a half file.
    linkSync(tmp, dest);
    return true;
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false;
    // A file system without hard links: rename() is atomic too; two instances racing here
    // write the same bytes under the same (hashed) name.
    if (statSync(dest, { throwIfNoEntry: false })) return false;
    renameSync(tmp, dest);
    return true;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * At start, before serving (ASSETS_ARCHIVE_DIR, docs/deploy.md « Déploiement sans coupure »):
 * copies this build's hashed assets (`clientDir`/assets, with their .br/.gz twins) into the
 * archive every instance shares, so an instance of another version answers a request for them
 * (server/http/static.ts) and no page or service worker of either version meets a 404 mid-deploy.
 *
 * Each copy is atomic and never replaces a file of the same name (hashed names: same content).
 * The build's list of names goes to .builds/<id>.json; then what no longer belongs to the
 * KEEP_BUILDS newest builds and was not touched for KEEP_DAYS is removed.
 */
export function archiveBuildAssets(
  clientDir: string,
  archiveDir: string,
  options: { instance: string; now?: Date; keepBuilds?: number; keepDays?: number },
): ArchiveReport {
  const { now = new Date(), keepBuilds = KEEP_BUILDS, keepDays = KEEP_DAYS } = options;
  const tag = `${options.instance.replace(/[^\w.-]/g, '_')}-${randomBytes(4).toString('hex')}`;
  const assetsDir = path.join(clientDir, 'assets');
  const names = readdirSync(assetsDir, { withFileTypes: true })
    .filter((e) => e.isFile() && ARCHIVED_NAME.test(e.name))
    .map((e) => e.name)
    .sort();
  mkdirSync(path.join(archiveDir, BUILDS), { recursive: true });

  const report: ArchiveReport = { copied: 0, present: 0, pruned: 0 };
  for (const name of names) {
    const dest = path.join(archiveDir, name);
    if (statSync(dest, { throwIfNoEntry: false })?.isFile()) {
      // Still in use: the pruning below goes by this date as much as by the builds.
      utimesSync(dest, now, now);
      report.present += 1;
    } else if (copyOnce(path.join(assetsDir, name), dest, tag)) {
      utimesSync(dest, now, now);
      report.copied += 1;
    } else {
      report.present += 1;
    }
  }

  const id = createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16);
  const manifest = path.join(archiveDir, BUILDS, `${id}.json`);
  const tmp = `${manifest}.${tag}.tmp`;
  writeFileSync(tmp, JSON.stringify(names));
  renameSync(tmp, manifest);
  utimesSync(manifest, now, now);

  report.pruned = prune(archiveDir, now.getTime() - keepDays * DAY_MS, keepBuilds);
  return report;
}

/** Removes the files of builds older than the `keepBuilds` newest, untouched since `before`. */
function prune(archiveDir: string, before: number, keepBuilds: number): number {
  const buildsDir = path.join(archiveDir, BUILDS);
  const builds = readdirSync(buildsDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const file = path.join(buildsDir, name);
      return { file, mtime: statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0 };
    })
    .sort((a, b) => b.mtime - a.mtime);
  const kept = new Set<string>();
  for (const [index, build] of builds.entries()) {
    if (index < keepBuilds) {
      try {
        for (const name of JSON.parse(readFileSync(build.file, 'utf8')) as string[]) kept.add(name);
      } catch {
        // Another instance pruned it meanwhile, or it is unreadable: its files go by their date.
      }
    } else if (build.mtime < before) {
      rmSync(build.file, { force: true });
    }
  }

  let pruned = 0;
  for (const entry of readdirSync(archiveDir, { withFileTypes: true })) {
    // Assets, and the temporary copies a stopped instance left; never .builds/ or a folder.
    if (!entry.isFile() || kept.has(entry.name)) continue;
    const file = path.join(archiveDir, entry.name);
    const mtime = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime === undefined || mtime >= before) continue;
    rmSync(file, { force: true });
    if (!entry.name.startsWith('.')) pruned += 1;
  }
  return pruned;
}
