import { checkInScratchRepo } from '@/tests/support/scratch-repo';

const check = (files: Record<string, string>) => checkInScratchRepo('doc-links.mjs', files);

const base = {
  'app/page.tsx': 'export default function Page() {}\n',
  'scripts/seed.ts': '\n',
  'lib/data/keyset.ts': 'export const keyset = 1;\n',
  'lib/auth.ts': 'export const auth = 1;\n',
  'docs/product.md': '# Product\n\n## Limits\n',
};

describe('the docs check (npm run lint)', () => {
  it('names every path in a comment that is not in the repository, wherever the comment sits', () => {
    const problems = check({
      ...base,
      'lib/a.ts': '// Pages by lib/data/keyset.ts; heals in lib/data/heal.ts.\nexport const a = 1; /* components/gone/ */\n',
      'components/b.tsx': 'export const B = () => <div>{/* app/old/page.tsx */}</div>;\n',
      'components/c.css': '/* drawn like lib/og/art.ts */\n.c {}\n',
      'redocly.yaml': '# rules from scripts/removed.mjs\nrules: {}\n',
    });
    expect(problems.sort()).toEqual([
      'components/b.tsx: app/old/page.tsx names no file or folder in the repository',
      'components/c.css: lib/og/art.ts names no file or folder in the repository',
      'lib/a.ts: components/gone/ names no file or folder in the repository',
      'lib/a.ts: lib/data/heal.ts names no file or folder in the repository',
      'redocly.yaml: scripts/removed.mjs names no file or folder in the repository',
    ]);
  });

  it('reads code, strings and JSX text as what they are, not as comments', () => {
    expect(
      check({
        ...base,
        'lib/a.ts': "export const where = 'lib/not/a/comment.ts'; // lib/auth, as an import names it\n",
        'components/b.tsx': 'export const B = () => <p>// lib/nor/this.ts</p>;\n',
      }),
    ).toEqual([]);
  });

  it('checks the paths of Markdown code spans and links, and the sections they cite', () => {
    const problems = check({
      ...base,
      'README.md': 'See `lib/data/keyset.ts`, `lib/data/old.ts`, [limits](docs/product.md#limits) and [more](docs/product.md#nope).\n',
      'bench/README.md': 'The bench has `lib/run.mjs`.\n',
      'bench/lib/run.mjs': '\n',
    });
    expect(problems.sort()).toEqual([
      'README.md: docs/product.md#nope names no section',
      'README.md: lib/data/old.ts names no file or folder in the repository',
    ]);
  });

  it('lets patterns, placeholders, URLs, cited sections and what Git ignores pass', () => {
    expect(
      check({
        ...base,
        '.gitignore': 'bench/results/\n',
        'bench/run.mjs': '// Writes bench/results/<time>/report.md into bench/results/.\n',
        'docs/bench.md': 'Reports land in `bench/results/`.\n',
        'lib/a.ts':
          '// Routes are app/api/**/route.ts, schemas lib/validation/<x>.ts, https://example.com/lib/x.ts, docs/product.md#limits.\nexport {};\n',
      }),
    ).toEqual([]);
  });
});
