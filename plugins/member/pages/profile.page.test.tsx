import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { inlinePlugin } from '@kernel/client/plugin';
import type { UserInfo } from '@kernel/core/user';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, pageRequests, renderRoute, testUser } from '../../../tests/setup/kernel';
import { PROFILE_PATH } from '../paths';

const shopper = { id: 7, username: 'demo', nickname: '演示用户', gender: 1 as const, birthday: '1990-05-17', motto: '你好', email: 'alice@example.com', mobile: '' };
const stored = { ...shopper, token: 'tok', refreshToken: 'ref' };

/** A stand-in for the security plugin: only its routes matter here. */
const security = inlinePlugin({
  id: 'security',
  version: '1.0.0',
  i18n: { en: {}, 'zh-Hans': {} },
  routes: ['/user/bindEmail/bindEmail', '/user/bindMobile/bindMobile', '/user/changePassword/changePassword'].map((path) => ({
    path,
    page: () => Promise.resolve({ default: () => null }),
    navBar: 'default' as const,
    title: 'member:title.profile',
  })),
});

function setup(options: { profile?: FakeHandler; save?: FakeHandler; extra?: ReturnType<typeof inlinePlugin>[]; user?: Partial<UserInfo> | null } = {}) {
  const profile = options.profile ?? (() => testUser({ ...shopper, token: '', refreshToken: '' }));
  const save = options.save ?? ((body: Record<string, unknown>) => testUser({ ...shopper, ...body, token: '', refreshToken: '' }));
  const api = fakeApi({ '/api/account/profile': (body, request) => (request.method === 'GET' ? profile(body, request) : save(body, request)) });
  const kernel = createTestKernel({ plugins: ['auth', 'member', ...(options.extra ?? [])], adapter: api, user: options.user === null ? undefined : (options.user ?? stored) });
  renderRoute(kernel, PROFILE_PATH);
  return { api, kernel };
}

const saves = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/account/profile' && r.method === 'POST');
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '保存' }));
const errorOf = (label: string) => document.getElementById(input(label).getAttribute('aria-describedby') ?? '')?.textContent;
const part = (name: '年' | '月' | '日') => within(screen.getByRole('group', { name: '生日' })).getByRole('combobox', { name }) as HTMLSelectElement;
/** The birthday as its three selects show it (their chosen option's text). */
const birthday = () => (['年', '月', '日'] as const).map((name) => part(name).selectedOptions[0]?.textContent).join(' ');
const chooseBirthday = (year: number, month: number, day: number) => {
  fireEvent.change(part('年'), { target: { value: String(year) } });
  fireEvent.change(part('月'), { target: { value: String(month) } });
  fireEvent.change(part('日'), { target: { value: String(day) } });
};

