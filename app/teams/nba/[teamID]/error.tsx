'use client';

// docs/product.md#messages: the team page's error text.
import { SegmentError, type ErrorBoundaryProps } from '@/components/errors/segment-error';

export default function TeamError(props: ErrorBoundaryProps) {
  return <SegmentError {...props} message="Error fetching team data or takes." />;
}
