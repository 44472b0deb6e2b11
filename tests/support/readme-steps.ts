/**
 * The README's runnable steps, in order. A step is an HTML comment `<!-- readme-test: KIND [NAME] -->`
 * followed (for every kind but `restart-emulator`) by the next fenced code block:
 *
 * - `run`: a shell block, run with bash in the user's folder;
 * - `file NAME`: a file the reader writes into the current folder;
 * - `emulator`: the command that starts the emulator, left running in the background;
 * - `restart-emulator`: Ctrl-C to the running emulator, then its command again.
 *
 * Only marked blocks run, so the README can also show commands that need a cloud account.
 */

export type ReadmeStep =
  | { kind: "run" | "emulator"; body: string; line: number }
  | { kind: "file"; name: string; body: string; line: number }
  | { kind: "restart-emulator"; line: number };

const MARKER = /<!-- readme-test: ([a-z-]+)(?: (\S+))? -->/g;
const FENCE = /^```[^\n]*\n([\s\S]*?)^```[ \t]*$/m;

export function readmeSteps(markdown: string): ReadmeStep[] {
  const steps: ReadmeStep[] = [];
  for (const match of markdown.matchAll(MARKER)) {
    const [, kind, name] = match;
    const line = markdown.slice(0, match.index).split("\n").length;
    if (kind === "restart-emulator") {
      steps.push({ kind, line });
      continue;
    }
    const rest = markdown.slice(match.index + match[0].length);
    const nextMarker = rest.search(/<!-- readme-test:/);
    const fence = FENCE.exec(rest);
    if (!fence || (nextMarker >= 0 && fence.index > nextMarker)) {
      throw new Error(`README.md:${line}: readme-test marker "${kind}" has no code block after it`);
    }
    const body = fence[1]!;
    if (kind === "run" || kind === "emulator") steps.push({ kind, body, line });
    else if (kind === "file" && name) steps.push({ kind, name, body, line });
    else throw new Error(`README.md:${line}: unknown readme-test marker "${match[0]}"`);
  }
  return steps;
}

/**
 * The commands of a README code block under its comment line `# <title>` (e.g. "Python"): the
 * lines after that comment (and the comment lines continuing it) up to the next comment line or the
 * block's end — one language's install lines of "Other languages", which a test runs as written.
 * `line` is the title comment's line.
 */
export function readmeCodeSection(markdown: string, title: string): { body: string; line: number } {
  const lines = markdown.split("\n");
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.startsWith("```")) inBlock = !inBlock;
    else if (inBlock && new RegExp(`^# ${title}\\b`).test(text)) {
      const body: string[] = [];
      for (const next of lines.slice(i + 1)) {
        if (next.startsWith("```") || (next.startsWith("#") && body.length > 0)) break;
        if (!next.startsWith("#")) body.push(next);
      }
      return { body: `${body.join("\n")}\n`, line: i + 1 };
    }
  }
  throw new Error(`README.md: no code block line "# ${title}"`);
}
