'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ENTITY_KIND } from '@/components/create-take/entity-kind';
import { CheckIcon } from '@/components/ui/icons/check';
import { matchOptions, optionKey, type EntityOption } from './entity-options';
import styles from './entity-combobox.module.css';
import { Input } from '@/components/ui/input';

type EntityComboboxProps = {
  id: string;
  label: string;
  options: EntityOption[];
  selectedKeys: ReadonlySet<string>;
  /** Tags: the list stays open and the text clears after each pick. */
  multiple?: boolean;
  /** Single select: the chosen option's name, shown in the box. */
  selectedLabel?: string;
  onPick(option: EntityOption): void;
  placeholder: string;
  loading: boolean;
  disabled?: boolean;
  describedBy?: string;
};

/**
 * A searchable select following the WAI-ARIA combobox pattern: focus stays in
 * the text box, arrows move the active option (aria-activedescendant), Enter
 * picks it, Escape closes the list before it closes the dialog around it.
 */
export function EntityCombobox(props: EntityComboboxProps) {
  const { id, label, options, selectedKeys, multiple = false, selectedLabel, onPick, placeholder, loading, disabled, describedBy } = props;
  const listId = useId();
  const [query, setQuery] = useState(selectedLabel ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // Showing the chosen name is not a search: reopening then lists everything again.
  const matches = matchOptions(options, multiple || query !== selectedLabel ? query : '');
  const optionId = (index: number) => `${listId}-${index}`;
  const activeIndex = active < matches.length ? active : -1;
  const expanded = open && !disabled;
  const listOpen = expanded && matches.length > 0;
  const note = expanded && matches.length === 0 ? (loading ? 'Loading...' : 'No matches') : '';

  const pressing = useRef(false);
  useEffect(() => {
    if (!open) return;
    const down = () => (pressing.current = true);
    const up = () => (pressing.current = false);
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, [open]);

  /**
   * Closing waits for a press that moved focus away to finish: the list collapsing
   * mid-click shrinks the dialog's scroll area, and the button pressed (Create,
   * a tag's ×) would move out from under the pointer before the click lands.
   */
  const close = () => {
    if (!pressing.current) setOpen(false);
    else window.addEventListener('pointerup', () => window.setTimeout(() => setOpen(false)), { once: true });
  };

  // On a phone the list can open below the fold of the dialog: bring it into view once.
  useEffect(() => {
    if (listOpen) document.getElementById(listId)?.scrollIntoView({ block: 'nearest' });
  }, [listOpen, listId]);

  useEffect(() => {
    if (listOpen && activeIndex >= 0) document.getElementById(`${listId}-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [listOpen, activeIndex, listId]);

  const pick = (option: EntityOption) => {
    onPick(option);
    if (multiple) {
      setQuery('');
    } else {
      setQuery(option.label);
      setOpen(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive(Math.min(activeIndex + 1, matches.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive(Math.max(activeIndex - 1, 0));
        break;
      case 'Enter': {
        const option = open ? matches[activeIndex] : undefined;
        // An open list owns Enter, so a half-made choice never submits the form.
        if (open) event.preventDefault();
        if (option) pick(option);
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div className={styles.combobox}>
      <Input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={listOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={listOpen && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        disabled={disabled}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onClick={() => setOpen((value) => !value)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        aria-multiselectable={multiple || undefined}
        className={styles.list}
        hidden={!listOpen}
      >
        {listOpen &&
          matches.map((option, index) => {
            const selected = selectedKeys.has(optionKey(option));
            return (
              <li
                key={optionKey(option)}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                className={styles.option}
                data-active={index === activeIndex || undefined}
                // Keeps focus in the text box, so the pick does not blur and close first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
                onMouseMove={() => index !== activeIndex && setActive(index)}
              >
                <span className={styles.check} aria-hidden="true">
                  {selected && <CheckIcon size={16} />}
                </span>
                <span className={styles.label}>{option.label}</span>
                <span className={styles.type}>{ENTITY_KIND[option.entityType]}</span>
              </li>
            );
          })}
      </ul>
      {/* Always mounted, so screen readers announce the text when it appears. */}
      <p className={note ? styles.note : 'visually-hidden'} role="status">
        {note}
      </p>
    </div>
  );
}
