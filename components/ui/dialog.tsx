'use client';

import { useEffect, useEffectEvent, useId, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '@/components/ui/icons/close';
import { MODAL_BACKDROP_MS, MODAL_TRANSITION_MS } from '@/lib/constants';
import styles from './dialog.module.css';

type DialogProps = {
  open: boolean;
  onClose(): void;
  title: string;
  /** No visible header: the title stays for screen readers and the content brings its own close control. */
  hideHeader?: boolean;
  placement?: 'center' | 'top';
  /** What receives focus on open; by default the dialog itself, so its title is read first and Tab enters it. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
  children: React.ReactNode;
};

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Open dialogs, topmost last: only the top one answers Escape and Tab when dialogs stack. */
const openDialogs: string[] = [];
let scrollLocks = 0;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function focusables(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

function trapTab(event: KeyboardEvent, panel: HTMLElement) {
  const items = focusables(panel);
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
  } else if (event.shiftKey && (active === first || !panel.contains(active) || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The site's one dialog: labelled by its title, focus kept inside while open and
 * returned to the opener on close, Escape / × / backdrop click close it. It stays
 * mounted for the exit transition, then unmounts.
 */
export function Dialog(props: DialogProps) {
  const { open } = props;
  const [rendered, setRendered] = useState(open);
  if (open && !rendered) setRendered(true);

  useEffect(() => {
    if (open || !rendered) return;
    const timer = window.setTimeout(() => setRendered(false), prefersReducedMotion() ? 0 : MODAL_TRANSITION_MS);
    return () => window.clearTimeout(timer);
  }, [open, rendered]);

  if (!rendered || typeof document === 'undefined') return null;
  return createPortal(<DialogFrame {...props} />, document.body);
}

function DialogFrame({ open, onClose, title, hideHeader, placement = 'center', initialFocusRef, className, children }: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const panelRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs.push(id);
    if (scrollLocks++ === 0) document.body.style.overflow = 'hidden';
    (initialFocusRef?.current ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== id) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab') {
        trapTab(event, panel);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(id), 1);
      if (--scrollLocks === 0) document.body.style.overflow = '';
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
    };
  }, [open, id, initialFocusRef]);

  const timing = {
    '--modal-ms': `${MODAL_TRANSITION_MS}ms`,
    '--backdrop-ms': `${MODAL_BACKDROP_MS}ms`,
  } as CSSProperties;

  return (
    <div
      className={`${styles.backdrop} ${placement === 'top' ? styles.top : ''}`}
      data-state={open ? 'open' : 'closed'}
      style={timing}
      onPointerDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // A drag that starts inside the panel and ends outside is a text selection, not a dismissal.
        if (event.target === event.currentTarget && pressStartedOnBackdrop.current) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${styles.panel} ${className ?? ''}`}
        inert={!open}
      >
        {hideHeader ? (
          <h2 id={titleId} className="visually-hidden">
            {title}
          </h2>
        ) : (
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
              <CloseIcon size={20} />
            </button>
          </div>
        )}
        {children}
      </div>
    </div>
  );
}
