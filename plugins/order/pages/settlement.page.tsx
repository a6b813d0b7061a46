/**
 * The settlement (`?from=cart` or `?from=buy&goods_id=&sku_id=&num=`): address, goods, invoice,
 * remark and the totals the server computes, then "提交订单". The confirmation carries one
 * request key per screen (kept while the shopper picks an address), so a double click or a
 * retried request never places two orders; on success the payment-waiting screen replaces this
 * one, so "back" cannot submit again.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { isCallError } from '@kernel/client/call-error';
import { refusedField } from '@kernel/client/refusal';
import { useForm } from '@kernel/client/form';
import { useCall, useExtensions, useKernel, useSession, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { Async, Button, Empty, ErrorState, Page, Price, Skeleton, toast } from '@kernel/client/ui';
import { Field } from '@kernel/client/ui/Field';
import { Stepper } from '@kernel/client/ui/Stepper';
import { addressStore, forgetChosenAddress } from '@plugins/address/public-client';
import { AddressSection } from '../components/AddressSection';
import { Amounts } from '../components/Amounts';
import { InvoiceSection } from '../components/InvoiceSection';
import { OrderLines } from '../components/OrderLines';
import { availableOf, ShortOfStock } from '../components/ShortOfStock';
import { orderContract, type Settlement } from '../contract';
import { draftFor, forgetDraft } from '../draft';
import { formFieldOf, invoiceOf, invoiceProblem } from '../invoice';
import { PAY_PATH, SETTLEMENT_PATH } from '../paths';
import { announcePlaced } from '../placed';
import { isOneSku, settlementSource } from '../rules';
import { orderSettlementSections } from '../sections';
import './settlement.css';

/** The most of one SKU "buy now" may ask for (the contract's quantity limit); stock is the server's to check. */
const MAX_QUANTITY = 9999;

/**
 * Another plugin's settlement of one source (the flash sale's, say) renders this page through
 * `OrderSettlement` (../public-client.ts) with a header of its own above the goods and its own
 * quantity limit (a quota).
 */
export interface SettlementProps extends PageProps {
  header?: ReactNode;
  maxQuantity?: number;
}

