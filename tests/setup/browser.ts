import 'reflect-metadata';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { overlays } from '@kernel/client/ui/overlay';

// `findBy…` and `waitFor` wait up to 5 s (the library's default is 1 s): CI runs the suites on two
// loaded cores, where a lazy page's first import can take longer than a second. Tests assert what
// appears, never how fast.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Modals and toasts live in a module-level queue; each test starts with none open.
  overlays.modals = [];
  overlays.toasts = [];
  overlays.loading = 0;
  window.history.replaceState(null, '', '#/');
});
