import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'node_modules/**',
      '.data/**',
      'localdb/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      // The league command's bundle (scripts/league.mjs): generated, like .next.
      'dist/**',
      'next-env.d.ts',
    ],
  },
  {
    // Test helpers read loosely typed JSON answers; the app code stays strict.
    files: ['tests/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['lib/**/*.ts', 'lib/**/*.tsx', 'app/api/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
];

export default config;
