/**
 * Shows a route's page: nothing for the first 200 ms, then the loader; after 60 s (or a failed
 * chunk download) an error state whose retry loads the page again. Errors thrown while the page
 * renders are caught here too, so one broken page never blanks the whole shell.
 */
import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../hooks';
import { namespacesOf } from '../i18n-namespaces';
import type { RouteDef } from '../plugin';
import { ErrorState } from '../ui/states';
import { Loader } from '../ui/Loader';
import { FirstPaintGone } from './first-paint';
import { LOADER_DELAY_MS, loadPage, loadedPage, type PageComponent } from './page-loader';

type State = { status: 'loading' } | { status: 'ready'; page: PageComponent } | { status: 'failed' };

export function LazyPage({ route, query }: { route: RouteDef; query: Record<string, string> }) {
  const { t } = useTranslation('kernel');
  const kernel = useKernel();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>(() => {
    const page = loadedPage(route);
    return page ? { status: 'ready', page } : { status: 'loading' };
  });
  // Whether the page was here when this view mounted. Not asked again in the effect: the code may
  // arrive between the first render and the effect (another loader fetched it), and a view that
  // started on its loader must still be told, or it would stay on the loader for good.
  const readyAtMount = useRef(state.status === 'ready');

  useEffect(() => {
    // A page here at mount renders at once; a retry loads again (its code may be here, its strings not).
    if (attempt === 0 && readyAtMount.current) return;
    let live = true;
    // The page's code and its title's strings in parallel: the page's own `useT` then finds them there.
    loadPage(route, kernel.locale.ensure(namespacesOf([route.title]))).then(
      (page) => live && setState({ status: 'ready', page }),
      (error: unknown) => {
        console.error(`storefront: page ${route.path} failed to load`, error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [route, attempt, kernel]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  if (state.status === 'loading') return <Loader delay={LOADER_DELAY_MS} />;
  if (state.status === 'failed')
    return (
      <>
        <ErrorState message={t('ui.page_timeout')} onRetry={retry} />
        <FirstPaintGone />
      </>
    );
  const Page = state.page;
  return (
    <PageErrorBoundary
      fallback={(reset) => (
        <>
          <ErrorState onRetry={reset} />
          <FirstPaintGone />
        </>
      )}
    >
      {/* A page may wait for something it loads on first use (useLocale's time formats). */}
      <Suspense fallback={<Loader delay={LOADER_DELAY_MS} />}>
        <Page query={query} />
        {/* In the boundary: the static first paint goes when the page has committed, not its loader. */}
        <FirstPaintGone />
      </Suspense>
    </PageErrorBoundary>
  );
}

class PageErrorBoundary extends Component<{ children: ReactNode; fallback: (reset: () => void) => ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('storefront: a page crashed while rendering', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
