import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineCall, shape, type CallDef } from '../../core/contract';
import { FieldsError } from '../../core/errors';
import { id, limit, optionalText, page, text, whole, yuan } from '../../core/schemas';
import { createServerI18n } from '../i18n';
import type { Lang } from '../plugin';
import { REPO_ROOT } from '../testing';
import { parsePayload } from './payload';
import { fieldRefusal } from './refusal';

const i18n = createServerI18n(REPO_ROOT, []);

const search = defineCall({
  path: '/api/test/search',
  payload: z.object({
    keyword: optionalText(60),
    sort: z._default(z.enum(['price', 'sales']), 'price'),
    page: page(),
    limit: limit(50, 10),
    price: z.optional(yuan()),
    goods_id: z.optional(id()),
    after: z.optional(whole()),
  }),
  reply: shape<null>(),
  summary: 'Search',
});

const note = defineCall({
  path: '/api/test/note',
  payload: z.object({
    title: text(20),
    body: optionalText(200, { multiline: true }),
    lines: z.optional(z.array(z.object({ text: text(50, { multiline: true }) }))),
    flag: z.optional(z.boolean()),
    tags: z.optional(z.array(z.string()).check(z.maxLength(2))),
  }),
  labels: { title: 'kernel:field.remark' },
  reply: shape<null>(),
  summary: 'Note',
});

/** The reply a refusal of `raw` gets: `msg` and `data`, as ./errors.ts sends them. */
function refusal(call: CallDef, raw: unknown, lang: Lang = 'zh-Hans') {
  try {
    parsePayload(call, raw, i18n);
  } catch (error) {
    if (error instanceof FieldsError) return fieldRefusal(error.issues, lang, i18n);
    throw error;
  }
  throw new Error('accepted');
}

describe('payload refusals in the kernel’s own words', () => {
  it('says what is wrong with a field by its label, never in zod’s words, in both languages', () => {
    expect(refusal(search, { limit: 51 }).msg).toBe('每页条数不能超过 50');
    expect(refusal(search, { limit: 51 }, 'en').msg).toBe('Page size must be at most 50');
    expect(refusal(search, { limit: 'ten' }).msg).toBe('每页条数应为整数');
    expect(refusal(search, { page: 0 }, 'en').msg).toBe('Page must be at least 1');
    expect(refusal(search, { keyword: 'x'.repeat(61) }).msg).toBe('关键词最多 60 个字');
    expect(refusal(search, { keyword: 7 }, 'en').msg).toBe('Keyword must be text');
    expect(refusal(note, {}).msg).toBe('备注不能为空');
    expect(refusal(note, { title: 'a', flag: 'yes' }, 'en').data).toMatchObject({ field: 'flag', message: 'Must be yes or no' });
    expect(refusal(note, { title: 'a', tags: ['a', 'b', 'c'] }).data).toMatchObject({ field: 'tags', message: '最多 2 项' });
  });

  it('keeps the label out of `message`, for a form to show under the field', () => {
    expect(refusal(search, { limit: 51 }).data).toEqual({
      field: 'limit',
      message: '不能超过 50',
      problems: [{ field: 'limit', message: '不能超过 50' }],
    });
  });

  it('reports every field at once, one problem a field, the first in payload order as `field`', () => {
    const { msg, data } = refusal(search, { sort: 'cheap', page: -1, limit: 'x' }, 'en');
    expect(msg).toBe('Sort is not one of the options; Page must be at least 1; Page size must be a whole number');
    expect(data.field).toBe('sort');
    expect(data.problems.map((p) => p.field)).toEqual(['sort', 'page', 'limit']);
  });
});

describe('what no call takes', () => {
  it('refuses a body that is not an object, naming no field', () => {
    for (const raw of [[], 'text', 42, null, true]) {
      expect(refusal(search, raw)).toEqual({
        msg: '请求内容格式不正确',
        data: { field: '', message: '请求内容格式不正确', problems: [{ field: '', message: '请求内容格式不正确' }] },
      });
    }
  });

  it('refuses NUL and other control characters in any string or key, even of a field no call knows', () => {
    expect(refusal(search, { keyword: 'a\u0000b' }, 'en').msg).toBe('Keyword contains invisible control characters');
    expect(refusal(search, { unknown: '\u001b[31m' }).data.field).toBe('unknown');
    expect(refusal(note, { title: 'a', lines: [{ text: 'x\u0007' }] }).data.field).toBe('lines.0.text');
    expect(refusal(search, { ['a\u0000']: 1 }).data.field).toBe('');
  });

  it('takes line breaks and tabs only where a field allows several lines', () => {
    expect(refusal(note, { title: 'one\ntwo' }).msg).toBe('备注不能换行');
    expect(refusal(search, { keyword: 'a\tb' }).data.field).toBe('keyword');
    expect(parsePayload(note, { title: 'one', body: 'line 1\r\n\tline 2', lines: [{ text: 'a\nb' }] }, i18n)).toMatchObject({
      body: 'line 1\r\n\tline 2',
      lines: [{ text: 'a\nb' }],
    });
  });

  it('refuses numbers past the safe-integer range and nesting deeper than any payload', () => {
    expect(refusal(search, { page: 9007199254740992 }).msg).toBe('页码超出范围');
    let deep: unknown = 1;
    for (let i = 0; i < 20; i++) deep = { a: deep };
    expect(refusal(search, { deep }).msg).toMatch(/格式不正确$/);
  });
});

describe('numbers stay within what a column holds', () => {
  it('takes ids up to PostgreSQL’s integer, as numbers or digit strings, nothing else', () => {
    expect(parsePayload(search, { goods_id: 2147483647 }, i18n)).toMatchObject({ goods_id: 2147483647 });
    expect(parsePayload(search, { goods_id: ' 12 ', after: '0' }, i18n)).toMatchObject({ goods_id: 12, after: 0 });
    expect(refusal(search, { goods_id: '99999999999999999999' }).data.message).toBe('不能超过 2147483647');
    expect(refusal(search, { goods_id: 2147483648 }).data.message).toBe('不能超过 2147483647');
    for (const bad of [true, [5], '0x10', '1e3', 1.5, '']) expect(refusal(search, { goods_id: bad }).data.field, JSON.stringify(bad)).toBe('goods_id');
    expect(refusal(search, { after: -1 }).data.message).toBe('不能小于 0');
  });

  it('takes amounts of money up to what a price column holds in fen', () => {
    expect(parsePayload(search, { price: '21474836.47' }, i18n)).toMatchObject({ price: '21474836.47' });
    expect(refusal(search, { price: '21474836.48' }).msg).toBe('金额过大');
    expect(refusal(search, { price: '99999999999999999999' }, 'en').msg).toBe('The amount is too large');
    expect(refusal(search, { price: '-1' }).msg).toBe('请输入正确的金额');
  });
});
