'use client';

import { useId, useState, type FormEvent } from 'react';
import { importLeagueFiles } from '@/lib/client/league';
import type { ImportReport } from '@/lib/validation/league';
import { FormError } from './form-error';
import { useLeagueAction } from './use-league-action';
import styles from './league.module.css';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';

/**
 * League files in (docs/league-data.md): "Check" shows the difference and writes nothing; "Apply" writes it, all or
 * nothing. A bad row refuses the whole upload, with its file, line and field.
 */
export function ImportPanel({ onApplied }: { onApplied(): void }) {
  const { run, busy, error } = useLeagueAction();
  const ids = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [complete, setComplete] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  const send = async (dryRun: boolean) => {
    setReport(null);
    const answer = await run((token) => importLeagueFiles(files, { dryRun, complete }, token), dryRun ? undefined : 'Import applied.');
    if (answer) setReport(answer);
    if (answer?.applied) onApplied();
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    void send(true);
  };

  const counts = Object.entries(report?.counts ?? {});
  return (
    <div className={styles.columns}>
      <form className={styles.card} onSubmit={check} aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`} className={styles.cardTitle}>
          Import league files
        </h2>
        <p className={styles.sub}>A roster or a schedule, CSV or JSON, keyed by the league&apos;s own player, team and game ids.</p>
        <Field label="Files" id={`${ids}-files`}>
          {(control) => (
            <input
              {...control}
              type="file"
              multiple
              accept=".csv,.json,text/csv,application/json"
              onChange={(e) => {
                setFiles([...(e.target.files ?? [])]);
                setReport(null);
              }}
            />
          )}
        </Field>
        <label className={styles.check}>
          <input type="checkbox" checked={complete} onChange={(e) => setComplete(e.target.checked)} />
          The roster is complete for its teams: their players missing from it have left them
        </label>
        <FormError error={error} />
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" disabled={busy || files.length === 0}>
            {busy ? 'Checking...' : 'Check (dry run)'}
          </Button>
          <Button
            type="button"
            variant="primary"
            disabled={busy || !report?.dryRun || counts.length === 0}
            onClick={() => void send(false)}
          >
            Apply
          </Button>
        </div>
      </form>
      <div className={styles.card} aria-live="polite">
        <h2 className={styles.cardTitle}>{report ? (report.dryRun ? 'What it would change' : 'What it changed') : 'The difference'}</h2>
        {!report && <p className={styles.empty}>Check files to see what they would change. Nothing is written until you apply.</p>}
        {report && counts.length === 0 && <p className={styles.empty}>Nothing to change: the league is like this already.</p>}
        {counts.length > 0 && (
          <ul className={styles.counts} aria-label="Counts">
            {counts.map(([what, n]) => (
              <li key={what} className={styles.badge}>
                {what}: {n}
              </li>
            ))}
          </ul>
        )}
        {report && report.conflicts > 0 && (
          <p className={styles.error}>{report.conflicts} change(s) were left alone: their subject was changed meanwhile.</p>
        )}
        {report && report.changes.length > 0 && (
          <ul className={styles.changes} aria-label="Changes">
            {report.changes.map((change) => (
              <li key={`${change.subject}:${change.subjectId}`} className={styles.change}>
                <span className={styles.changeTop}>
                  <span className={styles.badge}>{change.action}</span>
                  <span>{change.summary}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
