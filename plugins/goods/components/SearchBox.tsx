/** The search field of the list and search pages' headers: a real input, or a button that opens search. */
import { useState, type FormEvent } from 'react';
import { useT } from '@kernel/client/hooks';
import { Icon } from '@kernel/client/ui';
import './search-box.css';

export interface SearchBoxProps {
  /** With `onSearch` the box is an input; without, a button showing `value` that calls `onOpen`. */
  value: string;
  onSearch?: (keyword: string) => void;
  onOpen?: () => void;
  autoFocus?: boolean;
}

export function SearchBox({ value, onSearch, onOpen, autoFocus }: SearchBoxProps) {
  const { t } = useT('goods');
  const [text, setText] = useState(value);
  if (!onSearch) {
    return (
      <button type="button" className="goods-search-box goods-search-box--button" onClick={onOpen}>
        <Icon name="search" size={16} />
        <span className={value ? '' : 'goods-search-box__placeholder'}>{value || t('search.placeholder')}</span>
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) onSearch(text.trim());
  };
  return (
    <form role="search" className="goods-search-form" onSubmit={submit}>
      <label className="goods-search-box">
        <Icon name="search" size={16} />
        <input
          type="search"
          enterKeyHint="search"
          aria-label={t('search.placeholder')}
          placeholder={t('search.placeholder')}
          value={text}
          autoFocus={autoFocus}
          maxLength={60}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <button type="submit" className="goods-search-form__submit">
        {t('search.submit')}
      </button>
    </form>
  );
}
