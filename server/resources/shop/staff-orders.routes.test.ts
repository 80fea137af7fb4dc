import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StaffOrderSummary, StaffOrderView } from '../../../src/domain/api/orders';
import { company } from '../../../src/domain/company';
import { companyLegal } from '../../../src/domain/company-legal';
import { formatEuro } from '../../../src/domain/format';
import type { OrderLine } from '../../../src/domain/payment.schema';
import { pdfFlatText } from '../../mandates/pdf-text';
import type { QueuedMail } from '../../mail/mail-queue';
import { staffApps } from '../../staff/test-staff';
import { invoiceLines, renderInvoicePdf } from './invoice-pdf';

const open = staffApps();
const DAY = 86_400_000;

const lines: OrderLine[] = [
  {
    productId: 2,
    name: 'Pack Essentiel',
    packname: 'Home staging',
    unitAmount: 69000,
    quantity: 1,
    amount: 69000,
  },
  {
    productId: 19,
    name: 'Photos',
    packname: 'Pack Photo',
    unitAmount: 1799,
    quantity: 3,
    amount: 5397,
  },
];
const TOTAL = 69000 + 5397;

type App = Awaited<ReturnType<typeof open>>;

/** An order as the checkout and the payment leave it (orders-server's code writes the same). */
async function addOrder(
  made: App,
  fields: {
    status?: 'paid' | 'pending' | 'expired' | 'cancelled' | 'refunded';
    userId?: string | null;
    number?: string | null;
    paidAt?: string | null;
    express?: boolean;
    createdAt?: string;
  } = {},
) {
  const id = randomUUID();
  const status = fields.status ?? 'paid';
  const createdAt = fields.createdAt ?? new Date(Date.now() - DAY).toISOString();
  const paid = status === 'paid' || status === 'refunded';
  const paidAt = fields.paidAt !== undefined ? fields.paidAt : paid ? createdAt : null;
  await made.db
    .insertInto('orders')
    .values({
      id,
      user_id: fields.userId === undefined ? made.ids.client : fields.userId,
      email: fields.userId === null ? 'anonyme@example.fr' : 'client@demo.chassimmo.fr',
      lines: JSON.stringify(lines),
      total_cents: TOTAL,
      status,
      success_url: 'http://127.0.0.1/ok',
      cancel_url: 'http://127.0.0.1/ko',
      stripe_session_id: paid ? `cs_test_${id}` : null,
      created_at: createdAt,
      updated_at: createdAt,
      paid_at: paidAt,
      number: fields.number !== undefined ? fields.number : paid ? 'HS-2026-0042' : null,
      address: JSON.stringify({
        street: '12 rue des Lilas',
        postcode: '75011',
        city: 'Paris 11e',
        inseeCode: '75111',
      }),
      surface_m2: 48,
      slots: JSON.stringify([{ date: '2026-12-10', period: 'matin' }]),
      phone: '06 12 34 56 78',
      cgv_version: '2026-11-29',
      cgv_accepted_at: createdAt,
      express_start_at: fields.express ? createdAt : null,
      fulfilment: paid ? 'a_planifier' : null,
      refunded_at: status === 'refunded' ? createdAt : null,
    })
    .execute();
  return id;
}

/** « 2026-12-20T10:00 », Paris local, `days` from now (the hour in the morning). */
const localIn = (days: number) =>
  `${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T10:00`;

