/**
 * The time formats of spec §9 (kernel/core/time.ts, which needs dayjs), loaded on first use: the
 * home page shows no times, so dayjs stays out of the initial bundle. `useLocale()` waits for
 * them (it suspends its component once); outside React, `await kernel.locale.loadTimeFormats()`.
 */
type TimeFormats = typeof import('../core/time');

let loaded: TimeFormats | null = null;
let loading: Promise<TimeFormats> | null = null;

export function loadTimeFormats(): Promise<TimeFormats> {
  loading ??= import('../core/time').then(
    (module) => {
      loaded = module;
      // Marked the way React's `use` reads a settled promise, so it returns at once from now on.
      Object.assign(loading as object, { status: 'fulfilled', value: module });
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export const timeFormatsLoaded = (): boolean => loaded !== null;

/** The formats once loaded; before that a clear error instead of a wrong string. */
export function timeFormats(): TimeFormats {
  if (loaded) return loaded;
  void loadTimeFormats();
  throw new Error('storefront: time formats are still loading; read them through useLocale() or after `await kernel.locale.loadTimeFormats()`');
}
