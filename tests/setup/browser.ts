import 'reflect-metadata';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { overlays } from '@kernel/client/ui/overlay';

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Modals and toasts live in a module-level queue; each test starts with none open.
  overlays.modals = [];
  overlays.toasts = [];
  overlays.loading = 0;
  window.history.replaceState(null, '', '#/');
});
