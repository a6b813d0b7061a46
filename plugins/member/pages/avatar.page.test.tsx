import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, renderRoute, testUser } from '../../../tests/setup/kernel';
import { AVATAR_PATH } from '../paths';

const shopper = { id: 7, username: 'demo', nickname: '演示用户', avatar: '/uploads/20260301/old.png' };
const uploaded = { url: '/uploads/20260302/new.png', fullurl: 'http://shop.test/uploads/20260302/new.png' };

function setup(handlers: Record<string, FakeHandler> = {}, user: Record<string, unknown> = shopper) {
  const api = fakeApi({
    '/api/account/profile': () => testUser({ ...shopper, ...user, token: '', refreshToken: '' }),
    '/api/ajax/uploadApp': () => uploaded,
    '/api/account/changeAvatar': (body) => testUser({ ...shopper, avatar: String(body.avatar), token: '', refreshToken: '' }),
    ...handlers,
  });
  const kernel = createTestKernel({ plugins: ['auth', 'member'], adapter: api, user: { ...shopper, token: 'tok', refreshToken: 'ref' } });
  renderRoute(kernel, AVATAR_PATH);
  return { api, kernel };
}

const picture = () => screen.getByRole('img') as HTMLImageElement;
const choose = (file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' })) =>
  fireEvent.change(screen.getByLabelText('选择图片'), { target: { files: [file] } });
const useIt = () => screen.getByRole('button', { name: '使用此头像' });
const calls = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path);

describe('avatar page', () => {
  it('shows a skeleton, then the current avatar; nothing to save until a picture is uploaded', async () => {
    const { reply: held, release: answer } = heldReply();
    setup({ '/api/account/profile': () => held });
    await waitFor(() => expect(document.querySelector('.sf-skeleton')).toBeTruthy());
    answer(testUser({ ...shopper, token: '', refreshToken: '' }));
    expect(await screen.findByText('当前头像')).toBeTruthy();
    expect(picture().getAttribute('src')).toBe('/uploads/20260301/old.png');
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
    expect(picture().getAttribute('src')).toBe(uploaded.fullurl);
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
});
