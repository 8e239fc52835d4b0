import { ActionIcon, type MantineSize } from '@mantine/core';
import { lazy, Suspense, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { trackSearch } from '@/lib/analytics';
import { SearchIcon } from '../icons/icons';
import classes from './search-box.module.css';

export interface SearchBoxProps {
  /** Accessible name of the text field; several search boxes can be on one page. */
  label?: string;
  placeholder?: string;
  size?: Extract<MantineSize, 'sm' | 'md'>;
  onSubmitted?: () => void;
  className?: string;
  /** Offer drinks, categories and flavours while typing (a combobox); its code loads on the first keystroke. */
  suggest?: boolean;
}

/** Keys the open suggestion list handles (arrows, Enter on an option, Escape); true when it did. */
export type SuggestionKeys = (event: KeyboardEvent<HTMLInputElement>) => boolean;

const SearchSuggestions = lazy(() => import('./search-suggestions'));

/** docs/decisions.md, "Input rules": blank text is ignored; the URL carries the untrimmed text, analytics the trimmed one. */
export function menuSearchPath(text: string): string {
  return `/menu?search=${encodeURIComponent(text)}`;
}

/**
 * The search box of the navbar, the mobile panel and the home hero. A plain input styled like Mantine's:
 * it is in every page's first load, and Mantine's input family would add a tenth to it. A real GET form to
 * `/menu?search=`: without JavaScript the browser submits it and the server renders the results; with it,
 * the router navigates.
 */
export function SearchBox({
  label = 'Search drinks',
  placeholder = 'Search drinks…',
  size = 'sm',
  onSubmitted,
  className,
  suggest = false,
}: SearchBoxProps) {
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  // a submitted search closes the list until the text changes again
  const [dismissed, setDismissed] = useState(false);
  const [list, setList] = useState<{ open: boolean; activeId?: string }>({ open: false });
  const keys = useRef<SuggestionKeys | null>(null);
  const navigate = useNavigate();
  const inputId = useId();
  const listId = `${inputId}-suggestions`;
  const showSuggestions = suggest && focused && !dismissed && text.trim().length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === '') return;
    setDismissed(true);
    trackSearch(text);
    navigate(menuSearchPath(text));
    onSubmitted?.();
  };

  return (
    <form
      role="search"
      aria-label={label}
      action="/menu"
      method="get"
      onSubmit={submit}
      className={[classes.form, className].filter(Boolean).join(' ')}
      data-size={size}
    >
      <input
        id={inputId}
        // a combobox is a text box (the checker refuses role="combobox" on type="search")
        type={suggest ? 'text' : 'search'}
        name="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setDismissed(false);
        }}
        {...(suggest && {
          role: 'combobox',
          'aria-autocomplete': 'list' as const,
          'aria-expanded': showSuggestions && list.open,
          // only while the list is in the page: an id that points at nothing is invalid ARIA
          'aria-controls': showSuggestions && list.open ? listId : undefined,
          'aria-activedescendant': showSuggestions ? list.activeId : undefined,
          onFocus: () => setFocused(true),
          onBlur: () => setFocused(false),
          onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
            if (showSuggestions && keys.current?.(event)) event.preventDefault();
          },
        })}
        enterKeyHint="search"
        autoComplete="off"
        className={classes.input}
      />
      <ActionIcon type="submit" variant="subtle" size={size} aria-label="Search" className={classes.submit}>
        <SearchIcon size={18} />
      </ActionIcon>
      {showSuggestions && (
        <Suspense fallback={null}>
          <SearchSuggestions
            query={text}
            listId={listId}
            label={label}
            keys={keys}
            onState={setList}
            onChoose={(path) => {
              setText('');
              setFocused(false);
              navigate(path);
              onSubmitted?.();
            }}
          />
        </Suspense>
      )}
    </form>
  );
}
