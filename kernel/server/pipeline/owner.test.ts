import { describe, expect, it } from 'vitest';
import { defineCall, shape } from '../../core/contract';
import { HttpError } from '../../core/errors';
import * as z from 'zod/mini';
import { checkOwner } from './owner';

const call = defineCall({
  path: '/api/account/balance',
  auth: 'required',
  owner: 'user_id',
  payload: z.object({ user_id: z.optional(z.coerce.number()) }),
  reply: shape<null>(),
  summary: 'test',
});
const ann = { id: 7, username: 'ann', isStaff: false };

describe('owner check', () => {
  it('lets a user act as themselves, whether the id is sent as a number or a string', () => {
    expect(() => checkOwner(call, { user_id: 7 }, ann)).not.toThrow();
    expect(() => checkOwner(call, { user_id: '7' }, ann)).not.toThrow();
    expect(() => checkOwner(call, {}, ann)).not.toThrow();
  });

  it('refuses another user with 403', () => {
    let error: unknown;
    try {
      checkOwner(call, { user_id: 8 }, ann);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(403);
    expect((error as HttpError).key).toBe('kernel:message.not_owner');
  });

  it('takes a chat wire id (`user_7`, `admin_7`) as the number it carries', () => {
    expect(() => checkOwner(call, { user_id: 'user_7' }, ann)).not.toThrow();
    expect(() => checkOwner(call, { user_id: 'admin_7' }, ann)).not.toThrow();
    expect(() => checkOwner(call, { user_id: 'user_8' }, ann)).toThrow(HttpError);
    expect(() => checkOwner(call, { user_id: 'user_7x' }, ann)).toThrow(HttpError);
    expect(() => checkOwner(call, { user_id: 'user_7' }, null)).toThrow(HttpError);
  });

  it('refuses an anonymous caller naming a user', () => {
    expect(() => checkOwner(call, { user_id: 8 }, null)).toThrow(HttpError);
    expect(() => checkOwner(call, { user_id: 0 }, null)).not.toThrow();
  });
});
