import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { Icon } from './Icon';
import { t } from '@/lib/i18n/t';
import { foldText } from '@/lib/model/text-query';

export interface TokenInputProps {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  /** Suggestions for autocomplete (a catalogue); matching is by substring, case-insensitive. */
  suggestions?: readonly string[];
  /** Only allow values from `suggestions`. */
  strict?: boolean;
  placeholder?: string;
  hint?: string;
  max?: number;
}

const MAX_SUGGESTIONS = 8;

/**
 * A multi-value text input: Enter or comma adds a value, Backspace on an empty input removes the last one, and an
 * optional catalogue drives an ARIA combobox listbox (arrow keys + Enter).
 */
export function TokenInput({ label, values, onChange, suggestions, strict = false, placeholder, hint, max = 20 }: TokenInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);

  const matches = useMemo(() => {
    if (!suggestions || text.trim() === '') return [];
    // Compared as every filter compares (lib/model/text-query.ts): "sao" suggests "São Paulo".
    const q = foldText(text.trim());
    const taken = new Set(values.map((v) => foldText(v)));
    const starts: string[] = [];
    const contains: string[] = [];
    for (const s of suggestions) {
      const l = foldText(s);
      if (taken.has(l)) continue;
      if (l.startsWith(q)) starts.push(s);
      else if (l.includes(q)) contains.push(s);
      if (starts.length >= MAX_SUGGESTIONS) break;
    }
    return [...starts, ...contains].slice(0, MAX_SUGGESTIONS);
  }, [suggestions, text, values]);

  const add = (raw: string) => {
    const value = raw.trim();
    if (!value || values.length >= max) return;
    if (values.some((v) => v.toLowerCase() === value.toLowerCase())) return;
    if (strict && suggestions && !suggestions.some((s) => s.toLowerCase() === value.toLowerCase())) return;
    onChange([...values, value]);
    setText('');
    setActive(0);
  };

  const showList = open && matches.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (showList && event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((a) => (a + 1) % matches.length);
    } else if (showList && event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => (a - 1 + matches.length) % matches.length);
    } else if (event.key === 'Enter' || event.key === ',') {
      if (text.trim() === '') return;
      event.preventDefault();
      add(showList ? (matches[active] ?? text) : text);
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Backspace' && text === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };

  return (
    <div className="ui-field ui-tokens">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="ui-tokens__box">
        {values.map((value) => (
          <span className="ui-token" key={value}>
            <span className="ui-token__text">{value}</span>
            <button
              type="button"
              className="ui-token__remove"
              aria-label={t('ui_remove_token', value, label)}
              onClick={() => onChange(values.filter((v) => v !== value))}
            >
              <Icon name="x" size={12} />
            </button>
          </span>
        ))}
        <input
          id={id}
          className="ui-tokens__input"
          value={text}
          placeholder={values.length === 0 ? placeholder : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            if (!strict) add(text);
          }}
          onFocus={() => setOpen(true)}
          role={suggestions ? 'combobox' : undefined}
          aria-autocomplete={suggestions ? 'list' : undefined}
          aria-expanded={suggestions ? showList : undefined}
          aria-controls={suggestions ? `${id}-list` : undefined}
          aria-activedescendant={showList ? `${id}-opt-${active}` : undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          autoComplete="off"
        />
      </div>
      {suggestions && (
        <ul className="ui-tokens__list" id={`${id}-list`} role="listbox" aria-label={t('ui_suggestions', label)} hidden={!showList}>
          {showList &&
            matches.map((m, i) => (
              <li
                key={m}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                className={`ui-tokens__option${i === active ? ' ui-tokens__option--active' : ''}`}
                onMouseDown={(e) => {
                  e.preventDefault();
                  add(m);
                }}
              >
                {m}
              </li>
            ))}
        </ul>
      )}
      {hint && (
        <p className="ui-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
