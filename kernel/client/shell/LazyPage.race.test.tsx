import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import type { PageProps, RouteDef } from '../plugin';
import { LazyPage } from './LazyPage';

const Member = ({ query }: PageProps) => <p>member centre {query.tab}</p>;

// The page's code arrives between the view's first render (not here yet: the loader) and its
// effect (here by then, fetched by the router's own loader). Seen in Chromium right after a login.
const loadedPage = vi.hoisted(() => vi.fn());
vi.mock('./page-loader', async (importOriginal) => ({ ...(await importOriginal<object>()), loadedPage }));

it('shows a page whose code arrived between the first render and the effect, instead of staying on the loader', async () => {
  const route: RouteDef = { path: '/pages/user/user', navBar: 'custom', title: 'kernel:ui.loading', page: async () => ({ default: Member }) };
  loadedPage.mockReturnValueOnce(undefined).mockReturnValue(Member);
  renderWithKernel(<LazyPage route={route} query={{ tab: 'x' }} />, createTestKernel());
  expect(await screen.findByText('member centre x')).toBeTruthy();
});
