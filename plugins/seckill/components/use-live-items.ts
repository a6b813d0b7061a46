/**
 * The items on screen, kept live by the flash-sale pushes of the socket (visitors included: a
 * public subscription opens an anonymous read-only connection). A new reply from the server
 * replaces them; each push then updates the item it names at once, without polling.
 */
import { useEffect, useState } from 'react';
import { useKernel } from '@kernel/client/hooks';
import type { SeckillItem } from '../contract';
import { applyPush, isSeckillPush } from '../live';

export function useLiveItems<T extends Pick<SeckillItem, 'id' | 'stock' | 'sold' | 'left'>>(items: readonly T[]): T[] {
  const kernel = useKernel();
  const [shown, setShown] = useState<{ from: readonly T[]; items: T[] }>({ from: items, items: [...items] });
  const current = shown.from === items ? shown.items : [...items];
  if (shown.from !== items) setShown({ from: items, items: current });

  useEffect(
    () =>
      kernel.socket.onPublic('seckill', (message) => {
        if (!isSeckillPush(message)) return;
        setShown((state) => {
          const next = applyPush(state.items, message);
          return next === state.items ? state : { ...state, items: next };
        });
      }),
    [kernel],
  );
  return current;
}
