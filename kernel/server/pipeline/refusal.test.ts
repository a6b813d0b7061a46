import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n';
import { REPO_ROOT } from '../testing';
import { fieldRefusal, withProblems } from './refusal';

const i18n = createServerI18n(REPO_ROOT, []);

describe('a refusal of several fields', () => {
  it('lists every problem with its bare message, the first also as `field`/`message`, and joins them in `msg`', () => {
    const issues = [
      { field: 'username', key: 'kernel:message.username_taken' },
      { field: 'email', key: 'kernel:message.email_taken' },
      { field: 'limit', key: 'kernel:payload.too_big', params: { max: 50 }, label: 'kernel:field.limit' },
    ];
    expect(fieldRefusal(issues, 'zh-Hans', i18n)).toEqual({
      msg: '用户名已被占用；该邮箱已绑定其他账户；每页条数不能超过 50',
      data: {
        field: 'username',
        message: '用户名已被占用',
        problems: [
          { field: 'username', message: '用户名已被占用' },
          { field: 'email', message: '该邮箱已绑定其他账户' },
          { field: 'limit', message: '不能超过 50' },
        ],
      },
    });
    expect(fieldRefusal(issues, 'en', i18n).msg).toBe(
      'This username is already taken; This e-mail address is already bound to another account; Page size must be at most 50',
    );
  });

  it('never shows a message that is no key of ours, and says something when handed no problem', () => {
    expect(fieldRefusal([{ field: 'x', key: 'Invalid input: expected string' }], 'en', i18n).msg).toBe('Invalid');
    expect(fieldRefusal([], 'zh-Hans', i18n)).toMatchObject({ msg: '参数错误', data: { field: '', problems: [{ field: '', message: '参数错误' }] } });
  });
});

describe('a single-field refusal', () => {
  it('gets the same shape, its message falling back to the refusal’s own', () => {
    expect(withProblems({ field: 'bank' }, '请选择开户银行')).toEqual({
      field: 'bank',
      message: '请选择开户银行',
      problems: [{ field: 'bank', message: '请选择开户银行' }],
    });
    expect(withProblems({ field: 'birthday', message: '生日无效' }, 'x')).toMatchObject({ problems: [{ field: 'birthday', message: '生日无效' }] });
  });

  it('leaves other data as it is', () => {
    expect(withProblems(null, 'x')).toBeNull();
    expect(withProblems({ plugin: 'goods' }, 'x')).toEqual({ plugin: 'goods' });
  });
});
