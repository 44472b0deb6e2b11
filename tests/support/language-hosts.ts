/**
 * The YAML, Go and Python language hosts for tests that run non-Node Pulumi programs through the
 * pinned CLI. `scripts/language-hosts.sh ensure` builds them once (cached outside the repo) and puts
 * them beside `pulumi` in the toolchain's bin/, so `openTestStack` finds them with no extra PATH; a
 * Python program also needs the environment returned here (Debian's python3 and the cached site
 * folder with the Pulumi SDK). Pass `env` to `openTestStack({ env })` or to a spawned `pulumi`.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { REPO_ROOT } from "./pulumi";

export type HostLanguage = "yaml" | "go" | "python";

export interface LanguageHosts {
  /** The pinned toolchain's root; `bin/` holds `pulumi` and the hosts. */
  readonly root: string;
  /** Environment for a CLI run: `PULUMI_PYTHON_CMD` and `PYTHONPATH` when Python was asked for. */
  readonly env: Record<string, string>;
}

const memo = new Map<string, LanguageHosts>();

/** Parses the `KEY=value` lines `scripts/language-hosts.sh ensure` prints. */
export function parseHostEnv(output: string): LanguageHosts {
  const vars: Record<string, string> = {};
  for (const line of output.split("\n")) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match?.[1] !== undefined) vars[match[1]] = match[2] ?? "";
  }
  const { PULUMI_TOOLCHAIN_ROOT: root, ...env } = vars;
  if (!root)
    throw new Error(`scripts/language-hosts.sh printed no PULUMI_TOOLCHAIN_ROOT:\n${output}`);
  if (env.PYTHONPATH && process.env.PYTHONPATH) {
    env.PYTHONPATH = `${env.PYTHONPATH}${path.delimiter}${process.env.PYTHONPATH}`;
  }
  return { root, env };
}

/** Builds (first time) and places the hosts for `languages`; memoized per process. */
export function languageHosts(languages: HostLanguage[] = ["yaml", "go", "python"]): LanguageHosts {
  const key = [...new Set(languages)].sort().join(",");
  let hosts = memo.get(key);
  if (!hosts) {
    const out = execFileSync(
      "bash",
      [path.join(REPO_ROOT, "scripts", "language-hosts.sh"), "ensure", ...key.split(",")],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    hosts = parseHostEnv(out);
    memo.set(key, hosts);
  }
  return hosts;
}
