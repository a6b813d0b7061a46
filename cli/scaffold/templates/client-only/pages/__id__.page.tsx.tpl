/**
 * The __id__ page: a form to add an entry, then the list kept on this device, newest first, or
 * an empty state. The entries live in ../store.ts.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useForm } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import { Button, Cell, CellGroup, Empty, NavBar, Page, toast } from '@kernel/client/ui';
import { Field } from '@kernel/client/ui/Field';
import { TITLE_MAX, __id__Store, addEntry, loadEntries } from '../store';
import './__id__.css';

export default function __Id__Page() {
  const kernel = useKernel();
  const { t } = useT('__id__');
  const { entries } = useSnapshot(__id__Store);
  const form = useForm({ title: '' });

  useEffect(() => loadEntries(kernel.storage), [kernel]);

  const submit = form.handleSubmit({
    validate: ({ title }) => (title.trim() ? null : { field: 'title', key: '__id__:form.required' }),
    send: ({ title }) => {
      addEntry(kernel.storage, title);
      form.set('title', '');
      toast(t('form.added'), { icon: 'success' });
    },
  });

  return (
    <Page header={<NavBar title={t('title')} />}>
      <form className="__id__-form" onSubmit={submit} noValidate>
        <CellGroup>
          <Field label={t('form.label')} placeholder={t('form.placeholder')} maxLength={TITLE_MAX} {...form.field('title')} />
        </CellGroup>
        <div className="__id__-form__submit">
          <Button type="submit" variant="primary" block round loading={form.busy}>
            {t('form.submit')}
          </Button>
        </div>
      </form>
      {entries.length > 0 ? (
        <CellGroup title={t('list.title', { total: entries.length })}>
          {entries.map((entry) => (
            <Cell key={entry.title} icon="star" label={entry.title} />
          ))}
        </CellGroup>
      ) : (
        <Empty icon="star" text={t('list.empty')} />
      )}
    </Page>
  );
}
