import { ActionIcon, TextInput, type MantineSize } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { trackSearch } from '../../lib/analytics';
import { SearchIcon } from '../icons/icons';

export interface SearchBoxProps {
  /** Accessible name of the text field; several search boxes can be on one page. */
  label?: string;
  placeholder?: string;
  size?: MantineSize;
  onSubmitted?: () => void;
  className?: string;
}

/** SPEC section 5: blank text is ignored; the URL carries the untrimmed text, analytics the trimmed one. */
export function menuSearchPath(text: string): string {
  return `/menu?search=${encodeURIComponent(text)}`;
}

export function SearchBox({ label = 'Search drinks', placeholder = 'Search drinks…', size = 'sm', onSubmitted, className }: SearchBoxProps) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const inputId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === '') return;
    trackSearch(text);
    navigate(menuSearchPath(text));
    onSubmitted?.();
  };

  return (
    <form role="search" aria-label={label} onSubmit={submit} className={className}>
      <TextInput
        id={inputId}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        size={size}
        enterKeyHint="search"
        rightSectionPointerEvents="all"
        rightSection={
          <ActionIcon type="submit" variant="subtle" size={size} aria-label="Search">
            <SearchIcon size={18} />
          </ActionIcon>
        }
      />
    </form>
  );
}
