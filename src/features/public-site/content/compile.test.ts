import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { markdownContent } from '../../../../scripts/vite-plugin-content.mjs';
import { companyLegal } from '../../../domain/company-legal';
import { buyerFeeScale, MINIMUM_FEE_TTC } from '../../../domain/fees';
import { formatEuro, formatPercent } from '../../../domain/format';
import { bracketRange } from '../components/fee-scale';
import { compileContent, ContentError, typeset, type ContentData } from './compile';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/** The real content file, as the build reads it. */
const cgvSource = readFileSync(path.resolve('content/conditions-generales.md'), 'utf8');

/**
 * The Vite plugin on a copy of the content folder: what `import … from 'content/x.md'` gives the
 * page, each export parsed back from the module the plugin writes.
 */
async function buildPage(files: Record<string, string>, name: string) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'content-'));
  roots.push(root);
  mkdirSync(path.join(root, 'content'));
  for (const [file, text] of Object.entries(files)) {
    writeFileSync(path.join(root, 'content', file), text);
  }
  const plugin = markdownContent();
  (plugin.configResolved as (config: { root: string }) => void)({ root });
  const context = {
    addWatchFile: () => {},
    error: (message: string) => {
      throw new Error(message);
    },
  };
  // The hook as the plugin writes it (a plain function), with the little of Vite's context it uses.
  const load = plugin.load as unknown as (
    this: typeof context,
    id: string,
  ) => Promise<{ code: string }>;
  const { code } = await load.call(context, path.join(root, 'content', name));
  return Object.fromEntries(
    [...code.matchAll(/^export const (\w+) = (.*);$/gm)].map(([, key, json]) => [
      key,
      JSON.parse(json ?? 'null') as unknown,
    ]),
  ) as { html: string; title: string; version: { iso: string; text: string } };
}
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('the content plugin on the conditions générales', () => {
  const sentence = 'Le mandat est conclu pour une durée initiale de trois mois.';

  it('turns the Markdown into the page, with the domain’s values and fee scale', async () => {
    const page = await buildPage({ 'cgv.md': cgvSource }, 'cgv.md');
    expect(page.title).toBe('Conditions générales');
    expect(page.html).toContain(sentence);
    expect(page.html).toContain(companyLegal.rcs);
    for (const bracket of buyerFeeScale) {
      expect(page.html).toContain(`<td>${bracketRange(bracket)}</td>`);
      if (bracket.rate > 0) expect(page.html).toContain(`${formatPercent(bracket.rate)} du prix`);
    }
    expect(page.html).toContain(`Forfait de ${formatEuro(MINIMUM_FEE_TTC)}`);
    expect(page.html).toContain(`Barème en vigueur au 29 novembre 2026${NBSP}:`);
    expect(page.html).not.toMatch(/\{\{|\}\}/);
  });

  it('shows a sentence changed in the file, and only that', async () => {
    const changed = 'Le mandat est conclu pour une durée initiale de deux mois, renouvelable.';
    expect(cgvSource).toContain(sentence);
    const [before, after] = await Promise.all([
      buildPage({ 'cgv.md': cgvSource }, 'cgv.md'),
      buildPage({ 'cgv.md': cgvSource.replace(sentence, changed) }, 'cgv.md'),
    ]);
    expect(after.html).toContain(changed);
    expect(after.html).not.toContain(sentence);
    expect(after.html.replace(changed, sentence)).toBe(before.html);
  });

  it('reads the version date from the file', async () => {
    const page = await buildPage(
      { 'cgv.md': cgvSource.replace(/^version: .*$/m, 'version: 2026-11-26') },
      'cgv.md',
    );
    expect(page.version).toMatchObject({ iso: '2026-11-26', text: '26 novembre 2026' });
    expect(page.html).toContain(`Barème en vigueur au 26 novembre 2026${NBSP}:`);
  });

  it('stops the build on an unknown placeholder, naming the file, the line and the name', async () => {
    const broken = cgvSource.replace('{{companyLegal.rcs}}', '{{companyLegal.rsc}}');
    const line = broken.split('\n').findIndex((l) => l.includes('{{companyLegal.rsc}}')) + 1;
    await expect(buildPage({ 'cgv.md': broken }, 'cgv.md')).rejects.toThrow(
      `content/cgv.md:${line} : valeur inconnue « {{companyLegal.rsc}} »`,
    );
    await expect(
      buildPage({ 'cgv.md': cgvSource.replace('{{feeScale}}', '{{feeScales}}') }, 'cgv.md'),
    ).rejects.toThrow('valeur inconnue « {{feeScales}} »');
  });
});

