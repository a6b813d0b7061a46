import { act, screen } from '@testing-library/react';
import { lazy, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../tests/setup/kernel';
import { useFirstScreenData } from './first-screen-data';

/** A child that suspends until the test lets it go (as one waiting on its strings or code). */
function suspender() {
  let release!: () => void;
  const ready = new Promise<void>((resolve) => (release = resolve));
  const Waits = lazy(async () => {
    await ready;
    return { default: () => null };
  });
  return { Waits, release: async () => (release(), await ready) };
}

describe('a component’s first-screen data', () => {
  it('survives a first render React throws away, and a later mount gets none (it fetches fresh)', async () => {
    const home = { banners: [], notices: [] };
    const kernel = createTestKernel({ bootstrap: { data: { home } } });
    const { Waits, release } = suspender();
    function Section() {
      const seeded = useFirstScreenData('home');
      const [shown] = useState(() => (seeded ? 'seeded' : 'fetching'));
      return (
        <p>
          {shown}
          <Waits />
        </p>
      );
    }
    const view = renderWithKernel(<Section />, kernel);
    expect(screen.queryByText('seeded')).toBeNull();
    await act(async () => release());
    expect(await screen.findByText('seeded')).toBeTruthy();
    view.rerender(<span>elsewhere</span>);
    view.rerender(<Section />);
    expect(await screen.findByText('fetching')).toBeTruthy();
  });
});
