/**
 * The settlement's invoice request: a "需要发票" switch, then title, taxpayer id, address, phone,
 * bank, account and remark. The fields belong to the page's form, so a problem (found here or
 * by the server) shows under its field.
 */
import { useId } from 'react';
import type { Form } from '@kernel/client/form';
import { useT } from '@kernel/client/hooks';
import { Field } from '@kernel/client/ui/Field';
import type { InvoiceValues } from '../draft';
import { INVOICE_FIELDS } from '../invoice';
import './order.css';

export interface InvoiceSectionProps {
  wanted: boolean;
  onWantedChange: (wanted: boolean) => void;
  form: Form<InvoiceValues>;
}

export function InvoiceSection({ wanted, onWantedChange, form }: InvoiceSectionProps) {
  const { t } = useT('order');
  const id = useId();
  return (
    <section className="order-card order-invoice" aria-labelledby={`${id}-title`}>
      <div className="order-invoice__switch">
        <h2 id={`${id}-title`} className="order-section-title">
          {t('invoice.heading')}
        </h2>
        <label className="order-invoice__toggle">
          <span>{t('invoice.wanted')}</span>
          <input type="checkbox" role="switch" checked={wanted} onChange={(event) => onWantedChange(event.target.checked)} />
        </label>
      </div>
      {wanted && (
        <div className="order-invoice__fields">
          {INVOICE_FIELDS.map(([name]) => (
            <Field key={name} label={t(`invoice.${name}`)} placeholder={t(`invoice.${name}_placeholder`)} {...form.field(name)} />
          ))}
        </div>
      )}
    </section>
  );
}
