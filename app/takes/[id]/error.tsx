'use client';

// docs/product.md#messages: the single take page's error text.
import { SegmentError, type ErrorBoundaryProps } from '@/components/errors/segment-error';

export default function TakeError(props: ErrorBoundaryProps) {
  return <SegmentError {...props} message="Error fetching data." />;
}
