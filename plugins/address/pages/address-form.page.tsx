/**
 * The address form (`/user/addressForm/addressForm`, its own navigation bar): contact, mobile,
 * area (picked from the real tree in a sheet), street and the default switch; `?id=` edits that
 * address. Every problem shows at once beside its field, the server's refusals of a field too.
 * Saving goes back; in select mode (`?select=1`) the saved address becomes checkout's pick.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { showRefusal, useForm } from '@kernel/client/form';
import { useCall, useKernel, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { queryId } from '@kernel/client/url';
import { CellGroup, Empty, ErrorState, NavBar, Page, Skeleton, toast } from '@kernel/client/ui';
import { Field } from '@kernel/client/ui/Field';
import { SubmitBar } from '@kernel/client/ui/SubmitBar';
import { AreaField } from '../components/AreaField';
import { AreaPicker } from '../components/AreaPicker';
import { DefaultSwitch } from '../components/DefaultSwitch';
import { addressContract, type Address } from '../contract';
import { addressProblems, type AddressFormValues } from '../form-check';
import { isSelectMode } from '../paths';
import { DETAIL_MAX, NAME_MAX } from '../rules';
import { addressStore, areaStore, chooseAddress, loadAreaTree, saveAddress } from '../store';
import './address.css';

export default function AddressFormPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useT('address');
  const id = queryId(query.id);
  const editing = query.id !== undefined;
  const state = useCall(addressContract.detail, id === undefined ? null : { id });
  const header = <NavBar title={t(editing ? 'title.edit' : 'title.new')} />;

  // The picker's tree: fetched while the shopper types their name, so it is there when they need it.
  useEffect(() => void loadAreaTree(kernel.http, areaStore), [kernel]);

  if (!editing) return <AddressForm header={header} select={isSelectMode(query)} />;
  if (id === undefined) return <Page header={header}><Empty text={t('message.not_found')} /></Page>;
  if (state.status === 'error') {
    // "Not found" (deleted, someone else's) cannot get better by retrying.
    const refused = state.error?.reason === 'business';
    return <Page header={header}>{refused ? <Empty text={state.error?.msg} /> : <ErrorState message={state.error?.msg} onRetry={() => void state.reload()} />}</Page>;
  }
  if (!state.data) return <Page header={header}><Skeleton rows={5} /></Page>;
  return <AddressForm key={state.data.id} header={header} address={state.data} select={isSelectMode(query)} />;
}

/** The area's codes travel as three wire fields; the page shows them as one. */
const AREA_SHOWN_AS = { province_code: 'area', city_code: 'area', district_code: 'area' } as const;

const valuesOf = (address?: Address): AddressFormValues => ({
  name: address?.name ?? '',
  mobile: address?.mobile ?? '',
  area: address ? `${address.province} ${address.city} ${address.district}` : '',
  province_code: address?.province_code ?? '',
  city_code: address?.city_code ?? '',
  district_code: address?.district_code ?? '',
  detail: address?.detail ?? '',
  is_default: address?.is_default === 1 ? '1' : '0',
});

function AddressForm({ header, address, select }: { header: ReactNode; address?: Address; select: boolean }) {
  const kernel = useKernel();
  const { t } = useT('address');
  const form = useForm(valuesOf(address));
  const [picking, setPicking] = useState(false);
  const { list, status } = useSnapshot(addressStore);
  // The default only moves by choosing another; a shopper's first address is the default anyway.
  const fixedDefault = address?.is_default === 1 || (!address && status === 'ready' && list.length === 0);
  const { values } = form;

  const submit = form.handleSubmit({
    validate: addressProblems,
    send: async (v) => {
      try {
        const saved = await saveAddress(kernel.http, {
          ...(address ? { id: address.id } : {}),
          name: v.name.trim(),
          mobile: v.mobile.trim(),
          province_code: v.province_code,
          city_code: v.city_code,
          district_code: v.district_code,
          detail: v.detail.trim(),
          is_default: v.is_default === '1' ? 1 : 0,
        }, addressStore, { toastError: false });
        if (select) chooseAddress(saved.id);
      } catch (failure) {
        // Beside its fields, or a toast; the form stays as typed, to correct.
        showRefusal(form, failure, AREA_SHOWN_AS);
        return;
      }
      toast(t('form.saved'), { icon: 'success' });
      kernel.nav.back();
    },
  });

  return (
    <Page header={header}>
      <form className="address-form" onSubmit={submit} noValidate>
        <CellGroup>
          <Field label={t('form.name')} placeholder={t('form.name_placeholder')} maxLength={NAME_MAX} autoComplete="name" {...form.field('name')} />
          <Field label={t('form.mobile')} placeholder={t('form.mobile_placeholder')} type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" {...form.field('mobile')} />
          <AreaField label={t('form.area')} placeholder={t('form.area_placeholder')} {...form.field('area')} onOpen={() => setPicking(true)} />
          <Field label={t('form.detail')} placeholder={t('form.detail_placeholder')} maxLength={DETAIL_MAX} autoComplete="street-address" {...form.field('detail')} />
        </CellGroup>
        <CellGroup>
          <DefaultSwitch
            label={t('form.default')}
            checked={fixedDefault || values.is_default === '1'}
            disabled={fixedDefault}
            note={address?.is_default === 1 ? t('form.default_fixed') : undefined}
            onChange={(on) => form.set('is_default', on ? '1' : '0')}
          />
        </CellGroup>
        <SubmitBar busy={form.busy}>{t('form.submit')}</SubmitBar>
      </form>
      <AreaPicker
        open={picking}
        value={[values.province_code, values.city_code, values.district_code].filter(Boolean)}
        onClose={() => setPicking(false)}
        onPick={([province, city, district]) => {
          form.set('province_code', province.code);
          form.set('city_code', city.code);
          form.set('district_code', district.code);
          form.set('area', `${province.name} ${city.name} ${district.name}`);
          setPicking(false);
        }}
      />
    </Page>
  );
}