describe('the content files', () => {
  it('say how long a form takes only through {{signupDuration}} (src/domain/form-duration.ts)', () => {
    const offences = readdirSync('content')
      .filter((name) => name.endsWith('.md'))
      .flatMap((name) =>
        readFileSync(path.join('content', name), 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            /\d\s+(minutes?|questions)\b/.test(line) ? [`${name}:${i + 1}: ${line}`] : [],
          ),
      );
    expect(offences).toEqual([]);
  });
});

const data: ContentData = {
  values: {
    company: { brand: 'Chassimmo', site: 'https://www.chassimmo.fr', form: 'Société anonyme' },
    flags: { yes: true, no: false },
  },
  blockValues: { table: '<table></table>' },
  blocks: {
    faits: {
      content: 'pairs',
      render: (label, pairs) =>
        `<dl aria-label="${label}">${pairs.map((p) => `<dt>${p.label}</dt><dd>${p.html}</dd>`).join('')}</dl>`,
    },
    tableau: {
      content: 'table',
      render: (caption, table) => `<table title="${caption}">${JSON.stringify(table)}</table>`,
    },
    note: { content: 'html', render: (_, html) => `<div class="note">${html}</div>` },
  },
  ownSite: 'https://www.chassimmo.fr',
};

const page = (body: string, head = 'title: Titre\nversion: 2026-01-01') =>
  compileContent(`---\n${head}\n---\n${body}`, data, 'content/essai.md');

