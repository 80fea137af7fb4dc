import { sql, type Kysely } from 'kysely';
import { bienTypes, labelOf, roomCounts, surfaceBands } from '../../../src/domain/property';
import { leadStatuses, type LeadStatus } from '../../../src/domain/staff';
import type { Db } from '../../db/database';
import { jsonObjectText } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { auditOf } from '../../staff/audit';
import { notesOf, personName } from '../buyers/buyers.repo';
import { countOf, pageOf, recordFilters, type Page } from '../../staff/paging';
import { inScope, type Scope } from '../../staff/policy';
import type { LeadFiche } from '../../../src/domain/staff-lead-views';
import type { LeadRow } from '../../../src/domain/staff-views';

/** Staff view of owner leads (issue 15, docs/staff-area.md): one row per questionnaire sent. */

export interface LeadFilters {
  q?: string;
  status?: LeadStatus;
  /** A hunter's id, or 'none' for the unassigned. */
  hunter?: string;
  department?: string;
  sort: 'created' | '-created' | 'name';
}

export const leadStatusLabel = (status: string) =>
  leadStatuses.find((s) => s.value === status)?.label ?? status;

/** The documents an owner said they have (questionnaire step DOCUMENTS), in French. */
const documentLabels = [
  ['with_three_last_assembly', 'Trois derniers procès-verbaux d’assemblée générale'],
  ['with_four_last_charges_statements', 'Quatre derniers relevés de charges'],
  ['with_last_property_tax', 'Dernière taxe foncière'],
  ['with_maintenance_building', 'Carnet d’entretien de l’immeuble'],
  ['with_pre_statement', 'Pré-état daté'],
  ['with_diagnostics', 'Diagnostics techniques'],
] as const;

function filtered(db: Kysely<Database>, scope: Scope, f: LeadFilters) {
  let q = db.selectFrom('owner_contact as o');
  if (f.status) q = q.where('o.lead_status', '=', f.status);
  // Each word somewhere in the names, e-mail, phone or the properties' cities.
  for (const condition of recordFilters(scope, f, {
    assignee: 'o.assigned_to',
    search: 'o.search_text',
    inDepartment: (code) =>
      sql<boolean>`exists (select 1 from owner_property d where d.contact_id = o.id and d.department = ${code})`,
  }))
    q = q.where(condition);
  return q;
}

export async function listLeads(
  db: Db,
  scope: Scope,
  f: LeadFilters,
  page: number,
  pageSize: number,
): Promise<Page<LeadRow>> {
  const base = filtered(db, scope, f);
  let rows = base.leftJoin('app_user as h', 'h.id', 'o.assigned_to').select([
    'o.id',
    'o.firstname',
    'o.lastname',
    'o.email',
    'o.phone',
    'o.lead_status as status',
    'o.assigned_to as hunterId',
    'o.created_at as createdAt',
    'o.version',
    'h.firstname as hunterFirstname',
    'h.lastname as hunterLastname',
    (eb) =>
      eb
        .selectFrom('owner_property as p')
        .select(
          jsonObjectText(db, {
            city: sql.ref('p.city'),
            department: sql.ref('p.department'),
            propertyType: sql.ref('p.property_type'),
            typeBien: sql.ref('p.type_bien'),
            surface: sql.ref('p.surface'),
            price: sql.ref('p.price'),
          }).as('x'),
        )
        .whereRef('p.contact_id', '=', 'o.id')
        .orderBy('p.id')
        .limit(1)
        .as('property'),
  ]);
  if (f.sort === 'created') rows = rows.orderBy('o.created_at', 'asc').orderBy('o.id', 'asc');
  else if (f.sort === 'name')
    rows = rows.orderBy('o.lastname').orderBy('o.firstname').orderBy('o.id');
  else rows = rows.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc');
  return pageOf(
    { page, pageSize },
    async (limit, offset) => toLeadRows(await rows.limit(limit).offset(offset).execute()),
    () => countOf(base),
  );
}

/** A row of the leads list as read: its first property as JSON. */
interface LeadListRow {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  status: string;
  hunterId: string | null;
  createdAt: string;
  version: number;
  hunterFirstname: string | null;
  hunterLastname: string | null;
  property: string | null;
}

function toLeadRows(found: LeadListRow[]): LeadRow[] {
  return found.map(({ hunterFirstname, hunterLastname, property, ...r }) => {
    const p = (property ? JSON.parse(property) : {}) as {
      city?: string;
      department?: string;
      propertyType?: string;
      typeBien?: unknown;
      surface?: unknown;
      price?: number | null;
    };
    return {
      ...r,
      status: r.status as LeadStatus,
      statusLabel: leadStatusLabel(r.status),
      hunterName: personName({ firstname: hunterFirstname, lastname: hunterLastname }),
      city: p.city ?? null,
      department: p.department ?? null,
      propertyType: p.propertyType ?? null,
      typeBien: typeof p.typeBien === 'number' ? labelOf(bienTypes, p.typeBien) : null,
      surface: typeof p.surface === 'number' ? labelOf(surfaceBands, p.surface) : null,
      price: p.price ?? null,
    };
  });
}

export type { LeadFiche };

/** One lead, or undefined when unknown or outside the caller's scope. */
export async function leadFiche(db: Db, scope: Scope, id: number): Promise<LeadFiche | undefined> {
  const lead = await db
    .selectFrom('owner_contact as o')
    .leftJoin('app_user as h', 'h.id', 'o.assigned_to')
    .selectAll('o')
    .select(['h.firstname as hunterFirstname', 'h.lastname as hunterLastname'])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!lead || !inScope(scope, lead.assigned_to)) return undefined;
  const properties = await db
    .selectFrom('owner_property')
    .selectAll()
    .where('contact_id', '=', id)
    .orderBy('id')
    .limit(20)
    .execute();
  return {
    lead: {
      id: lead.id,
      firstname: lead.firstname,
      lastname: lead.lastname,
      email: lead.email,
      phone: lead.phone,
      propertyCount: lead.bien_count,
      status: lead.lead_status as LeadStatus,
      statusLabel: leadStatusLabel(lead.lead_status),
      hunterId: lead.assigned_to,
      hunterName: personName({ firstname: lead.hunterFirstname, lastname: lead.hunterLastname }),
      createdAt: lead.created_at,
      contactedAt: lead.contacted_at,
      version: lead.version,
    },
    properties: properties.map((p) => ({
      id: p.id,
      purpose: p.property_type,
      typeBien: labelOf(bienTypes, p.type_bien),
      condition: p.status,
      department: p.department,
      city: p.city,
      surface: labelOf(surfaceBands, p.surface),
      rooms: labelOf(roomCounts, p.room_count),
      price: p.price,
      priceText: p.price === null ? ('estimation gratuite' as const) : null,
      documents: documentLabels.filter(([column]) => p[column] === 1).map(([, label]) => label),
      description: p.description,
    })),
    notes: await notesOf(db, 'owner', String(id)),
    audit: await auditOf(db, 'owner', id),
  };
}
