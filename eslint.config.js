import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'data', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Plain JavaScript run by node itself (the install step).
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // No import cycles anywhere (docs/architecture.md): in a cycle, what a module sees of another depends
    // on which was loaded first. Static imports, re-exports and import() count; type-only imports do not
    // (the compiler erases them). The report names the path back: "Dependency cycle via a:3=>b:7".
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'dataProviders/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Definitions are shared by both halves: plain data, no framework or driver.
    files: ['resources/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom|@mui/.*|react-admin|ra-.*|fastify|@fastify/.*|kysely|pg|@electric-sql/.*)$',
              message: 'Resource definitions stay plain data: no framework or driver imports.',
            },
          ],
        },
      ],
    },
  },
  {
    // The two halves meet only through resources/ and the wire.
    files: ['src/**/*.{ts,tsx}', 'dataProviders/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The SPA never imports the services.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**', '**/dataProviders/**'], message: 'The services never import the SPA.' }] },
      ],
    },
  },
);
