import type { Page } from '@playwright/test';
import { expect, stylesSettled } from '../fixtures';

/**
 * French typography of what a person reads (issue 12): tests/typography.spec.ts runs it over the
 * prerendered pages, tests/a11y.spec.ts over every other screen it visits (long-form steps,
 * sign-in pages, private areas). What is read:
 * the text as laid out once the app has started (document.body.innerText) and the alt,
 * aria-label, title and placeholder of visible elements. A normal space (U+0020) is where the
 * browser may break the line, so it must not stand before ? : ; ! » or after «, nor between a
 * number and its unit or inside a time range; French uses U+00A0 (before ':' and inside « »)
 * and U+202F (before ; ? !), amounts are written by Intl.NumberFormat('fr-FR'), and the
 * apostrophe is ’. An entity or escape shown as is (&nbsp;, \u202f) is a slip of that very fix.
 * URLs, e-mail addresses, times written 10:30, code and text marked in another language are not
 * French prose and are left out. Each page's offences come in one error, grouped by rule.
 */

type Rule = { id: string; kind: string; fix: string; pattern: RegExp };

const UNITS = 'h|min|€|k€|%|m²|m2|km';

const RULES: Rule[] = [
  {
    id: 'punctuation',
    kind: 'espace normale ou retour à la ligne avant ? : ; ! »',
    fix: 'U+00A0 avant « : » et « » », U+202F avant « ; », « ? », « ! »',
    pattern: /[ \n]+[?:;!»]/g,
  },
  {
    id: 'guillemet',
    kind: 'espace normale ou retour à la ligne après «',
    fix: 'U+00A0',
    pattern: /«[ \n]+/g,
  },
  {
    id: 'apostrophe',
    kind: 'apostrophe droite entre deux lettres',
    fix: '’',
    pattern: /\p{L}'\p{L}/gu,
  },
  {
    id: 'thousands',
    kind: 'espace normale entre les milliers',
    fix: 'Intl.NumberFormat("fr-FR") : U+202F',
    pattern: /\d \d{3}(?!\d)/g,
  },
  {
    id: 'unit',
    kind: 'espace normale entre un nombre et son unité',
    fix: 'U+00A0 ou U+202F',
    // '2 h', '15 km', '20 %', and the minutes of '1 h 30'.
    pattern: new RegExp(
      `\\d[ \u00a0\u202f]?h \\d\\d(?!\\d)|\\d (?:${UNITS})(?![\\p{L}\\p{N}])`,
      'gu',
    ),
  },
  {
    id: 'range',
    kind: 'espace normale autour du tiret d’une plage horaire',
    fix: 'U+00A0 ou U+202F',
    pattern: /\d[ \u00a0\u202f]?h(?:\d\d)?(?: [–—-]|[–—-] )(?=[ \u00a0\u202f]?\d)/gu,
  },
  {
    id: 'escape',
    kind: 'entité HTML ou échappement affiché tel quel',
    fix: '&nbsp; dans le texte JSX, \\u00a0 dans une chaîne JavaScript',
    pattern: /&(?:[a-z]+|#x?[0-9a-f]+);|\\u[0-9a-f]{4}/gi,
  },
];

/** What is not French prose; masked (same length) before the rules run. */
const NOT_PROSE: RegExp[] = [
  /\b(?:https?:\/\/|www\.)[^\s«»]+/giu, // URLs
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu, // e-mail addresses
  /\b\d{1,2}:\d{2}\b/g, // times written 10:30
];

const MASK = '\u2060';

function mask(text: string, exempt: readonly string[]): string {
  let masked = text;
  for (const pattern of NOT_PROSE) masked = masked.replace(pattern, (m) => MASK.repeat(m.length));
  for (const fragment of exempt) {
    if (!fragment) continue;
    for (let at = masked.indexOf(fragment); at !== -1; at = masked.indexOf(fragment, at + 1)) {
      masked =
        masked.slice(0, at) + MASK.repeat(fragment.length) + masked.slice(at + fragment.length);
    }
  }
  return masked;
}

/** ~30 characters around an offence, shown between ⟪ ⟫ with ␣ for U+0020 and ⏎ for a line break. */
function quote(text: string, at: number, length: number): string {
  const show = (s: string) => s.replaceAll('\n', '⏎');
  const before = show(text.slice(Math.max(0, at - 15), at));
  const match = show(text.slice(at, at + length).replaceAll(' ', '␣'));
  const after = show(text.slice(at + length, at + length + 15));
  const open = at > 15 ? '…' : '';
  const close = at + length + 15 < text.length ? '…' : '';
  return `${open}${before}⟪${match}⟫${after}${close}`;
}

type Offence = { rule: Rule; where: string; quote: string };

/** The offences in one text; `exempt` are fragments to leave out (code, another language). */
export function typographyOffences(
  text: string,
  where: string,
  exempt: readonly string[] = [],
): Offence[] {
  const masked = mask(text, exempt);
  return RULES.flatMap((rule) =>
    [...masked.matchAll(rule.pattern)].map((m) => ({
      rule,
      where,
      quote: quote(text, m.index, m[0].length),
    })),
  );
}

/** One readable block per page: offences grouped by rule, each quoted with where it stands. */
function report(route: string, offences: Offence[]): string {
  const lines = [`${route} : ${offences.length} faute(s) de typographie`];
  for (const rule of RULES) {
    const mine = offences.filter((o) => o.rule === rule);
    if (mine.length === 0) continue;
    lines.push(`  ${rule.kind} (${mine.length}) — à écrire : ${rule.fix}`);
    for (const o of mine) lines.push(`      ${o.where} : ${o.quote}`);
  }
  return lines.join('\n');
}

type PageText = {
  body: string;
  attributes: { where: string; text: string }[];
  exempt: string[];
};

async function visibleText(page: Page): Promise<PageText> {
  // The page as a person sees it: hydrated (the fixture's goto), with its full stylesheet, which
  // decides what is displayed, and what the app loads after it started (the help button).
  await stylesSettled(page);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const exempt = [
      ...document.querySelectorAll<HTMLElement>(
        'code, pre, kbd, samp, [lang]:not([lang|="fr"]), [translate="no"]',
      ),
    ].map((el) => el.innerText.trim());
    const attributes: { where: string; text: string }[] = [];
    for (const el of document.body.querySelectorAll(
      '[alt], [aria-label], [title], [placeholder]',
    )) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      for (const name of ['alt', 'aria-label', 'title', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value)
          attributes.push({ where: `${name} de <${el.tagName.toLowerCase()}>`, text: value });
      }
    }
    return { body: document.body.innerText, attributes, exempt };
  });
}

/** The open page, with `route` to name it in the error. */
export async function expectFrenchTypography(page: Page, route: string) {
  const { body, attributes, exempt } = await visibleText(page);
  const offences = [
    ...typographyOffences(body, 'texte', exempt),
    ...attributes.flatMap(({ where, text }) => typographyOffences(text, where, exempt)),
  ];
  expect(offences.length, report(route, offences)).toBe(0);
}
