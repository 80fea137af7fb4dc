import { createHash } from 'node:crypto';
import {
  DOCUMENT_SIZE_REFUSAL,
  DOCUMENT_TYPE_REFUSAL,
  MAX_DOCUMENT_BYTES,
  SNIFF_BYTES,
  sniffDocumentMime,
  type DocumentMime,
} from '../../../src/domain/client-documents';

const INTERRUPTED =
  'L’envoi a été interrompu avant la fin du fichier. Vérifiez votre connexion puis réessayez.';
const EMPTY = 'Le fichier reçu est vide. Choisissez de nouveau le document puis réessayez.';

/** An upload refused while it arrived: its status and the French message to answer. */
export class UploadRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads an upload's body as it arrives, counting the bytes: the type is read from the first
 * bytes before any is handed on (not a PDF, JPEG or PNG: UploadRefused 415, nothing handed on);
 * past 10 MB the reading stops (413). `chunks()` hands the accepted bytes to a DocumentStore,
 * which keeps nothing when it throws; then `accepted()` describes the whole file.
 */
export class UploadParser {
  mime: DocumentMime | undefined;
  size = 0;
  private readonly digest = createHash('sha256');

  /**
   * `label` starts the fingerprint (the kind: the same bytes for two kinds are two uploads).
   * `accept` reads the type from the first bytes (undefined: refused with `typeRefusal`); a
   * document by default, a visit photo's upload takes images only. Past 10 MB: `sizeRefusal`.
   */
  constructor(
    private readonly body: ReadableStream<Uint8Array> | null,
    label: string,
    private readonly accept: (head: Uint8Array) => DocumentMime | undefined = sniffDocumentMime,
    private readonly typeRefusal = DOCUMENT_TYPE_REFUSAL,
    private readonly sizeRefusal = DOCUMENT_SIZE_REFUSAL,
  ) {
    this.digest.update(`${label}\n`);
  }

  /** The whole file, once `chunks()` is through: its type, size and SHA-256 (with the label). */
  accepted(): { mime: DocumentMime; size: number; hash: string } {
    if (!this.mime) throw new Error('L’envoi n’a pas été lu jusqu’au bout.');
    return { mime: this.mime, size: this.size, hash: this.digest.copy().digest('hex') };
  }

  private sniff(head: Uint8Array): DocumentMime {
    const mime = this.accept(head);
    if (!mime) throw new UploadRefused(415, this.typeRefusal);
    return (this.mime = mime);
  }

  async *chunks(): AsyncGenerator<Uint8Array> {
    if (!this.body) throw new UploadRefused(400, EMPTY);
    const reader = this.body.getReader();
    let head = new Uint8Array(0);
    let done = false;
    try {
      for (;;) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch {
          // The connection dropped mid-file: nothing is kept, and it is the sender's doing.
          done = true;
          throw new UploadRefused(400, INTERRUPTED);
        }
        if (next.done) {
          done = true;
          break;
        }
        const chunk = next.value;
        this.size += chunk.byteLength;
        if (this.size > MAX_DOCUMENT_BYTES) throw new UploadRefused(413, this.sizeRefusal);
        this.digest.update(chunk);
        if (this.mime) {
          yield chunk;
          continue;
        }
        const joined = new Uint8Array(head.byteLength + chunk.byteLength);
        joined.set(head);
        joined.set(chunk, head.byteLength);
        head = joined;
        if (head.byteLength < SNIFF_BYTES) continue;
        this.sniff(head);
        yield head;
      }
      if (this.size === 0) throw new UploadRefused(400, EMPTY);
      // Fewer than 8 bytes in all: still a type to check (a PDF's 5-byte signature is possible).
      if (!this.mime) {
        this.sniff(head);
        yield head;
      }
    } finally {
      if (!done) await reader.cancel().catch(() => undefined);
    }
  }
}

/** The X-File-Name header (URI-encoded by the page), or '' when absent or malformed. */
export function fileNameHeader(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return '';
  }
}
