import type { z } from 'zod';

/**
 * What the engine reads from a flow's step schemas (src/domain: one object schema a question
 * step, keyed by the step's number): which step asks a field, and which answers of a draft to
 * keep.
 */

/** The step that asks each field: CITY for 'city', PROPERTY_COUNT for 'bienCount'… */
export function stepsOfFields<Step extends number>(
  schemas: Record<Step, z.ZodObject>,
): Record<string, Step> {
  return Object.fromEntries(
    Object.entries<z.ZodObject>(schemas).flatMap(([step, schema]) =>
      Object.keys(schema.shape).map((field) => [field, Number(step) as Step]),
    ),
  );
}

/**
 * Answers read back from a draft, which may come from an older version of the form or have been
 * edited by hand: a coded answer is kept only if its step's schema accepts it; the text fields
 * (the person's name, e-mail and phone) whenever they are text, as a half-typed e-mail is still
 * worth giving back.
 */
export function restoreStepAnswers(
  schemas: Record<number, z.ZodObject>,
  raw: Record<string, unknown>,
  textFields: readonly string[],
): Record<string, unknown> {
  const restored: Record<string, unknown> = {};
  for (const schema of Object.values<z.ZodObject>(schemas)) {
    for (const [field, rule] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const value = raw[field];
      if (value !== undefined && !textFields.includes(field) && rule.safeParse(value).success)
        restored[field] = value;
    }
  }
  for (const field of textFields) {
    if (typeof raw[field] === 'string') restored[field] = raw[field];
  }
  return restored;
}
