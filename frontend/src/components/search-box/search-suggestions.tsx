import type { MenuSuggestions } from '@coffee-guide/contracts';
import { useEffect, useState, type MutableRefObject } from 'react';
import { apiGet } from '@/lib/api-client';
import type { SuggestionKeys } from './search-box';
import classes from './search-box.module.css';

interface Option {
  id: string;
  label: string;
  kind: 'Drink' | 'Category' | 'Flavour';
  detail?: string;
  path: string;
}

export interface SearchSuggestionsProps {
  query: string;
  listId: string;
  label: string;
  keys: MutableRefObject<SuggestionKeys | null>;
  onState: (state: { open: boolean; activeId?: string }) => void;
  onChoose: (path: string) => void;
}

const DEBOUNCE_MS = 120;

function optionsOf(s: MenuSuggestions, listId: string): Option[] {
  return [
    ...s.drinks.map((d) => ({
      label: d.name,
      kind: 'Drink' as const,
      detail: d.category,
      path: `/menu/${d.categorySlug}/${d.slug}`,
    })),
    ...s.categories.map((c) => ({ label: c.name, kind: 'Category' as const, path: `/menu/${c.slug}` })),
    ...s.flavors.map((f) => ({ label: f, kind: 'Flavour' as const, path: `/menu?search=${encodeURIComponent(f)}` })),
  ].map((o, i) => ({ ...o, id: `${listId}-${i}` }));
}

/**
 * The header box's suggestion list (the ARIA combobox pattern): loaded on the first keystroke, so the
 * pages' first load does not carry it. Arrow keys move, Enter opens the option, Escape closes.
 */
export default function SearchSuggestions({ query, listId, label, keys, onState, onChoose }: SearchSuggestionsProps) {
  const [options, setOptions] = useState<Option[]>([]);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiGet<MenuSuggestions>(`/api/menu/suggest?q=${encodeURIComponent(query.trim())}`, { signal: controller.signal })
        .then((s) => {
          setOptions(s ? optionsOf(s, listId) : []);
          setActive(-1);
          setDismissed(false);
        })
        .catch(() => setOptions([]));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, listId]);

  const open = !dismissed && options.length > 0;
  const activeId = open && active >= 0 ? options[active]?.id : undefined;

  useEffect(() => {
    onState({ open, activeId });
  }, [open, activeId, onState]);
  useEffect(() => () => onState({ open: false }), [onState]);

  keys.current = (event) => {
    if (event.key === 'Escape' && open) {
      setDismissed(true);
      return true;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return false;
      setDismissed(false);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 (the typed text) and each option, in a ring
      const states = options.length + 1;
      setActive((i) => ((i + 1 + step + states) % states) - 1);
      return true;
    }
    if (event.key === 'Enter' && open && active >= 0 && options[active]) {
      onChoose(options[active].path);
      return true;
    }
    return false;
  };

  if (!open) return null;
  return (
    <ul role="listbox" id={listId} aria-label={`Suggestions: ${label}`} className={classes.list}>
      {options.map((o, i) => (
        <li
          key={o.id}
          id={o.id}
          role="option"
          aria-selected={i === active}
          className={classes.option}
          // keep the focus in the input while a pointer picks an option
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(o.path)}
        >
          <span>{o.label}</span>
          <span className={classes.kind}>{o.detail ? `${o.kind} · ${o.detail}` : o.kind}</span>
        </li>
      ))}
    </ul>
  );
}
