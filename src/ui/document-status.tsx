import type { ClientDocumentView, DocumentStatus } from '../domain/client-documents';

const tones: Record<DocumentStatus, string> = {
  a_fournir: 'badge-outline',
  recu: 'badge-info',
  valide: 'badge-success',
  refuse: 'badge-error',
};

/** A document's status as words in a badge (the colour only repeats them). */
export function DocumentStatusBadge({ doc }: { doc: ClientDocumentView }) {
  return (
    <span className={`badge ${tones[doc.status]}`} data-testid={`document-status-${doc.kind}`}>
      {doc.statusLabel}
    </span>
  );
}

/** « 1,2 Mo », « 350 Ko » */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0Mo`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')}\u00a0Ko`;
}
