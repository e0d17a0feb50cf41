// What a page costs the browser: the JavaScript its first load fetches, and a
// Lighthouse mobile run (simulated slow 4G and a 4× slower CPU, Lighthouse's default).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Sums the gzipped size of every script the page's HTML has a modern browser load from the build (not `nomodule` polyfills). */
export async function firstLoadJs(url, distDir) {
  const html = await (await fetch(url)).text();
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\snomodule\b/i.test(tag));
  const sources = [...new Set(tags.map((tag) => /\ssrc="([^"]+)"/.exec(tag)?.[1]).filter((src) => src?.startsWith('/_next/static/')))];
  let bytes = 0;
  for (const src of sources) {
    const file = path.join(distDir, decodeURIComponent(src.replace(/^\/_next\//, '').split('?')[0]));
    bytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return { scripts: sources.length, gzipBytes: bytes };
}

/** Debian's Chromium, the one CHROMIUM_PATH names, or Playwright's; null when there is none. */
export function findChromium(root) {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    const bundled = createRequire(path.join(root, 'package.json'))('playwright-core').chromium.executablePath();
    return existsSync(bundled) ? bundled : null;
  } catch {
    return null;
  }
}

/** One Lighthouse performance run per URL, in one headless Chromium. */
export async function lighthouseRuns(urls, chromePath) {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], logLevel: 'silent' });
  try {
    const runs = [];
    for (const url of urls) {
      const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
      const audit = (id) => lhr.audits[id]?.numericValue ?? null;
      runs.push({
        url,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        cls: audit('cumulative-layout-shift'),
        lcpMs: audit('largest-contentful-paint'),
        fcpMs: audit('first-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        speedIndexMs: audit('speed-index'),
        // What holds the scores back: the elements that shifted, the LCP element, and the scripts that kept the main thread busy.
        shifted: (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 3).map((i) => ({ node: i.node?.snippet ?? i.node?.selector ?? null, score: i.score })),
        lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
        busiestScripts: (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 3).map((i) => ({ url: i.url, ms: Math.round(i.total) })),
        warnings: lhr.runWarnings ?? [],
      });
    }
    return runs;
  } finally {
    await chrome.kill();
  }
}
