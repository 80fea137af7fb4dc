import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  passwordMessages,
  passwordSchema,
  passwordWithConfirmSchema,
  withConfirmation,
} from './password';

const messages = (value: unknown) => {
  const r = passwordSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('password rules (spec 5 and 8)', () => {
  it('accepts 6 characters with a lowercase letter, an uppercase letter and a digit', () => {
    expect(messages('Abcde1')).toEqual([]);
    expect(messages('Maison de 3 pièces')).toEqual([]);
  });

  it('gives the exact spec messages', () => {
    expect(messages('')).toContain(passwordMessages.required);
    expect(messages('Ab1')).toContain(passwordMessages.minLength);
    expect(messages('ABCDEF1')).toContain(passwordMessages.lowercase);
    expect(messages('abcdef1')).toContain(passwordMessages.uppercase);
    expect(messages('Abcdefg')).toContain(passwordMessages.digit);
    expect(messages(undefined)).toContain(passwordMessages.required);
  });

  it('does not require a special character (see the rule’s comment)', () => {
    expect(messages('Abcdef12')).not.toContain(passwordMessages.special);
  });

  it('refuses more than 100 characters', () => {
    expect(messages(`Aa1${'x'.repeat(98)}`)).toHaveLength(1);
  });

  it('says when the confirmation differs', () => {
    const r = passwordWithConfirmSchema.safeParse({
      password: 'Abcdef1',
      passwordConfirm: 'Abcdef2',
    });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(r.error.issues[0]).toMatchObject({
        message: passwordMessages.mismatch,
        path: ['passwordConfirm'],
      });
  });

  it('checks a confirmation under the names a form gives it', () => {
    const change = withConfirmation(
      z.object({ oldPassword: z.string(), newPassword: passwordSchema }),
      'newPassword',
      'newPasswordConfirm',
    );
    const values = { oldPassword: 'Ancien1', newPassword: 'Abcdef1' };
    expect(change.safeParse({ ...values, newPasswordConfirm: 'Abcdef1' }).success).toBe(true);
    expect(
      change.safeParse({ ...values, newPasswordConfirm: 'Abcdef2' }).error?.issues,
    ).toMatchObject([{ message: passwordMessages.mismatch, path: ['newPasswordConfirm'] }]);
    expect(change.safeParse(values).error?.issues).toMatchObject([
      { message: passwordMessages.required, path: ['newPasswordConfirm'] },
    ]);
  });
});
