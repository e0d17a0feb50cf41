'use client';

import { usePathname } from 'next/navigation';
import { SegmentError, type ErrorBoundaryProps } from '@/components/errors/segment-error';

// Every page without a boundary of its own lands here; the home feed keeps the feed text of docs/product.md#messages.
export default function RootError(props: ErrorBoundaryProps) {
  const home = usePathname() === '/';
  return <SegmentError {...props} message={home ? 'Error loading posts.' : 'Error fetching data.'} />;
}
