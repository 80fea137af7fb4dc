/**
 * « Mes documents » (issue 16, docs/client-area.md): the papers the agency asks a buyer for,
 * their review status, and the upload rules. Shared by the server and the screens.
 */

import { codedOptions } from './options';

export const documentKinds = codedOptions({
  identite: 'Pièce d’identité',
  domicile: 'Justificatif de domicile',
  salaires: '3 derniers bulletins de salaire',
  impots: 'Dernier avis d’imposition',
  apport: 'Relevés bancaires / justificatif d’apport',
  financement: 'Accord de principe de financement',
});

export type DocumentKind = (typeof documentKinds)[number]['value'];

export const documentStatuses = codedOptions({
  a_fournir: 'À fournir',
  recu: 'Reçu',
  valide: 'Validé',
  refuse: 'Refusé',
});

export type DocumentStatus = (typeof documentStatuses)[number]['value'];

export const isDocumentKind = (value: string): value is DocumentKind =>
  documentKinds.some((k) => k.value === value);

export const documentKindLabel = (kind: DocumentKind): string =>
  documentKinds.find((k) => k.value === kind)?.label ?? kind;

export const documentStatusLabel = (status: DocumentStatus): string =>
  documentStatuses.find((s) => s.value === status)?.label ?? status;

/** Largest file accepted: 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export const documentMimes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentMime = (typeof documentMimes)[number];

/** For the file input's `accept`. */
export const DOCUMENT_ACCEPT = '.pdf,image/jpeg,image/png';

export const DOCUMENT_TYPE_REFUSAL =
  'Ce fichier n’est pas accepté\u00a0: envoyez un PDF, une photo JPEG ou une image PNG.';
export const DOCUMENT_SIZE_REFUSAL =
  'Ce fichier est trop volumineux\u00a0: 10\u00a0Mo au plus. Réduisez-le (ou prenez une photo moins lourde) puis réessayez.';

/**
 * The real type of a file, from its first bytes (magic numbers), never from its name or its
 * declared type: %PDF-, FF D8 FF (JPEG), 89 50 4E 47 0D 0A 1A 0A (PNG). Undefined: refused.
 */
export function sniffDocumentMime(head: Uint8Array): DocumentMime | undefined {
  const starts = (bytes: readonly number[]) =>
    head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return undefined;
}

/** Bytes needed to tell the type. */
export const SNIFF_BYTES = 8;

/**
 * A file name kept for display only: no path, no control, format or quote characters, at most
 * 120 characters, and, given the type found in the bytes, that type's extension; never used to
 * build a path on the server.
 */
export function displayFileName(raw: string, mime?: DocumentMime): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    // Invisible format characters (U+202E turns « fdp.exe » into « exe.pdf » on screen).
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  // The extension says what the bytes are, whatever the sender wrote.
  const named = mime ? `${clean.replace(/\.[^.]*$/, '') || 'document'}${extensionOf[mime]}` : clean;
  const chars = Array.from(named);
  const short = chars.length > 120 ? `${chars.slice(0, 119).join('')}…` : named;
  return short || 'document';
}

const extensionOf: Record<DocumentMime, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
};

/** One document as both the client and the staff see it. */
export interface ClientDocumentView {
  kind: DocumentKind;
  label: string;
  status: DocumentStatus;
  statusLabel: string;
  /** The staff's reason, when refused. */
  reason: string | null;
  fileName: string | null;
  mime: DocumentMime | null;
  size: number | null;
  uploadedAt: string | null;
  reviewedAt: string | null;
  reviewedByName?: string | null;
}

export const DOCUMENT_REASON_MAX = 1000;
