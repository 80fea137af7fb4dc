import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3ServiceException,
  type S3Client,
} from '@aws-sdk/client-s3';
import { MAX_DOCUMENT_BYTES } from '../../../src/domain/client-documents';
import {
  EMPTY_FILE,
  assertDocumentId,
  isDocumentId,
  type DocumentStore,
  type StoredFile,
} from './document-store';

export interface S3DocumentStoreOptions {
  client: S3Client;
  bucket: string;
  /** Keys are `<prefix><id>` (e.g. 'documents/'), so the bucket may hold other things too. */
  prefix?: string;
  /** The most bytes one put() accepts and holds in memory (default: an upload's 10 MB). */
  maxBytes?: number;
  /** Keys per ListObjectsV2 page (default: the store's, 1000 on S3); tests make it small. */
  listPageSize?: number;
}

/** Thrown by put() past maxBytes (the upload parser refuses such a file before: a guard). */
export const TOO_LARGE = 'Le fichier dépasse la taille permise.';

/** S3's answer for a key that is not there (NoSuchKey; some stores only say 404). */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/**
 * A DocumentStore in an S3-compatible bucket (AWS S3, MinIO, Garage, Scaleway, OVH…), shared by
 * every instance. put() gathers the upload in memory (10 MB at most, counted as it arrives) and
 * sends it in one PutObject with its Content-MD5: the store keeps the whole object or nothing, so
 * an interrupted upload leaves no trace anywhere, and there is nothing to clean at start-up. A
 * multipart upload would hold 5 MB per part instead of 10 MB, at the price of incomplete uploads
 * to abort, which S3 does not say who began; uploads are small and reserved to signed-in clients.
 */
export class S3DocumentStore implements DocumentStore {
  private readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;
  private readonly maxBytes: number;
  private readonly listPageSize: number | undefined;

  constructor(options: S3DocumentStoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.maxBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;
    this.listPageSize = options.listPageSize;
  }

  private keyOf(id: string) {
    return `${this.prefix}${assertDocumentId(id)}`;
  }

  async put(id: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
    const key = this.keyOf(id);
    const parts: Uint8Array[] = [];
    const md5 = createHash('md5');
    let size = 0;
    for await (const chunk of chunks) {
      size += chunk.byteLength;
      if (size > this.maxBytes) throw new Error(TOO_LARGE);
      md5.update(chunk);
      parts.push(chunk);
    }
    if (size === 0) throw new Error(EMPTY_FILE);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        // A buffer, not a stream: the SDK can send it again when it retries.
        Body: Buffer.concat(parts, size),
        ContentLength: size,
        ContentMD5: md5.digest('base64'),
        ContentType: 'application/octet-stream',
      }),
    );
  }

  async get(id: string): Promise<StoredFile | undefined> {
    const key = this.keyOf(id);
    try {
      const found = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!found.Body) return undefined;
      return {
        stream: found.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        size: found.ContentLength ?? 0,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    const key = this.keyOf(id);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async list(): Promise<string[]> {
    const ids: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix,
          ContinuationToken: token,
          MaxKeys: this.listPageSize,
        }),
      );
      for (const { Key } of page.Contents ?? []) {
        const id = Key?.slice(this.prefix.length);
        if (id !== undefined && isDocumentId(id)) ids.push(id);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return ids;
  }

  /** Nothing to do: an object is stored whole by one PutObject or not at all. */
  async removeStaleParts(): Promise<number> {
    return 0;
  }
}
