import { z } from 'zod';
import { DOCUMENT_REASON_MAX, documentKinds, type DocumentKind } from '../client-documents';

/**
 * « Mes documents » (issue 16, docs/client-area.md): paths and request schemas shared by the
 * server's routes and the client area. The file itself travels as the raw body of a PUT.
 */

/** GET: every kind of document asked for, with what the client sent. */
export const DOCUMENTS_PATH = '/api/client/documents';

/** The upload of one kind of document: PUT, the file's bytes as the body. */
export const DOCUMENT_UPLOAD_PATH = `${DOCUMENTS_PATH}/:kind`;

/** The path of an upload, and of its download (`/file`). */
export const documentUploadPath = (kind: DocumentKind) =>
  DOCUMENT_UPLOAD_PATH.replace(':kind', kind);
export const documentFilePath = (kind: DocumentKind) => `${documentUploadPath(kind)}/file`;

/** True for a document upload's path (its body is a file of 10 MB at most, not JSON). */
export const isDocumentUploadPath = (path: string) =>
  new RegExp(`^${DOCUMENT_UPLOAD_PATH.replace(':kind', '[^/]+')}$`).test(path);

export const documentKindSchema = z.enum(
  documentKinds.map((k) => k.value) as [DocumentKind, ...DocumentKind[]],
  { error: 'Ce type de document n’existe pas.' },
);

/** POST /api/staff/buyers/:userId/documents/:kind/review */
export const documentReviewSchema = z
  .object({
    status: z.enum(['valide', 'refuse'], {
      error: 'Choisissez «\u00a0Valider\u00a0» ou «\u00a0Refuser\u00a0».',
    }),
    reason: z
      .string({ error: 'Le motif doit être un texte.' })
      .trim()
      .max(
        DOCUMENT_REASON_MAX,
        `Le motif est trop long (${DOCUMENT_REASON_MAX} caractères au plus).`,
      )
      .default(''),
    /** The upload the reviewer saw (uploadedAt as listed): another one since is not reviewed. */
    uploadedAt: z.string({ error: 'uploadedAt doit être un texte.' }).max(40).optional(),
  })
  .refine((v) => v.status !== 'refuse' || v.reason.length > 0, {
    path: ['reason'],
    message: 'Indiquez au client pourquoi ce document est refusé.',
  });

export type DocumentReview = z.output<typeof documentReviewSchema>;
