'use client';

import { useState } from 'react';
import {
  checkBackOptions,
  dayStart,
  earliestCheckBackDay,
  latestCheckBackDay,
  type CheckBackInput,
  type CheckBackPreset,
} from '@/lib/receipts/receipts';
import { formatDueDate } from '@/lib/receipts/due-date';
import styles from './create-take.module.css';
import { Input, Select } from '@/components/ui/input';

type CheckBackFieldProps = { id: string; value: CheckBackInput | null; onChange(value: CheckBackInput | null): void };

/**
 * The optional check-back date of a take: a preset (with the day it means
 * today) or a custom day up to two years out. The server resolves the preset
 * again with its own clock; the days here are what the author is shown.
 */
export function CheckBackField({ id, value, onChange }: CheckBackFieldProps) {
  const [today] = useState(() => new Date());
  const options = checkBackOptions(today);

  const choose = (preset: string) => {
    if (preset === '') onChange(null);
    else onChange({ preset: preset as CheckBackPreset, ...(preset === 'custom' ? { date: value?.date ?? '' } : {}) });
  };

  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={`${id}-preset`}>Check back</label>
        <span className={styles.counter}>Optional</span>
      </div>
      <Select id={`${id}-preset`} value={value?.preset ?? ''} onChange={(e) => choose(e.target.value)} aria-describedby={`${id}-hint`}>
        <option value="">No check-back date</option>
        {options.map((option) => (
          <option key={option.preset} value={option.preset}>
            {option.label} ({formatDueDate(dayStart(option.day)!)})
          </option>
        ))}
        <option value="custom">Custom date</option>
      </Select>
      {value?.preset === 'custom' && (
        <>
          <label htmlFor={`${id}-date`} className="visually-hidden">
            Check-back date
          </label>
          <Input
            id={`${id}-date`}
            type="date"
            min={earliestCheckBackDay(today)}
            max={latestCheckBackDay(today)}
            value={value.date ?? ''}
            onChange={(e) => onChange({ preset: 'custom', date: e.target.value })}
          />
        </>
      )}
      <p id={`${id}-hint`} className={styles.hint}>
        From that day, fans vote on whether your take aged well.
      </p>
    </div>
  );
}
