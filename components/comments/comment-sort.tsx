'use client';

import { useId } from 'react';
import { COMMENT_SORT_LABELS, COMMENT_SORTS, type CommentSort } from '@/lib/discovery/sorts';
import styles from './comments.module.css';

/** New (the order of docs/product.md#screens) or Best (the Wilson bound of each comment's likes): native radios, styled as a small segmented bar. */
export function CommentSortControl({ value, onChange }: { value: CommentSort; onChange(sort: CommentSort): void }) {
  const name = useId();
  return (
    <fieldset className={styles.sort}>
      <legend className={styles.sortLegend}>Sort comments</legend>
      <span className={styles.sortOptions}>
        {COMMENT_SORTS.map((sort) => (
          <label key={sort} className={styles.sortOption}>
            <input
              type="radio"
              name={name}
              value={sort}
              checked={sort === value}
              onChange={() => onChange(sort)}
              className={styles.sortRadio}
            />
            <span>{COMMENT_SORT_LABELS[sort]}</span>
          </label>
        ))}
      </span>
    </fieldset>
  );
}