describe('profile page', () => {
  it('shows a skeleton while the profile loads, then the form with the fresh values and the username read-only', async () => {
    const { reply: held, release: answer } = heldReply();
    setup({ profile: () => held });
    await waitFor(() => expect(document.querySelector('.sf-skeleton')).toBeTruthy());
    expect(screen.queryByLabelText('昵称')).toBeNull();
    answer(testUser({ ...shopper, nickname: '新昵称', token: '', refreshToken: '' }));
    expect(await screen.findByDisplayValue('新昵称')).toBeTruthy();
    expect(screen.getByText('demo')).toBeTruthy();
    expect(screen.queryByDisplayValue('demo')).toBeNull();
    expect(screen.getByRole('button', { name: '男', pressed: true })).toBeTruthy();
    expect(birthday()).toBe('1990年 5月 17日');
    expect(input('个性签名').value).toBe('你好');
  });

  it("offers birthdays from 150 years ago to this year, as year / month / day in the shopper's language", async () => {
    setup();
    const year = new Date().getFullYear();
    await screen.findByDisplayValue('演示用户');
    const years = [...part('年').options].map((o) => o.value).filter(Boolean).map(Number);
    expect([Math.max(...years), Math.min(...years), years.length]).toEqual([year, year - 150, 151]);
    expect([...part('月').options].map((o) => o.textContent).slice(0, 3)).toEqual(['月', '1月', '2月']);
    // May has 31 days; February of 1990 only 28, and a chosen 31st moves to the 28th.
    expect(part('日').options).toHaveLength(32);
    fireEvent.change(part('日'), { target: { value: '31' } });
    fireEvent.change(part('月'), { target: { value: '2' } });
    expect(birthday()).toBe('1990年 2月 28日');
    expect(part('日').options).toHaveLength(29);
  });

  it('shows the picker in English for an English shopper, never a "mm/dd/yyyy" mask', async () => {
    const api = fakeApi({ '/api/account/profile': () => testUser({ ...shopper, token: '', refreshToken: '' }) });
    const kernel = createTestKernel({ plugins: ['auth', 'member'], adapter: api, user: stored, language: 'en' });
    renderRoute(kernel, PROFILE_PATH);
    await screen.findByDisplayValue('演示用户');
    const group = screen.getByRole('group', { name: 'Birthday' });
    const texts = within(group).getAllByRole('combobox').map((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent);
    expect(texts).toEqual(['1990', 'May', '17']);
    expect(document.querySelector('input[type="date"]')).toBeNull();
  });

  it('says so, with a retry, when the profile cannot be loaded', async () => {
    let fail = true;
    const { api } = setup({ profile: () => (fail ? { status: 500 } : testUser(shopper)) });
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByDisplayValue('演示用户')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it("shows the server's refusal without a retry when there is no profile to show", async () => {
    setup({ profile: () => failReply('账户不存在') });
    expect(await screen.findByText('账户不存在')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.queryByLabelText('昵称')).toBeNull();
  });

  it('saves the trimmed values, takes the fresh user info into the session, says so and goes back', async () => {
    const { api, kernel } = setup();
    await screen.findByDisplayValue('演示用户');
    type('昵称', '  小安 ');
    fireEvent.click(screen.getByRole('button', { name: '女' }));
    chooseBirthday(2000, 2, 29);
    type('个性签名', ' 日日是好日 ');
    submit();
    expect(await screen.findByText('已保存')).toBeTruthy();
    expect(saves(api).map((r) => r.body)).toEqual([{ nickname: '小安', gender: 2, birthday: '2000-02-29', motto: '日日是好日' }]);
    expect(kernel.session.state.user).toMatchObject({ nickname: '小安', gender: 2, birthday: '2000-02-29', token: 'tok', refreshToken: 'ref' });
    await waitFor(() => expect(currentLocation()).not.toBe(PROFILE_PATH));
  });

  it('clears the birthday with its button', async () => {
    const { api } = setup();
    await screen.findByDisplayValue('演示用户');
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(birthday()).toBe('年 月 日');
    submit();
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    expect(saves(api)[0].body).toMatchObject({ birthday: '' });
  });

  it('shows every problem at once under its field and sends nothing', async () => {
    const { api } = setup();
    await screen.findByDisplayValue('演示用户');
    type('昵称', '   ');
    type('个性签名', '字'.repeat(101));
    submit();
    expect(await screen.findByText('请输入1-32个字的昵称')).toBeTruthy();
    expect(errorOf('昵称')).toBe('请输入1-32个字的昵称');
    expect(errorOf('个性签名')).toBe('个性签名最多100个字');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    type('昵称', '小安');
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['个性签名最多100个字']);
    expect(saves(api)).toEqual([]);
  });

  it('offers no date after today, and refuses a birthday in the future that was stored earlier', async () => {
    const now = new Date();
    const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const tomorrow = iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
    const { api } = setup({ profile: () => testUser({ ...shopper, birthday: tomorrow, token: '', refreshToken: '' }) });
    await screen.findByDisplayValue('演示用户');
    submit();
    expect(await screen.findByText('生日不能晚于今天')).toBeTruthy();
    expect(saves(api)).toEqual([]);
    chooseBirthday(now.getFullYear(), now.getMonth() + 1, now.getDate());
    const lastOffered = (name: '月' | '日') => Math.max(...[...part(name).options].map((o) => Number(o.value)).filter(Boolean));
    expect([lastOffered('月'), lastOffered('日')]).toEqual([now.getMonth() + 1, now.getDate()]);
    submit();
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    expect(saves(api)[0].body).toMatchObject({ birthday: iso(now) });
  });

  it("shows the server's refusal of several fields beside each, with no toast", async () => {
    const problems = [
      { field: 'nickname', message: '昵称含有不允许的内容' },
      { field: 'birthday', message: '生日不能晚于今天' },
    ];
    setup({ save: () => failReply('昵称：昵称含有不允许的内容', { ...problems[0], problems }) });
    await screen.findByDisplayValue('演示用户');
    type('昵称', '小安');
    submit();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(errorOf('昵称')).toBe('昵称含有不允许的内容');
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['昵称含有不允许的内容', '生日不能晚于今天']);
    expect(screen.queryByText('昵称：昵称含有不允许的内容')).toBeNull();
    expect(currentLocation()).toBe(PROFILE_PATH);
  });

  it("keeps the form as typed and says why when the server refuses what no field shows", async () => {
    setup({ save: () => failReply('请求过于频繁') });
    await screen.findByDisplayValue('演示用户');
    type('昵称', '小安');
    submit();
    expect(await screen.findByText('请求过于频繁')).toBeTruthy();
    expect(currentLocation()).toBe(PROFILE_PATH);
    expect(input('昵称').value).toBe('小安');
  });

  it('links to the avatar page, and to e-mail, mobile and password only when a plugin provides those pages', async () => {
    setup();
    await screen.findByDisplayValue('演示用户');
    expect(screen.getByRole('link', { name: /头像/ }).getAttribute('href')).toBe('#/user/avatar/avatar');
    expect(screen.queryByRole('region', { name: '账号与安全' })).toBeNull();
  });

  it('shows the bound e-mail and mobile masked, with links, when the security plugin is on', async () => {
    setup({ extra: [security] });
    const account = await screen.findByRole('region', { name: '账号与安全' });
    expect(within(account).getByRole('link', { name: /绑定邮箱.*al\*\*\*@example\.com/ }).getAttribute('href')).toBe('#/user/bindEmail/bindEmail');
    expect(within(account).getByRole('link', { name: /绑定手机.*未绑定/ })).toBeTruthy();
    expect(within(account).getByRole('link', { name: /修改密码/ }).getAttribute('href')).toBe('#/user/changePassword/changePassword');
  });

  it('sends an anonymous visitor to log in first, asking the server nothing', async () => {
    const { api } = setup({ user: null });
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(PROFILE_PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });
});
