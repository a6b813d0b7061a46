import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestKernel, failReply, fakeApi, heldReply, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import type { InviteInfo, TeamParent } from '../contract';
import { INVITE_PATH, MEMBERS_PATH } from '../paths';

const QR_URL = '/uploads/qr/0123456789abcdef0123456789abcdef01234567.png';
const LINK = 'https://shop.test/#/pages/register/register?invite=AB12CD';
/** 2025-05-15, midday in Shanghai: the same date in every time zone a test machine runs in. */
const MAY_15 = Date.UTC(2025, 4, 15, 4) / 1000;

const inviteReply = (fields: Partial<InviteInfo> = {}): InviteInfo => ({
  code: 'AB12CD',
  path: '/pages/register/register?invite=AB12CD',
  nickname: '安安',
  avatar: '/uploads/ann.png',
  site_name: '优选小店',
  parent: null,
  direct: 3,
  indirect: 1,
  ...fields,
});
const bob: TeamParent = { nickname: '老包', avatar: '/uploads/bob.png', bound_at: MAY_15 };

function setup(invite: FakeHandler, options: { handlers?: Record<string, FakeHandler>; language?: 'en' } = {}) {
  const api = fakeApi({ '/api/team/invite': invite, '/api/index/getMiniQrCode': () => ({ url: QR_URL }), ...options.handlers });
  const kernel = createTestKernel({ plugins: ['team'], adapter: api, user: { id: 7 }, language: options.language });
  renderRoute(kernel, INVITE_PATH);
  return { api, kernel };
}

const calls = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path).map((r) => r.body);
const poster = () => within(screen.getByTestId('team-poster'));
/** The poster's QR code, once the page and the code are there. */
const qrImage = async () => within(await screen.findByTestId('team-poster')).findByRole('img', { name: '邀请链接二维码' });
const bindField = () => screen.getByLabelText('邀请码') as HTMLInputElement;

