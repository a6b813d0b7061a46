import { afterEach, describe, expect, it } from 'vitest';
import { fakeProject, type FakeProject } from './fake-project';
import { createTestServer, type TestServer } from './testing';

// A plugin whose webhook answers what it received: the raw body, a header and a path param.
const echo = (path: string) => `
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  webhooks: [{
    path: '${path}',
    handle: async ({ body, headers, params }, ctx) => ({
      status: 202,
      contentType: 'text/plain; charset=utf-8',
      body: [params.name, headers['x-sign'], body, ctx.siteName].join('|'),
    }),
  }],
});
`;

let project: FakeProject;
let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  project?.remove();
});

const open = (path: string) => {
  project = fakeProject({ echo: { descriptor: { id: 'echo', version: '1.0.0' }, server: echo(path) } });
  return createTestServer({ root: project.root, now: new Date('2026-03-01T00:00:00Z') });
};

describe('webhooks', () => {
  it('hands the handler the raw body of any content type, unsigned, and sends its reply as it is', async () => {
    t = await open('/notify/echo/:name');
    const form = await t.app.inject({ method: 'POST', url: '/notify/echo/alipay', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-sign': 'abc' }, payload: 'a=1&b=%E4%BD%A0' });
    expect([form.statusCode, form.headers['content-type'], form.body]).toEqual([202, 'text/plain; charset=utf-8', `alipay|abc|a=1&b=%E4%BD%A0|${t.site.current().name}`]);
    const json = await t.app.inject({ method: 'POST', url: '/notify/echo/wechat', headers: { 'content-type': 'application/json' }, payload: '{ "spaced" :1 }' });
    expect(json.body).toBe(`wechat||{ "spaced" :1 }|${t.site.current().name}`);
  });

  it('answers 404 while the plugin is disabled', async () => {
    t = await open('/notify/echo/:name');
    await t.setPlugins({ echo: false });
    expect((await t.app.inject({ method: 'POST', url: '/notify/echo/x', payload: 'x' })).statusCode).toBe(404);
  });

  it('refuses to start with a webhook outside its plugin’s /notify/<id>/ path, naming both', async () => {
    await expect(open('/api/echo/in')).rejects.toThrow('plugin `echo`: the webhook /api/echo/in must live under /notify/echo/');
  });
});
