import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import { SearchBar } from './SearchBar';

describe('SearchBar', () => {
  it('searches the trimmed keyword, and nothing for blanks', () => {
    const onSearch = vi.fn();
    renderWithKernel(<SearchBar placeholder="搜索商品" value="耳机" onSearch={onSearch} />, createTestKernel());
    const form = screen.getByRole('search');
    const box = screen.getByRole('searchbox', { name: '搜索商品' }) as HTMLInputElement;
    expect(box.value).toBe('耳机');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(form);
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: ' 口红 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(onSearch).toHaveBeenCalledWith('口红');
  });

  it('is a link to a search page, or a button showing the keyword', () => {
    const onClick = vi.fn();
    renderWithKernel(
      <>
        <SearchBar placeholder="搜索商品" to="/goods/search/search" />
        <SearchBar placeholder="搜索商品" value="X5" onClick={onClick} />
      </>,
      createTestKernel(),
    );
    expect(screen.getByRole('link', { name: '搜索商品' }).getAttribute('href')).toBe('#/goods/search/search');
    fireEvent.click(screen.getByRole('button', { name: 'X5' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
