import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import { SearchResult } from './SearchResult';

describe('SearchResult', () => {
  it('announces what a search found and clears it on request', () => {
    const onClear = vi.fn();
    renderWithKernel(
      <SearchResult clearText="清除搜索" onClear={onClear}>
        “茶”共找到 3 篇
      </SearchResult>,
      createTestKernel(),
    );
    expect(screen.getByRole('status').textContent).toBe('“茶”共找到 3 篇清除搜索');
    fireEvent.click(screen.getByRole('button', { name: '清除搜索' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
