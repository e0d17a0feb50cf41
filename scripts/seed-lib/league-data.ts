import type { LeagueFile } from '@/lib/league-files';
import { seasonName } from '@/lib/league';
import roster from '@/lib/data/league/shipped/roster.json';
import topics from '@/lib/data/league/shipped/topics.json';
import type { ReferenceData } from '@/scripts/seed-lib/demo-data';

/** The shipped league (lib/data/league/shipped/) in the shape the demo's builders take it. */
export function shippedReference(): ReferenceData {
  return {
    teams: roster.teams.map((t) => ({
      id: t.team_id,
      name: t.name,
      city: t.city,
      nickname: t.nickname,
      abbreviation: t.abbreviation,
      conference: t.conference as 'East' | 'West',
      primaryColor: t.primary_color,
      secondaryColor: t.secondary_color,
    })),
    players: roster.players.map((p) => ({ id: p.player_id, name: p.name, teamId: p.team_id, position: p.position, jersey: p.jersey })),
    topics: topics.topics.map((t) => ({ id: t.topic_id, name: t.name, description: t.description })),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of games around the demo's today: enough for yesterday's finals, tonight's and tomorrow's, and a week ahead. */
const DAYS = { before: 3, after: 7 } as const;
/** Tip-offs, Eastern time, as the league spreads an evening's games. */
const TIPOFFS_ET = ['19:00', '19:30', '19:30', '20:00', '20:00', '20:30', '21:00', '22:00', '22:00', '22:30'];

/** A small deterministic generator (mulberry32): the same day always gets the same games. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The calendar day in New York at an instant, as y/m/d. */
function easternDay(at: Date): { y: number; m: number; d: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { y: part('year'), m: part('month'), d: part('day') };
}

/** The instant of a wall-clock time in New York that day (its offset is -5 or -4 hours, daylight saving told apart). */
function easternInstant({ y, m, d }: { y: number; m: number; d: number }, time: string): Date {
  const [h, min] = time.split(':').map(Number) as [number, number];
  for (const offset of [5, 4]) {
    const guess = new Date(Date.UTC(y, m - 1, d, h + offset, min));
    const hour = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(guess),
    );
    if (hour === h) return guess;
  }
  return new Date(Date.UTC(y, m - 1, d, h + 5, min));
}

/**
 * The demo's schedule: every day from three days before the seed's day (in New York) to a week after, 5 to 10 games a
 * day between teams paired at random for that day, as a league file for the importer. The games of earlier days are
 * final with a score, today's and later ones scheduled: yesterday's finals, tonight's and tomorrow's games on any day
 * the demo starts, and the same file all day long, so seeding again the same day changes nothing. Ids are the league's
 * shape in a range its real schedule does not use (game numbers from 90000), so the same day always has the same ids
 * and importing the real schedule beside them collides with nothing.
 */
export function demoSchedule(reference: ReferenceData, now: Date): LeagueFile {
  const today = easternDay(now);
  const todayUtc = Date.UTC(today.y, today.m - 1, today.d);
  const games: Record<string, unknown>[] = [];
  for (let offset = -DAYS.before; offset <= DAYS.after; offset += 1) {
    const day = easternDay(new Date(todayUtc + offset * DAY_MS + 12 * 60 * 60 * 1000));
    const firstYear = day.m >= 8 ? day.y : day.y - 1;
    const dayOfSeason = Math.round((Date.UTC(day.y, day.m - 1, day.d) - Date.UTC(firstYear, 7, 1)) / DAY_MS);
    const next = random(dayOfSeason + firstYear * 1000);
    const teams = [...reference.teams];
    for (let i = teams.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [teams[i], teams[j]] = [teams[j]!, teams[i]!];
    }
    const count = 5 + Math.floor(next() * 6);
    for (let slot = 0; slot < count; slot += 1) {
      const [home, away] = [teams[slot * 2]!, teams[slot * 2 + 1]!];
      const tipoff = easternInstant(day, TIPOFFS_ET[slot]!);
      const id = 20_000_000 + (firstYear % 100) * 100_000 + 90_000 + dayOfSeason * 15 + slot;
      const [homeScore, awayScore] = [95 + Math.floor(next() * 36), 95 + Math.floor(next() * 36)];
      const over = offset < 0;
      games.push({
        game_id: String(id).padStart(10, '0'),
        season: seasonName(firstYear),
        tipoff: tipoff.toISOString(),
        home_team_id: home.id,
        away_team_id: away.id,
        status: over ? 'final' : 'scheduled',
        // No ties in basketball: a level score went to overtime, and the home side won it.
        home_score: over ? homeScore + (homeScore === awayScore ? 3 : 0) : null,
        away_score: over ? awayScore : null,
      });
    }
  }
  return { name: 'demo-schedule.json', text: JSON.stringify({ games }, null, 2) };
}
