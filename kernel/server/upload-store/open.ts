/** The store a server's configuration chooses; the AWS SDK is loaded only for a bucket. */
import type { UploadStoreConfig } from './config';
import { localUploadStore } from './local';
import type { UploadStore } from './store';

export async function openUploadStore(config: UploadStoreConfig | undefined, uploadsDir: string): Promise<UploadStore> {
  if (config?.kind !== 's3') return localUploadStore(uploadsDir);
  const { s3UploadStore } = await import('./s3');
  return s3UploadStore(config);
}
