import { z } from 'zod';

/** A coded answer within a band of values, with one message whatever is wrong with it. */
export const band = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
