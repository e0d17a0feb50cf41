'use client';

import dynamic from 'next/dynamic';

// Only an open or decided receipt has a vote to cast (a pending one is components/receipts/receipt-due.tsx): its code
// comes with a page that shows one, not with every list.
export const ReceiptPanel = dynamic(() => import('./receipt-panel').then((m) => m.ReceiptPanel));
