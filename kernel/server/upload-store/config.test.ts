import { describe, expect, it } from 'vitest';
import { uploadStoreFromEnv, UploadStoreConfigError } from './config';

const problems = (env: Record<string, string>) => {
  try {
    uploadStoreFromEnv(env);
    return [];
  } catch (error) {
    if (!(error instanceof UploadStoreConfigError)) throw error;
    return error.problems;
  }
};

describe('the upload store from the environment', () => {
  it('is the uploads folder by default', () => {
    expect(uploadStoreFromEnv({})).toEqual({ kind: 'local' });
    expect(uploadStoreFromEnv({ UPLOAD_STORE: 'local' })).toEqual({ kind: 'local' });
  });

  it('is a bucket with UPLOAD_STORE=s3: AWS by its region, another provider by its endpoint (bucket in the path)', () => {
    expect(uploadStoreFromEnv({ UPLOAD_STORE: 's3', S3_BUCKET: 'shop-uploads', S3_REGION: 'ap-east-1' })).toEqual({
      kind: 's3',
      bucket: 'shop-uploads',
      region: 'ap-east-1',
      forcePathStyle: false,
    });
    expect(
      uploadStoreFromEnv({
        UPLOAD_STORE: 's3',
        S3_BUCKET: 'shop',
        S3_ENDPOINT: 'http://minio:9000',
        S3_PREFIX: 'shop-a/',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({ kind: 's3', bucket: 'shop', region: 'us-east-1', endpoint: 'http://minio:9000', prefix: 'shop-a/', forcePathStyle: true, credentials: { accessKeyId: 'id', secretAccessKey: 'secret' } });
    expect(uploadStoreFromEnv({ UPLOAD_STORE: 's3', S3_BUCKET: 'shop', S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({ forcePathStyle: false });
  });

  it('names every problem at once', () => {
    expect(problems({ UPLOAD_STORE: 's3', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'id', S3_FORCE_PATH_STYLE: 'maybe' })).toEqual([
      'UPLOAD_STORE is s3 but S3_BUCKET is not set: name the bucket, e.g. S3_BUCKET=shop-uploads',
      'S3_ENDPOINT "minio:9000" is no http(s) address, e.g. https://oss-cn-hangzhou.aliyuncs.com or http://minio:9000',
      'S3_FORCE_PATH_STYLE is "maybe": use true or false',
      "S3_ACCESS_KEY_ID is set without S3_SECRET_ACCESS_KEY: give both, or neither to use the AWS SDK's own credentials",
    ]);
    expect(problems({ UPLOAD_STORE: 's3', S3_BUCKET: 'Shop_Uploads' })).toEqual(['S3_BUCKET "Shop_Uploads" is no bucket name: 3–63 lower-case letters, digits, dots and hyphens']);
    expect(problems({ UPLOAD_STORE: 'disk' })).toEqual(['UPLOAD_STORE is "disk": use local (the default, the uploads folder) or s3']);
  });

  it('refuses a bucket configured without choosing it: uploads would silently stay on one node', () => {
    expect(problems({ S3_BUCKET: 'shop' })).toEqual([
      'S3_BUCKET is set but UPLOAD_STORE is not: set UPLOAD_STORE=s3 to keep uploads in the bucket (or local to keep them in the uploads folder)',
    ]);
  });
});
