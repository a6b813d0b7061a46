/**
 * A local S3-compatible server for tests (s3rver on a free loopback port, its objects in a
 * temporary folder), with a bucket made, and the store options that reach it:
 *
 *   const s3 = await startTestS3();
 *   createTestServer({ uploadStore: s3.config });    // or s3UploadStore(s3.config)
 *   await s3.close();
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { UploadStoreConfig } from './config';

export interface TestS3 {
  config: Extract<UploadStoreConfig, { kind: 's3' }>;
  /** The folder s3rver keeps the objects in: what a test finds there is in the bucket, not on a node's disk. */
  directory: string;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'shop-uploads'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    config: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      // s3rver's own key pair.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
