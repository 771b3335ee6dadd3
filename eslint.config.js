// Lint for the whole repository: typescript-eslint's recommended rules, the hooks rules for the
// React apps, and a rule that keeps literal text out of components (every text goes through i18n).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noLiteralText = [
  'error',
  {
    selector: 'JSXText[value=/[A-Za-z\\u3040-\\u30ff\\u3400-\\u9fff\\uac00-\\ud7af]/]',
    message: 'No literal text in components: use t() with a locale key.',
  },
  {
    selector:
      'JSXAttribute[name.name=/^(aria-label|title|alt|placeholder|aria-description)$/] > Literal[value=/[A-Za-z\\u3040-\\u30ff\\u3400-\\u9fff\\uac00-\\ud7af]/]',
    message: 'No literal text in accessible labels: use t() with a locale key.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-artifacts/**', '.test-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}', 'packages/browser-kit/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/admin/src/**/*.tsx', 'packages/browser-kit/src/**/*.tsx'],
    rules: { 'no-restricted-syntax': noLiteralText },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.int.test.ts', 'e2e/**', 'bench/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
