import type { z } from 'zod';
import { fieldErrors } from '../../domain/validation';
import type { SplitErrors, SubmissionCheck } from './use-long-form';

/**
 * A flow's body checked with the schema the server uses: the parsed body, or its problems
 * sorted by the flow (`splitErrors`) into the submit step's fields and the earlier step to fix.
 */
export function checkBody<Body>(
  schema: z.ZodType<Body>,
  body: unknown,
  splitErrors: (errors: Record<string, string>) => SplitErrors,
): SubmissionCheck<Body> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data, fields: {}, fix: null };
  return { ok: false, ...splitErrors(fieldErrors(parsed.error)) };
}
