import { z } from 'zod';
import { MUTE_DURATIONS_MS, MUTED_PHRASE_WORDS, MUTED_WORD_MAX_LENGTH, SHIELD_HOURS, type MuteDuration } from '@/lib/filters/constants';
import { wordKey } from '@/lib/filters/fan-filters';
import { nbaId, objectId, typedText } from '@/lib/validation/common';

/** A fan's own filters (docs/product.md#filters): the bodies of /api/account/filters and what it answers. */

/** Why a list shows an item collapsed, and the words its card shows before "show". */
export const collapsed = z
  .object({
    reason: z.enum(['spoiler', 'word', 'player', 'team']),
    label: z.string().describe('"Spoiler: Lakers @ Celtics", "Muted word: “trade”", "Muted player: …", "Muted team: …"'),
    game: z.number().nullable().describe('The game a spoiler is about (its Watched lifts the shield); null otherwise'),
  })
  .describe("Collapsed by the viewer's own filters: the item's text is not sent; reading it by id shows it");

const muteRuleAction = z
  .enum(['hide', 'collapse'], { error: 'must be hide or collapse' })
  .default('hide')
  .describe('hide: left out of every list; collapse: shown collapsed behind its reason');

const muteRuleDuration = z
  .enum(Object.keys(MUTE_DURATIONS_MS) as [MuteDuration, ...MuteDuration[]], { error: 'must be 24h, 7d or always' })
  .default('always')
  .describe('How long the mute lasts: 24 hours, 7 days, or until removed');

const mutedWord = typedText(MUTED_WORD_MAX_LENGTH, {
  required: 'Type a word to mute.',
  tooLong: `A muted word can be at most ${MUTED_WORD_MAX_LENGTH} characters.`,
})
  .refine((word) => wordKey(word) !== null, 'A muted word needs a letter or a digit.')
  .refine((word) => (wordKey(word) ?? '').split(' ').length <= MUTED_PHRASE_WORDS, `Mute at most ${MUTED_PHRASE_WORDS} words together.`)
  .describe('A word or a phrase; matched as whole words, whatever the case or accents');

/** POST /api/account/filters/mutes: mute a word, player or team; muting one again replaces its action and time. */
export const muteRuleBody = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('word'), word: mutedWord, action: muteRuleAction, duration: muteRuleDuration }),
    z.object({ kind: z.literal('player'), id: nbaId.describe('The player id'), action: muteRuleAction, duration: muteRuleDuration }),
    z.object({ kind: z.literal('team'), id: nbaId.describe('The team id'), action: muteRuleAction, duration: muteRuleDuration }),
  ],
  { error: 'kind must be word, player or team' },
);
export type MuteRuleInput = z.output<typeof muteRuleBody>;

const shieldHours = z
  .number({ error: `hours must be one of ${SHIELD_HOURS.join(', ')}` })
  .refine((hours) => (SHIELD_HOURS as readonly number[]).includes(hours), `hours must be one of ${SHIELD_HOURS.join(', ')}`)
  .describe('How long after tip-off the shield lifts by itself, if Watched has not lifted it first');

/** PUT /api/account/filters/teams/{teamID} and /games/{gameID}: watch a team's games later, or one game. */
export const shieldBody = z.object({ hours: shieldHours });

export const muteRuleParams = z.object({ id: objectId });
export const shieldTeamParams = z.object({ teamID: nbaId });
export const shieldGameParams = z.object({ gameID: nbaId });

export const muteRule = z.object({
  _id: z.string(),
  kind: z.enum(['word', 'player', 'team']),
  word: z.string().nullable().describe('The muted word as typed; null for a player or team'),
  id: z.number().nullable().describe("The muted player's or team's id; null for a word"),
  name: z.string().describe('The word, or the name of the player or team'),
  action: z.enum(['hide', 'collapse']),
  expiresAt: z.string().nullable().describe('null: until removed'),
  createdAt: z.string(),
});

export const game = z.object({
  _id: z.number(),
  home: z.number(),
  away: z.number(),
  tipoff: z.string(),
  matchup: z.string().describe('"Lakers @ Celtics": the away team first'),
});

export const shieldedGame = game.extend({
  state: z
    .enum(['upcoming', 'shielded', 'watched', 'over'])
    .describe('upcoming: shielded from tip-off; shielded: now, until `until`; watched: lifted by Watched; over: its hours passed'),
  until: z.string().describe('When the shield lifts by itself'),
  marked: z.boolean().describe('Marked "not watched yet" on its own (else shielded for a team watched later)'),
});

/** GET /api/account/filters: the viewer's own filters. Nobody else can read them. */
export const fanFiltersAnswer = z.object({
  mutes: z.array(muteRule).describe('Muted words, players and teams, newest first; expired ones are gone'),
  watchLater: z.array(z.object({ team: z.number(), name: z.string(), hours: z.number() })),
  games: z.array(shieldedGame).describe('The games the shield covers, from a week back to two days ahead, by tip-off'),
  slate: z.array(game).describe('Games tipping off in the next two days, to mark one "not watched yet"'),
});

export type Collapsed = z.output<typeof collapsed>;
export type MuteRuleDTO = z.output<typeof muteRule>;
export type GameDTO = z.output<typeof game>;
export type ShieldedGameDTO = z.output<typeof shieldedGame>;
export type FanFiltersAnswer = z.output<typeof fanFiltersAnswer>;
