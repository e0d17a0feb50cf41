import styles from './account-settings.module.css';

type SettingsSectionProps = { id: string; title: string; hint: React.ReactNode; danger?: boolean; children: React.ReactNode };

/** One part of Account Settings: its heading, a line on what it does, then its controls. */
export function SettingsSection({ id, title, hint, danger = false, children }: SettingsSectionProps) {
  return (
    <section className={danger ? `${styles.section} ${styles.dangerZone}` : styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <p className={styles.hint}>{hint}</p>
      {children}
    </section>
  );
}
