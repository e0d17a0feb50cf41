import { detectInAppBrowser } from '@/lib/client/in-app-browser';

describe('detectInAppBrowser', () => {
  it('recognises the short-video app by any of its user-agent markers', () => {
    expect(detectInAppBrowser('Mozilla/5.0 (iPhone) musical_ly_31.2.0 JsSdk/2.0')).toBe('tiktok');
    expect(detectInAppBrowser('Mozilla/5.0 (Linux; Android 13) BytedanceWebview/d8a21c6')).toBe('tiktok');
    expect(detectInAppBrowser('Mozilla/5.0 TikTok 30.0.0')).toBe('tiktok');
  });

  it('recognises the photo app', () => {
    expect(detectInAppBrowser('Mozilla/5.0 (iPhone) Instagram 300.0.0.0 (iPhone14,2)')).toBe('instagram');
  });

  it('leaves ordinary browsers alone', () => {
    expect(detectInAppBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36')).toBeNull();
  });
});
