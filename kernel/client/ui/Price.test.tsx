import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price, priceParts } from './Price';

describe('Price', () => {
  it('reads numbers as fen and strings as yuan', () => {
    expect(priceParts(1250)).toEqual(['12', '50']);
    expect(priceParts('12.5')).toEqual(['12', '50']);
    expect(priceParts('0.07')).toEqual(['0', '07']);
    expect(priceParts(0)).toEqual(['0', '00']);
  });

  it('draws ¥ and the decimals smaller, and strikes an original price through', () => {
    const { container } = render(
      <>
        <Price value="99.90" />
        <Price value={12900} del />
      </>,
    );
    const [sale, original] = container.querySelectorAll('.sf-price');
    expect(sale.textContent).toBe('¥99.90');
    expect(sale.querySelector('small.sf-price__decimals')?.textContent).toBe('.90');
    expect(original.tagName).toBe('DEL');
    expect(original.textContent).toBe('¥129.00');
  });
});
