import 'server-only';

/**
 * A request's or response's body, read whole unless it passes `limit` bytes (null then): a declared
 * Content-Length over the limit is refused before anything is read, and a chunked body is cut off as soon as it
 * passes the limit. No body reads as empty.
 */
export async function readCapped(message: Request | Response, limit: number): Promise<Buffer | null> {
  if (Number(message.headers.get('content-length') ?? 0) > limit) return null;
  const reader = message.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
