import { notFound } from 'next/navigation';

/**
 * Any address no route claims (docs/product.md#screens): answered 404 by this segment's
 * not-found, which shows the home feed. The feed lives in that segment's own
 * boundary, not in app/not-found.tsx, because Next renders a not-found boundary
 * into the payload of every page beneath it: every page would otherwise carry
 * (and render) the feed's first page.
 */
export default function UnlistedPage() {
  notFound();
}
