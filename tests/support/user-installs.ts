/**
 * What a Python or Java user does to use an SDK from the release's artifacts, done in a test's
 * program folder (outside the repository): a venv with `pip install <wheel>` (by the README's own
 * lines), a Maven project whose pom names the release's Maven repository. Nothing here puts a path
 * into the repository in the program's folder (the Java program's pom starts from a file of this
 * repository, copied).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { LanguageHosts } from "./language-hosts";
import { runProcess } from "./process";
import { REPO_ROOT } from "./pulumi";
import { readmeCodeSection } from "./readme-steps";
import type { Release } from "./release";

/** Runs a command; throws with its output when it fails. */
async function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<string> {
  const { code, output } = await runProcess(command, args, { cwd, env });
  if (code !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`);
  }
  return output;
}

/**
 * Fills the wheelhouse of scripts/language-hosts.sh from PyPI with `wanted` and what they require
 * (`pip download`, under a lock); a local wheel among them is not kept there (pip download copies
 * it): the wheelhouse holds only what came from PyPI.
 */
async function fillWheelhouse(python: string, wheels: string, wanted: string[], dir: string) {
  const pip = ["-m", "pip", "--quiet", "--disable-pip-version-check"];
  await run(
    "flock",
    [path.join(wheels, ".lock"), python, ...pip, "download", "--dest", wheels, ...wanted],
    dir,
  );
  for (const file of wanted.filter((f) => fs.existsSync(f))) {
    fs.rmSync(path.join(wheels, path.basename(file)), { force: true });
  }
}

/**
 * A venv in `<dir>/venv` holding `packages` (a wheel's path, requirements), the lane's `pulumi`
 * pin and pip, installed by pip, for a program whose Pulumi.yaml names it
 * (`runtime.options.virtualenv: venv`; nothing activates it: the toolchain's Python host reads the
 * option, scripts/language-hosts/python/launcher/main.go).
 *
 * Made as `python -m venv venv && venv/bin/pip install ...` makes it, only quicker (4 s instead of
 * 20 here): the interpreter's own pip installs into the venv (`--python`), pip included, without
 * byte-compiling (Python compiles what a program imports), from the wheelhouse of
 * scripts/language-hosts.sh (`--no-index`): what `pip download` fetched from PyPI for the same
 * requirements before, as Maven's local repository is for Java. When it lacks a distribution, pip
 * downloads the requirements from PyPI into it (under a lock) and installs again.
 */
export async function pythonVenv(
  dir: string,
  hosts: LanguageHosts,
  packages: string[],
): Promise<void> {
  const { python, pythonSdk, pythonWheelhouse: wheels } = hosts;
  if (!python || !pythonSdk || !wheels) throw new Error("languageHosts() without python");
  const venv = path.join(dir, "venv");
  await run(python, ["-m", "venv", "--without-pip", venv], dir);
  const pip = ["-m", "pip", "--quiet", "--disable-pip-version-check"];
  const wanted = [...packages, pythonSdk, "pip"];
  const install = [...pip, "--python", path.join(venv, "bin", "python"), "install"];
  const offline = [...install, "--no-compile", "--no-index", "--find-links", wheels, ...wanted];
  if ((await runProcess(python, offline, { cwd: dir })).code !== 0) {
    await fillWheelhouse(python, wheels, wanted, dir);
    await run(python, offline, dir);
  }
}

/** Where the README sends a Python user for the install lines (its languages table). */
export const PYTHON_LINES_DOC = "docs/plugin.md";

/**
 * The venv made by the user guide's Python lines (the `# Python` section of the Python block
 * under docs/plugin.md's "Getting started in each language", {@link PYTHON_LINES_DOC};
 * tests/support/readme-steps.ts), run by bash as written in `dir` with `R` the release's folder:
 * `python3 -m venv venv`, then `venv/bin/pip install` of the SDK by its published name and from
 * `$R`. The machine supplies what a user's pip.conf would, as environment: no index but the
 * release's `python/` folder (where the published name finds the release's wheel) and the wheelhouse
 * of scripts/language-hosts.sh (`PIP_NO_INDEX`, `PIP_FIND_LINKS`), the lane's `pulumi` as a
 * constraint (`PIP_CONSTRAINT`), and $PYTHON's folder first on PATH (its `python3`). When the
 * wheelhouse lacks a distribution, pip downloads them from PyPI into it and the lines run again.
 * Returns the lines it ran.
 */
