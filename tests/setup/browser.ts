import 'reflect-metadata';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { overlays } from '@kernel/client/ui/overlay';

// `findBy…` and `waitFor` wait up to 5 s (the library's default is 1 s): CI runs the suites on two
// loaded cores, where a lazy page's first import can take longer than a second. Tests assert what
// appears, never how fast.
configure({ asyncUtilTimeout: 5_000 });

// Files share a worker's jsdom (vitest.config.ts: isolate off), so each test also leaves no
// storage or cookie behind for the next file.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  // Modals and toasts live in a module-level queue; each test starts with none open.
  overlays.modals = [];
  overlays.toasts = [];
  overlays.loading = 0;
  window.history.replaceState(null, '', '#/');
});
