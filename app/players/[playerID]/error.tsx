'use client';

// docs/product.md#messages: the player page's error text.
import { SegmentError, type ErrorBoundaryProps } from '@/components/errors/segment-error';

export default function PlayerError(props: ErrorBoundaryProps) {
  return <SegmentError {...props} message="Error fetching player data or takes." />;
}
