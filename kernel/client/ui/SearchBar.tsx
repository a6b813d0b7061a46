/**
 * The rounded search field of headers. Three forms with one look:
 * - `onSearch`: a real search form (input and submit button) that reports the trimmed keyword;
 * - `to`: a link that opens a search page (a home header);
 * - `onClick`: a button showing the current keyword, e.g. to go back and change it.
 * What a search does, and the words it shows, belong to the plugin that searches.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { Link } from './Link';
import './search-bar.css';

export interface SearchBarProps {
  /** Already translated; also the field's accessible name. */
  placeholder: string;
  /** The keyword: the input's initial text, or the text a link/button shows instead of the placeholder. */
  value?: string;
  onSearch?: (keyword: string) => void;
  to?: string;
  onClick?: () => void;
  /** The submit button's text (default "Search"). */
  submitText?: string;
  autoFocus?: boolean;
  maxLength?: number;
  className?: string;
}

export function SearchBar({ placeholder, value = '', onSearch, to, onClick, submitText, autoFocus, maxLength = 60, className = '' }: SearchBarProps) {
  const { t } = useTranslation('kernel');
  const [text, setText] = useState(value);

  if (!onSearch) {
    const shown = (
      <>
        <Icon name="search" size={16} />
        <span className={`sf-search-bar__text${value ? '' : ' sf-search-bar__text--placeholder'}`}>{value || placeholder}</span>
      </>
    );
    return to !== undefined ? (
      <Link to={to} className={`sf-search-bar ${className}`}>
        {shown}
      </Link>
    ) : (
      <button type="button" className={`sf-search-bar ${className}`} onClick={onClick}>
        {shown}
      </button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) onSearch(text.trim());
  };
  return (
    <form role="search" className={`sf-search-form ${className}`} onSubmit={submit}>
      <label className="sf-search-bar">
        <Icon name="search" size={16} />
        <input
          type="search"
          enterKeyHint="search"
          aria-label={placeholder}
          placeholder={placeholder}
          value={text}
          autoFocus={autoFocus}
          maxLength={maxLength}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <button type="submit" className="sf-search-form__submit">
        {submitText ?? t('ui.search')}
      </button>
    </form>
  );
}
