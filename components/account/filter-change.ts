import type { FanFiltersAnswer } from '@/lib/validation/filters';

/** A change to the fan's filters on the account page: the call, and the words to say once it is made; true when it was. */
export type FilterChange = (change: (token: string | null) => Promise<FanFiltersAnswer>, done: string) => Promise<boolean>;
