import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * lib/clock.ts for the data tests (jest.config.mjs maps it here). The real module reads the time a test sets from the
 * request (the x-takes-test-now header, honoured only where lib/env.ts allows the test clock); here there is no
 * request, and a test moves the clock for one call with `at(time, call)` instead, scoped to that call's async work as
 * the header is scoped to its request. Outside such a call it is the real time, as lib/clock.ts is outside a request.
 * Data functions that take their time as an argument (the scheduled job, a receipt vote, a report) are given it.
 */
const moved = new AsyncLocalStorage<Date>();

export async function now(): Promise<Date> {
  return moved.getStore() ?? new Date();
}

/** Runs `work` with the server's clock at `time`. */
export function at<T>(time: Date, work: () => Promise<T>): Promise<T> {
  return moved.run(time, work);
}

/** A time `ms` from now (negative: in the past). */
export const inFuture = (ms: number) => new Date(Date.now() + ms);
