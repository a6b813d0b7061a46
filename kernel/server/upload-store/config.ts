/**
 * Which upload store a server uses, read from the environment (README → Uploads): UPLOAD_STORE
 * `local` (default: UPLOADS_DIR, else `<data-dir>/uploads`) or `s3` with S3_BUCKET, and
 * optionally S3_REGION, S3_ENDPOINT, S3_PREFIX, S3_FORCE_PATH_STYLE and the key pair
 * S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (else the AWS SDK's own chain). Every problem is named
 * at once. Dependency-free (types aside), so the compiled CLI can read it.
 */
import type { S3StoreOptions } from './s3';

export type UploadStoreConfig = { kind: 'local' } | ({ kind: 's3' } & S3StoreOptions);

export type UploadsEnv = Readonly<Record<string, string | undefined>>;

/** The configuration refused, with every problem as a line. */
export class UploadStoreConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`the upload store is misconfigured:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'UploadStoreConfigError';
  }
}

const S3_SETTINGS = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_PREFIX', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const YES = ['1', 'true', 'yes'];
const NO = ['0', 'false', 'no'];

export function uploadStoreFromEnv(env: UploadsEnv): UploadStoreConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const store = value('UPLOAD_STORE');
  const problems: string[] = [];
  if (store === undefined || store === 'local') {
    const given = S3_SETTINGS.filter((name) => value(name));
    if (store === undefined && given.length > 0) {
      problems.push(`${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set but UPLOAD_STORE is not: set UPLOAD_STORE=s3 to keep uploads in the bucket (or local to keep them in the uploads folder)`);
    }
    if (problems.length > 0) throw new UploadStoreConfigError(problems);
    return { kind: 'local' };
  }
  if (store !== 's3') throw new UploadStoreConfigError([`UPLOAD_STORE is "${store}": use local (the default, the uploads folder) or s3`]);

  const bucket = value('S3_BUCKET');
  if (!bucket) problems.push('UPLOAD_STORE is s3 but S3_BUCKET is not set: name the bucket, e.g. S3_BUCKET=shop-uploads');
  else if (!BUCKET.test(bucket)) problems.push(`S3_BUCKET "${bucket}" is no bucket name: 3–63 lower-case letters, digits, dots and hyphens`);
  const endpoint = value('S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint)) problems.push(`S3_ENDPOINT "${endpoint}" is no http(s) address, e.g. https://oss-cn-hangzhou.aliyuncs.com or http://minio:9000`);
  const pathStyle = value('S3_FORCE_PATH_STYLE')?.toLowerCase();
  if (pathStyle !== undefined && !YES.includes(pathStyle) && !NO.includes(pathStyle)) problems.push(`S3_FORCE_PATH_STYLE is "${pathStyle}": use true or false`);
  const keyId = value('S3_ACCESS_KEY_ID');
  const secret = value('S3_SECRET_ACCESS_KEY');
  if (Boolean(keyId) !== Boolean(secret)) {
    problems.push(`${keyId ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'} is set without ${keyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: give both, or neither to use the AWS SDK's own credentials`);
  }
  const prefix = value('S3_PREFIX');
  if (prefix && !/^[A-Za-z0-9_][A-Za-z0-9._/-]*$/.test(prefix)) problems.push(`S3_PREFIX "${prefix}" must be letters, digits, "_", "-", "." and "/"`);
  if (problems.length > 0) throw new UploadStoreConfigError(problems);
  return {
    kind: 's3',
    bucket: bucket as string,
    region: value('S3_REGION') ?? 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    ...(prefix ? { prefix } : {}),
    // A provider of its own (MinIO, a self-hosted server) usually wants the bucket in the path; AWS in the host name.
    forcePathStyle: pathStyle === undefined ? Boolean(endpoint) : YES.includes(pathStyle),
    ...(keyId && secret ? { credentials: { accessKeyId: keyId, secretAccessKey: secret } } : {}),
  };
}
