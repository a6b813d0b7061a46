import { describe, expect, it } from 'vitest';
import { CallError } from './call-error';
import { refusedField, refusedFields } from './refusal';

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

describe('a refusal that names several fields', () => {
  const several = refusal('用户名：用户名已被占用', {
    field: 'username',
    message: '用户名已被占用',
    problems: [
      { field: 'username', message: '用户名已被占用' },
      { field: 'mobile', message: '该手机号已注册' },
      { field: 'invite', message: '' },
    ],
  });

  it('lists every problem in the order sent, a problem without a bare message falling back to the whole one', () => {
    expect(refusedFields(several)).toEqual([
      { field: 'username', message: '用户名已被占用' },
      { field: 'mobile', message: '该手机号已注册' },
      { field: 'invite', message: '用户名：用户名已被占用' },
    ]);
    expect(refusedField(several)).toEqual({ field: 'username', message: '用户名已被占用' });
  });

  it('reads an older reply naming one field as a list of one, and skips entries that name no field', () => {
    expect(refusedFields(refusal('手机号：太短了', { field: 'mobile', message: '太短了' }))).toEqual([{ field: 'mobile', message: '太短了' }]);
    expect(refusedFields(refusal('x', { field: 'a', message: 'm', problems: [null, { message: 'no field' }, { field: 'b', message: 'n' }] }))).toEqual([
      { field: 'b', message: 'n' },
    ]);
  });

  it('is empty for refusals without a field, other failures and other errors', () => {
    expect(refusedFields(refusal('余额不足', null))).toEqual([]);
    expect(refusedFields(refusal('余额不足', { problems: [] }))).toEqual([]);
    expect(refusedFields(new CallError({ msg: 'x', data: { problems: [{ field: 'a', message: 'm' }] }, status: 500, reason: 'status' }))).toEqual([]);
    expect(refusedFields(new Error('boom'))).toEqual([]);
  });
});
