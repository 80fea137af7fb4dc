// The CSS a prerendered page carries in its own bytes (scripts/first-paint.mjs), made as small as
// what the page shows allows (issue 27): the first 14.6 KB of an answer arrive in the first round
// trip of a new connection (TCP's initial window, and Lighthouse's simulation of it), so a page
// just over it paints one round trip later. Three things beasties cannot know:
// - a web font's face is only downloaded for the characters of its unicode-range that the page
//   shows: faces for other alphabets (Cyrillic, Greek, Vietnamese…) are dead weight here;
// - a custom property that nothing on the page reads (no var() in the inlined rules or in the
//   page's own style attributes) styles nothing: Tailwind's theme and reset declare every
//   variable the whole app uses;
// - every browser the site supports knows color-mix() (BROWSERS below): the fallbacks Tailwind
//   and daisyUI write for older ones are dropped, their @supports blocks opened.
// The whole stylesheet, loaded when first needed (src/app/full-stylesheet.ts), keeps all of it.
import postcss from 'postcss';
import { transform } from 'lightningcss';

/**
 * The oldest version of each browser the site supports (vite.config.ts `cssTarget`): Safari 17,
 * Firefox 115 (ESR), Chromium 111 (Tailwind 4's own floor).
 */
export const BROWSERS = { chrome: 111, edge: 111, firefox: 115, safari: 17 };

/** The same list as esbuild-style names, as Vite's `build.cssTarget` takes it. */
export const CSS_TARGET = Object.entries(BROWSERS).map(([name, major]) => `${name}${major}`);

/** The same list as lightningcss takes it (major << 16). */
const LIGHTNING_TARGETS = Object.fromEntries(
  Object.entries(BROWSERS).map(([name, major]) => [name, major << 16]),
);

/** A `unicode-range` value as [first, last] code point pairs (U+0131, U+0000-00FF, U+4??). */
export function unicodeRanges(value) {
  return value.split(',').map((part) => {
    const range = part.trim().replace(/^U\+/i, '');
    const [low, high = low] = range.includes('-')
      ? range.split('-')
      : [range.replace(/\?/g, '0'), range.replace(/\?/g, 'F')];
    return [parseInt(low, 16), parseInt(high, 16)];
  });
}

/**
 * The @font-face rules of `css` that `text` makes the browser download: a face without
 * unicode-range (the metric-matched local() fallbacks) always; a web font's subset when it is the
 * face a character of the text is drawn with. Of the faces of one family whose ranges hold a
 * character, the browser takes the one declared last (CSS Fonts 4, § 4.5): « œ » is in both the
 * latin and the latin-ext ranges and comes with the latin file, declared after.
 */
export function fontFacesFor(css, text) {
  const faces = (css.match(/@font-face\{[^}]*\}/g) ?? []).map((rule) => {
    const range = /unicode-range:([^;}]*)/.exec(rule)?.[1];
    const descriptor = (name) => new RegExp(`${name}:([^;}]*)`).exec(rule)?.[1]?.trim() ?? '';
    return {
      rule,
      ranges: range ? unicodeRanges(range) : undefined,
      family: ['font-family', 'font-style', 'font-weight'].map(descriptor).join('|'),
    };
  });
  const used = new Set(faces.filter((face) => !face.ranges));
  for (const cp of new Set(Array.from(text, (c) => c.codePointAt(0)))) {
    const drawnWith = new Map();
    for (const face of faces) {
      if (face.ranges?.some(([low, high]) => cp >= low && cp <= high))
        drawnWith.set(face.family, face);
    }
    for (const face of drawnWith.values()) used.add(face);
  }
  return faces
    .filter((face) => used.has(face))
    .map((face) => face.rule)
    .join('');
}

/** The names read by var(--name) in a text (CSS or HTML). */
const readProperties = (text) =>
  new Set(Array.from(text.matchAll(/var\(\s*(--[\w-]+)/g), (m) => m[1]));

/**
 * The inlined CSS of a page, smaller: custom properties nothing reads dropped (their @property
 * too), again until none is left (a variable read only by a dropped one goes next), the
 * color-mix() fallbacks dropped, minified for BROWSERS. `html` is the page without its <style>:
 * its style attributes may read variables too.
 */
export function trimInlineCss(css, html) {
  const root = postcss.parse(css);
  for (let dropped = true; dropped;) {
    dropped = false;
    const read = readProperties(root.toString() + html);
    root.walkDecls(/^--/, (decl) => {
      if (read.has(decl.prop)) return;
      decl.remove();
      dropped = true;
    });
    root.walkAtRules('property', (rule) => {
      if (read.has(rule.params.trim())) return;
      rule.remove();
      dropped = true;
    });
  }
  // Open the color-mix() enhancements: every supported browser takes them. The rules keep their
  // place, so the cascade is the one these browsers already apply.
  // Each fallback goes: an earlier declaration of the same property, in a rule of the same
  // selector in the same block (same layer, same media), is overridden by the one opened here.
  root.walkAtRules('supports', (block) => {
    if (!/^\(color:\s*color-mix\(in lab,\s*red,\s*red\)\)$/.test(block.params.trim())) return;
    const parent = block.parent;
    for (const rule of block.nodes ?? []) {
      if (rule.type !== 'rule' || !parent) continue;
      for (const earlier of parent.nodes.slice(0, parent.index(block))) {
        if (earlier.type !== 'rule' || earlier.selector !== rule.selector) continue;
        rule.walkDecls((decl) =>
          earlier.walkDecls(decl.prop, (old) => {
            if (old.parent === earlier && old.important === decl.important) old.remove();
          }),
        );
      }
    }
    block.replaceWith(block.nodes ?? []);
  });
  // An empty @layer block stays: the first mention of a layer sets its rank in the cascade.
  const emptied = (node) =>
    'nodes' in node &&
    node.nodes?.length === 0 &&
    !(node.type === 'atrule' && node.name === 'layer');
  for (let found = true; found;) {
    found = false;
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && emptied(node)) {
        node.remove();
        found = true;
      }
    });
  }
  const { code } = transform({
    filename: 'inline.css',
    code: Buffer.from(root.toString()),
    minify: true,
    targets: LIGHTNING_TARGETS,
  });
  return code.toString();
}
