import { notFound } from 'next/navigation';

/** /moderation is a 404 for every request; ./not-found.tsx shows admins the queue (see ModerationGate). */
export default function ModerationPage() {
  notFound();
}
