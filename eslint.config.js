import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { LAZY_PORTS, productionZones, testZones } from './lint/layers.js';

const nodeBuiltins = builtinModules.flatMap((name) => [name, `${name}/*`]);

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'android-operator/**', 'e2e/artifacts/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', 'scripts/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // Only the Electron shell (listed before the src/shared block, which must win for its files) may import electron.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/main/index.ts', 'src/main/window.ts', 'src/main/ipc/**', 'src/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'electron/*'],
              message: 'Only src/main/index.ts, window.ts, ipc/* and the preload may import electron.',
            },
          ],
        },
      ],
    },
  },
  {
    // src/shared runs everywhere (main, renderer, CLI, simulator): it owns no runtime.
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', ...nodeBuiltins], message: 'src/shared must not import Node modules.' },
            { group: ['electron', 'electron/*'], message: 'src/shared must not import electron.' },
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*'],
              message: 'src/shared must not import the DOM/React.',
            },
            {
              group: [
                '../main/*',
                '../renderer/*',
                '../cli/*',
                '../simulator/*',
                '../preload/*',
                '**/../main/**',
                '**/../renderer/**',
                '**/../cli/**',
                '**/../simulator/**',
                '**/../preload/**',
              ],
              message: 'src/shared must not depend on a runtime folder.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'localStorage',
          'HTMLElement',
          'Buffer',
          'process',
          'require',
          '__dirname',
        ].map((name) => ({ name, message: 'src/shared must not use runtime-specific globals.' })),
      ],
    },
  },
  {
    // Folder boundaries (lint/layers.js) and no import cycle anywhere in src/.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // Without these, import-x does not parse .ts dependencies and no-cycle sees no edge at all.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: productionZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // import-x does not check import(): a relative dynamic import is allowed only in a declared lazy port.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'src/test-support/**',
      ...LAZY_PORTS.map((port) => port.file),
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^[.]/]',
          message:
            'A relative import() escapes the folder boundaries: declare it in LAZY_PORTS (lint/layers.js).',
        },
      ],
    },
  },
  {
    files: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/test-support/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: testZones() }] },
  },
);
