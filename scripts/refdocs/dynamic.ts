/**
 * The examples' TypeScript form on the dynamic providers (the npm package pulumi-redpanda-cloud),
 * sdk/examples/dynamic/<Name>.ts, derived from the plugin's TypeScript form by
 * scripts/codegen/derived-examples.ts. No language of the plugin's schema, so the pages read them
 * from their files: each page's example shows it under its own heading, with what could not be
 * derived (the file's `// Not derived:` lines) said above it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { code, fenced, wrap } from "./markdown";

/** One example's form on the dynamic providers. */
export interface DynamicExample {
  /** The program, less its first line and its notes; "" when nothing could be derived. */
  program: string;
  /** What was not derived, and why: the `// Not derived:` lines' text. */
  notes: string[];
}

/** Where the forms are, relative to the repository. */
export const DYNAMIC_DIR = path.join("sdk", "examples", "dynamic");
const NOTE = "// Not derived: ";

/** Every example's form on the dynamic providers under `root`, by name (`Topic`). */
export function dynamicExamples(root: string): Map<string, DynamicExample> {
  const dir = path.join(root, DYNAMIC_DIR);
  const out = new Map<string, DynamicExample>();
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const lines = fs.readFileSync(path.join(dir, f), "utf8").split("\n").slice(1);
    const notes = lines.filter((l) => l.startsWith(NOTE)).map((l) => l.slice(NOTE.length));
    const program = lines
      .filter((l) => !l.startsWith(NOTE))
      .join("\n")
      .trim();
    out.set(f.slice(0, -".ts".length), { program, notes });
  }
  return out;
}

/** The heading of the form. */
export const DYNAMIC_TITLE = "TypeScript (dynamic providers)";

/** The form under its heading of `level`: where it comes from, what was not derived, the program. */
export function dynamicBlock(example: DynamicExample, level: string): string {
  const intro = wrap(
    `The same program on this repository's npm package, ${code("pulumi-redpanda-cloud")} ` +
      "([Quickstart](../../README.md#quickstart)), derived from the TypeScript above " +
      "(scripts/codegen/derived-examples.ts): its classes, the enums' values as strings, its " +
      "lookups (plain async functions; a list lookup returns the list).",
  );
  const notes = example.notes.map((n) => wrap(`Not derived: ${n}`));
  return [
    `${level} ${DYNAMIC_TITLE}`,
    intro,
    ...notes,
    ...(example.program ? [fenced("typescript", example.program)] : []),
  ].join("\n\n");
}
