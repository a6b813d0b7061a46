/**
 * What every modal layer (Modal, Sheet) does while open: move focus into it, keep Tab inside it,
 * close on Escape, stop the page behind from scrolling, and hand focus back on closing. Only the
 * top-most open layer answers keys, so Escape in an alert over a sheet closes the alert alone.
 */
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open layers, the last on top. */
const layers: object[] = [];
/** The page's own overflow style, put back when the last layer closes. */
let pageOverflow = '';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]'));
}

export interface DialogOptions {
  /** Escape pressed while this layer is on top. */
  onEscape?: () => void;
  /** What gets focus on opening (default: the panel itself, which needs tabIndex={-1}). */
  initialFocus?: RefObject<HTMLElement | null>;
}

export function useDialog(panel: RefObject<HTMLElement | null>, open: boolean, options: DialogOptions = {}): void {
  // Callbacks change identity on every render of the owner; the effect must run on open/close only.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!open) return;
    const layer = {};
    const root = document.documentElement;
    if (layers.length === 0) pageOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
    layers.push(layer);
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (latest.current.initialFocus?.current ?? panel.current)?.focus();

    const onKey = (event: KeyboardEvent) => {
      if (layers.at(-1) !== layer) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        latest.current.onEscape?.();
      } else if (event.key === 'Tab' && panel.current) {
        const items = focusables(panel.current);
        const first = items[0] ?? panel.current;
        const last = items.at(-1) ?? panel.current;
        const active = document.activeElement;
        const inside = active instanceof Node && panel.current.contains(active);
        if (!inside || (event.shiftKey && (active === first || active === panel.current))) {
          event.preventDefault();
          (event.shiftKey ? last : first).focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      layers.splice(layers.indexOf(layer), 1);
      if (layers.length === 0) root.style.overflow = pageOverflow;
      if (before?.isConnected) before.focus();
    };
  }, [open, panel]);
}
