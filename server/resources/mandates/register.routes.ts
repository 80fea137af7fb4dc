import { Hono, type Context } from 'hono';
import {
  REGISTER_CSV_PATH,
  REGISTER_OBSERVATION_PATH,
  REGISTER_PATH,
  REGISTER_PDF_PATH,
  registerObservationSchema,
  registerQuerySchema,
  type RegisterRowView,
  type RegisterView,
} from '../../../src/domain/api/mandates';
import { parisDay } from '../../../src/domain/paris-time';
import { fullName } from '../../../src/domain/person-name';
import { Role, SUPERVISORS, type RoleCode } from '../../../src/domain/roles';
import { requireAuth, requireRoles, type AuthEnv } from '../../auth/middleware';
import { apiError, readJson, validationError } from '../../http/errors';
import { underApi } from '../../http/paths';
import { csvDownload, type CsvColumn } from '../../staff/csv';
import type { StaffRouteDeps } from '../../staff/deps';
import { queryOf } from '../../staff/paging';
import {
  REGISTER_PAGE_SIZE,
  addObservation,
  allRegisterRows,
  checkChain,
  registerRows,
} from './register.repo';

/** Who writes the register (observations): directeur and admin; the manager reads it. */
const WRITERS: readonly RoleCode[] = [Role.DIRECTEUR, Role.ADMIN];

/** « 26/11/2026 », Paris day. */
const frenchDay = (iso: string) => parisDay(iso).split('-').reverse().join('/');

/** The columns of the arrêté du 15 septembre 1972, as the CSV export writes them. */
const COLUMNS: CsvColumn<RegisterRowView>[] = [
  ['N° d’ordre', (r) => r.number],
  ['Date du mandat', (r) => frenchDay(r.date)],
  ['Noms et adresses des mandants', (r) => r.mandants],
  ['Objet du mandat', (r) => r.object],
  ['Nature et situation du bien recherché', (r) => r.propertySought],
  [
    'Observations',
    (r) =>
      r.observations.map((o) => `${frenchDay(o.at)}\u00a0: ${o.text} (${o.byName})`).join(' | '),
  ],
];

/**
 * The registre des mandats (issue 30, docs/mandates.md): its rows with the chain check, its CSV
 * and PDF exports (an inspection), and the observations directeurs and admins add. Mounted on
 * /api. A chasseur has no access; a manager reads.
 */
export function registerRoutes(deps: StaffRouteDeps): Hono<AuthEnv> {
  const { db, now } = deps;
  const app = new Hono<AuthEnv>();
  const readers = [requireAuth(deps.tokens, deps.users), requireRoles(SUPERVISORS)] as const;
  const canWrite = (c: Context<AuthEnv>) => c.get('session').roles.some((r) => WRITERS.includes(r));

  app.get(underApi(REGISTER_PATH), ...readers, async (c) => {
    const parsed = registerQuerySchema.safeParse(queryOf(c.req.url));
    if (!parsed.success) return validationError(c, parsed.error);
    const { rows, total } = await registerRows(db, {
      page: parsed.data.page,
      pageSize: REGISTER_PAGE_SIZE,
    });
    return c.json({
      rows,
      total,
      page: parsed.data.page,
      chain: await checkChain(db),
      canWrite: canWrite(c),
    } satisfies RegisterView);
  });

  app.get(underApi(REGISTER_CSV_PATH), ...readers, async (c) => {
    const chain = await checkChain(db);
    c.header('X-Register-Chain', chain.intact ? 'intact' : 'broken');
    return csvDownload(c, 'registre-des-mandats.csv', COLUMNS, await allRegisterRows(db));
  });

  app.get(underApi(REGISTER_PDF_PATH), ...readers, async () => {
    const chain = await checkChain(db);
    // Loaded when first asked for: an inspection's export, not every start's work.
    const { renderRegisterPdf } = await import('../../mandates/register-pdf');
    const pdf = await renderRegisterPdf(
      await allRegisterRows(db),
      chain.intact,
      new Date(now()).toISOString(),
    );
    return new Response(new Uint8Array(pdf), {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Content-Disposition': 'attachment; filename="registre-des-mandats.pdf"',
        'X-Register-Chain': chain.intact ? 'intact' : 'broken',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  });

  app.post(
    underApi(REGISTER_OBSERVATION_PATH),
    requireAuth(deps.tokens, deps.users),
    requireRoles(WRITERS),
    async (c) => {
      const raw = c.req.param('number') ?? '';
      const number = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
      const parsed = registerObservationSchema.safeParse(await readJson(c));
      if (!parsed.success) return validationError(c, parsed.error);
      if (!Number.isSafeInteger(number) || number < 1)
        return apiError(c, 404, 'Ce numéro n’existe pas dans le registre.');
      const row = await deps.users.findById(c.get('user')._id);
      const name = row ? fullName(row) : 'Direction';
      const added = await addObservation(
        db,
        number,
        parsed.data.text,
        { userId: c.get('user')._id, name },
        new Date(now()).toISOString(),
      );
      if (!added) return apiError(c, 404, 'Ce numéro n’existe pas dans le registre.');
      const { rows } = await registerRows(db, { page: 1, pageSize: 1, number });
      return c.json(rows[0] satisfies RegisterRowView | undefined, 201);
    },
  );

  return app;
}
