'use client';

import { Suspense, useState, type Ref } from 'react';
import { MoreIcon } from '@/components/ui/icons/more';
import styles from './take-options-menu.module.css';

type OptionsTriggerProps = {
  label: string;
  expanded: boolean;
  controls?: string;
  onClick?(): void;
  ref?: Ref<HTMLButtonElement>;
};

/** The ⋯ button of a take's or a comment's menu (components/take-card/take-options-menu.tsx), alone. */
export function OptionsTrigger({ label, expanded, controls, onClick, ref }: OptionsTriggerProps) {
  return (
    <button
      ref={ref}
      type="button"
      className={styles.trigger}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onClick}
    >
      <MoreIcon size={20} />
    </button>
  );
}

type OptionsButtonProps = Pick<OptionsTriggerProps, 'label' | 'expanded' | 'onClick'> & {
  /** The class of the box the menu sits in, when its place has one (a comment's). */
  className?: string;
};

/** The button where the menu will be: in its place before the menu's code has loaded. */
export function OptionsButton({ label, expanded, onClick, className }: OptionsButtonProps) {
  const button = (
    <div className={styles.root}>
      <OptionsTrigger label={label} expanded={expanded} onClick={onClick} />
    </div>
  );
  return className ? <div className={className}>{button}</div> : button;
}

/**
 * The ⋯ button until it is first pressed, then `menu` (a React.lazy component that opens at once; the button stays,
 * pressed, while its code loads): a page shows the button on every card and comment, and the menu's code (its
 * options, the fan's mute and block, the dialogs) loads when a reader reaches for one, not with the page, nor runs on
 * every card as the page hydrates.
 */
export function OptionsOnDemand({ label, className, menu }: { label: string; className?: string; menu: () => React.ReactNode }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <OptionsButton label={label} className={className} expanded={false} onClick={() => setWanted(true)} />;
  return <Suspense fallback={<OptionsButton label={label} className={className} expanded />}>{menu()}</Suspense>;
}
