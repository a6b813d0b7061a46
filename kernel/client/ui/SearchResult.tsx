/**
 * The line under a search box that says what a search found ("“tea”: 3 found") with a button that
 * clears the search: the search box alone cannot, as it ignores a blank search. Imported by its own
 * path (`@kernel/client/ui/SearchResult`): the home has no search results.
 */
import type { ReactNode } from 'react';
import './search-result.css';

export interface SearchResultProps {
  /** What was found, already translated. */
  children: ReactNode;
  /** The clear button's text, already translated. */
  clearText: string;
  onClear: () => void;
  className?: string;
}

export function SearchResult({ children, clearText, onClear, className = '' }: SearchResultProps) {
  return (
    <p className={`sf-search-result ${className}`} role="status">
      <span>{children}</span>
      <button type="button" className="sf-search-result__clear" onClick={onClear}>
        {clearText}
      </button>
    </p>
  );
}
