import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, renderRoute, testUser } from '../../../tests/setup/kernel';
import { AVATAR_PATH } from '../paths';

const shopper = { id: 7, username: 'demo', nickname: '演示用户', avatar: '/uploads/20260301/old.png' };
const uploaded = { url: '/uploads/20260302/new.png', fullurl: 'http://shop.test/uploads/20260302/new.png' };

function setup(handlers: Record<string, FakeHandler> = {}, user: Record<string, unknown> = shopper, language: 'zh-Hans' | 'en' = 'zh-Hans') {
  const api = fakeApi({
    '/api/account/profile': () => testUser({ ...shopper, ...user, token: '', refreshToken: '' }),
    '/api/ajax/uploadApp': () => uploaded,
    '/api/account/changeAvatar': (body) => testUser({ ...shopper, avatar: String(body.avatar), token: '', refreshToken: '' }),
    ...handlers,
  });
  const kernel = createTestKernel({ plugins: ['auth', 'member'], adapter: api, user: { ...shopper, token: 'tok', refreshToken: 'ref' }, language });
  renderRoute(kernel, AVATAR_PATH);
  return { api, kernel };
}

const picture = () => screen.getByRole('img') as HTMLImageElement;
const choose = (file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }), label = '选择图片') =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
/** A photo of `size` bytes (its bytes are not a real picture: only the fake codec below decodes it). */
const photo = (size: number) => new File([new Uint8Array(size)], 'IMG_0001.jpg', { type: 'image/jpeg' });
const progressbar = () => screen.queryByRole('progressbar');
const useIt = () => screen.getByRole('button', { name: '使用此头像' });
const calls = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('avatar page', () => {
  it('shows a skeleton, then the current avatar; nothing to save until a picture is uploaded', async () => {
    const { reply: held, release: answer } = heldReply();
    setup({ '/api/account/profile': () => held });
    await waitFor(() => expect(document.querySelector('.sf-skeleton')).toBeTruthy());
    answer(testUser({ ...shopper, token: '', refreshToken: '' }));
    expect(await screen.findByText('当前头像')).toBeTruthy();
    // The kernel's Img may ask for the picture at the width it is shown at (128 px on a 2× screen).
    expect(picture().getAttribute('src')).toMatch(/^\/uploads\/20260301\/old\.png(\?w=256)?$/);
    expect((useIt() as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the shopper has no avatar yet', async () => {
    setup({}, { avatar: '' });
    expect(await screen.findByText('还没有设置头像')).toBeTruthy();
    expect(picture().getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('says so, with a retry, when the profile cannot be loaded', async () => {
    let fail = true;
    setup({ '/api/account/profile': () => (fail ? { status: 502 } : testUser({ ...shopper, token: '', refreshToken: '' })) });
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('当前头像')).toBeTruthy();
  });

  it('uploads the chosen file as multipart, previews it, then makes it the avatar and goes back', async () => {
    const { api, kernel } = setup();
    await screen.findByText('当前头像');
    choose();
    expect(await screen.findByText('新头像预览')).toBeTruthy();
    expect(picture().getAttribute('src')).toBe(`${uploaded.url}?w=256`);
    const [upload] = calls(api, '/api/ajax/uploadApp');
    expect(upload.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    // jsdom's FormData drops the file name on its way into fetch (the browser's keeps it): check the bytes.
    expect((upload.body.file as Blob).size).toBe(4);
    expect(kernel.session.state.user?.avatar).toBe(shopper.avatar);

    fireEvent.click(useIt());
    expect(await screen.findByText('头像已更新')).toBeTruthy();
    expect(calls(api, '/api/account/changeAvatar').map((r) => r.body)).toEqual([{ avatar: uploaded.url }]);
    expect(kernel.session.state.user).toMatchObject({ avatar: uploaded.url, token: 'tok' });
    await waitFor(() => expect(currentLocation()).not.toBe(AVATAR_PATH));
  });

  it("keeps the current avatar when the upload is refused, showing the server's reason", async () => {
    const { api } = setup({ '/api/ajax/uploadApp': () => failReply('不允许上传此类文件（允许：jpg,jpeg,png,gif,webp）') });
    await screen.findByText('当前头像');
    choose(new File(['<html></html>'], 'page.png', { type: 'image/png' }));
    expect(await screen.findByText('不允许上传此类文件（允许：jpg,jpeg,png,gif,webp）')).toBeTruthy();
    expect(screen.getByText('当前头像')).toBeTruthy();
    await waitFor(() => expect(progressbar()).toBeNull());
    expect((useIt() as HTMLButtonElement).disabled).toBe(true);
    expect(calls(api, '/api/account/changeAvatar')).toEqual([]);
  });

  it('stays on the page with the preview when the avatar call is refused', async () => {
    const { kernel } = setup({ '/api/account/changeAvatar': () => failReply('请先上传头像图片') });
    await screen.findByText('当前头像');
    choose();
    await screen.findByText('新头像预览');
    fireEvent.click(useIt());
    expect(await screen.findByText('请先上传头像图片')).toBeTruthy();
    expect(currentLocation()).toBe(AVATAR_PATH);
    expect(kernel.session.state.user?.avatar).toBe(shopper.avatar);
  });

  it("shows the upload's progress while the picture leaves, then the preview", async () => {
    const { reply: held, release: answer } = heldReply();
    setup({ '/api/ajax/uploadApp': () => held });
    await screen.findByText('当前头像');
    expect(progressbar()).toBeNull();
    choose(photo(256 * 1024));
    const bar = await screen.findByRole('progressbar', { name: '正在上传头像' });
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    // The fake network has read the whole body; the reply is held: everything sent, nothing answered yet.
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('100'));
    expect(bar.textContent).toBe('已上传 100%');
    expect((screen.getByRole('button', { name: '选择图片' }) as HTMLButtonElement).disabled).toBe(true);
    answer(uploaded);
    expect(await screen.findByText('新头像预览')).toBeTruthy();
    expect(progressbar()).toBeNull();
  });

  it('says the progress in English too', async () => {
    const { reply: held, release: answer } = heldReply();
    setup({ '/api/ajax/uploadApp': () => held }, shopper, 'en');
    await screen.findByText('Your avatar');
    choose(photo(1024), 'Choose a picture');
    const bar = await screen.findByRole('progressbar', { name: 'Uploading the avatar' });
    await waitFor(() => expect(bar.textContent).toBe('100% uploaded'));
    answer(uploaded);
    expect(await screen.findByText('Preview of the new avatar')).toBeTruthy();
  });

  it('ends the progress with the service-error modal when the upload fails, keeping the current avatar', async () => {
    const { api } = setup({ '/api/ajax/uploadApp': () => ({ status: 502 }) });
    await screen.findByText('当前头像');
    choose(photo(1024));
    expect(await screen.findByText('网关错误！')).toBeTruthy();
    await waitFor(() => expect(progressbar()).toBeNull());
    expect(screen.getByText('当前头像')).toBeTruthy();
    expect((useIt() as HTMLButtonElement).disabled).toBe(true);
    expect(calls(api, '/api/ajax/uploadApp')).toHaveLength(1);
  });

  it('sends a big photo shrunk where the browser can draw it', async () => {
    // jsdom has no decoder and no canvas: the browser's, as they answer for a 4000 × 3000 photo.
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 4000, height: 3000, close })));
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type) => done(new Blob([new Uint8Array(1000)], { type })));
    const { api } = setup();
    await screen.findByText('当前头像');
    choose(photo(3 * 1024 * 1024));
    expect(await screen.findByText('新头像预览')).toBeTruthy();
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1600, 1200);
    const [upload] = calls(api, '/api/ajax/uploadApp');
    expect({ size: (upload.body.file as Blob).size, type: (upload.body.file as Blob).type }).toEqual({ size: 1000, type: 'image/jpeg' });
    expect(close).toHaveBeenCalled();
  });
});
