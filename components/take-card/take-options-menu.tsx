'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { OptionsTrigger } from './options-trigger';
import styles from './take-options-menu.module.css';

type Option = { label: string; onSelect(): void; danger?: boolean };

/**
 * The ⋯ menu of a take or comment (menu button pattern): arrow keys move between
 * items, Escape or a click elsewhere closes it and focus goes back to the button.
 */
export function TakeOptionsMenu({
  options,
  label = 'Take options',
  initiallyOpen = false,
}: {
  options: Option[];
  label?: string;
  /** Open as it appears: it loaded because its button was pressed (components/take-card/options-trigger.tsx). */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemRefs.current.filter((el): el is HTMLButtonElement => el !== null);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div ref={rootRef} className={styles.root}>
      <OptionsTrigger
        ref={buttonRef}
        label={label}
        expanded={open}
        controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
      />
      {open && (
        <div id={menuId} role="menu" aria-label={label} className={styles.menu} onKeyDown={onMenuKeyDown}>
          {options.map((option, index) => (
            <button
              key={option.label}
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`${styles.item} ${option.danger ? styles.danger : ''}`}
              onClick={() => {
                close(true);
                option.onSelect();
              }}
            >
              {option.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
