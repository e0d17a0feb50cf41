/** The fallback labels of docs/product.md#messages: a tag whose entity is gone, a comment whose author is gone, empty text. */
export const FALLBACK_LABELS = { tag: 'Unknown Tag', commentAuthor: 'Anonymous', content: 'No content available' } as const;
