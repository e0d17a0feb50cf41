'use client';

// docs/product.md#messages: the feed's error text.
import { SegmentError, type ErrorBoundaryProps } from '@/components/errors/segment-error';

export default function FeedError(props: ErrorBoundaryProps) {
  return <SegmentError {...props} message="Error loading posts." />;
}
