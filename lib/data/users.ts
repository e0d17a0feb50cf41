import 'server-only';
import type { Types } from 'mongoose';
import mongoose from 'mongoose';
import { User } from '@/models';

/** Loads the public fields of many users in one query, keyed by id. */
export async function usersById(ids: Types.ObjectId[]) {
  if (ids.length === 0) return new Map<string, { _id: Types.ObjectId; username: string; profilePictureUrl: string | null }>();
  const unique = [...new Set(ids.map(String))];
  const users = await User.find({ _id: mongoose.trusted({ $in: unique }) })
    .select({ username: 1, profilePictureUrl: 1 })
    .lean<{ _id: Types.ObjectId; username: string; profilePictureUrl: string | null }[]>();
  return new Map(users.map((u) => [String(u._id), u]));
}
