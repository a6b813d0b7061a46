import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-precompress-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes br and gz siblings of large text files once per change', () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    const big = path.join(dir, 'assets', 'a.js');
    fs.writeFileSync(big, 'x'.repeat(5000));
    fs.writeFileSync(path.join(dir, 'small.css'), 'a{}');
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(5000));

    expect(precompressDir(dir)).toBe(2);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${big}.br`)).toString()).toBe('x'.repeat(5000));
    expect(zlib.gunzipSync(fs.readFileSync(`${big}.gz`)).toString()).toBe('x'.repeat(5000));
    expect(fs.existsSync(path.join(dir, 'small.css.gz'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'logo.png.gz'))).toBe(false);

    expect(precompressDir(dir)).toBe(0);
    fs.writeFileSync(big, 'y'.repeat(5000));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(big, later, later);
    expect(precompressDir(dir)).toBe(2);
    expect(zlib.gunzipSync(fs.readFileSync(`${big}.gz`)).toString()).toBe('y'.repeat(5000));
  });

  it('does nothing for a missing folder', () => {
    expect(precompressDir(path.join(dir, 'nope'))).toBe(0);
  });
});
