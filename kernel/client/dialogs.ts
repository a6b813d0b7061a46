/**
 * Feedback the services raise (a modal for HTTP failures, a toast for refusals and time-outs).
 * The default is the ui kit's imperative API, rendered by the shell's OverlayHost.
 */
import { alert, toast, loading } from './ui/overlay';

export interface Dialogs {
  /** A modal with only a confirm button. */
  alert(options: { title?: string; content: string }): Promise<void>;
  toast(message: string): void;
  /** Shows a blocking loading indicator; returns the function that hides it. */
  loading(): () => void;
}

export const uiDialogs: Dialogs = {
  alert: (options) => alert(options),
  toast: (message) => void toast(message),
  loading: () => loading(),
};
