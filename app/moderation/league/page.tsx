import { notFound } from 'next/navigation';

/** /moderation/league is a 404 for every request; ./not-found.tsx shows administrators the league console (LeagueGate). */
export default function LeagueConsolePage() {
  notFound();
}
