import { describe, expect, it } from 'vitest';
import { rateLimitKey } from './client-ip';

describe('rateLimitKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('::ffff:203.0.113.7');
  });

  it('counts a whole IPv6 /64 as one visitor', () => {
    expect(rateLimitKey('2001:db8:85a3:1:aaaa::1')).toBe('2001:db8:85a3:1::/64');
    expect(rateLimitKey('2001:db8:85a3:1:bbbb:cccc:dddd:eeee')).toBe('2001:db8:85a3:1::/64');
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
  });
});
