/**
 * In-app browsers of social apps block Google's sign-in popup. The short-video
 * app's webview also breaks Firebase's persistence, so there auth is skipped
 * entirely (docs/product.md#screens).
 */
export type InAppBrowser = 'tiktok' | 'instagram';

export function detectInAppBrowser(userAgent: string): InAppBrowser | null {
  if (/musical_ly|Bytedance|TikTok/i.test(userAgent)) return 'tiktok';
  if (/Instagram/i.test(userAgent)) return 'instagram';
  return null;
}
