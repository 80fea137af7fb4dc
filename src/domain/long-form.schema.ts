import { z } from 'zod';
import { band } from './property.schema';
import { plainText } from './text';

/**
 * What the long forms' schemas share (the owner questionnaire, the buyer signup): the questions
 * both ask, and how a form's body is made of its steps' schemas.
 */

/** The questions both long forms ask (spec 3.5), one schema a step, with the same rules and messages. */
const commonSteps = {
  SURFACE: z.object({ surface: band(1, 5, 'Choisissez une surface.') }),
  ROOM_COUNT: z.object({ roomCount: band(1, 5, 'Choisissez le nombre de pièces.') }),
  BEDROOM_COUNT: z.object({ bedroomCount: band(1, 5, 'Choisissez le nombre de chambres.') }),
  VISIT_COUNT: z.object({ visitCount: band(0, 5, 'Indiquez le nombre de visites déjà faites.') }),
  /** A free note to the hunter, optional. */
  DESC: z.object({
    description: plainText(
      2000,
      'Votre description ne doit pas dépasser 2\u202f000 caractères.',
    ).default(''),
  }),
};
type CommonStep = keyof typeof commonSteps;

/**
 * The schemas of the questions both long forms ask, keyed by the flow's own step numbers (its
 * OwnerStep or BuyerStep), to spread among the flow's step schemas.
 */
export function commonStepSchemas<Steps extends Record<CommonStep, number>>(steps: Steps) {
  return Object.fromEntries(
    (Object.keys(commonSteps) as CommonStep[]).map((name) => [steps[name], commonSteps[name]]),
  ) as { [Name in CommonStep as Steps[Name]]: (typeof commonSteps)[Name] };
}

type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (
  k: infer I,
) => void
  ? I
  : never;

/** The fields of several object schemas, as one shape. */
type JoinedShape<Schema> =
  UnionToIntersection<
    Schema extends z.ZodObject<infer Shape> ? Shape : never
  > extends infer Joined extends z.core.$ZodShape
    ? Joined
    : never;

/**
 * One object with the fields of every step schema but those of `except`, in the order of the
 * steps: the part of a long form's body its questions make.
 */
export function joinStepSchemas<
  Schemas extends Record<number, z.ZodObject>,
  Except extends keyof Schemas = never,
>(schemas: Schemas, except: readonly Except[] = []) {
  const kept = Object.entries(schemas).filter(([step]) => !except.includes(Number(step) as Except));
  return z.object(Object.assign({}, ...kept.map(([, schema]) => schema.shape))) as z.ZodObject<
    JoinedShape<Schemas[Exclude<keyof Schemas, Except>]>
  >;
}
