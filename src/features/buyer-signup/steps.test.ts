import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuyerStep } from '../../domain/buyer-signup.schema';
import { CONFIRM_STEP, buyerPictureAlts, buyerStepPicture } from './steps';

/** The <title> of a picture under public/, spaces made plain. */
const titleOf = (src: string) =>
  /<title>([^<]*)<\/title>/.exec(readFileSync(path.join('public', src), 'utf8'))?.[1];
const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('buyer wizard pictures', () => {
  it('gives every step an alt that says what its picture shows', () => {
    for (const step of Object.values(BuyerStep)) {
      const src = buyerStepPicture(step);
      expect(plain(buyerPictureAlts[step]), `étape ${step} : ${src}`).toBe(plain(titleOf(src)));
    }
  });

  it('shows the e-mail leaving on CONFIRM, not the account form’s padlock', () => {
    expect(CONFIRM_STEP).toBe(BuyerStep.CONFIRM);
    expect(buyerStepPicture(CONFIRM_STEP)).not.toBe(buyerStepPicture(BuyerStep.USER));
    expect(buyerPictureAlts[CONFIRM_STEP]).toMatch(/enveloppe/);
    expect(titleOf(buyerStepPicture(CONFIRM_STEP))).toMatch(/enveloppe/);
  });
});
