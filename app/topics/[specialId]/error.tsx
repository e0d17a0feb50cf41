'use client';

// The topic page's error text, worded as the player and team pages' of spec §8.
import { SegmentError, type ErrorBoundaryProps } from '@/components/errors/segment-error';

export default function TopicError(props: ErrorBoundaryProps) {
  return <SegmentError {...props} message="Error fetching topic data or takes." />;
}
