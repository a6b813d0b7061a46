import { describe, expect, it } from 'vitest';
import { fanPlugin, wishPlugin } from './fake-project';
import { serveFakeProject } from './fake-project-server';
import type { TestServer } from './testing';

serveFakeProject({ wish: wishPlugin, fan: fanPlugin }, (server) => (t = server));
let t: TestServer;

type Doc = { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };
const docs = async () => (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as Doc;

describe('OpenAPI document', () => {
  it('describes the kernel calls and the enabled plugins, from their payload schemas', async () => {
    const doc = await docs();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/index/index', '/api/token/refresh', '/api/ajax/uploadApp', '/api/wish/add', '/api/fan/cheer']),
    );
    const add = doc.paths['/api/wish/add'].post;
    expect(add).toMatchObject({ summary: 'Add a wish', tags: ['wish'], security: [{ Token: [] }] });
    expect(add.requestBody).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', required: ['mobile', 'title'], properties: { mobile: { type: 'string' } } } } },
    });
    const list = doc.paths['/api/wish/list'].get;
    expect(list.parameters).toContainEqual(expect.objectContaining({ name: 'page', in: 'query', required: false }));
    expect(doc.paths['/api/ajax/uploadApp'].post.requestBody).toMatchObject({ content: { 'multipart/form-data': {} } });
  });

  it('lists only enabled plugins, following live toggles', async () => {
    await t.setPlugins({ fan: false });
    expect(Object.keys((await docs()).paths)).not.toContain('/api/fan/cheer');
    await t.setPlugins({ fan: true });
    expect(Object.keys((await docs()).paths)).toContain('/api/fan/cheer');
  });
});
