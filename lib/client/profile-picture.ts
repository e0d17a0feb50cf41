/**
 * Profile pictures are stored host-relative without a scheme (docs/product.md#content), so the
 * browser must add https:// itself; absolute, root-relative and local preview
 * URLs pass through.
 */
export function profilePictureSrc(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (/^(https?:|blob:|data:)/i.test(value) || value.startsWith('/')) return value;
  return `https://${value}`;
}
