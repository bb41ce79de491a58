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
    ignores: ["app/services/events.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        noFocusedTests,
        {
          selector: "MemberExpression[property.name='transaction'], MemberExpression[property.value='transaction']",
          message: "Open transactions with inTransaction (services/events.server), which sends their live events after they commit.",
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
