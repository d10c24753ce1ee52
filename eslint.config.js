import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// Infrastructure below the features: it knows nothing of what the product does with it.
const infrastructure = ['render', 'providers', 'jobs', 'db', 'http'].map((folder) => `./src/server/${folder}`);
// Features: routes, services and repositories of one part of the product (credits and mail are
// domain services the features share; nothing below the features needs them either).
const features = ['auth', 'projects', 'generation', 'export', 'media', 'ai', 'admin', 'billing', 'credits', 'examples', 'fonts', 'mail', 'work'].map(
  (folder) => `./src/server/${folder}`,
);

const sideZones = [
  { target: './src/client', from: './src/server', message: 'Server code never enters the client bundle.' },
  { target: './src/server', from: './src/client', message: 'The server never imports the client; what both need belongs in src/shared.' },
  { target: './src/shared', from: ['./src/client', './src/server'], message: 'Shared code is pure and used by both sides; it imports neither.' },
];
const layerZones = [
  { target: infrastructure, from: features, message: 'Infrastructure sits below the feature folders; move the code down or wire it in a composition file (services.ts, job-definitions.ts).' },
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          alias: { '@': [path.join(root, 'src/client')], '@shared': [path.join(root, 'src/shared')] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...sideZones, ...layerZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A test may drive the whole app from any folder.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: sideZones }] },
  },
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.mjs', 'e2e/**/*.ts', '*.config.ts', '*.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/server/db/migrations/*.ts'],
    // Migrations run on Kysely<any> so they never depend on the app's current table types.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // User text (overlay text, usernames, prompts, AI answers) is only ever rendered as text.
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render user text as text, never as HTML.' },
        { selector: "MemberExpression[property.name=/^(innerHTML|outerHTML)$/]", message: 'Render user text as text, never as HTML.' },
        { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'Render user text as text, never as HTML.' },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', 'node:*'], message: 'Server code never enters the client bundle.' }] },
      ],
    },
  },
);
