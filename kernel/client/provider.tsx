/** Puts a kernel (and its i18n instance) at the root of a React tree: the app's and every page test's. */
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { KernelContext } from './context';
import type { Kernel } from './kernel';

export function KernelProvider({ kernel, children }: { kernel: Kernel; children: ReactNode }) {
  return (
    <KernelContext.Provider value={kernel}>
      <I18nextProvider i18n={kernel.i18n}>{children}</I18nextProvider>
    </KernelContext.Provider>
  );
}
