import { publicEnv } from '@/lib/public-env';

/**
 * The Content-Security-Policy for HTML responses. Scripts run only with the
 * per-request nonce (Next adds it to its own tags) and what those scripts load
 * ('strict-dynamic'), so an injected <script> or inline handler never runs.
 * Styles allow inline because React style attributes cannot carry a nonce.
 */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  const { authDomain } = publicEnv().firebase;
  const emulator = publicEnv().authEmulatorHost ? `http://${publicEnv().authEmulatorHost}` : '';
  const storage = /^https?:\/\//.test(publicEnv().storageBaseUrl) ? new URL(publicEnv().storageBaseUrl).origin : '';
  const firebaseApis = 'https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://www.googleapis.com';
  const directives = {
    'default-src': "'self'",
    'script-src': `'self' 'nonce-${nonce}' 'strict-dynamic' https://apis.google.com${dev ? " 'unsafe-eval'" : ''}`,
    'style-src': "'self' 'unsafe-inline'",
    'img-src': `'self' data: blob: ${storage}`,
    'font-src': "'self'",
    'connect-src': `'self' ${firebaseApis} ${emulator}${dev ? ' ws:' : ''}`,
    'frame-src': `https://${authDomain} https://accounts.google.com ${emulator}`,
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value.replace(/\s+/g, ' ').trim()}`)
    .join('; ');
}
