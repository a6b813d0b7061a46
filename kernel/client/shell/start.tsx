/** Builds the kernel from the discovered plugins and the server's bootstrap, and renders the app. */
import { createRoot } from 'react-dom/client';
import type { Bootstrap } from '../../core/site';
import { createKernel } from '../create-kernel';
import type { Kernel } from '../kernel';
import type { ClientPlugin } from '../plugin';
import { App } from './App';

export function startApp({ plugins, bootstrap, root }: { plugins: ClientPlugin[]; bootstrap: Bootstrap; root: HTMLElement }): Kernel {
  const kernel = createKernel({ plugins, bootstrap });
  document.documentElement.lang = kernel.locale.language();
  createRoot(root).render(<App kernel={kernel} />);
  return kernel;
}
