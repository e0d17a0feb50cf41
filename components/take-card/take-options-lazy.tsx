'use client';

import { lazy } from 'react';
import { OptionsOnDemand } from './options-trigger';
import type { TakeOptionsProps } from './take-options';

// Loaded when a card's ⋯ is first pressed (components/take-card/options-trigger.tsx).
const Menu = lazy(() => import('./take-options').then((m) => ({ default: m.TakeOptions })));

/** The card's ⋯ menu (./take-options.tsx), its code loaded on the first press. */
export function TakeOptions(props: TakeOptionsProps) {
  return <OptionsOnDemand label="Take options" menu={() => <Menu {...props} initiallyOpen />} />;
}
