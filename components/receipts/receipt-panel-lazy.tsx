'use client';

import dynamic from 'next/dynamic';

// Only a take with a check-back date has a receipt: its code comes with a page that shows one, not with every list.
export const ReceiptPanel = dynamic(() => import('./receipt-panel').then((m) => m.ReceiptPanel));
