import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import { Modal } from './Modal';
import { Sheet } from './Sheet';

function Filters({ withAlert = false }: { withAlert?: boolean }) {
  const [open, setOpen] = useState(false);
  const [alerting, setAlerting] = useState(withAlert);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        筛选
      </button>
      <Sheet
        open={open}
        title="筛选条件"
        onClose={() => setOpen(false)}
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            确定
          </button>
        }
      >
        <input aria-label="最低价" />
      </Sheet>
      <Modal open={open && alerting} title="提示" showCancel={false} onConfirm={() => setAlerting(false)}>
        已更新
      </Modal>
    </>
  );
}

const openSheet = () => {
  const opener = screen.getByRole('button', { name: '筛选' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
};

describe('Sheet', () => {
  it('is a modal dialog named by its title, with a close button, body and footer', () => {
    renderWithKernel(<Filters />, createTestKernel());
    expect(screen.queryByRole('dialog')).toBeNull();
    openSheet();
    const sheet = screen.getByRole('dialog', { name: '筛选条件' });
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(within(sheet).getByLabelText('最低价')).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: '确定' })).toBeTruthy();
    expect(document.activeElement).toBe(sheet);
    expect(document.documentElement.style.overflow).toBe('hidden');
    fireEvent.click(within(sheet).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('closes on Escape and on the mask, handing focus back to what opened it', () => {
    renderWithKernel(<Filters />, createTestKernel());
    const opener = openSheet();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    openSheet();
    fireEvent.click(document.querySelector('.sf-sheet__mask')!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the sheet, both ways round', () => {
    renderWithKernel(<Filters />, createTestKernel());
    openSheet();
    const sheet = screen.getByRole('dialog');
    const close = within(sheet).getByRole('button', { name: '关闭' });
    const last = within(sheet).getByRole('button', { name: '确定' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    screen.getByRole('button', { name: '筛选' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });

  it('lets Escape close only the top layer: an alert over the sheet goes first', () => {
    renderWithKernel(<Filters withAlert />, createTestKernel());
    openSheet();
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: '筛选条件' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('dims the whole screen behind it, even when opened from inside a fixed, transformed bar', () => {
    renderWithKernel(
      <div className="sf-fixed-bottom" data-testid="bar">
        <Filters />
      </div>,
      createTestKernel(),
    );
    openSheet();
    const layer = screen.getByRole('dialog', { name: '筛选条件' }).closest('.sf-sheet') as HTMLElement;
    expect(layer.parentElement).toBe(document.body);
    expect(screen.getByTestId('bar').contains(layer)).toBe(false);
    expect(layer.querySelector('.sf-sheet__mask')).not.toBeNull();
  });
});
