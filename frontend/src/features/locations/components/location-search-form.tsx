import { Button, Group, TextInput } from '@mantine/core';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { SearchIcon } from '@/components/icons/icons';

export interface LocationSearchFormProps {
  initial: string;
  /** The search text (blank when the visitor applied the filters alone). */
  onSearch: (q: string) => void;
  /** Shown after the submit button (Use My Location). */
  extra?: ReactNode;
  /** The filters, inside the same form: one GET submits the search and the filters together. */
  children?: ReactNode;
}

/**
 * docs/decisions.md, "Pages and routes": 'Enter your city, state, or ZIP code' and 'Find Locations'. One GET
 * form to /locations with the search and the filters (`?q=...&filter=open-now`): without JavaScript the
 * browser submits both and the server renders the results (docs/web.md, "Reading without JavaScript").
 */
export function LocationSearchForm({ initial, onSearch, extra, children }: LocationSearchFormProps) {
  const [text, setText] = useState(initial);
  const id = useId();
  useEffect(() => setText(initial), [initial]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form role="search" aria-label="Find locations" action="/locations" method="get" onSubmit={submit}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          id={id}
          type="search"
          name="q"
          label="City, state or ZIP code"
          placeholder="Enter your city, state, or ZIP code"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          leftSection={<SearchIcon size={16} />}
          enterKeyHint="search"
          style={{ flex: '1 1 260px' }}
          size="md"
        />
        <Button type="submit" size="md">
          Find Locations
        </Button>
        {extra}
      </Group>
      {children}
    </form>
  );
}
