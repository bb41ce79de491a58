import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const noFocusedTests = {
  selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip|todo)$/]",
  message: "Focused or skipped tests must not be committed.",
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "bench/peers/", ".data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": ["error", noFocusedTests],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "bench/**/*.ts"],
    ignores: ["app/infra/events.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        noFocusedTests,
        {
          selector: "MemberExpression[property.name='transaction'], MemberExpression[property.value='transaction']",
          message: "Open transactions with inTransaction (infra/events.server), which sends their live events after they commit.",
        },
      ],
    },
  },
  {
    // One import style (decision 0071): app modules by ~/, the db package by #db/; lib, which plain Node loads for
    // db/ and the migrations, imports only itself, relatively.
    files: ["app/**/*.{ts,tsx}"],
    // routes.ts runs in @react-router/dev's config context, where ~/ is not set up.
    ignores: ["app/lib/**", "app/routes.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ regex: "^\\.\\.?/(?!\\+types/)", message: "Import app modules with ~/ and the db package with #db/." }],
        },
      ],
    },
  },
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/*", "#db/*"], message: "lib imports only itself, relatively: plain Node loads it for db/." },
            { regex: "^\\.{1,2}/.*(?<!\\.tsx?)$", message: "Name the file's extension: plain Node loads lib." },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
