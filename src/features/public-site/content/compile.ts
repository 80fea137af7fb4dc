/**
 * The content pages (conditions générales, politique de confidentialité, mentions légales, FAQ)
 * are written in Markdown, in content/ at the top of the project (how to edit them:
 * docs/contenu.md). This turns one file into what its page shows, at build time, through the
 * Vite plugin scripts/vite-plugin-content.mjs: the Markdown library never reaches the browser,
 * only the HTML it made.
 *
 * What a file holds, beyond plain Markdown:
 * - a front matter between two `---` lines: `title`, `lead` (optional) and `version`
 *   (YYYY-MM-DD, the date the text is in force);
 * - headings `#`, `##`, `###` cut the text into sections; `{#id}` at the end of a heading sets
 *   its anchor (made from its words otherwise);
 * - placeholders `{{company.brand}}`, `{{companyLegal.rcs}}`, `{{version}}`, filled from the
 *   values the build passes (src/features/public-site/content/values.tsx); `| minuscules` and
 *   `| domaine` after a name transform it; a placeholder alone on its line may stand for a block
 *   (`{{feeScale}}`, the fee table). An unknown name stops the build with its file and line;
 * - blocks `::: name label` … `:::` laid out by the build (a table that becomes cards on phones,
 *   label and value pairs), and `::: si chemin` / `::: sauf-si chemin` to keep a passage only
 *   when a value is true, or false;
 * - notes for the next editor between <!-- and -->, left out of the page;
 * - French typography is set here: no-break spaces before : ; ? ! and inside « », ’ for ',
 *   « » for "…", no-break spaces inside amounts and between a number and its unit.
 */
import markdownIt, { type Env, type MarkdownIt, type Token } from 'markdown-it';

/** Plain values a placeholder may name: texts and numbers, in objects as deep as needed. */
export type ContentValues = { readonly [name: string]: unknown };

/** A table written in Markdown: its header cells and its rows, each cell as inline HTML. */
export interface ContentTable {
  head: string[];
  rows: string[][];
}

/** A list item written `Libellé : valeur`: the label as text, the value as inline HTML. */
export interface ContentPair {
  label: string;
  html: string;
}

/** How the build lays out a `::: name label` block, given what the block holds. */
export type ContentBlock =
  | { content: 'html'; render: (label: string, html: string) => string }
  | { content: 'table'; render: (label: string, table: ContentTable) => string }
  | { content: 'pairs'; render: (label: string, pairs: ContentPair[]) => string };

export interface ContentData {
  /** What `{{name}}` and `{{name.path}}` are filled with. */
  values: ContentValues;
  /** HTML a placeholder alone in its paragraph stands for (`{{feeScale}}`). */
  blockValues: { readonly [name: string]: string };
  /** The `::: name` blocks. */
  blocks: { readonly [name: string]: ContentBlock };
  /** The site's own address: links elsewhere open in a new tab. */
  ownSite: string;
}

export interface ContentVersion {
  /** As written in the file: 2026-01-01. */
  iso: string;
  /** '1er janvier 2026'. */
  text: string;
  /** '1<sup>er</sup> janvier 2026'. */
  html: string;
}

export interface ContentSection {
  /** The heading's anchor. */
  id: string;
  /** Heading level: 1 for `#`, 2 for `##`, 3 for `###`. */
  level: number;
  /** The heading's text, typeset, without markup. */
  title: string;
  /** The HTML between the heading and the next heading of any level. */
  html: string;
  /** The headings one level down, each with what follows it. */
  children: ContentSection[];
}

export interface ContentPage {
  title: string;
  /** The page's introduction under its title; '' when the file has none. */
  lead: string;
  version: ContentVersion;
  /** The HTML before the first heading. */
  intro: string;
  sections: ContentSection[];
  /** The whole text as one HTML document fragment, headings included (with their ids). */
  html: string;
}

