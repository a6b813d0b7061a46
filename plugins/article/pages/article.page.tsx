/**
 * The article page: a form to add an entry, then the shopper's list, newest first, with its
 * loading, empty and error states. The entries live in ../store.ts, the rules on the server.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { isCallError } from '@kernel/client/call-error';
import { useForm } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import { Button, Cell, CellGroup, Empty, ErrorState, Loader, NavBar, Page, toast } from '@kernel/client/ui';
import { Field } from '@kernel/client/ui/Field';
import { TITLE_MAX } from '../contract';
import { articleStore, addEntry, loadEntries } from '../store';
import './article.css';

export default function ArticlePage() {
  const kernel = useKernel();
  const { t } = useT('article');
  const form = useForm({ title: '' });
  const reload = () => void loadEntries(kernel.http, articleStore, true);

  // Fresh on every visit; entries already here stay on screen meanwhile.
  useEffect(reload, [kernel]);

  const submit = form.handleSubmit({
    validate: ({ title }) => (title.trim() ? null : { field: 'title', key: 'article:form.required' }),
    send: async ({ title }) => {
      try {
        await addEntry(kernel.http, title.trim());
      } catch (failure) {
        // The kernel has shown the refusal; the text stays for the shopper to change.
        if (isCallError(failure)) return;
        throw failure;
      }
      form.set('title', '');
      toast(t('form.added'), { icon: 'success' });
    },
  });

  return (
    <Page header={<NavBar title={t('title')} />}>
      <form className="article-form" onSubmit={submit} noValidate>
        <CellGroup>
          <Field label={t('form.label')} placeholder={t('form.placeholder')} maxLength={TITLE_MAX} {...form.field('title')} />
        </CellGroup>
        <div className="article-form__submit">
          <Button type="submit" variant="primary" block round loading={form.busy}>
            {t('form.submit')}
          </Button>
        </div>
      </form>
      <Entries onRetry={reload} />
    </Page>
  );
}

/** The list under the form: a loader, the error with a retry, the empty state, or the entries. */
function Entries({ onRetry }: { onRetry: () => void }) {
  const { t } = useT('article');
  const { entries, status, error } = useSnapshot(articleStore);
  if (status === 'error') return <ErrorState message={error} onRetry={onRetry} />;
  if (entries.length === 0) return status === 'ready' ? <Empty icon="star" text={t('list.empty')} /> : <Loader />;
  return (
    <CellGroup title={t('list.title', { total: entries.length })}>
      {entries.map((entry) => (
        <Cell key={entry.id} icon="star" label={entry.title} />
      ))}
    </CellGroup>
  );
}
