import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defineCall, shape } from '../core/contract';
import * as z from 'zod/mini';
import { createTestKernel, failReply, fakeApi, renderWithKernel } from '../../tests/setup/kernel';
import { useCall, usePaged, useSession, useT } from './hooks';
import { inlinePlugin } from './plugin';

const detail = defineCall({ path: '/api/goods/getGoods', payload: z.object({ id: z.number() }), reply: shape<{ name: string }>(), summary: 'd' });

function Detail({ id }: { id: number }) {
  const state = useCall(detail, { id });
  return (
    <div>
      <span data-testid="status">{state.status}</span>
      <span>{state.data?.name}</span>
      <span>{state.error?.msg}</span>
      <button onClick={() => void state.reload()}>reload</button>
    </div>
  );
}

describe('useCall', () => {
  it('goes from loading to ready with the reply data', async () => {
    const api = fakeApi({ '/api/goods/getGoods': (body) => ({ name: `goods ${body.id}` }) });
    renderWithKernel(<Detail id={3} />, createTestKernel({ adapter: api }));
    expect(screen.getByTestId('status').textContent).toBe('loading');
    expect(await screen.findByText('goods 3')).toBeTruthy();
    expect(screen.getByTestId('status').textContent).toBe('ready');
  });

  it('reports a refusal as error without a toast, and reload tries again', async () => {
    let fail = true;
    const api = fakeApi({ '/api/goods/getGoods': () => (fail ? failReply('下架了') : { name: 'back' }) });
    renderWithKernel(<Detail id={1} />, createTestKernel({ adapter: api }));
    expect(await screen.findByText('下架了')).toBeTruthy();
    expect(screen.getByTestId('status').textContent).toBe('error');
    expect(screen.getAllByText('下架了')).toHaveLength(1);
    fail = false;
    await act(async () => screen.getByText('reload').click());
    expect(await screen.findByText('back')).toBeTruthy();
  });

  it('runs again when the payload changes, and shares identical calls between components', async () => {
    const api = fakeApi({ '/api/goods/getGoods': (body) => ({ name: `goods ${body.id}` }) });
    const kernel = createTestKernel({ adapter: api });
    const view = renderWithKernel(
      <>
        <Detail id={1} />
        <Detail id={1} />
      </>,
      kernel,
    );
    expect(await screen.findAllByText('goods 1')).toHaveLength(2);
    expect(api.requests).toHaveLength(1);
    view.rerender(<div />);
  });
});

describe('catalogue data follows the language', () => {
  const named = fakeApi({
    '/api/goods/getGoods': (_body, request) => ({ name: request.headers.get('Lang') === 'en' ? 'Aurora X5' : '极光 X5' }),
    '/api/goods/list': (body, request) => ({
      list: [{ id: Number(body.page), name: request.headers.get('Lang') === 'en' ? 'Aurora X5' : '极光 X5' }],
      total: 1,
    }),
  });
  const list = defineCall({
    path: '/api/goods/list',
    payload: z.object({ page: z.number(), limit: z.number() }),
    reply: shape<{ list: { id: number; name: string }[]; total: number }>(),
    summary: 'l',
  });
  function List() {
    const state = usePaged<typeof list, { id: number; name: string }>(list, {});
    return <ul>{state.items.map((item) => <li key={item.id}>{item.name}</li>)}</ul>;
  }

  it('useCall asks again in the new language when the shopper switches, without remounting', async () => {
    const kernel = createTestKernel({ adapter: named });
    renderWithKernel(<Detail id={5} />, kernel);
    expect(await screen.findByText('极光 X5')).toBeTruthy();
    await act(() => kernel.locale.setLanguage('en'));
    expect(await screen.findByText('Aurora X5')).toBeTruthy();
    expect(screen.queryByText('极光 X5')).toBeNull();
  });

  it('usePaged starts again from page 1 in the new language, even when page 1 came with the page', async () => {
    const kernel = createTestKernel({ adapter: named });
    function Seeded() {
      const state = usePaged<typeof list, { id: number; name: string }>(list, {}, { initial: { list: [{ id: 1, name: '极光 X5' }], total: 1 } });
      return <ul>{state.items.map((item) => <li key={item.id}>{item.name}</li>)}</ul>;
    }
    renderWithKernel(<><Seeded /><List /></>, kernel);
    await waitFor(() => expect(screen.getAllByText('极光 X5')).toHaveLength(2));
    await act(() => kernel.locale.setLanguage('en'));
    await waitFor(() => expect(screen.getAllByText('Aurora X5')).toHaveLength(2));
  });
});

describe('useSession and useT', () => {
  it('re-render on login and read the kernel namespace by default', async () => {
    function Who() {
      const session = useSession();
      const { t } = useT();
      return <p>{session.loggedIn ? session.user?.nickname : t('ui.login_now')}</p>;
    }
    const kernel = createTestKernel();
    renderWithKernel(<Who />, kernel);
    expect(screen.getByText('未登录，立即登录')).toBeTruthy();
    await act(async () => kernel.session.login({ ...(await import('../../tests/setup/kernel')).testUser({ nickname: 'Ann' }) }));
    expect(screen.getByText('Ann')).toBeTruthy();
  });
});

describe('useLocale', () => {
  it('switches the language and re-renders the page in it', async () => {
    const { useLocale } = await import('./hooks');
    function Switch() {
      const locale = useLocale();
      const { t } = useT();
      return (
        <button onClick={() => void locale.setLanguage(locale.language() === 'en' ? 'zh-Hans' : 'en')}>{t('ui.language')}</button>
      );
    }
    // The first useLocale() waits for the time formats to load: an awaited act lets React resume.
    const kernel = createTestKernel();
    await act(async () => {
      renderWithKernel(<Switch />, kernel);
      await kernel.locale.loadTimeFormats();
    });
    await act(async () => screen.getByRole('button', { name: '语言' }).click());
    expect(screen.getByRole('button', { name: 'Language' })).toBeTruthy();
    expect(localStorage.getItem('storefront:v1:language')).toBe('"en"');
  });
});

describe('useT with strings that download on first use', () => {
  function Greeting() {
    const { t } = useT('later');
    return <p>{t('later:hello')}</p>;
  }

  it('waits (suspends) for the namespace instead of showing its keys, then renders the strings', async () => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const later = inlinePlugin({
      id: 'later',
      version: '1.0.0',
      i18n: { en: async () => ({ default: { hello: 'Hello' } }), 'zh-Hans': async () => arrived.then(() => ({ default: { hello: '稍后见' } })) },
    });
    const kernel = createTestKernel({ plugins: [later] });
    expect(kernel.i18n.hasResourceBundle('zh-Hans', 'later')).toBe(false);
    await act(async () => void renderWithKernel(<Greeting />, kernel));
    expect(screen.queryByText('hello')).toBeNull();
    expect(screen.queryByText('later:hello')).toBeNull();
    await act(async () => release());
    expect(await screen.findByText('稍后见')).toBeTruthy();
  });
});
