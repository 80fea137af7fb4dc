import type { Transaction } from 'kysely';
import type { OwnerSubmission } from '../../../src/domain/owner-questionnaire.schema';
import { cityName } from '../../../src/domain/arrondissements';
import { searchTextOf } from '../../../src/domain/search';
import type { Database } from '../../db/schema';

/**
 * Owner leads from the questionnaire (spec 2.5, 3.3): the SQL of owner_contact and
 * owner_property. `city` is the answer as stored: the commune as the geography names it, or
 * one of Paris' arrondissements by its INSEE code (src/domain/arrondissements.ts).
 */
export async function insertOwnerLead(
  trx: Transaction<Database>,
  contact: OwnerSubmission['contact'],
  bien: OwnerSubmission['bien'],
  city: string,
  now: string,
): Promise<{ id: number }> {
  const saved = await trx
    .insertInto('owner_contact')
    .values({
      lastname: contact.lastname,
      firstname: contact.firstname,
      email: contact.email.toLowerCase(),
      phone: contact.phone,
      bien_count: contact.bienCount,
      // What the staff lists search a lead by (its one property's city included).
      search_text: searchTextOf(
        contact.lastname,
        contact.firstname,
        contact.email,
        contact.phone,
        cityName(city),
      ),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return trx
    .insertInto('owner_property')
    .values({
      contact_id: saved.id,
      property_type: bien.propertyType,
      department: bien.department,
      city,
      type_bien: bien.typeBien,
      status: bien.status,
      surface: bien.surface,
      room_count: bien.roomCount,
      bedroom_count: bien.bedroomCount,
      visit_count: bien.visitCount,
      price: bien.price,
      with_three_last_assembly: Number(bien.withThreeLastAssembly),
      with_four_last_charges_statements: Number(bien.withFourLastChargesStatements),
      with_last_property_tax: Number(bien.withLastPropertyTax),
      with_maintenance_building: Number(bien.withMaintenanceBuilding),
      with_pre_statement: Number(bien.withPreStatement),
      with_diagnostics: Number(bien.withDiagnostics),
      description: bien.description,
      disponible: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
