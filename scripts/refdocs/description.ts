/**
 * Reads a schema description the way Pulumi's docs generator does: the text before the first
 * `## ` heading is the description; `## Example Usage` holds examples (Pulumi's
 * `{{% examples %}}`/`{{% example %}}` shortcodes, or the newer `<!--Start PulumiCodeChooser -->`
 * comments, around a fenced block per language, each example optionally under a `### ` title);
 * `## Import` says how to import. Any other `## ` section is kept as written.
 */
import type { Language } from "./names";
import { LANGUAGES } from "./names";

/** One example: its title, prose, and its program in each language given. */
export interface Example {
  title: string;
  prose: string[];
  code: Partial<Record<Language, string>>;
}

/** A description split into the parts a page shows. */
export interface Description {
  summary: string;
  examples: Example[];
  /** The `## Import` section's text, when there is one. */
  importText?: string;
  /** Other `## ` sections, by heading. */
  other: { heading: string; body: string }[];
}

/** Lines that only mark where Pulumi's site draws its examples chooser. */
const MARKER = /^\s*(\{\{%\s*\/?examples?\s*%\}\}|<!--\s*(Start|End) PulumiCodeChooser\s*-->)\s*$/;
const EXAMPLE_START = /^\s*\{\{%\s*example\s*%\}\}\s*$/;

/** Fence info strings that name one of the page's languages. */
const FENCE_LANGUAGES: Record<string, Language> = {
  typescript: "typescript",
  ts: "typescript",
  javascript: "javascript",
  js: "javascript",
  python: "python",
  py: "python",
  go: "go",
  csharp: "csharp",
  "c#": "csharp",
  java: "java",
  yaml: "yaml",
};

/** Splits text into `## ` sections, ignoring headings inside fenced code. */
function sections(text: string): { heading: string | undefined; lines: string[] }[] {
  const out: { heading: string | undefined; lines: string[] }[] = [
    { heading: undefined, lines: [] },
  ];
  let fenced = false;
  for (const line of text.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^## (.+?)\s*$/.exec(line);
    if (m) out.push({ heading: m[1]!, lines: [] });
    else out[out.length - 1]!.lines.push(line);
  }
  return out;
}

const trimBlank = (lines: string[]): string => lines.join("\n").trim();

/** The examples of an `## Example Usage` section. */
export function parseExamples(lines: string[]): Example[] {
  const examples: Example[] = [];
  let current: Example | undefined;
  let fence: { lang: Language | undefined; body: string[] } | undefined;
  const start = (title: string) => {
    current = { title, prose: [], code: {} };
    examples.push(current);
  };
  for (const line of lines) {
    if (fence) {
      if (/^\s*```\s*$/.test(line)) {
        if (fence.lang && current) current.code[fence.lang] = fence.body.join("\n");
        fence = undefined;
      } else fence.body.push(line);
      continue;
    }
    const open = /^\s*```\s*(\S*)/.exec(line);
    if (open) {
      if (!current) start("");
      fence = { lang: FENCE_LANGUAGES[open[1]!.toLowerCase()], body: [] };
      continue;
    }
    const title = /^### (.+?)\s*$/.exec(line);
    // A title names the example that follows; an `{{% example %}}` with no title yet starts one.
    if (title && current && !current.title && !Object.keys(current.code).length) {
      current.title = title[1]!;
    } else if (title) start(title[1]!);
    else if (EXAMPLE_START.test(line)) {
      if (!current || Object.keys(current.code).length) start("");
    } else if (!MARKER.test(line) && line.trim()) {
      if (!current) start("");
      current!.prose.push(line);
    }
  }
  return examples.filter((e) => LANGUAGES.some((l) => e.code[l] !== undefined) || e.prose.length);
}

/** Splits a schema description into summary, examples, import and other sections. */
export function parseDescription(text: string | undefined): Description {
  const parts = sections(text ?? "");
  const result: Description = {
    summary: trimBlank(parts[0]!.lines.filter((l) => !MARKER.test(l))),
    examples: [],
    other: [],
  };
  for (const { heading, lines } of parts.slice(1)) {
    if (heading === "Example Usage") result.examples.push(...parseExamples(lines));
    else if (heading === "Import") result.importText = trimBlank(lines);
    else result.other.push({ heading: heading!, body: trimBlank(lines) });
  }
  return result;
}
