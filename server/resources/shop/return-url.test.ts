import { describe, expect, it } from 'vitest';
import { returnUrls } from './return-url';

const PUBLIC = 'https://www.chassimmo.fr';

describe('returnUrls', () => {
  it('takes a path on the public address and drops the page’s query and fragment', () => {
    expect(returnUrls('/homestylz/pack/1?x=1#top', PUBLIC, false)).toEqual({
      success: `${PUBLIC}/homestylz/pack/1?success=true`,
      cancel: `${PUBLIC}/homestylz/pack/1?cancel=true`,
    });
  });

  it('accepts a full address of this site only', () => {
    expect(returnUrls(`${PUBLIC}/homestylz`, PUBLIC, false)?.success).toBe(
      `${PUBLIC}/homestylz?success=true`,
    );
    for (const url of [
      'https://evil.example/',
      'https://www.chassimmo.fr.evil.example/',
      'https://user@www.chassimmo.fr/',
      '//evil.example',
      'javascript:alert(1)',
      'pas une adresse',
    ]) {
      expect(returnUrls(url, PUBLIC, false)).toBeUndefined();
    }
  });

  it('accepts loopback origins outside production only (Vite dev server, test browsers)', () => {
    expect(returnUrls('http://localhost:5173/homestylz', PUBLIC, true)?.cancel).toBe(
      'http://localhost:5173/homestylz?cancel=true',
    );
    expect(returnUrls('http://localhost:5173/homestylz', PUBLIC, false)).toBeUndefined();
  });
});
