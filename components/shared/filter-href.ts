/** The filters a page understood, as they appear in its URL (defaults left out). */
export type Query = Record<string, string>;

/** `pathname` with `query`, changed: a null removes a parameter. No schema here, so filter controls ship none to the browser. */
export function hrefWith(pathname: string, query: Query, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
