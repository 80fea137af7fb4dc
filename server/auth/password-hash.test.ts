import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash';

describe('scrypt password hashes', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Demo1234');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('Demo1234', stored)).toBe(true);
    expect(await verifyPassword('demo1234', stored)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('Demo1234')).not.toBe(await hashPassword('Demo1234'));
  });

  it('refuses unreadable stored values', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });
});