describe('staff « Commandes »', () => {
  it('lists orders for the supervisors only, newest first, filtered, with client and city', async () => {
    const made = await open();
    const old = await addOrder(made, { createdAt: new Date(Date.now() - 3 * DAY).toISOString() });
    const pending = await addOrder(made, {
      status: 'pending',
      createdAt: new Date(Date.now() - 2 * DAY).toISOString(),
    });
    const expired = await addOrder(made, { status: 'expired', userId: null });
    for (const caller of ['chasseur', 'client'] as const)
      expect((await made.call(caller, 'GET', '/api/staff/orders')).status).toBe(403);
    expect((await made.call('anonymous', 'GET', '/api/staff/orders')).status).toBe(401);

    const all = await made.call('manager', 'GET', '/api/staff/orders');
    expect(all.status).toBe(200);
    const rows = all.body as StaffOrderSummary[];
    expect(rows.map((r) => r.id)).toEqual([expired, pending, old]);
    const paidRow = rows.find((r) => r.id === old);
    expect(paidRow).toMatchObject({ number: 'HS-2026-0042', city: 'Paris 11e', totalCents: TOTAL });
    expect(paidRow?.clientName).toMatch(/\S+ \S+/);
    expect(rows.find((r) => r.id === expired)?.clientName).toBe('anonyme@example.fr');

    const cancelled = await made.call('directeur', 'GET', '/api/staff/orders?status=cancelled');
    expect((cancelled.body as StaffOrderSummary[]).map((r) => r.id)).toEqual([expired]);
    const paid = await made.call('admin', 'GET', '/api/staff/orders?status=paid');
    expect((paid.body as StaffOrderSummary[]).map((r) => r.id)).toEqual([old]);
    expect((await made.call('manager', 'GET', '/api/staff/orders?status=x')).status).toBe(400);
  });

  it('shows the fiche, 404 in French for an unknown order', async () => {
    const made = await open();
    const id = await addOrder(made);
    const fiche = await made.call('manager', 'GET', `/api/staff/orders/${id}`);
    expect(fiche.status).toBe(200);
    const view = fiche.body as StaffOrderView;
    expect(view).toMatchObject({
      number: 'HS-2026-0042',
      paymentReference: `cs_test_${id}`,
      cgvVersion: '2026-11-29',
      surfaceM2: 48,
      fulfilment: 'a_planifier',
      hasInvoice: true,
      client: { phone: '06 12 34 56 78', email: 'client@demo.chassimmo.fr' },
    });
    expect(Date.parse(view.withdrawalEndsAt ?? '') - Date.parse(view.paidAt ?? '')).toBe(14 * DAY);
    const missing = await made.call('manager', 'GET', `/api/staff/orders/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Cette commande n’existe pas.');
    expect((await made.call('chasseur', 'GET', `/api/staff/orders/${id}`)).status).toBe(403);
  });

  it('assigns a decorator and sets the appointment: planned, audited, mailed with an .ics', async () => {
    const made = await open();
    const id = await addOrder(made);
    let view = (await made.call('manager', 'GET', `/api/staff/orders/${id}`))
      .body as StaffOrderView;

    const decorators = await made.call('manager', 'GET', '/api/staff/order-decorators');
    expect(decorators.body.map((d: { id: string }) => d.id)).toContain(made.ids.chasseur);
    expect(decorators.body.map((d: { id: string }) => d.id)).not.toContain(made.ids.client);

    const notStaff = await made.call('manager', 'PATCH', `/api/staff/orders/${id}`, {
      version: view.version,
      decoratorId: made.ids.client,
    });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.message).toMatch(/décoratrice parmi les comptes actifs/);

    const assigned = await made.call('manager', 'PATCH', `/api/staff/orders/${id}`, {
      version: view.version,
      decoratorId: made.ids.chasseur,
    });
    expect(assigned.status).toBe(200);
    view = assigned.body as StaffOrderView;
    expect(view.decorator?.id).toBe(made.ids.chasseur);

    // Within the withdrawal period without the express request: refused (L221-25).
    const early = await made.call('manager', 'PATCH', `/api/staff/orders/${id}`, {
      version: view.version,
      appointment: { start: localIn(5), durationMinutes: 90 },
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/L221-25/);
    const past = await made.call('manager', 'PATCH', `/api/staff/orders/${id}`, {
      version: view.version,
      appointment: { start: localIn(-2), durationMinutes: 90 },
    });
    expect(past.status).toBe(400);

    const planned = await made.call('manager', 'PATCH', `/api/staff/orders/${id}`, {
      version: view.version,
      appointment: { start: localIn(20), durationMinutes: 90 },
    });
    expect(planned.status).toBe(200);
    const after = planned.body as StaffOrderView;
    expect(after.fulfilment).toBe('planifiee');
    expect(Date.parse(after.appointment!.end) - Date.parse(after.appointment!.start)).toBe(
      90 * 60_000,
    );

    const mails = (await made.mails.list('client@demo.chassimmo.fr')) as QueuedMail[];
    const mail = mails.find((m) => /rendez-vous homestylz/.test(m.subject));
    expect(mail?.text).toContain('L’équipe homestylz');
    expect(mail?.text).toContain('12 rue des Lilas, 75011 Paris 11e');
    expect(mail?.attachments?.[0]).toMatchObject({
      filename: 'rendez-vous-HS-2026-0042.ics',
      contentType: expect.stringContaining('text/calendar'),
    });
    expect(mail?.attachments?.[0]?.content).toContain('BEGIN:VEVENT');

    const trail = await made.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('record_type', '=', 'order')
      .where('record_id', '=', id)
      .execute();
    expect(trail).toHaveLength(2);
    expect(trail.every((t) => t.actor_id === made.ids.manager)).toBe(true);

    // A stale version: 409 with the fiche as it is now.
    const stale = await made.call('manager', 'PATCH', `/api/staff/orders/${id}`, {
      version: view.version,
      fulfilment: 'realisee',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/modifiée par quelqu’un d’autre/);
    expect(stale.body.current.version).toBe(after.version);

    const done = await made.call('manager', 'PATCH', `/api/staff/orders/${id}`, {
      version: after.version,
      fulfilment: 'realisee',
    });
    expect(done.status).toBe(200);
    expect(done.body.fulfilment).toBe('realisee');
  });

  it('lets an express start be planned within the 14 days; done only once planned; paid only', async () => {
    const made = await open();
    const express = await addOrder(made, { express: true });
    let view = (await made.call('admin', 'GET', `/api/staff/orders/${express}`)).body;
    const soon = await made.call('admin', 'PATCH', `/api/staff/orders/${express}`, {
      version: view.version,
      appointment: { start: localIn(3), durationMinutes: 60 },
    });
    expect(soon.status).toBe(200);

    const other = await addOrder(made, { number: 'HS-2026-0050' });
    view = (await made.call('admin', 'GET', `/api/staff/orders/${other}`)).body;
    const tooEarly = await made.call('admin', 'PATCH', `/api/staff/orders/${other}`, {
      version: view.version,
      fulfilment: 'realisee',
    });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.message).toMatch(/seule une commande planifiée/);

    const pending = await addOrder(made, { status: 'pending' });
    view = (await made.call('admin', 'GET', `/api/staff/orders/${pending}`)).body;
    const notPaid = await made.call('admin', 'PATCH', `/api/staff/orders/${pending}`, {
      version: view.version,
      decoratorId: made.ids.manager,
    });
    expect(notPaid.status).toBe(400);
    expect(notPaid.body.message).toMatch(/Seule une commande payée/);
    const chasseur = await made.call('chasseur', 'PATCH', `/api/staff/orders/${other}`, {
      version: view.version,
      fulfilment: 'realisee',
    });
    expect(chasseur.status).toBe(403);
  });
});

describe('the invoice', () => {
  it('splits each TTC line into HT + TVA to the cent', () => {
    const split = invoiceLines(lines);
    for (const [i, l] of split.entries()) expect(l.htCents + l.vatCents).toBe(lines[i]!.amount);
    expect(split[0]).toMatchObject({ htCents: 57500, vatCents: 11500 });
    expect(split[1]).toMatchObject({ htCents: 4498, vatCents: 899 });
  });

  it('holds the mentions of a French invoice', async () => {
    const text = pdfFlatText(
      await renderInvoicePdf(
        {
          number: 'HS-2026-0042',
          paidAt: '2026-11-29T10:00:00.000Z',
          refundedAt: null,
          lines,
          buyer: {
            name: 'Élodie Martin',
            address: {
              street: '12 rue des Lilas',
              postcode: '75011',
              city: 'Paris 11e',
              inseeCode: '75111',
            },
            email: 'elodie@example.fr',
          },
        },
        { compress: false },
      ),
    );
    const flat = (s: string) => s.replace(/[\s\u00a0\u202f\u2060]+/g, ' ');
    for (const mention of [
      'Facture HS-2026-0042',
      'Date d’émission : 29 novembre 2026',
      `homestylz, marque de ${companyLegal.legalName}`,
      `${companyLegal.legalForm} au capital de ${companyLegal.shareCapital}`,
      `${company.address.street}, ${company.address.postalCode} ${company.address.city}`,
      'SIREN 912 345 678',
      `SIRET ${companyLegal.siret}`,
      companyLegal.rcs,
      `N° TVA intracommunautaire : ${companyLegal.vatNumber}`,
      'Élodie Martin',
      '12 rue des Lilas',
      '75011 Paris 11e',
      'Pack Essentiel (Home staging)',
      'Prix unitaire HT',
      '20 %',
      `Total HT ${formatEuro((57500 + 4498) / 100)}`,
      `TVA 20 % ${formatEuro((11500 + 899) / 100)}`,
      `Total TTC ${formatEuro(TOTAL / 100)}`,
      'Carte bancaire, payé le 29 novembre 2026',
      'Facture acquittée',
    ])
      expect(text, mention).toContain(flat(mention));
    expect(text).not.toContain('remboursée');
  });

  it('is for the owner and the team, as a PDF; 404 for another client and an unpaid order', async () => {
    const made = await open();
    const id = await addOrder(made);
    const mine = await made.call('client', 'GET', `/api/orders/${id}/invoice`);
    expect(mine.status).toBe(200);
    expect(mine.res.headers.get('Content-Type')).toBe('application/pdf');
    expect(mine.res.headers.get('Content-Disposition')).toBe(
      'attachment; filename="facture-HS-2026-0042.pdf"',
    );
    expect(mine.res.headers.get('Cache-Control')).toBe('no-store');
    const staff = await made.app.request(`/api/orders/${id}/invoice`, {
      headers: made.headers.manager,
    });
    expect(staff.status).toBe(200);
    expect(pdfFlatText(Buffer.from(await staff.arrayBuffer()))).toContain('Facture HS-2026-0042');

    // Someone else's order: as if it did not exist.
    const theirs = await addOrder(made, { userId: made.ids.chasseur, number: 'HS-2026-0043' });
    const other = await made.call('client', 'GET', `/api/orders/${theirs}/invoice`);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Cette facture n’existe pas.');
    const pending = await addOrder(made, { status: 'pending' });
    expect((await made.call('client', 'GET', `/api/orders/${pending}/invoice`)).status).toBe(404);
    expect((await made.call('anonymous', 'GET', `/api/orders/${id}/invoice`)).status).toBe(401);

    const refunded = await addOrder(made, { status: 'refunded', number: 'HS-2026-0044' });
    const res = await made.app.request(`/api/orders/${refunded}/invoice`, {
      headers: made.headers.client,
    });
    expect(pdfFlatText(Buffer.from(await res.arrayBuffer()))).toContain('Commande remboursée le');
  });
});
