import { describe, expect, it } from 'vitest';
import { fontFacesFor, trimInlineCss, unicodeRanges } from './inline-css.mjs';

const face = (file, range) =>
  `@font-face{font-family:Inter Variable;font-style:normal;font-weight:100 900;src:url(/assets/${file}.woff2)format("woff2")${range ? `;unicode-range:${range}` : ''}}`;
const CYRILLIC = face('inter-cyrillic', 'U+301,U+400-45F,U+490-491,U+4B0-4B1,U+2116');
const LATIN_EXT = face('inter-latin-ext', 'U+100-2BA,U+2BD-2C5,U+1E00-1E9F,U+2020');
const LATIN = face('inter-latin', 'U+0000-00FF,U+131,U+152-153,U+2000-206F,U+20AC');
const FALLBACK =
  '@font-face{font-family:Inter Fallback;src:local(Arial);ascent-override:90.44%;size-adjust:107.12%}';
const FONTS = CYRILLIC + LATIN_EXT + LATIN + FALLBACK;

describe('the font faces a prerendered page carries', () => {
  it('reads unicode-range values, wildcards included', () => {
    expect(unicodeRanges('U+0000-00FF, U+131,U+4??')).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x400, 0x4ff],
    ]);
  });

  it('keeps the latin face and the local() fallbacks for French text, never another alphabet', () => {
    const kept = fontFacesFor(FONTS, '<p>Le cœur de l’offre : 1 500 €</p>');
    expect(kept).toBe(LATIN + FALLBACK);
  });

  it('keeps latin-ext for a character only it draws, and cyrillic for a Russian word', () => {
    expect(fontFacesFor(FONTS, 'Łukasz')).toBe(LATIN_EXT + LATIN + FALLBACK);
    expect(fontFacesFor(FONTS, 'Москва')).toBe(CYRILLIC + FALLBACK);
  });

  it('gives « œ », in the latin and latin-ext ranges, to the face declared last, as browsers do', () => {
    expect(fontFacesFor(FONTS, 'œ')).toBe(LATIN + FALLBACK);
    expect(fontFacesFor(LATIN + LATIN_EXT, 'œ')).toBe(LATIN_EXT);
  });
});

describe('the inlined CSS of a prerendered page, trimmed', () => {
  const html =
    '<div class="card" style="color:var(--from-attribute)"></div><a style="--x:red;color:var(--x)"></a>';

  it('drops the custom properties nothing reads, then those only they read, and their @property', () => {
    const css =
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
      '@property --tw-unread{syntax:"*";inherits:false}' +
      ':root{--color-primary:#173f5f;--color-unused:red;--only-read-by-unused:blue;--from-attribute:green}' +
      '.card{--chain:var(--only-read-by-unused);color:var(--color-primary);box-shadow:var(--tw-shadow)}';
    const trimmed = trimInlineCss(css, html);
    expect(trimmed).toContain('--color-primary:#173f5f');
    expect(trimmed).toContain('--from-attribute:green');
    expect(trimmed).toContain('@property --tw-shadow');
    expect(trimmed).not.toContain('--color-unused');
    expect(trimmed).not.toContain('--tw-unread');
    expect(trimmed).not.toContain('--chain');
    expect(trimmed).not.toContain('--only-read-by-unused');
  });

  it('keeps the color-mix() value and drops its fallback, in the same place of the cascade', () => {
    const css =
      '.btn{color:#173f5f;border-color:#173f5f}' +
      '@supports (color:color-mix(in lab, red, red)){.btn{border-color:color-mix(in oklab,var(--x) 80%,#000)}}' +
      '.btn-ghost{border-color:transparent}';
    const trimmed = trimInlineCss(css, html);
    expect(trimmed).not.toContain('@supports');
    expect(trimmed).toContain(
      '.btn{color:#173f5f;border-color:color-mix(in oklab,var(--x) 80%,#000)}',
    );
    expect(trimmed.indexOf('.btn{')).toBeLessThan(trimmed.indexOf('.btn-ghost'));
  });

  it('keeps other @supports blocks, and every @layer block, even emptied, for the rank it gives', () => {
    const css =
      '@layer theme{:root{--unused:1px}}@layer base{a{color:red}}' +
      '@supports (background-image:linear-gradient(in lab, red, red)){.grad{background:linear-gradient(in lab,red,blue)}}';
    const trimmed = trimInlineCss(css, html);
    // « @layer theme; » ranks the layer first, as its emptied block did.
    expect(trimmed).toMatch(/^@layer theme[{;]@layer base\{a\{color:red\}\}/);
    expect(trimmed).toContain('@supports (background-image:linear-gradient(in lab, red, red))');
    expect(trimmed).not.toContain('--unused');
  });
});
