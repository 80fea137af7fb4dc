import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuyerStep } from '../../domain/buyer-signup.schema';
import { questionCount } from '../../domain/form-duration';
import { FIRST_QUESTION, LAST_QUESTION } from './buyer-flow';
import {
  CONFIRM_STEP,
  QUESTION_COUNT,
  buyerPhases,
  buyerPictureAlts,
  buyerStepPicture,
} from './steps';

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

describe('the questions the wizard asks', () => {
  it('are the steps of its phases, which run from PERSON_COUNT to USER without a gap', () => {
    expect(buyerPhases[0].first).toBe(FIRST_QUESTION);
    expect(FIRST_QUESTION).toBe(BuyerStep.PERSON_COUNT);
    buyerPhases.slice(1).forEach((phase, i) => expect(phase.first).toBe(buyerPhases[i]!.last + 1));
    expect(buyerPhases.at(-1)!.last).toBe(LAST_QUESTION);
    expect(LAST_QUESTION).toBe(BuyerStep.USER);
  });

  it('are fifteen: every step between START and CONFIRM, the account form included', () => {
    expect(QUESTION_COUNT).toBe(questionCount(buyerPhases));
    expect(QUESTION_COUNT).toBe(LAST_QUESTION - FIRST_QUESTION + 1);
    expect(QUESTION_COUNT).toBe(BuyerStep.CONFIRM - BuyerStep.START - 1);
    expect(QUESTION_COUNT).toBe(15);
  });
});
