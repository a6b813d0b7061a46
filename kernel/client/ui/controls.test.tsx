import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import { Badge, badgeText } from './Badge';
import { Chip, ChipGroup } from './Chip';
import { Field } from './Field';
import { Icon, ICONS } from './Icon';
import { Stepper } from './Stepper';
import { Tabs } from './Tabs';

describe('Stepper', () => {
  function Quantity({ max, onClamp }: { max: number; onClamp?: (requested: number, limit: number) => void }) {
    const [value, setValue] = useState(1);
    return <Stepper value={value} onChange={setValue} min={1} max={max} onClamp={onClamp} />;
  }

  it('steps within min and max, and clamps typed values', () => {
    renderWithKernel(<Quantity max={3} />, createTestKernel());
    const input = screen.getByRole('spinbutton', { name: '数量' }) as HTMLInputElement;
    const minus = screen.getByRole('button', { name: '减少' }) as HTMLButtonElement;
    const plus = screen.getByRole('button', { name: '增加' }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(input.value).toBe('3');
    expect(plus.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '99' } });
    expect(input.value).toBe('3');
    fireEvent.change(input, { target: { value: '0' } });
    expect(input.value).toBe('1');
  });

  it('tells the page when a typed number was moved to a bound, and not when it fits or the field is emptied', () => {
    const onClamp = vi.fn();
    renderWithKernel(<Quantity max={29} onClamp={onClamp} />, createTestKernel());
    const input = screen.getByRole('spinbutton', { name: '数量' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.change(input, { target: { value: '' } });
    expect(onClamp).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '999' } });
    expect(input.value).toBe('29');
    expect(onClamp).toHaveBeenCalledExactlyOnceWith(999, 29);
  });
});

describe('Badge', () => {
  it('hides zero and empty counts and caps large ones', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText('')).toBeNull();
    expect(badgeText(null)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
    expect(badgeText('new')).toBe('new');
  });

  it('pins the count to its children', () => {
    const { container } = renderWithKernel(<Badge count={3}>cart</Badge>, createTestKernel());
    expect(container.querySelector('.sf-badge-wrap .sf-badge')?.textContent).toBe('3');
  });
});

describe('Tabs', () => {
  it('marks the selected tab and reports clicks', () => {
    const onChange = vi.fn();
    renderWithKernel(
      <Tabs items={[{ key: 'all', label: '全部' }, { key: 'unpaid', label: '待付款', badge: 2 }]} value="all" onChange={onChange} />,
      createTestKernel(),
    );
    expect(screen.getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: /待付款/ }));
    expect(onChange).toHaveBeenCalledWith('unpaid');
  });
});

describe('Field', () => {
  it('labels the input and announces its error', () => {
    const onChange = vi.fn();
    renderWithKernel(<Field label="手机号" value="" onChange={onChange} error="请输入正确的11位手机号" />, createTestKernel());
    const input = screen.getByLabelText('手机号');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('请输入正确的11位手机号');
    fireEvent.change(input, { target: { value: '138' } });
    expect(onChange).toHaveBeenCalledWith('138', expect.anything());
  });
});

describe('Icon', () => {
  it('has every icon of the set and renders URLs as images', () => {
    const names = ['home', 'category', 'cart', 'user', 'search', 'back', 'arrow-right', 'close', 'check', 'star', 'gift', 'key', 'coupon', 'wallet', 'card', 'order', 'location', 'service', 'setting', 'bell', 'team', 'lottery', 'flash', 'seckill', 'article', 'lang', 'logout', 'plus', 'minus', 'trash', 'eye', 'eye-off', 'yuan', 'package', 'truck', 'parcel-check'];
    expect(Object.keys(ICONS).sort()).toEqual([...names].sort());
    const { container } = renderWithKernel(
      <>
        <Icon name="cart" label="购物车" />
        <Icon name="/uploads/menu.png" label="menu" />
      </>,
      createTestKernel(),
    );
    expect(screen.getByRole('img', { name: '购物车' }).tagName.toLowerCase()).toBe('svg');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/menu.png');
  });
});

describe('Chip', () => {
  it('is a toggle with a state when selectable, a plain button otherwise', () => {
    const onClick = vi.fn();
    renderWithKernel(
      <ChipGroup label="品牌">
        <Chip selected onClick={onClick}>
          声悦
        </Chip>
        <Chip selected={false} disabled>
          极光
        </Chip>
        <Chip>耳机</Chip>
      </ChipGroup>,
      createTestKernel(),
    );
    const group = screen.getByRole('group', { name: '品牌' });
    const [chosen, unavailable, plain] = [...group.querySelectorAll('button')];
    expect([chosen.getAttribute('aria-pressed'), unavailable.getAttribute('aria-pressed'), plain.hasAttribute('aria-pressed')]).toEqual(['true', 'false', false]);
    expect(unavailable.disabled).toBe(true);
    fireEvent.click(chosen);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