/** The browser's clipboard, allowing or refusing. */
function clipboard(allow: boolean) {
  const writeText = vi.fn(async () => {
    if (!allow) throw new DOMException('Write permission denied.', 'NotAllowedError');
  });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

/**
 * The browser's drawing and download edges: images load (those in `failing` fail), a canvas
 * records what is drawn on it, and the download's link is recorded when clicked.
 */
function drawing(failing: string[] = []) {
  const drawn: string[] = [];
  class FakeImage {
    crossOrigin: string | null = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(value: string) {
      this.source = value;
      setTimeout(() => (failing.some((f) => value.endsWith(f)) ? this.onerror?.() : this.onload?.()), 0);
    }
    source = '';
  }
  vi.stubGlobal('Image', FakeImage);
  const pen = {
    fillRect: () => {},
    fillText: (text: string) => void drawn.push(`text ${text}`),
    measureText: (text: string) => ({ width: text.length * 10 }),
    drawImage: (image: FakeImage) => void drawn.push(`image ${image.source} ${image.crossOrigin}`),
    save: () => {},
    restore: () => {},
    beginPath: () => {},
    arc: () => {},
    clip: () => {},
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => pen) as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(new Blob(['png'], { type: 'image/png' })));
  Object.assign(URL, { createObjectURL: () => 'blob:poster', revokeObjectURL: () => {} });
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(`${this.download} ${this.getAttribute('href')}`);
  });
  return { drawn, downloads };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('invite page', () => {
  it('shows a loader, then the code, the link on this page’s origin, the team’s size and the poster with the QR code of the link', async () => {
    const { reply, release } = heldReply<InviteInfo>();
    const { api } = setup(() => reply);
    expect(await screen.findByText('正在加载…')).toBeTruthy();
    release(inviteReply());

    expect((await screen.findByTestId('team-invite-code')).textContent).toBe('AB12CD');
    expect(screen.getByTestId('team-invite-link').textContent).toBe(LINK);
    const direct = screen.getByText('我邀请的').closest('a');
    expect(direct?.textContent).toContain('3');
    expect(direct?.getAttribute('href')).toBe(`#${MEMBERS_PATH}`);
    expect(screen.getByText('好友邀请的').closest('a')?.textContent).toContain('1');

    expect(poster().getByText('安安 邀请你加入')).toBeTruthy();
    expect(poster().getByText('优选小店')).toBeTruthy();
    expect(poster().getByText('邀请码 AB12CD')).toBeTruthy();
    expect(poster().getByText('扫码注册，和我一起逛优选小店')).toBeTruthy();
    expect((await qrImage()).getAttribute('src')).toBe(`${QR_URL}?w=750`); // a 200 px picture asks for its 2× width (kernel/core/image-widths.ts)
    expect(calls(api, '/api/index/getMiniQrCode')).toEqual([{ path: '/pages/register/register?invite=AB12CD' }]);
  });

  it('copies the code and the link, and says so', async () => {
    const writeText = clipboard(true);
    setup(() => inviteReply());
    fireEvent.click(await screen.findByRole('button', { name: '复制邀请码' }));
    expect(await screen.findByText('邀请码已复制')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '复制链接' }));
    expect(await screen.findByText('邀请链接已复制')).toBeTruthy();
    expect(writeText.mock.calls).toEqual([['AB12CD'], [LINK]]);
  });

  it('shows the link to copy by hand when the browser refuses the clipboard', async () => {
    clipboard(false);
    setup(() => inviteReply());
    fireEvent.click(await screen.findByRole('button', { name: '复制链接' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('浏览器不允许复制')).toBeTruthy();
    expect(within(dialog).getByText('请长按下面的内容手动复制：')).toBeTruthy();
    expect(within(dialog).getByText(LINK)).toBeTruthy();
  });

  it('shows who invited the shopper and since when, and no bind form', async () => {
    setup(() => inviteReply({ parent: bob }));
    const inviter = within(await screen.findByRole('region', { name: '我的邀请人' }));
    expect(inviter.getByText('老包')).toBeTruthy();
    expect(inviter.getByText('2025-05-15 绑定')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '绑定' })).toBeNull();
  });

  it('lets a shopper invited by nobody bind an inviter by code, then shows the inviter', async () => {
    const { api } = setup(() => inviteReply(), { handlers: { '/api/team/bind': () => bob } });
    fireEvent.click(await screen.findByRole('button', { name: '绑定' }));
    expect(await screen.findByText('请输入邀请人的邀请码')).toBeTruthy();
    expect(calls(api, '/api/team/bind')).toEqual([]);

    fireEvent.change(bindField(), { target: { value: ' xy34zw ' } });
    fireEvent.click(screen.getByRole('button', { name: '绑定' }));
    expect(await screen.findByText('已加入 老包 的团队')).toBeTruthy();
    const inviter = within(await screen.findByRole('region', { name: '我的邀请人' }));
    expect(inviter.getByText('老包')).toBeTruthy();
    expect(inviter.getByText('2025-05-15 绑定')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '绑定' })).toBeNull();
    expect(calls(api, '/api/team/bind')).toEqual([{ invite: 'xy34zw' }]);
  });

  it('shows a refused code beside the field and keeps the form', async () => {
    const message = '邀请码“ZZZZZZ”不存在，请检查后重试';
    setup(() => inviteReply(), {
      handlers: { '/api/team/bind': () => failReply(message, { field: 'invite', message, problems: [{ field: 'invite', message }] }) },
    });
    fireEvent.change(await screen.findByLabelText('邀请码'), { target: { value: 'ZZZZZZ' } });
    fireEvent.click(screen.getByRole('button', { name: '绑定' }));
    await waitFor(() => expect(bindField().getAttribute('aria-invalid')).toBe('true'));
    const describedBy = bindField().getAttribute('aria-describedby') as string;
    expect(document.getElementById(describedBy)?.textContent).toBe(message);
    expect(screen.queryByRole('region', { name: '我的邀请人' })).toBeNull();
  });

  it('saves the poster as a PNG, drawing the QR code and the avatar asked for with CORS', async () => {
    const { drawn, downloads } = drawing();
    setup(() => inviteReply());
    await qrImage();
    fireEvent.click(screen.getByRole('button', { name: '保存海报' }));
    expect(await screen.findByText('海报已保存')).toBeTruthy();
    expect(downloads).toEqual(['invite-AB12CD.png blob:poster']);
    expect(drawn).toEqual([
      'image /uploads/ann.png anonymous',
      'text 安安 邀请你加入',
      'text 优选小店',
      `image ${QR_URL} anonymous`,
      'text 邀请码 AB12CD',
      'text 扫码注册，和我一起逛优选小店',
    ]);
  });

  it('saves the poster without the avatar when it does not load', async () => {
    const { drawn, downloads } = drawing(['/uploads/ann.png']);
    setup(() => inviteReply());
    await qrImage();
    fireEvent.click(screen.getByRole('button', { name: '保存海报' }));
    expect(await screen.findByText('海报已保存')).toBeTruthy();
    expect(downloads).toHaveLength(1);
    expect(drawn.filter((line) => line.startsWith('image'))).toEqual([`image ${QR_URL} anonymous`]);
  });

  it('says so when the poster cannot be saved, and offers no save before the QR code is there', async () => {
    drawing([QR_URL]);
    setup(() => inviteReply());
    await screen.findByTestId('team-invite-code');
    const save = screen.getByRole('button', { name: '保存海报' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await qrImage();
    fireEvent.click(save);
    expect(await screen.findByText('海报保存失败，请重试')).toBeTruthy();
  });

  it('shows a QR code that could not be made, with a retry, inside the poster', async () => {
    const { api } = setup(() => inviteReply(), { handlers: { '/api/index/getMiniQrCode': () => failReply('服务器繁忙') } });
    expect(await within(await screen.findByTestId('team-poster')).findByText('服务器繁忙')).toBeTruthy();
    api.on('/api/index/getMiniQrCode', () => ({ url: QR_URL }));
    fireEvent.click(poster().getByRole('button', { name: '重试' }));
    expect(await qrImage()).toBeTruthy();
  });

  it('says so, with a retry, when the page cannot be loaded', async () => {
    const { api } = setup(() => failReply('服务器繁忙，请稍后再试'));
    expect(await screen.findByText('服务器繁忙，请稍后再试')).toBeTruthy();
    api.on('/api/team/invite', () => inviteReply());
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect((await screen.findByTestId('team-invite-code')).textContent).toBe('AB12CD');
  });

  it('speaks English', async () => {
    setup(() => inviteReply({ parent: bob }), { language: 'en' });
    expect(await screen.findByRole('button', { name: 'Copy code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.getByText('Invited by me')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Invited by' })).getByText('Since 2025-05-15')).toBeTruthy();
    expect(poster().getByText('安安 invites you')).toBeTruthy();
    expect(poster().getByText('Scan to sign up and shop with me at 优选小店')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save poster' })).toBeTruthy();
  });
});
