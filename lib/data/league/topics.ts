import 'server-only';
import type { Types } from 'mongoose';
import type { z } from 'zod';
import { dbConnect } from '@/lib/db';
import { AppError, badRequest, notFound } from '@/lib/errors';
import type { addTopicBody, AdminTopic, editTopicBody } from '@/lib/validation/league';
import { SpecialTopic, type SpecialTopicRow } from '@/models';
import { applyBatch } from './league-batches';
import { planTopic } from './league-plan';
import { topicFields, type TopicFields } from './league-subjects';

/** The console's topic operations: a new storyline, and opening or closing one (a closed topic keeps its takes). */

const toAdminTopic = (topic: SpecialTopicRow): AdminTopic => ({ id: topic._id, ...topicFields(topic) });

export async function listAdminTopics(): Promise<AdminTopic[]> {
  await dbConnect();
  return (await SpecialTopic.find({}).sort({ name: 1 }).lean<SpecialTopicRow[]>()).map(toAdminTopic);
}

async function apply(id: string, existing: SpecialTopicRow | null, target: TopicFields, by: Types.ObjectId): Promise<AdminTopic> {
  const planned = planTopic(id, existing, target);
  if ('problem' in planned) throw badRequest(`${planned.problem.field}: ${planned.problem.message}`);
  if (!planned.change) throw badRequest('Nothing to change: the topic is like that already.');
  const { conflicts } = await applyBatch([planned.change], { by, source: 'console' });
  if (conflicts.length) throw new AppError(409, 'The topic was changed meanwhile. Reload it and try again.');
  return toAdminTopic((await SpecialTopic.findById(id).lean<SpecialTopicRow>())!);
}

export async function addTopic({ id, ...target }: z.output<typeof addTopicBody>, by: Types.ObjectId): Promise<AdminTopic> {
  await dbConnect();
  const existing = await SpecialTopic.findById(id).select({ name: 1 }).lean<Pick<SpecialTopicRow, 'name'>>();
  if (existing) throw badRequest(`id: the topic ${id} is ${existing.name} already`);
  return apply(id, null, target, by);
}

export async function editTopic(id: string, body: z.output<typeof editTopicBody>, by: Types.ObjectId): Promise<AdminTopic> {
  await dbConnect();
  const existing = await SpecialTopic.findById(id).lean<SpecialTopicRow>();
  if (!existing) throw notFound(`No topic ${id}.`);
  const target = {
    ...topicFields(existing),
    ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
  } as TopicFields;
  return apply(id, existing, target, by);
}
