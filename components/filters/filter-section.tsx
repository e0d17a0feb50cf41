'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useId, useOptimistic, useTransition } from 'react';
import { hrefWith, type Query } from '@/components/shared/filter-href';
import styles from './filters.module.css';

export type FilterOption = { value: string; label: string };

export type FilterControl = {
  /** The URL parameter this control writes. */
  param: string;
  label: string;
  options: FilterOption[];
  value: string;
  /** Left out of the URL when chosen, so the default view has the plain address. */
  defaultValue: string;
  /** A row of chips for a few short choices, a native select (the sort menu) otherwise. */
  variant: 'chips' | 'menu';
  /** Shown only while another control has one of these values (Top's time window); hidden, it leaves the URL. */
  onlyWith?: { param: string; values: string[] };
};

type FilterSectionProps = {
  /** The section's heading, shown in one row with the sort menu. */
  heading: React.ReactNode;
  controls: FilterControl[];
  /** Every filter of the page as it is in the URL, so changing one keeps the others. */
  query: Query;
  children: React.ReactNode;
};

/**
 * Filter controls for a server-rendered list. A change only rewrites the URL:
 * the server renders the new list, so every view is a link that can be shared.
 * The choice shows at once and the old list dims until the new one arrives.
 */
export function FilterSection({ heading, controls, query, children }: FilterSectionProps) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const values: Query = Object.fromEntries(controls.map((control) => [control.param, control.value]));
  const [shown, showChoice] = useOptimistic(values, (current: Query, change: Query) => ({ ...current, ...change }));
  const valueOf = (param: string, from: Query) => from[param] ?? controls.find((c) => c.param === param)?.defaultValue;
  const visible = (c: FilterControl, from: Query) => !c.onlyWith || c.onlyWith.values.includes(valueOf(c.onlyWith.param, from) ?? '');

  const choose = (control: FilterControl, value: string) => {
    // This section's values come from what is shown, so a second change made while the
    // first is still loading keeps the first instead of starting from the old URL.
    const changes: Record<string, string | null> = { page: null }; // a new order or window starts from page one
    const after = { ...shown, [control.param]: value };
    for (const c of controls) {
      const next = c.param === control.param ? value : (shown[c.param] ?? c.defaultValue);
      changes[c.param] = next === c.defaultValue || !visible(c, after) ? null : next;
    }
    const href = hrefWith(pathname, query, changes);
    startTransition(() => {
      showChoice({ [control.param]: value });
      router.push(href, { scroll: false });
    });
  };

  const render = (control: FilterControl) => {
    const value = shown[control.param] ?? control.defaultValue;
    const Control = control.variant === 'menu' ? Menu : Chips;
    return <Control key={control.param} control={control} value={value} onChoose={(next) => choose(control, next)} />;
  };

  return (
    <>
      <div className={styles.header}>
        {heading}
        {controls.filter((c) => c.variant === 'menu' && visible(c, shown)).map(render)}
      </div>
      <div className={styles.controls}>{controls.filter((c) => c.variant === 'chips' && visible(c, shown)).map(render)}</div>
      <div className={styles.results} aria-busy={pending} data-pending={pending || undefined}>
        {children}
      </div>
    </>
  );
}

type ControlProps = { control: FilterControl; value: string; onChoose(value: string): void };

/** Native radios under the chips: arrow keys, focus and the checked state come from the browser. */
function Chips({ control, value, onChoose }: ControlProps) {
  const name = useId();
  return (
    <fieldset className={styles.chips}>
      <legend className="visually-hidden">{control.label}</legend>
      {control.options.map((option) => (
        <label key={option.value} className={styles.chip}>
          <input
            type="radio"
            className={styles.radio}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChoose(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

function Menu({ control, value, onChoose }: ControlProps) {
  const id = useId();
  return (
    <div className={styles.menu}>
      <label htmlFor={id} className={styles.menuLabel}>
        {control.label}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChoose(event.target.value)}>
        {control.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
