'use client';

import { SegmentError, type ErrorBoundaryProps } from '@/components/errors/segment-error';
import './globals.css';

// Replaces the root layout when the layout itself fails, so it brings its own document.
export default function GlobalError(props: ErrorBoundaryProps) {
  return (
    <html lang="en">
      <body>
        <title>Takes — NBA hot takes</title>
        <SegmentError {...props} message="Error fetching data." />
      </body>
    </html>
  );
}
