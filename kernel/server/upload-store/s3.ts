/**
 * The uploads in an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS, Cloudflare R2…),
 * so that several nodes share them without a shared disk. The shop still serves them under
 * `/uploads/` (a node streams the object), so the bucket may stay private; a site with `cdnUrl`
 * can put a CDN in front of either.
 */
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertSafeKey, typeOf, type UploadStore } from './store';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** The service's address for a provider other than AWS (`https://oss-cn-hangzhou.aliyuncs.com`, `http://minio:9000`). */
  endpoint?: string;
  /** Keys under this prefix (`shop-a/`): several shops may share a bucket. */
  prefix?: string;
  /** `bucket` in the path rather than the host name (MinIO and most self-hosted servers need it). */
  forcePathStyle?: boolean;
  /** Left out: the SDK's own chain (AWS_ACCESS_KEY_ID…, a container or instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const missing = (error: unknown) => error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

/** What `work` gives, or null when the object is not there. */
async function unlessMissing<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

export function s3UploadStore(options: S3StoreOptions): UploadStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Checksums only where S3 requires them: many S3-compatible services do not take the newer CRC headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  const Key = (key: string) => {
    assertSafeKey(key);
    return `${prefix}${key}`;
  };
  return {
    kind: 's3',
    dir: null,
    where: `s3://${Bucket}/${prefix}`,
    async has(key) {
      return (await unlessMissing(() => client.send(new HeadObjectCommand({ Bucket, Key: Key(key) })))) !== null;
    },
    async read(key) {
      const object = await unlessMissing(() => client.send(new GetObjectCommand({ Bucket, Key: Key(key) })));
      if (!object) return null;
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
    },
    async open(key) {
      const object = await unlessMissing(() => client.send(new GetObjectCommand({ Bucket, Key: Key(key) })));
      if (!object) return null;
      return {
        body: object.Body as Readable,
        size: Number(object.ContentLength ?? 0),
        type: object.ContentType || typeOf(key),
        ...(object.ETag ? { etag: object.ETag } : {}),
      };
    },
    async put(key, body, type) {
      // A PUT is atomic in S3: a reader sees the old object or the new one, never half.
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: body, ContentType: type, ContentLength: body.length }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close() {
      client.destroy();
    },
  };
}
