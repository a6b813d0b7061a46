import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The suite shares modules between files (vitest.config.ts: isolate off), and another file may
// have loaded the formats already: this file takes fresh copies of the kernel's modules.
let createTestKernel: typeof import('../../tests/setup/kernel').createTestKernel;
let renderWithKernel: typeof import('../../tests/setup/kernel').renderWithKernel;
let useLocale: typeof import('./hooks').useLocale;
let timeFormatsLoaded: typeof import('./time-formats').timeFormatsLoaded;
beforeAll(async () => {
  vi.resetModules();
  ({ createTestKernel, renderWithKernel } = await import('../../tests/setup/kernel'));
  ({ useLocale } = await import('./hooks'));
  ({ timeFormatsLoaded } = await import('./time-formats'));
});

const NOW = new Date(2024, 5, 15, 12, 0, 0).getTime();

function PostedAt({ at }: { at: number }) {
  const locale = useLocale();
  return <p>posted {locale.relativeTime(at, NOW)}</p>;
}

// One module instance for the file: the first test sees them unloaded, the second loaded.
describe('time formats, loaded on first use', () => {
  it('are not loaded until asked for; the first component that reads them waits, then renders', async () => {
    const kernel = createTestKernel();
    expect(timeFormatsLoaded()).toBe(false);
    expect(() => kernel.locale.chatTime(NOW, NOW)).toThrow(/still loading/);
    // An awaited act lets React resume the render that suspended inside it.
    await act(async () => {
      renderWithKernel(<PostedAt at={NOW - 5 * 60_000} />, kernel);
      expect(screen.queryByText(/posted/)).toBeNull();
      await kernel.locale.loadTimeFormats();
    });
    expect(await screen.findByText('posted 5分钟前')).toBeTruthy();
    expect(timeFormatsLoaded()).toBe(true);
  });

  it('work synchronously once loaded', () => {
    const kernel = createTestKernel({ language: 'en' });
    expect(kernel.locale.relativeTime(NOW - 60_000, NOW)).toBe('1 minute ago');
  });
});
