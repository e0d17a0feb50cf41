'use client';

// A game page whose data cannot be read: the take page's text of docs/product.md#messages, with Retry.
import { SegmentError, type ErrorBoundaryProps } from '@/components/errors/segment-error';

export default function GameError(props: ErrorBoundaryProps) {
  return <SegmentError {...props} message="Error fetching data." />;
}
