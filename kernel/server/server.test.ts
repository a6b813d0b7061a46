import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleLogger } from './console-logger';
import { fakeProject, fanPlugin, wishPlugin } from './fake-project';
import { signHeaders } from './pipeline/signature';
import { startServer } from './server';

const project = fakeProject({ wish: wishPlugin, fan: fanPlugin });
project.write('config/sites/default.json', JSON.stringify({ app: { key: 'k', secret: 's' }, plugins: { wish: { enabled: true }, fan: { enabled: true } } }));
afterAll(() => project.remove());

describe('startServer', () => {
  it('creates data/, seeds once, listens and prints the URL with the seed notes on every start', async () => {
    const printed: string[] = [];
    const options = { root: project.root, port: 0, handleSignals: false, logger: consoleLogger('silent'), print: (l: string) => printed.push(l) };
    const first = await startServer(options);
    expect(fs.existsSync(path.join(project.root, 'data', 'default.sqlite'))).toBe(true);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const response = await fetch(`${first.url}api/index/index`, { method: 'POST', headers: signHeaders({ key: 'k', secret: 's' }, Date.now()) });
    expect((await response.json()).data.plugins.map((p: { id: string }) => p.id)).toEqual(['wish', 'fan']);
    await first.close();

    const second = await startServer(options);
    await second.close();
    expect(printed.filter((l) => l.startsWith('Storefront'))).toHaveLength(2);
    expect(printed.filter((l) => l === '  wish demo: nothing to log in with')).toHaveLength(2);
    expect(second.notes).toEqual(['wish demo: nothing to log in with', 'fan demo seeded']);
    // The fake project has no dist/: the start says so instead of serving a blank page silently.
    expect(printed.filter((l) => l.includes('The app is not built yet'))).toHaveLength(2);
  });
});
