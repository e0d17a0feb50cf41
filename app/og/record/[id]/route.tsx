// GET /og/record/{id} — the 1200×630 Open Graph card of a fan's record of calls.
import { now } from '@/lib/clock';
import { OG_IMAGE } from '@/lib/og/constants';
import { finalRecordOf } from '@/lib/data/calls/call-record';
import { getFullProfile } from '@/lib/data/people/users';
import { parseParams } from '@/lib/http';
import { RecordCardImage } from '@/lib/og/cards';
import { imageRoute } from '@/lib/og/image-route';
import { etagOf, IMAGE_CACHE, notModified, pngResponse, renderPng } from '@/lib/og/render';
import { idParams } from '@/lib/validation/common';

const pct = (n: number) => `${Math.round(n * 100)}%`;

export const GET = imageRoute(
  async (_request, context) => {
    const { id } = await parseParams(context, idParams);
    return { path: `/og/record/${id}`, value: id };
  },
  async (request, id) => {
    // The same card for everyone, drawn from settlements already final: it gives away no result of tonight's games.
    const [profile, stats] = await Promise.all([getFullProfile(id, null), finalRecordOf(id, await now())]);
    const line = `${stats.hits}–${stats.misses}`;
    const details = [
      [stats.hitRate === null ? 'No settled calls yet' : `${pct(stats.hitRate)} hit rate`, stats.voids ? `${stats.voids} void` : null]
        .filter(Boolean)
        .join(' · '),
      ...(stats.brier ? [`Brier ${stats.brier.fan.toFixed(2)} · crowd ${stats.brier.crowd.toFixed(2)}`] : []),
    ];
    const etag = etagOf(['record', profile.username, line, details]);
    if (notModified(request, etag)) return pngResponse(null, etag, IMAGE_CACHE);
    const png = await renderPng(
      <RecordCardImage username={profile.username} line={line} details={details} />,
      () => <RecordCardImage username={profile.username} line={line} details={[]} />,
      OG_IMAGE,
    );
    return pngResponse(png, etag, IMAGE_CACHE);
  },
);