export default function SettlementPage({ query, header, maxQuantity = MAX_QUANTITY }: SettlementProps) {
  const kernel = useKernel();
  const { t } = useT('order');
  const session = useSession();
  const source = useMemo(() => settlementSource(query), [query]);
  const draftKey = `${session.user?.id ?? 0}|${query.from}|${query.goods_id}|${query.sku_id}|${query.num}`;
  const draft = useMemo(() => draftFor(draftKey), [draftKey]);
  const { chosenId } = useSnapshot(addressStore);
  const [num, setNum] = useState(draft.num ?? (isOneSku(source) ? source.num : 1));
  const [wantsInvoice, setWantsInvoice] = useState(draft.wantsInvoice);
  const [choices, setChoices] = useState<Record<string, number>>(draft.choices);
  const form = useForm(draft.values);
  const sections = [...useExtensions(orderSettlementSections).items].sort((a, b) => a.order - b.order);
  const choose = (id: string) => (choice: number | undefined) =>
    setChoices(({ [id]: _dropped, ...rest }) => (choice === undefined ? rest : { ...rest, [id]: choice }));

  const order = source && { ...(isOneSku(source) ? { ...source, num } : source), ...(Object.keys(choices).length > 0 ? { choices } : {}) };
  const preview = useCall(orderContract.settlement, order ? { ...order, address_id: chosenId ?? undefined } : null);
  const data = preview.data;

  useEffect(() => {
    Object.assign(draft, { values: form.values, wantsInvoice, num: isOneSku(source) ? num : null, choices });
  }, [draft, form.values, wantsInvoice, num, source, choices]);

  // The balance comes fresh with the preview; the payment screen shows it.
  useEffect(() => {
    if (data && kernel.session.state.user) kernel.session.update({ money: data.money });
  }, [data, kernel]);

  // A new quantity the server refuses (stock): say why and go back to the last one it took.
  const { status, error } = preview;
  useEffect(() => {
    if (status !== 'error' || !data) return;
    if (error?.msg) toast(error.msg);
    if (isOneSku(source) && data.num !== num) setNum(data.num);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal: a new status, not a new quantity or preview, is what says so again
  }, [status]);

  const submit = form.handleSubmit({
    validate: (values) => (wantsInvoice ? invoiceProblem(values) : null),
    send: async (values) => {
      if (!order || !data?.address) return;
      try {
        const placed = await kernel.http.data(
          orderContract.confirm,
          {
            ...order,
            address_id: data.address.id,
            invoice: wantsInvoice ? invoiceOf(values) : null,
            remark: values.remark.trim() || undefined,
            request_key: draft.requestKey,
          },
          { toastError: false },
        );
        forgetDraft(draftKey);
        forgetChosenAddress();
        void announcePlaced(kernel, { source: order.source, order_no: placed.order_no });
        kernel.nav.replace(PAY_PATH, { order_no: placed.order_no });
      } catch (failure) {
        if (!isCallError(failure)) throw failure;
        if (failure.reason !== 'business') return; // the kernel has shown a network or HTTP problem
        const refused = refusedField(failure);
        const name = refused ? formFieldOf(refused.field) : null;
        if (refused && name && (name === 'remark' || wantsInvoice)) {
          form.check({ field: name, key: 'order:settlement.problem', params: { message: refused.message } });
        } else {
          toast(failure.msg);
        }
      }
    },
  });

  const onSubmit = () => {
    if (!data) return;
    if (!data.address) return void toast(t('message.address_required'));
    submit();
  };

  if (!source) return <Page><ErrorState message={t('validation.source')} /></Page>;

  // Bought now in a quantity above the stock from the start (nothing to go back to): offer what there is.
  const available = isOneSku(source) && status === 'error' && !data ? availableOf(error) : null;
  if (available !== null) {
    const buyAvailable = () => kernel.nav.replace(SETTLEMENT_PATH, { ...query, num: String(available) });
    return (
      <Page className="order-settlement">
        <ShortOfStock message={error?.msg ?? ''} available={available} onBuy={buyAvailable} onRetry={() => void preview.reload()} />
      </Page>
    );
  }

  const footer = data ? (
    <div className="order-submit">
      <span className="order-submit__count">{t('settlement.count', { count: data.num })}</span>
      <span className="order-submit__total">
        {t('settlement.total')}
        <Price value={data.pay_amount} size="large" />
      </span>
      <Button variant="primary" round loading={form.busy} disabled={preview.status === 'loading'} onClick={onSubmit}>
        {t('settlement.submit')}
      </Button>
    </div>
  ) : undefined;

  return (
    <Page footer={footer} className="order-settlement">
      <Async
        state={preview}
        loading={<Skeleton rows={2} avatar count={3} />}
        isEmpty={(settlement) => settlement.lines.length === 0}
        empty={<Empty text={t('message.nothing_selected')} />}
      >
        {(settlement: Settlement) => (
          <>
            {header}
            <AddressSection address={settlement.address} />
            <section className="order-card" aria-label={t('settlement.goods')}>
              <OrderLines lines={settlement.lines} />
              {isOneSku(source) && (
                <div className="order-settlement__quantity">
                  <span>{t('settlement.quantity')}</span>
                  <Stepper value={num} onChange={setNum} min={1} max={maxQuantity} label={t('settlement.quantity')} disabled={preview.status === 'loading'} />
                </div>
              )}
            </section>
            <InvoiceSection wanted={wantsInvoice} onWantedChange={setWantsInvoice} form={form} />
            <section className="order-card">
              <Field label={t('settlement.remark')} placeholder={t('settlement.remark_placeholder')} maxLength={200} {...form.field('remark')} />
            </section>
            {sections.map(({ id, component: Section }) => (
              <Section key={id} settlement={settlement} choice={choices[id]} choose={choose(id)} busy={preview.status === 'loading'} />
            ))}
            <section className="order-card">
              <Amounts goodsAmount={settlement.goods_amount} adjustments={settlement.adjustments} payAmount={settlement.pay_amount} />
            </section>
          </>
        )}
      </Async>
    </Page>
  );
}
