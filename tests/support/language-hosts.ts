/**
 * The YAML, Go, Python and Java language hosts for tests that run non-Node Pulumi programs through
 * the pinned CLI. `scripts/language-hosts.sh ensure` builds them once (cached outside the repo) and
 * puts them beside `pulumi` in the toolchain's bin/, so `openTestStack` finds them with no extra
 * PATH. For Python it also names the interpreter to make a program's venv with and the `pulumi`
 * requirement to install there; for Java, Maven's local repository it filled for programs.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { REPO_ROOT } from "./pulumi";

export type HostLanguage = "yaml" | "go" | "python" | "java";

export interface LanguageHosts {
  /** The pinned toolchain's root; `bin/` holds `pulumi` and the hosts. */
  readonly root: string;
  /** Environment for a CLI run (none of the hosts needs any today; kept for callers' spreads). */
  readonly env: Record<string, string>;
  /** Python asked for: the interpreter (absolute path) to make a program's venv with. */
  readonly python?: string;
  /** Python asked for: the `pulumi` requirement for that venv, the lane's CLI version
   * (`pulumi==3.248.0`). */
  readonly pythonSdk?: string;
  /** Python asked for: a folder of distributions pip downloaded from PyPI (`--find-links`). */
  readonly pythonWheelhouse?: string;
  /** Java asked for: Maven's local repository, holding what a program needs offline. */
  readonly mavenRepository?: string;
}

/** Parses the `KEY=value` lines `scripts/language-hosts.sh ensure` prints. */
export function parseHostEnv(output: string): LanguageHosts {
  const vars: Record<string, string> = {};
  for (const line of output.split("\n")) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match?.[1] !== undefined) vars[match[1]] = match[2] ?? "";
  }
  const {
    PULUMI_TOOLCHAIN_ROOT: root,
    PYTHON: python,
    PYTHON_SDK: pythonSdk,
    PYTHON_WHEELHOUSE: pythonWheelhouse,
    MAVEN_REPOSITORY: mavenRepository,
    ...env
  } = vars;
  if (!root)
    throw new Error(`scripts/language-hosts.sh printed no PULUMI_TOOLCHAIN_ROOT:\n${output}`);
  return { root, env, python, pythonSdk, pythonWheelhouse, mavenRepository };
}

const memo = new Map<string, LanguageHosts>();

/** Builds (first time) and places the hosts for `languages`; memoized per process. */
export function languageHosts(
  languages: HostLanguage[] = ["yaml", "go", "python", "java"],
): LanguageHosts {
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
