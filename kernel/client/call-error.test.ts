import { describe, expect, it } from 'vitest';
import { CallError, refusedField } from './call-error';

const refusal = (msg: string, data: unknown) => new CallError({ msg, data, status: 200, reason: 'business' });

describe('a refusal that names a field', () => {
  it('gives the wire name and the message without its label', () => {
    expect(refusedField(refusal('注册电话：太长了', { field: 'invoice.phone', message: '太长了' }))).toEqual({
      field: 'invoice.phone',
      message: '太长了',
    });
  });

  it('falls back to the whole message when the reply carries no bare one', () => {
    expect(refusedField(refusal('用户名已被占用', { field: 'username' }))).toEqual({ field: 'username', message: '用户名已被占用' });
  });

  it('is none for refusals without a field, other failures and other errors', () => {
    expect(refusedField(refusal('余额不足', null))).toBeNull();
    expect(refusedField(new CallError({ msg: '服务器内部错误！', data: { field: 'x' }, status: 500, reason: 'status' }))).toBeNull();
    expect(refusedField(new Error('boom'))).toBeNull();
  });
});