describe('compileContent', () => {
  it('sets French typography in prose, not in code or addresses', () => {
    expect(typeset(`Une question ? Oui : "bien sûr" ; l'agence a 20 % et 6 000 € ! n° 70-9`)).toBe(
      `Une question${NNBSP}? Oui${NBSP}: «${NBSP}bien sûr${NBSP}»${NNBSP}; l’agence a 20${NBSP}% et 6${NNBSP}000${NBSP}€${NNBSP}! n°${NBSP}70-9`,
    );
    const { html } = page(
      'Écrivez à [nous](https://www.exemple.fr/?q=1) : `l\'url ; ici` et « texte ».',
    );
    expect(html).toBe(
      `<p>Écrivez à <a href="https://www.exemple.fr/?q=1" target="_blank" rel="noopener noreferrer">nous</a>${NBSP}: <code>l'url ; ici</code> et «${NBSP}texte${NBSP}».</p>\n`,
    );
  });

  it('keeps a line break before a colon on the line before', () => {
    expect(page('Deux parties\n: la première.').html).toBe(
      `<p>Deux parties${NBSP}: la première.</p>\n`,
    );
  });

  it('fills placeholders in text, links and code, with filters', () => {
    const { html, lead } = page(
      '{{company.brand}}, {{company.form | minuscules}}, [{{company.site | domaine}}]({{company.site}}) `{{company.site | domaine}}/signup`',
      'title: Titre\nlead: Chez {{company.brand}} : tout.\nversion: 2026-03-02',
    );
    expect(lead).toBe(`Chez Chassimmo${NBSP}: tout.`);
    expect(html).toBe(
      '<p>Chassimmo, société anonyme, <a href="https://www.chassimmo.fr">www.chassimmo.fr</a> <code>www.chassimmo.fr/signup</code></p>\n',
    );
    expect(page('En vigueur au {{version}}.').html).toBe(
      '<p>En vigueur au 1<sup>er</sup> janvier 2026.</p>\n',
    );
  });

  it('replaces a block placeholder alone in its paragraph', () => {
    expect(page('Avant :\n\n{{table}}\n\nAprès.').html).toBe(
      `<p>Avant${NBSP}:</p>\n<table></table><p>Après.</p>\n`,
    );
    expect(() => page('Voici {{table}} en ligne.')).toThrow(
      'content/essai.md:5 : « {{table}} » est un bloc',
    );
  });

  it('refuses unknown names, texts that are objects, unknown filters and lone braces', () => {
    expect(() => page('\n\nLe {{company.brnad}}.')).toThrow(
      'content/essai.md:7 : valeur inconnue « {{company.brnad}} ». Valeurs possibles ici : company.brand, company.site, company.form.',
    );
    expect(() => page('{{compagnie}}')).toThrow('valeur inconnue « {{compagnie}} »');
    expect(() => page('{{company}}')).toThrow('« {{company}} » n’est pas un texte');
    expect(() => page('{{company.brand | majuscules}}')).toThrow('filtre inconnu « | majuscules »');
    expect(() => page('Le {{company.brand}.')).toThrow('accolades {{ }} mal fermées');
    expect(() => page('[lien]({{nope}})')).toThrow('valeur inconnue « {{nope}} »');
    expect(() => page('Du <b>HTML</b>.')).toThrow(ContentError);
    expect(() => page('\n<div>\nBloc\n</div>')).toThrow('content/essai.md:6 : pas de HTML');
    expect(() => page('![image](/a.png)')).toThrow('ni image ni HTML');
  });

  it('cuts sections by heading, with anchors given or made from the words', () => {
    const { intro, sections } = page(
      'Intro.\n\n# Partie une\n\n## Objet et champ d’application\n\nTexte.\n\n### Détail {#detail}\n\nPlus.\n\n## Autre\n\n# Annexe {#annexe}\n\nFin.',
    );
    expect(intro).toBe('<p>Intro.</p>\n');
    expect(
      sections.map((s) => [s.id, s.children.map((c) => [c.id, c.children.map((d) => d.id)])]),
    ).toEqual([
      [
        'partie-une',
        [
          ['objet-et-champ-d-application', ['detail']],
          ['autre', []],
        ],
      ],
      ['annexe', []],
    ]);
    expect(sections[0]?.children[0]?.html).toBe('<p>Texte.</p>\n');
    expect(() => page('## Un {#a}\n\n## Deux {#a}')).toThrow(
      'content/essai.md:7 : l’ancre « a » sert déjà au titre de la ligne 5',
    );
    expect(() => page('#### Trop profond')).toThrow('les titres vont de # à ###');
  });

  it('lays out blocks, and keeps or drops a passage on a true or false value', () => {
    expect(page('::: note\nPetit texte.\n:::').html).toBe(
      '<div class="note"><p>Petit texte.</p>\n</div>',
    );
    expect(page('::: faits Identité\n- Nom : {{company.brand}}\n- Site : [ici](/x)\n:::').html).toBe(
      '<dl aria-label="Identité"><dt>Nom</dt><dd>Chassimmo</dd><dt>Site</dt><dd><a href="/x">ici</a></dd></dl>',
    );
    expect(page('::: tableau Légende\n| A | B |\n| --- | --- |\n| 1 | **2** |\n:::').html).toBe(
      '<table title="Légende">{"head":["A","B"],"rows":[["1","<strong>2</strong>"]]}</table>',
    );
    expect(page('::: si flags.yes\nOui.\n:::\n::: sauf-si flags.yes\nNon.\n:::').html).toBe(
      '<p>Oui.</p>\n',
    );
    expect(() => page('::: faits X\n- sans deux-points\n:::')).toThrow(
      'content/essai.md:6 : dans le bloc « ::: faits », chaque ligne s’écrit « - Libellé : valeur »',
    );
    expect(() => page('::: encadre\nTexte.\n:::')).toThrow('bloc inconnu « ::: encadre »');
    expect(() => page('::: note\nTexte.')).toThrow('n’est pas fermé');
    expect(() => page('Texte.\n:::')).toThrow('« ::: » ferme un bloc qui n’est pas ouvert');
    expect(() => page('::: si company.brand\nX\n:::')).toThrow('n’est pas vraie ou fausse');
  });

  it('leaves notes to the editor out, and keeps the line numbers', () => {
    expect(page('<!-- note\nsur deux lignes -->\nTexte.').html).toBe('<p>Texte.</p>\n');
    expect(() => page('<!-- note\n-->\n{{x}}')).toThrow('content/essai.md:7 :');
  });

  it('needs a front matter with a title and a real date', () => {
    expect(() => compileContent('# Titre', data, 'f.md')).toThrow('f.md:1 : le fichier commence');
    expect(() => page('', 'title: T\nversion: 2026-02-30')).toThrow(
      'content/essai.md:3 : la version « 2026-02-30 » n’est pas une date',
    );
    expect(() => page('', 'title: T')).toThrow('pas de ligne « version: … »');
    expect(() => page('', 'title: T\nversion: 2026-01-01\nauteur: moi')).toThrow(
      'ligne d’en-tête inconnue « auteur: moi »',
    );
  });
});
