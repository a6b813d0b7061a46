import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../tests/cli/in-process';
import { REPO_ROOT } from '../tests/cli/run';
import { EXIT } from './exit-codes';
import { messagesOf, uploadStoreOf } from './env-config';

/** `storefront start` on an empty data folder with `env`: its exit code and stderr, and whether it left the folder empty. */
async function startWith(env: Record<string, string | undefined>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-env-start-'));
  try {
    const result = await runInProcess(['start', '--port', '0', '--data-dir', dataDir], { root: REPO_ROOT, env });
    return { ...result, untouched: fs.readdirSync(dataDir).length === 0 };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('storefront start: message providers from the environment', () => {
  it('passes a sound configuration on', () => {
    expect(messagesOf({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'no-reply@shop.example' })).toEqual({
      email: { transport: 'smtp', url: 'smtp://mail.example:587', from: 'no-reply@shop.example' },
    });
  });

  it('refuses to start with smtp and no SMTP_URL, before opening anything (exit 3, every problem listed)', async () => {
    const result = await startWith({ MAIL_TRANSPORT: 'smtp', SMTP_URL: undefined, MAIL_FROM: undefined, SMS_TRANSPORT: 'tencent' });
    expect([result.code, result.untouched]).toEqual([EXIT.environment, true]);
    expect(result.stderr).toContain('the message providers are misconfigured, so codes could not reach shoppers:');
    expect(result.stderr).toContain('  - MAIL_TRANSPORT is smtp but SMTP_URL is not set');
    expect(result.stderr).toContain('  - MAIL_TRANSPORT is smtp but MAIL_FROM is not set');
    expect(result.stderr).toContain('  - SMS_TRANSPORT is "tencent": use outbox');
  });
});

describe('storefront start: the upload store from the environment', () => {
  it('passes a bucket on', () => {
    expect(uploadStoreOf({ UPLOAD_STORE: 's3', S3_BUCKET: 'shop-uploads' })).toEqual({ kind: 's3', bucket: 'shop-uploads', region: 'us-east-1', forcePathStyle: false });
  });

  it('refuses to start with s3 and no bucket, before opening anything (exit 3, every problem listed)', async () => {
    const result = await startWith({ UPLOAD_STORE: 's3', S3_ACCESS_KEY_ID: 'id' });
    expect([result.code, result.untouched]).toEqual([EXIT.environment, true]);
    expect(result.stderr).toContain('the upload store is misconfigured, so uploads could not be kept:');
    expect(result.stderr).toContain('  - UPLOAD_STORE is s3 but S3_BUCKET is not set');
    expect(result.stderr).toContain('  - S3_ACCESS_KEY_ID is set without S3_SECRET_ACCESS_KEY');
  });
});
