/** React contexts the shell provides: the kernel, and the current page's query. */
import { createContext } from 'react';
import type { Kernel } from './kernel';

export const KernelContext = createContext<Kernel | null>(null);

/** The current route's query parameters (the Router provides them; pages also get them as props). */
export const QueryContext = createContext<Record<string, string>>({});
