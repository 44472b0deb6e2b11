/**
 * What the two migration commands (cli.ts, terraform-cli.ts) share: their flags, the count of
 * what moved by kind, the state-commands script and the way a failure reaches the shell.
 */
import * as fs from "node:fs";
import { parseArgs } from "node:util";

/** The flags both commands take; `source` is the one positional (`-`: standard input). */
export interface MigrateArgs {
  source: string;
  out: string;
  commands?: string;
  stack?: string;
  secret?: string;
}

/** The parsed flags, or the exit code when usage was printed instead (`--help`: 0, misuse: 2). */
export function parseMigrateArgs(argv: string[], usage: string): MigrateArgs | number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: "string", default: "redpandacloud-import.json" },
      commands: { type: "string" },
      stack: { type: "string" },
      secret: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const source = positionals[0];
  if (values.help || !source || positionals.length > 1) {
    process.stderr.write(`${usage}\n`);
    return values.help ? 0 : 2;
  }
  const { out, commands, stack, secret } = values;
  return { source, out, commands, stack, secret };
}

/** The input file's text (`-`: standard input). */
export const readSource = (source: string): string =>
  fs.readFileSync(source === "-" ? 0 : source, "utf8");

/** `3 Topic, 2 User`: how many of each kind moved. */
export function countByKind(moved: readonly { kind: string }[]): string {
  const kinds = new Map<string, number>();
  for (const m of moved) kinds.set(m.kind, (kinds.get(m.kind) ?? 0) + 1);
  return [...kinds].map(([k, n]) => `${n} ${k}`).join(", ");
}

/** Writes the state commands as an executable shell script, headed by what it does and when. */
export function writeCommandScript(file: string, purpose: string, commands: string[]): void {
  const script = ["#!/usr/bin/env bash", `# ${purpose}`, "set -euo pipefail", ...commands, ""];
  fs.writeFileSync(file, script.join("\n"), { mode: 0o755 });
}

/** Runs a command's main with its arguments; an error is one line naming the command, exit 1. */
export function runCommand(bin: string, main: (argv: string[]) => number): void {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${bin}: ${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}
