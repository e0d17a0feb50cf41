'use client';

// The topic page's error text, worded as the player and team pages' of docs/product.md#messages.
import { SegmentError, type ErrorBoundaryProps } from '@/components/errors/segment-error';

export default function TopicError(props: ErrorBoundaryProps) {
  return <SegmentError {...props} message="Error fetching topic data or takes." />;
}