export async function pythonVenvAsReadme(
  dir: string,
  hosts: LanguageHosts,
  rel: Release,
): Promise<string> {
  const { python, pythonSdk, pythonWheelhouse: wheels } = hosts;
  if (!python || !pythonSdk || !wheels) throw new Error("languageHosts() without python");
  const guide = fs.readFileSync(path.join(REPO_ROOT, PYTHON_LINES_DOC), "utf8");
  const { body, line } = readmeCodeSection(guide, "Python");
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-pip-"));
  try {
    const constraints = path.join(scratch, "constraints.txt");
    fs.writeFileSync(constraints, `${pythonSdk}\n`);
    const env = {
      R: rel.dir,
      PATH: [path.dirname(python), process.env.PATH ?? ""].join(path.delimiter),
      VIRTUAL_ENV: undefined,
      PIP_NO_INDEX: "1",
      PIP_FIND_LINKS: `${path.join(rel.dir, "python")} ${wheels}`,
      PIP_CONSTRAINT: constraints,
      PIP_DISABLE_PIP_VERSION_CHECK: "1",
    };
    const lines = async () =>
      runProcess("bash", ["-c", `set -euo pipefail\n${body}`], { cwd: dir, env });
    let result = await lines();
    if (result.code !== 0) {
      await fillWheelhouse(python, wheels, [rel.file("python", /\.whl$/), pythonSdk], dir);
      result = await lines();
    }
    if (result.code !== 0) {
      throw new Error(
        `${PYTHON_LINES_DOC}:${line}: the Python lines failed (${result.code}):\n${body}\n${result.output}`,
      );
    }
    return body;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The program pom that scripts/language-hosts.sh warmed Maven's local repository with. */
const PROGRAM_POM = path.join(REPO_ROOT, "scripts", "language-hosts", "java", "program", "pom.xml");

/** The folder of the SDK's version in a Maven local repository, from the SDK's pom. */
export function sdkInLocalRepository(repository: string, sdkPom: string): string {
  const [group, artifact, version] = ["groupId", "artifactId", "version"].map((tag) =>
    pomValue(sdkPom, tag),
  );
  return path.join(repository, ...group!.split("."), artifact!, version!);
}

/** The first `<tag>` of a pom (the project's own coordinates precede any dependency's). */
function pomValue(pom: string, tag: string): string {
  const value = new RegExp(`<${tag}>([^<]+)</${tag}>`).exec(pom)?.[1];
  if (!value) throw new Error(`no <${tag}> in the pom`);
  return value;
}

/**
 * A Maven project in `dir` for a Pulumi Java program whose main class is `mainClass`: the warmed
 * program pom, depending on the release's Java SDK through the release's `java/` folder as a
 * `file://` repository, and `.mvn/maven.config` that runs Maven offline on the warmed local
 * repository (file:// repositories stay allowed offline), `.mvn/jvm.config` for a quicker start.
 */
export function mavenProject(
  dir: string,
  hosts: LanguageHosts,
  rel: Release,
  mainClass: string,
): void {
  if (!hosts.mavenRepository) throw new Error("languageHosts() without java");
  const sdkPom = fs.readFileSync(rel.file("java", /\.pom$/), "utf8");
  const sdk = ["groupId", "artifactId", "version"].map((tag) => pomValue(sdkPom, tag));
  // Maven never compares a release version it holds in its local repository with a repository's
  // copy (releases are immutable to it), so the SDK's version folder is removed there first: the
  // program's first build fetches the jar from this release (an earlier build's jar of the same
  // version would be taken otherwise). A run of another worktree at the same moment could still
  // swap it; plugin-java.test.ts checks the jar Maven used is this release's.
  fs.rmSync(sdkInLocalRepository(hosts.mavenRepository, sdkPom), { recursive: true, force: true });
  const repoId = "redpandacloud-release";
  const pom = fs
    .readFileSync(PROGRAM_POM, "utf8")
    .replace(/<!--[\s\S]*?-->\n/, "")
    .replace("<artifactId>warm</artifactId>", `<artifactId>${path.basename(dir)}</artifactId>`)
    .replace("<mainClass>warm.App</mainClass>", `<mainClass>${mainClass}</mainClass>`)
    .replace(
      "<!-- repositories -->",
      `<repositories>\n    <repository>\n      <id>${repoId}</id>\n` +
        `      <url>file://${path.join(rel.dir, "java")}</url>\n    </repository>\n  </repositories>`,
    )
    .replace(
      "<!-- dependencies -->",
      `<dependency>\n      <groupId>${sdk[0]}</groupId>\n      <artifactId>${sdk[1]}</artifactId>\n` +
        `      <version>${sdk[2]}</version>\n    </dependency>`,
    );
  fs.writeFileSync(path.join(dir, "pom.xml"), pom);
  fs.mkdirSync(path.join(dir, ".mvn"), { recursive: true });
  // Maven's JVM (which also runs the program: exec:java) starts about twice as fast with the
  // client compiler only; the host starts Maven twice per `pulumi up` or `preview`.
  fs.writeFileSync(
    path.join(dir, ".mvn", "jvm.config"),
    "-XX:+UseSerialGC -XX:TieredStopAtLevel=1\n",
  );
  fs.writeFileSync(
    path.join(dir, ".mvn", "maven.config"),
    [
      "--offline",
      `-Dmaven.repo.local=${hosts.mavenRepository}`,
      "-Daether.offline.protocols=file",
      "",
    ].join("\n"),
  );
}
