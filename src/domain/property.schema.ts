import { z } from 'zod';

/** A coded answer within a band of values, with one message whatever is wrong with it. */
export const band = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** The property answers both long forms ask (spec 3.5), with the same rules and messages. */
export const propertyFieldSchemas = {
  surface: band(1, 5, 'Choisissez une surface.'),
  roomCount: band(1, 5, 'Choisissez le nombre de pièces.'),
  bedroomCount: band(1, 5, 'Choisissez le nombre de chambres.'),
  visitCount: band(0, 5, 'Indiquez le nombre de visites déjà faites.'),
};
