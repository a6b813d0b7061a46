/**
 * The imperative modal/toast API. Any code (a page, a store, the Http service) may call
 * `alert()`, `confirm()` or `toast()`; the shell's <OverlayHost/> renders what is queued here.
 * Requests are stored with `ref()` so valtio tracks the queues but never proxies React nodes.
 */
import type { ReactNode } from 'react';
import { proxy, ref } from 'valtio';

export interface ModalOptions {
  title?: ReactNode;
  content: ReactNode;
  confirmText?: string;
  cancelText?: string;
}

export interface ModalRequest extends ModalOptions {
  id: number;
  showCancel: boolean;
  resolve: (confirmed: boolean) => void;
}

export type ToastIcon = 'none' | 'success' | 'error' | 'loading';

export interface ToastOptions {
  icon?: ToastIcon;
  /** Milliseconds; 0 keeps it until dismissed. Default 2000. */
  duration?: number;
}

export interface ToastItem {
  id: number;
  message: ReactNode;
  icon: ToastIcon;
}

export const overlays = proxy({
  modals: [] as ModalRequest[],
  toasts: [] as ToastItem[],
  /** Open `loading()` indicators; the mask shows while above zero. */
  loading: 0,
});

let nextId = 1;

function openModal(options: ModalOptions | string, showCancel: boolean): Promise<boolean> {
  const init = typeof options === 'string' ? { content: options } : options;
  return new Promise((resolve) => {
    const id = nextId++;
    const request: ModalRequest = {
      ...init,
      id,
      showCancel,
      resolve: (confirmed) => {
        overlays.modals = overlays.modals.filter((m) => m.id !== id);
        resolve(confirmed);
      },
    };
    overlays.modals.push(ref(request));
  });
}

/** A modal with a single confirm button; resolves when it is closed. */
export async function alert(options: ModalOptions | string): Promise<void> {
  await openModal(options, false);
}

/** A modal with confirm and cancel; resolves true on confirm. */
export function confirm(options: ModalOptions | string): Promise<boolean> {
  return openModal(options, true);
}

/** A short message; returns the function that dismisses it early. */
export function toast(message: ReactNode, options: ToastOptions = {}): () => void {
  const id = nextId++;
  const icon = options.icon ?? 'none';
  overlays.toasts.push(ref({ id, message, icon }));
  const dismiss = () => {
    overlays.toasts = overlays.toasts.filter((t) => t.id !== id);
  };
  const duration = options.duration ?? (icon === 'loading' ? 0 : 2000);
  if (duration > 0) setTimeout(dismiss, duration);
  return dismiss;
}

/** A blocking loading mask (Http's `loading: true`); returns the function that hides it. */
export function loading(): () => void {
  overlays.loading += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    overlays.loading -= 1;
  };
}
