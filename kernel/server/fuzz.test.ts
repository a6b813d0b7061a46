/**
 * Hostile input against every documented call (GET /api/docs) of the real app with every plugin,
 * on SQLite or, with STOREFRONT_TEST_DATABASE_URL, PostgreSQL: each field of each payload gets NUL
 * characters, a 100 000-character string, numbers past PostgreSQL's integer and JavaScript's safe
 * range, negative and fractional numbers and values of the wrong type, the rest of the payload as
 * valid as a sample can make it; whole bodies that are no object. Every reply must be an envelope
 * below HTTP 500 whose message shows nothing of the machinery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../core/envelope';
import { createTestServer, type TestServer, type TestUser } from './testing';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
};
interface Operation {
  method: 'GET' | 'POST';
  path: string;
  auth: boolean;
  multipart: boolean;
  /** Each way the payload may look (a union has several), as property schemas and required names. */
  shapes: { properties: Record<string, JsonSchema>; required: string[] }[];
}

const NUL = 'a\u0000b';
/** Field values a test can send: a description (for the failure list) and the value. */
const HOSTILE: [string, unknown][] = [
  ['NUL in a string', NUL],
  ['a 100 000-character string', 'x'.repeat(100_000)],
  ['2^53', 9007199254740992],
  ['a 20-digit string', '99999999999999999999'],
  ['2^31 − 1 (the largest PostgreSQL integer)', 2147483647],
  ['2^31 (past PostgreSQL integer)', 2147483648],
  ['"2147483648"', '2147483648'],
  ['-1', -1],
  ['1.5', 1.5],
  ['an object', { a: 1 }],
  ['an array', [1, 'two']],
  ['true', true],
  ['null', null],
  ['a line break', 'a\nb'],
  ['an escape character', 'a\u001bb'],
];
const BODIES: [string, string][] = [
  ['an array body', '[1,2]'],
  ['a string body', '"text"'],
  ['a number body', '42'],
  ['a null body', 'null'],
  ['a nested array body', '['.repeat(5000) + ']'.repeat(5000)],
];
/** What a message must never show: SQL, driver, validator or runtime internals, file paths. */
const INTERNALS = /SQL|sqlite|postgres|syntax|stack|Error:|expected|invalid_type|Kysely|zod|node_modules|\/work\/|\.ts\b|\bat \w+ \(/i;

/** Plausible values by wire name, so a hostile field meets an otherwise valid payload and reaches the handler. */
const SAMPLES: Record<string, unknown> = {
  account: '13800138000', password: 'abc12345', newpassword: 'abc12345', renewpassword: 'abc12345', oldpassword: 'secret123',
  username: 'fuzzer', email: 'fuzz@example.com', mobile: '13800138000', value: '13800138000', captcha: '123456', code: '123456',
  order_no: '20250501000000000001', request_key: 'fuzz-key-0001', month: '2025-05', date: '2025-05-01', keyword: 'x',
  nickname: 'Fuzz', birthday: '2000-01-01', motto: 'hello', avatar: '/uploads/a.png', holder: '张三', card: '6222021234567890128',
  bank_suff: '622202', name: '张三', detail: '人民路 1 号', province_code: '110000', city_code: '110100', district_code: '110101',
  refresh_token: 'x', invite: '', title: 'Fuzz Ltd', amount: '10.00', price_min: '1', price_max: '100',
};

function sampleOf(name: string, schema: JsonSchema): unknown {
  if (name in SAMPLES) return SAMPLES[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return sampleOf(name, option);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [1];
  if (type === 'object') return {};
  return 'fuzz';
}

function sampleObject(properties: Record<string, JsonSchema>, required: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(required.map((name) => [name, sampleOf(name, properties[name])]));
}

function operations(docs: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(docs.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      const params = ((op.parameters ?? []) as { name: string; in: string; required: boolean; schema: JsonSchema }[]).filter((p) => p.in === 'query');
      const schema = body?.['application/json']?.schema;
      const options = schema ? (schema.anyOf ?? schema.oneOf ?? [schema]) : [];
      const shapes = method === 'get'
        ? [{ properties: Object.fromEntries(params.map((p) => [p.name, p.schema])), required: params.filter((p) => p.required).map((p) => p.name) }]
        : options.map((option) => ({ properties: option.properties ?? {}, required: option.required ?? [] }));
      found.push({ method: method.toUpperCase() as Operation['method'], path, auth: Array.isArray(op.security), multipart: !!body?.['multipart/form-data'], shapes });
    }
  }
  return found;
}

describe('hostile input to every documented call', () => {
  let t: TestServer;
  let shopper: TestUser;
  let leaver: TestUser;
  let ops: Operation[];
  beforeAll(async () => {
    t = await createTestServer({ seed: true, now: Date.UTC(2025, 4, 10, 4) });
    shopper = await t.createUser({ money: 100_000, score: 10_000 });
    // Logging out ends the caller's session: that call gets a user of its own.
    leaver = await t.createUser();
    // Real rows for the ids a payload names, so hostile values beside them reach the queries.
    const real = async <T>(path: string, payload: unknown) => (await t.call<T>(path, payload, { token: shopper.token })).body.data;
    const room = await real<{ room: { id: number } }>('/api/Worker/getServicePeaple', {});
    const [goods] = (await real<{ list: { id: number }[] }>('/api/goods/goodsList', {})).list;
    const detail = await real<{ skus: { id: number }[] }>('/api/goods/getGoods', { id: goods.id });
    const address = await real<{ id: number }>('/api/address/save', { ...SAMPLES, is_default: 1 });
    Object.assign(SAMPLES, { room_id: room.room.id, goods_id: goods.id, sku_id: detail.skus[0].id, address_id: address.id });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    ops = operations(docs.json());
  });
  afterAll(() => t?.close());

  /** Sends one request and describes what is wrong with its reply, or null; `refuse`: it must be refused (code 0). */
  async function send(op: Operation, what: string, body: string | null, query = '', refuse = false): Promise<string | null> {
    const token = op.path === '/api/user/logout' ? leaver.token : shopper.token;
    const headers: Record<string, string> = { ...t.signedHeaders(), ...(op.auth ? { Token: token } : {}), Lang: 'en' };
    const response = await t.app.inject(
      op.method === 'GET'
        ? { method: 'GET', url: `${op.path}${query}`, headers }
        : { method: 'POST', url: op.path, headers: { ...headers, 'content-type': 'application/json' }, payload: body ?? '{}' },
    );
    const where = `${op.method} ${op.path} with ${what}`;
    if (response.statusCode >= 500) return `${where}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`;
    let reply: Reply<unknown>;
    try {
      reply = response.json();
    } catch {
      return `${where}: not JSON: ${response.body.slice(0, 200)}`;
    }
    if (typeof reply.code !== 'number' || typeof reply.msg !== 'string' || !('data' in reply)) return `${where}: no envelope: ${response.body.slice(0, 200)}`;
    if (INTERNALS.test(reply.msg)) return `${where}: internals in "${reply.msg}"`;
    if (refuse && response.statusCode === 200 && reply.code !== 0) return `${where}: accepted (code ${reply.code})`;
    return null;
  }

  function requests(op: Operation): Promise<string | null>[] {
    const sent: Promise<string | null>[] = [];
    for (const { properties, required } of op.shapes) {
      const base = sampleObject(properties, required);
      for (const [field, schema] of Object.entries(properties)) {
        for (const [label, value] of HOSTILE) {
          const what = `${label} in ${field}`;
          if (op.method === 'GET') {
            const raw = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
            sent.push(send(op, what, null, `?${field}=${encodeURIComponent(raw)}&${field}=${encodeURIComponent(raw)}`, value === NUL));
          } else {
            sent.push(send(op, what, JSON.stringify({ ...base, [field]: value }), '', value === NUL));
          }
        }
        // One level down (an invoice's fields), the nested object otherwise valid.
        const inner = [schema, ...(schema.anyOf ?? [])].find((option) => option.properties);
        if (!inner?.properties || op.method === 'GET') continue;
        const innerBase = sampleObject(inner.properties, inner.required ?? []);
        for (const name of Object.keys(inner.properties)) {
          for (const [label, value] of HOSTILE) {
            const payload = { ...base, [field]: { ...innerBase, [name]: value } };
            sent.push(send(op, `${label} in ${field}.${name}`, JSON.stringify(payload), '', value === NUL));
          }
        }
      }
    }
    if (op.method === 'GET') {
      sent.push(send(op, 'NUL in an unknown parameter', null, '?x=a%00b', true));
    } else {
      for (const [label, body] of BODIES) sent.push(send(op, label, body, '', true));
      sent.push(send(op, 'NUL in an unknown field', JSON.stringify({ unknown: NUL }), '', true));
    }
    return sent;
  }

  it('answers every hostile request with an envelope below 500 that shows no internals, refusing NUL everywhere', async () => {
    expect(ops.length).toBeGreaterThan(40);
    const problems: string[] = [];
    // One call at a time, its requests at once: parallel enough to be quick, without a crowd on one row.
    for (const op of ops.filter((o) => !o.multipart)) {
      for (const problem of await Promise.all(requests(op))) if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
    // The shopper was signed in throughout, so the calls that need a login were really tried.
    expect((await t.call('/api/account/profile', {}, { token: shopper.token, method: 'GET' })).body.code).toBe(1);
  });

  it('refuses a NUL character by naming its field, in the request language', async () => {
    const refused = await t.call('/api/user/login', { account: NUL, password: 'abc12345' }, { lang: 'en' });
    expect(refused).toMatchObject({ status: 200, body: { code: 0, msg: 'Account contains invisible control characters' } });
    expect(refused.body.data).toEqual({
      field: 'account',
      message: 'Contains invisible control characters',
      problems: [{ field: 'account', message: 'Contains invisible control characters' }],
    });
  });

  it('refuses a price filter past what a price column holds', async () => {
    const refused = await t.call('/api/goods/goodsList', { price_min: '99999999999999999999', page: 9007199254740992 });
    expect(refused.body).toMatchObject({ code: 0, msg: '页码超出范围；金额过大' });
  });
});