/** A mistake in a content file, said with the file and line where it stands. */
export class ContentError extends Error {
  constructor(file: string, line: number, message: string) {
    super(`${file}:${line} : ${message}`);
    this.name = 'ContentError';
  }
}

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/** French typesetting of a run of prose (never of code or addresses: those are other tokens). */
export function typeset(text: string): string {
  return (
    text
      // l'agence → l’agence
      .replace(/(\p{L})'(?=\p{L})/gu, '$1’')
      // "mot" → « mot »
      .replace(/"([^"\n]*)"/g, `«${NBSP}$1${NBSP}»`)
      .replace(/«[ \n\u00a0]*/g, `«${NBSP}`)
      .replace(/[ \n\u00a0]*»/g, `${NBSP}»`)
      // A space (or none, after a letter) before : ; ? ! becomes the no-break one French uses.
      .replace(/[ \n]+:(?=[\s)]|$)/g, `${NBSP}:`)
      .replace(/(\p{L}):(?=\s|$)/gu, `$1${NBSP}:`)
      .replace(/[ \n]+([;?!])/g, `${NNBSP}$1`)
      .replace(/(\p{L})([;?!])(?=[\s)]|$)/gu, `$1${NNBSP}$2`)
      // n° 72-678, 20 %, 6 000 €: kept on one line.
      .replace(/(^|[\s(])n°[ \n]+/g, `$1n°${NBSP}`)
      .replace(/(\d)[ \n]+(?=(?:%|€|k€|h|min|km|m²)(?![\p{L}\p{N}]))/gu, `$1${NBSP}`)
      .replace(/(\d)[ \n]+(?=\d{3}(?!\d))/g, `$1${NNBSP}`)
  );
}

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

