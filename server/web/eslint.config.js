// The page's lint: the recommended rules, for the browser's modules and for Node's
// tests and browser drivers.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["app/**/*.js"],
    languageOptions: { globals: globals.browser, sourceType: "module" },
  },
  {
    files: ["test/**/*.mjs", "e2e/**/*.mjs"],
    languageOptions: { globals: { ...globals.node, ...globals.browser }, sourceType: "module" },
  },
];
