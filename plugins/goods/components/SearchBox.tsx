/**
 * Goods search in the list and search pages' headers, with goods' wording: a search form, or the
 * current keyword as a button that opens the search page. The field itself is the kit's SearchBar.
 */
import { useT } from '@kernel/client/hooks';
import { SearchBar } from '@kernel/client/ui';

export interface SearchBoxProps {
  /** With `onSearch` the box is an input; without, a button showing `value` that calls `onOpen`. */
  value: string;
  onSearch?: (keyword: string) => void;
  onOpen?: () => void;
  autoFocus?: boolean;
}

export function SearchBox({ value, onSearch, onOpen, autoFocus }: SearchBoxProps) {
  const { t } = useT('goods');
  return (
    <SearchBar
      placeholder={t('search.placeholder')}
      submitText={t('search.submit')}
      value={value}
      onSearch={onSearch}
      onClick={onOpen}
      autoFocus={autoFocus}
    />
  );
}
