import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gzipSize } from './bundle';
import { homeJsOf } from './home-js';

const dist = mkdtempSync(path.join(os.tmpdir(), 'home-js-'));
mkdirSync(path.join(dist, 'assets'));
const file = (name: string, bytes: number) => writeFileSync(path.join(dist, 'assets', name), 'x'.repeat(bytes) + name);
file('index-a2345678.js', 10);
file('late-b2345678.js', 5_000);
const url = (name: string) => `http://127.0.0.1:1/assets/${name}`;
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('home JS of cold loads', () => {
  it('is the median load, not the union of all loads', () => {
    const plain = { scripts: [url('index-a2345678.js')], transferred: 40_000 };
    const raced = { scripts: [url('index-a2345678.js'), url('late-b2345678.js')], transferred: 45_000 };
    const home = homeJsOf([raced, plain, plain], dist);
    expect(home.scripts).toEqual(['assets/index-a2345678.js']);
    expect(home.gzip).toBe(gzipSize(path.join(dist, 'assets', 'index-a2345678.js')));
    expect(home.loads[0]).toBeGreaterThan(home.loads[1]);
    expect(home.loads[home.medianLoad]).toBe(home.gzip);
    expect(home.transferredLoads).toEqual([45_000, 40_000, 40_000]);
    expect(home.transferred).toBe(40_000);
  });

  it('counts a script a load fetched twice once, and says the language', () => {
    const home = homeJsOf([{ scripts: [url('index-a2345678.js'), url('index-a2345678.js')], transferred: 1 }], dist);
    expect(home.scripts).toHaveLength(1);
    expect(home.language).toBe('zh-Hans');
  });
});