function version(iso: string, file: string, line: number): ContentVersion {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [];
  const date = year ? new Date(Date.UTC(year, (month ?? 0) - 1, day)) : null;
  if (!date || date.getUTCMonth() + 1 !== month || date.getUTCDate() !== day) {
    throw new ContentError(
      file,
      line,
      `la version « ${iso} » n’est pas une date écrite AAAA-MM-JJ (par exemple 2026-01-01).`,
    );
  }
  const monthName = MONTHS[(month ?? 1) - 1];
  return {
    iso,
    text: `${day === 1 ? '1er' : day} ${monthName} ${year}`,
    html: `${day === 1 ? '1<sup>er</sup>' : day} ${monthName} ${year}`,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const FILTERS: { readonly [name: string]: (text: string) => string } = {
  /** 'Société par actions simplifiée' → 'société par actions simplifiée'. */
  minuscules: (text) => text.toLowerCase(),
  /** 'https://www.cm2c.net' → 'www.cm2c.net'. */
  domaine: (text) => text.replace(/^https?:\/\//, '').replace(/\/$/, ''),
};

/** What one file's rendering knows, passed to markdown-it's rules through its env. */
interface FileEnv {
  file: string;
  data: ContentData;
  version: ContentVersion;
}
interface RenderEnv extends Env, FileEnv {
  /** Line of the file where the rendered Markdown starts (1-based). */
  firstLine: number;
}

/** The value a placeholder names, or a ContentError saying what is known. */
function lookup(path: string, env: RenderEnv, line: number): unknown {
  if (path === 'version') return env.version;
  let value: unknown = env.data.values;
  const walked: string[] = [];
  for (const key of path.split('.')) {
    const here = value as Record<string, unknown>;
    if (typeof value !== 'object' || value === null || !Object.hasOwn(here, key)) {
      const known = typeof value === 'object' && value !== null ? Object.keys(here) : [];
      const prefix = walked.length ? `${walked.join('.')}.` : '';
      const names = walked.length ? known : ['version', ...known, ...blockNames(env)];
      throw new ContentError(
        env.file,
        line,
        `valeur inconnue « {{${path}}} ». Valeurs possibles ici : ${names.map((n) => prefix + n).join(', ')}.`,
      );
    }
    value = here[key];
    walked.push(key);
  }
  return value;
}

const blockNames = (env: RenderEnv) => Object.keys(env.data.blockValues);

/** A placeholder's text (and HTML, for the version date); `expression` is what is inside {{ }}. */
function fill(expression: string, env: RenderEnv, line: number): { text: string; html?: string } {
  const [path = '', ...filters] = expression.split('|').map((part) => part.trim());
  if (Object.hasOwn(env.data.blockValues, path)) {
    throw new ContentError(
      env.file,
      line,
      `« {{${path}}} » est un bloc : écrivez-le seul sur sa ligne, avec une ligne vide avant et après.`,
    );
  }
  if (!/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)*$/.test(path)) {
    throw new ContentError(env.file, line, `« {{${expression}}} » n’est pas un nom de valeur.`);
  }
  const value = lookup(path, env, line);
  let text: string;
  let html: string | undefined;
  if (value === env.version) {
    ({ text, html } = env.version);
  } else if (typeof value === 'string' || typeof value === 'number') {
    text = String(value);
  } else {
    const parts =
      typeof value === 'object' && value !== null
        ? ` : précisez, par exemple {{${path}.${Object.keys(value)[0] ?? '…'}}}`
        : '';
    throw new ContentError(env.file, line, `« {{${path}}} » n’est pas un texte${parts}.`);
  }
  for (const name of filters) {
    const filter = FILTERS[name];
    if (!filter) {
      throw new ContentError(
        env.file,
        line,
        `filtre inconnu « | ${name} » dans « {{${expression}}} ». Filtres possibles : ${Object.keys(FILTERS).join(', ')}.`,
      );
    }
    text = filter(text);
    html = undefined;
  }
  return html === undefined ? { text } : { text, html };
}

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** `text` with its placeholders filled, as text only (addresses, code). */
function fillText(text: string, env: RenderEnv, line: number): string {
  const filled = text.replace(
    PLACEHOLDER,
    (_, expression: string) => fill(expression, env, line).text,
  );
  if (/\{\{|\}\}/.test(filled)) {
    throw new ContentError(env.file, line, `accolades {{ }} mal fermées dans « ${text.trim()} ».`);
  }
  return filled;
}

/**
 * The inline tokens of one paragraph, heading or cell, typeset and filled: line breaks inside a
 * paragraph become spaces (so that the typesetting sees them), each run of text is typeset, then
 * its placeholders are filled (their values are set by the domain, not typeset again).
 */
function processInline(
  children: Token[],
  env: RenderEnv,
  line: number,
  TokenClass: typeof Token,
): Token[] {
  const merged: Token[] = [];
  for (const token of children) {
    const asText = token.type === 'softbreak' ? ' ' : token.type === 'text' ? token.content : null;
    const last = merged[merged.length - 1];
    if (asText !== null && last?.type === 'text') last.content += asText;
    else if (asText !== null) {
      const text = new TokenClass('text', '', 0);
      text.content = asText;
      merged.push(text);
    } else merged.push(token);
  }
  const out: Token[] = [];
  for (const token of merged) {
    if (token.type === 'text') {
      const content = typeset(token.content);
      let at = 0;
      for (const match of content.matchAll(PLACEHOLDER)) {
        const before = content.slice(at, match.index);
        const { text, html } = fill(match[1] ?? '', env, line);
        const pushText = (value: string) => {
          if (!value) return;
          const piece = new TokenClass('text', '', 0);
          piece.content = value;
          out.push(piece);
        };
        pushText(before);
        if (html === undefined) pushText(text);
        else {
          const raw = new TokenClass('html_inline', '', 0);
          raw.content = html;
          raw.meta = { text };
          out.push(raw);
        }
        at = match.index + match[0].length;
      }
      const rest = content.slice(at);
      if (/\{\{|\}\}/.test(rest)) {
        throw new ContentError(
          env.file,
          line,
          `accolades {{ }} mal fermées dans « ${token.content.trim()} ».`,
        );
      }
      if (rest) {
        const piece = new TokenClass('text', '', 0);
        piece.content = rest;
        out.push(piece);
      }
    } else if (token.type === 'code_inline') {
      token.content = fillText(token.content, env, line);
      out.push(token);
    } else if (token.type === 'link_open') {
      const href = fillText(
        String(token.attrGet('href') ?? '').replace(/%7B%7B(.*?)%7D%7D/gi, (_, inner: string) => {
          return `{{${decodeURIComponent(inner)}}}`;
        }),
        env,
        line,
      );
      token.attrSet('href', href);
      if (/^https?:\/\//.test(href) && !href.startsWith(env.data.ownSite)) {
        token.attrSet('target', '_blank');
        token.attrSet('rel', 'noopener noreferrer');
      }
      out.push(token);
    } else if (token.type === 'image' || token.type === 'html_inline') {
      throw new ContentError(
        env.file,
        line,
        'ni image ni HTML dans le texte : écrivez en Markdown (docs/contenu.md).',
      );
    } else out.push(token);
  }
  return out;
}

function markdown(): MarkdownIt {
  // HTML is parsed (html: true) only to be refused with a message, not shown as text.
  const md = markdownIt({ html: true, linkify: false, typographer: false });
  md.core.ruler.push('content_pages', (state) => {
    const env = state.env as RenderEnv;
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i += 1) {
      const token = tokens[i];
      const line = env.firstLine + (token?.map?.[0] ?? 0);
      if (token?.type === 'html_block') {
        throw new ContentError(
          env.file,
          line,
          'pas de HTML dans le texte : écrivez en Markdown (docs/contenu.md).',
        );
      }
      if (token?.type !== 'inline') continue;
      const alone = /^\{\{\s*([\w.]+)\s*\}\}$/.exec(token.content.trim())?.[1];
      const blockHtml = alone === undefined ? undefined : env.data.blockValues[alone];
      if (
        blockHtml !== undefined &&
        tokens[i - 1]?.type === 'paragraph_open' &&
        tokens[i + 1]?.type === 'paragraph_close'
      ) {
        const block = new state.Token('html_block', '', 0);
        block.content = blockHtml;
        tokens.splice(i - 1, 3, block);
        i -= 1;
        continue;
      }
      token.children = processInline(token.children ?? [], env, line, state.Token);
    }
  });
  return md;
}

/** One line of the file, with its number (1-based). */
interface Line {
  text: string;
  number: number;
}

interface RawSection {
  level: number;
  id: string;
  title: string;
  body: Line[];
  children: RawSection[];
}

const HEADING = /^(#{1,6})\s+(.*?)\s*$/;
const ANCHOR = /\s*\{#([^}]*)\}$/;
const BLOCK_OPEN = /^ {0,3}:::\s*(\S+)\s*(.*?)\s*$/;
const BLOCK_CLOSE = /^ {0,3}:::\s*$/;

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The Markdown compiler of one file: its env, and how to render a run of lines. */
class Renderer {
  readonly md = markdown();
  constructor(private readonly env: FileEnv) {}

  private envAt(firstLine: number): RenderEnv {
    return { ...this.env, firstLine };
  }

  /** Tokens of Markdown lines (which must follow each other in the file). */
  parse(lines: Line[]): Token[] {
    const first = lines[0];
    if (!first) return [];
    return this.md.parse(lines.map((l) => l.text).join('\n'), this.envAt(first.number));
  }

  render(lines: Line[]): string {
    if (lines.length === 0) return '';
    return this.md.renderer.render(this.parse(lines), this.md.options, {});
  }

  /** One line of inline Markdown (a heading, a label, the lead), as text. */
  text(source: string, line: number): string {
    const tokens = this.md.parseInline(source, this.envAt(line));
    return (tokens[0]?.children ?? [])
      .map((t) =>
        t.type === 'html_inline'
          ? String((t.meta as { text?: string } | null)?.text ?? '')
          : t.type === 'text' || t.type === 'code_inline'
            ? t.content
            : '',
      )
      .join('')
      .trim();
  }

  inlineHtml(token: Token | undefined): string {
    return this.md.renderer.renderInline(token?.children ?? [], this.md.options, {});
  }

  /** A section's body: Markdown, with its `:::` blocks laid out. */
  body(lines: Line[]): string {
    const out: string[] = [];
    let run: Line[] = [];
    let fence = false;
    for (let i = 0; i < lines.length; i += 1) {
      const line = lines[i];
      if (!line) continue;
      if (/^(```|~~~)/.test(line.text)) fence = !fence;
      const open = fence ? null : BLOCK_OPEN.exec(line.text);
      if (!fence && BLOCK_CLOSE.test(line.text)) {
        throw new ContentError(
          this.env.file,
          line.number,
          '« ::: » ferme un bloc qui n’est pas ouvert.',
        );
      }
      if (!open) {
        run.push(line);
        continue;
      }
      out.push(this.render(run));
      run = [];
      const end = lines.findIndex((l, j) => j > i && BLOCK_CLOSE.test(l.text));
      const inner = lines.slice(i + 1, end === -1 ? lines.length : end);
      const nested = inner.find((l) => BLOCK_OPEN.test(l.text));
      if (end === -1 || nested) {
        throw new ContentError(
          this.env.file,
          (nested ?? line).number,
          `le bloc « ::: ${open[1]} » ouvert ligne ${line.number} n’est pas fermé par une ligne « ::: » (un bloc ne peut pas en contenir un autre).`,
        );
      }
      out.push(this.block(open[1] ?? '', open[2] ?? '', inner, line.number));
      i = end;
    }
    out.push(this.render(run));
    return out.join('');
  }

  private block(name: string, label: string, inner: Line[], line: number): string {
    if (name === 'si' || name === 'sauf-si') {
      const value = lookup(label, this.envAt(line), line);
      if (typeof value !== 'boolean') {
        throw new ContentError(
          this.env.file,
          line,
          `« ::: ${name} ${label} » : cette valeur n’est pas vraie ou fausse.`,
        );
      }
      return value === (name === 'si') ? this.render(inner) : '';
    }
    const block = this.env.data.blocks[name];
    if (!block) {
      const names = ['si', 'sauf-si', ...Object.keys(this.env.data.blocks)];
      throw new ContentError(
        this.env.file,
        line,
        `bloc inconnu « ::: ${name} ». Blocs possibles : ${names.join(', ')}.`,
      );
    }
    const title = this.text(label, line);
    if (block.content === 'html') return block.render(title, this.render(inner));
    const tokens = this.parse(inner);
    if (block.content === 'table') return block.render(title, this.table(tokens, name, line));
    return block.render(title, this.pairs(tokens, name, inner[0]?.number ?? line));
  }

  private table(tokens: Token[], name: string, line: number): ContentTable {
    const rows: string[][] = [];
    let head: string[] | null = null;
    let row: string[] = [];
    for (let i = 0; i < tokens.length; i += 1) {
      const token = tokens[i];
      if (token?.type === 'tr_open') row = [];
      else if (token?.type === 'th_open' || token?.type === 'td_open') {
        row.push(this.inlineHtml(tokens[i + 1]?.type === 'inline' ? tokens[i + 1] : undefined));
      } else if (token?.type === 'tr_close') {
        if (head === null) head = row;
        else rows.push(row);
      }
    }
    if (!head || rows.length === 0) {
      throw new ContentError(
        this.env.file,
        line,
        `le bloc « ::: ${name} » attend un tableau Markdown (| colonne | colonne |, puis |---|---|).`,
      );
    }
    return { head, rows };
  }

  /** List items `Libellé : valeur`; `line` is the line of the first token. */
  private pairs(tokens: Token[], name: string, line: number): ContentPair[] {
    const pairs: ContentPair[] = [];
    for (let i = 0; i < tokens.length; i += 1) {
      const token = tokens[i];
      if (token?.type !== 'inline' || tokens[i - 2]?.type !== 'list_item_open') continue;
      const children = token.children ?? [];
      // Typesetting turned ' : ' into a no-break space before the colon: the first one splits.
      const at = children.findIndex((t) => t.type === 'text' && t.content.includes(`${NBSP}:`));
      const text = children[at];
      if (!text) {
        throw new ContentError(
          this.env.file,
          line + (token.map?.[0] ?? 0),
          `dans le bloc « ::: ${name} », chaque ligne s’écrit « - Libellé : valeur ».`,
        );
      }
      const cut = text.content.indexOf(`${NBSP}:`);
      const label = children
        .slice(0, at)
        .map((t) => (t.type === 'text' ? t.content : ''))
        .join('');
      const rest = new (text.constructor as typeof Token)('text', '', 0);
      rest.content = text.content.slice(cut + 2).trimStart();
      pairs.push({
        label: (label + text.content.slice(0, cut)).trim(),
        html: this.md.renderer.renderInline([rest, ...children.slice(at + 1)], this.md.options, {}),
      });
    }
    if (pairs.length === 0) {
      throw new ContentError(
        this.env.file,
        line,
        `le bloc « ::: ${name} » attend une liste de lignes « - Libellé : valeur ».`,
      );
    }
    return pairs;
  }
}

/** Lines `---`, `key: value`…, `---` at the top of the file. */
function frontMatter(
  lines: Line[],
  file: string,
): { fields: Map<string, Line>; version: Line; rest: Line[] } {
  if (lines[0]?.text.trim() !== '---') {
    throw new ContentError(file, 1, 'le fichier commence par une ligne « --- » (title, version…).');
  }
  const end = lines.findIndex((l, i) => i > 0 && l.text.trim() === '---');
  if (end === -1) throw new ContentError(file, 1, 'la ligne « --- » qui ferme l’en-tête manque.');
  const fields = new Map<string, Line>();
  for (const line of lines.slice(1, end)) {
    if (!line.text.trim() || line.text.trim().startsWith('#')) continue;
    const [, key = '', value = ''] = /^([a-z]+):\s*(.*?)\s*$/.exec(line.text) ?? [];
    if (!['title', 'lead', 'version'].includes(key)) {
      throw new ContentError(
        file,
        line.number,
        `ligne d’en-tête inconnue « ${line.text.trim()} » : seules title, lead et version sont lues.`,
      );
    }
    fields.set(key, { text: value.replace(/^"(.*)"$/, '$1'), number: line.number });
  }
  const missing = (key: string) =>
    new ContentError(file, 1, `l’en-tête n’a pas de ligne « ${key}: … ».`);
  if (!fields.get('title')?.text) throw missing('title');
  const version = fields.get('version');
  if (!version?.text) throw missing('version');
  return { fields, version, rest: lines.slice(end + 1) };
}

/** Sections by heading, nested by level; lines before the first heading are the intro. */
function outline(lines: Line[], file: string, renderer: Renderer) {
  const intro: Line[] = [];
  const roots: RawSection[] = [];
  const stack: RawSection[] = [];
  const ids = new Map<string, number>();
  let fence = false;
  for (const line of lines) {
    if (/^(```|~~~)/.test(line.text)) fence = !fence;
    const heading = fence ? null : HEADING.exec(line.text);
    if (!heading) {
      (stack[stack.length - 1]?.body ?? intro).push(line);
      continue;
    }
    const level = heading[1]?.length ?? 0;
    if (level > 3) {
      throw new ContentError(file, line.number, 'les titres vont de # à ### (trois niveaux).');
    }
    let source = heading[2] ?? '';
    const anchor = ANCHOR.exec(source);
    if (anchor) source = source.slice(0, anchor.index);
    const title = renderer.text(source, line.number);
    const id = anchor ? (anchor[1] ?? '') : slug(title);
    if (!/^[a-z][a-z0-9-]*$/.test(id)) {
      throw new ContentError(
        file,
        line.number,
        `ancre « {#${id}} » : des minuscules sans accent, des chiffres et des tirets, une lettre d’abord.`,
      );
    }
    if (ids.has(id)) {
      throw new ContentError(
        file,
        line.number,
        `l’ancre « ${id} » sert déjà au titre de la ligne ${ids.get(id)} : donnez {#autre-ancre} à l’un des deux.`,
      );
    }
    ids.set(id, line.number);
    const section: RawSection = { level, id, title, body: [], children: [] };
    while ((stack[stack.length - 1]?.level ?? 0) >= level) stack.pop();
    (stack[stack.length - 1]?.children ?? roots).push(section);
    stack.push(section);
  }
  return { intro, roots };
}

/** One content file (its text and its name, for the messages) as its page shows it. */
export function compileContent(source: string, data: ContentData, file = 'contenu'): ContentPage {
  const lines = source
    .replace(/\r\n?/g, '\n')
    // Notes to the next editor, <!-- … -->, are left out (their lines kept, for the messages).
    .replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ''))
    .split('\n')
    .map((text, i) => ({ text, number: i + 1 }));
  const { fields, version: versionLine, rest } = frontMatter(lines, file);
  const env = { file, data, version: version(versionLine.text, file, versionLine.number) };
  const renderer = new Renderer(env);
  const field = (key: string) => {
    const line = fields.get(key);
    return line ? renderer.text(line.text, line.number) : '';
  };
  const { intro, roots } = outline(rest, file, renderer);
  const build = (raw: RawSection): ContentSection => ({
    id: raw.id,
    level: raw.level,
    title: raw.title,
    html: renderer.body(raw.body),
    children: raw.children.map(build),
  });
  const sections = roots.map(build);
  const whole = (section: ContentSection): string =>
    `<h${section.level} id="${section.id}">${escapeHtml(section.title)}</h${section.level}>` +
    section.html +
    section.children.map(whole).join('');
  const introHtml = renderer.body(intro);
  return {
    title: field('title'),
    lead: field('lead'),
    version: env.version,
    intro: introHtml,
    sections,
    html: introHtml + sections.map(whole).join(''),
  };
}
