import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../../env';
import { LocalDocumentStore, type DocumentStore } from './document-store';
import { S3DocumentStore } from './s3-document-store';

/** Where the documents are in the bucket: the bucket may hold other things beside them. */
export const S3_DOCUMENTS_PREFIX = 'documents/';

/** An S3 client from the S3_* settings (server/env.ts has checked they go together). */
export function s3ClientOf(env: Env): S3Client {
  return new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    // The SDK's default CRC32 checksums are refused by several S3-compatible stores; put()
    // sends its own Content-MD5, which every store checks.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The clients' documents store: the S3 bucket when S3_BUCKET is set (several instances, or no
 * lasting disk), otherwise the folder `<dataDir>/documents` (one machine, or a directory every
 * instance mounts), whose part files carry `instanceId` (unique among the running instances).
 * Call its removeStaleParts() once at start, before serving.
 */
export function openDocumentStore(env: Env, dataDir: string, instanceId: string): DocumentStore {
  if (env.S3_BUCKET) {
    return new S3DocumentStore({
      client: s3ClientOf(env),
      bucket: env.S3_BUCKET,
      prefix: S3_DOCUMENTS_PREFIX,
    });
  }
  return new LocalDocumentStore(path.join(dataDir, 'documents'), { instanceId });
}
