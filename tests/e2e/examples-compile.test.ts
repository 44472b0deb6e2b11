// The examples the schema's descriptions (and so every SDK's docstrings) carry compile in their
// language against the SDK as a user installs it from the release's artifacts. Each is written once
// as a Pulumi YAML program (sdk/examples/<Name>.yaml) and converted by Pulumi's program generators
// (`npm run sdk`: scripts/examplegen) into sdk/examples/<language>/; `npm run sdk -- check` fails
// when those differ from what the YAML converts to. Here, one compiler run per language, all
// examples at once: TypeScript by tsc against the Node.js SDK's tarball, JavaScript (derived from
// the TypeScript: scripts/codegen/derived-examples.ts) parsed as `node --check` parses it and
// type-checked by tsc (`checkJs`) against the same tarball, the TypeScript form on the dynamic
// providers (derived too) by tsc against this package's own sources, Python by compiling and
// checking each SDK call's arguments and each output read against the wheel in a venv
// (support/check-python-examples.py), Go by its compiler and `go vet` against the module zip of the
// release's GOPROXY folder, Java by Maven against the release's jar (offline, on the warmed local
// repository). C# is generated only: there is no .NET SDK on this machine to compile it. A failure
// names the examples the compiler complained about. Each tsc run also checks a copy of the Topic
// example with an input renamed, and fails unless tsc refuses that copy (and only it): what the
// check catches is shown on every run, not assumed (`node --check` alone would pass the copy).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vm from "node:vm";
import { wrap as wrapModule } from "node:module";
import { languageHosts } from "../support/language-hosts";
import { npmInstall, testedPulumiSdk } from "../support/plugin-sdk-program";
import { runProcess } from "../support/process";
import { REPO_ROOT } from "../support/pulumi";
import type { Release } from "../support/release";
import { release } from "../support/release";
import { mavenProject, pythonVenv } from "../support/user-installs";
import { requireReleaseGoSdk } from "../support/go-sdk";

const EXAMPLES = path.join(REPO_ROOT, "sdk", "examples");

/** The examples: the YAML programs' names (`Topic`, `getRegion`). */
const NAMES = fs
  .readdirSync(EXAMPLES)
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => f.slice(0, -".yaml".length))
  .sort();

/** The folders the converter writes (and those derived from its TypeScript), with their files' extension. */
const LANGUAGES = {
  typescript: ".ts",
  javascript: ".js",
  dynamic: ".ts",
  python: ".py",
  go: ".go",
  java: ".java",
  csharp: ".cs",
};

const source = (lang: keyof typeof LANGUAGES, name: string): string =>
  path.join(EXAMPLES, lang, `${name}${LANGUAGES[lang]}`);

let rel: Release;
const dirs: string[] = [];

function tempDir(lang: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rpcloud-examples-${lang}-`));
  dirs.push(dir);
  return dir;
}

/**
 * Runs a compiler; when it fails, throws naming the examples its output mentions (by `mention`,
 * the form an example's name takes in its paths), then the output itself.
 */
async function compile(
  what: string,
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  mention: (name: string) => string = (name) => name,
): Promise<void> {
  const { code, output } = await runProcess(command, args, { cwd, env });
  if (code === 0) return;
  // Not within a longer name: Secret is not named by ConnectorSecret.ts.
  const named = NAMES.filter((n) =>
    new RegExp(`(^|[^A-Za-z0-9_])${mention(n).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m").test(
      output,
    ),
  );
  throw new Error(
    `${what}: the examples ${named.join(", ") || "(none named)"} do not compile ` +
      `(${command} ${args.join(" ")} exited with ${code}):\n${output}`,
  );
}

/** The example the renamed-input copy is made from, and the rename: an optional input. */
const MUTANT = { from: "Topic", input: "partitionCount", renamed: "partitionCounts" };

/**
 * Writes into `dir` a copy of the Topic example in `lang` with an input renamed, as `Mutant<ext>`:
 * a check that passes it catches no renamed input.
 */
function writeMutant(lang: keyof typeof LANGUAGES, dir: string): string {
  const code = fs.readFileSync(source(lang, MUTANT.from), "utf8");
  const mutant = code.replace(`${MUTANT.input}:`, `${MUTANT.renamed}:`);
  expect(mutant).not.toBe(code);
  const file = `Mutant${LANGUAGES[lang]}`;
  fs.writeFileSync(path.join(dir, file), mutant);
  return file;
}

/**
 * Runs tsc on examples and the renamed-input copy `mutant`: passes when tsc refuses the copy, for
 * its renamed input, and nothing else; else throws as `compile` does, naming the examples.
 */
async function typeCheck(what: string, dir: string, mutant: string, ext: string): Promise<void> {
  const tsc = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
  const { output } = await runProcess(process.execPath, [tsc, "-p", dir, "--pretty", "false"], {
    cwd: dir,
  });
  // One diagnostic a line, its continuation lines indented.
  const diagnostics = output.split(/\n(?=\S)/).filter((d) => d.trim());
  const others = diagnostics.filter((d) => !d.startsWith(`${mutant}(`));
  if (others.length) {
    const named = NAMES.filter((n) => others.some((d) => d.startsWith(`${n}${ext}(`)));
    throw new Error(
      `${what}: the examples ${named.join(", ") || "(none named)"} do not type-check:\n${others.join("\n")}`,
    );
  }
  if (!diagnostics.some((d) => d.includes(`'${MUTANT.renamed}'`))) {
    throw new Error(
      `${what}: tsc passed ${mutant}, the ${MUTANT.from} example with ${MUTANT.input} renamed ${MUTANT.renamed}: the check catches no renamed input:\n${output}`,
    );
  }
}

/** A folder with the Node.js SDK from the release's tarball installed: once, for TS and JS. */
let nodejsSdkDir: Promise<string> | undefined;
function nodejsSdk(): Promise<string> {
  nodejsSdkDir ??= (async () => {
    const dir = tempDir("nodejs");
    fs.writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({ name: "examples-nodejs", private: true }),
    );
    const sdk = rel.file("nodejs", /^pulumi-redpanda-cloud-redpandacloud-.*\.tgz$/);
    await npmInstall(dir, [sdk, `@pulumi/pulumi@${testedPulumiSdk()}`]);
    return dir;
  })();
  return nodejsSdkDir;
}

beforeAll(async () => {
  // One call, so the release's lock is taken once for every SDK this file needs.
  rel = await release(["nodejs", "python", "go", "java"]);
});

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

it("every YAML example is converted into every language, each file saying it is generated", () => {
  expect(NAMES.length).toBeGreaterThan(0);
  for (const lang of Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[]) {
    const files = fs.readdirSync(path.join(EXAMPLES, lang)).sort();
    expect([lang, files]).toEqual([lang, NAMES.map((n) => `${n}${LANGUAGES[lang]}`).sort()]);
    for (const name of NAMES) {
      const first = fs.readFileSync(source(lang, name), "utf8").split("\n")[0];
      expect([lang, name, first]).toEqual([
        lang,
        name,
        expect.stringContaining(
          `Code generated by scripts/sdkgen.sh from sdk/examples/${name}.yaml`,
        ),
      ]);
    }
  }
});

it("TypeScript: tsc type-checks every example against the Node.js SDK's tarball", async () => {
  const dir = path.join(await nodejsSdk(), "typescript");
  fs.mkdirSync(dir);
  for (const name of NAMES)
    fs.copyFileSync(source("typescript", name), path.join(dir, `${name}.ts`));
  const mutant = writeMutant("typescript", dir);
  // A program's own settings (what `pulumi new typescript` writes), strict; Node's types from this
  // repository (the SDK's declarations name them). Not noUnusedLocals: the generator imports
  // @pulumi/pulumi whether or not the program uses it.
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: "es2020",
        module: "commonjs",
        moduleResolution: "node",
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
        typeRoots: [path.join(REPO_ROOT, "node_modules", "@types")],
      },
      files: [...NAMES.map((n) => `${n}.ts`), mutant],
    }),
  );
  await typeCheck("TypeScript", dir, mutant, ".ts");
});

it("JavaScript: every example parses as node --check parses it, and tsc checks it against the tarball", async () => {
  const dir = path.join(await nodejsSdk(), "javascript");
  fs.mkdirSync(dir);
  const unparsed: string[] = [];
  for (const name of NAMES) {
    const code = fs.readFileSync(source("javascript", name), "utf8");
    fs.writeFileSync(path.join(dir, `${name}.js`), code);
    // What `node --check` does for a CommonJS file: compile it in the module wrapper, not run it.
    try {
      new vm.Script(wrapModule(code), { filename: `${name}.js` });
    } catch (err) {
      unparsed.push(`${name}.js: ${String(err)}`);
    }
  }
  expect(unparsed).toEqual([]);
  const mutant = writeMutant("javascript", dir);
  // Syntax alone passes a renamed input; tsc's checkJs reads each call against the SDK's types.
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        allowJs: true,
        checkJs: true,
        strict: true,
        target: "es2020",
        module: "commonjs",
        moduleResolution: "node",
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
        typeRoots: [path.join(REPO_ROOT, "node_modules", "@types")],
      },
      files: [...NAMES.map((n) => `${n}.js`), mutant],
    }),
  );
  await typeCheck("JavaScript", dir, mutant, ".js");
});

it("TypeScript on the dynamic providers: tsc type-checks every example against this package's sources", async () => {
  // No install: the package and @pulumi/pulumi resolve to this repository's (paths), so the
  // examples are checked against provider/index.ts and what it exports, as they are now.
  const dir = tempDir("dynamic");
  for (const name of NAMES) fs.copyFileSync(source("dynamic", name), path.join(dir, `${name}.ts`));
  const mutant = writeMutant("dynamic", dir);
  const repo = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "tsconfig.json"), "utf8")) as {
    compilerOptions: Record<string, unknown>;
  };
  const { target, module, moduleResolution, lib, esModuleInterop, resolveJsonModule } =
    repo.compilerOptions;
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        // The package's own settings for its sources, strict as a program's.
        target,
        module,
        moduleResolution,
        lib,
        esModuleInterop,
        resolveJsonModule,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
        typeRoots: [path.join(REPO_ROOT, "node_modules", "@types")],
        paths: {
          "pulumi-redpanda-cloud": [path.join(REPO_ROOT, "provider", "index.ts")],
          "@pulumi/pulumi": [path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi")],
        },
      },
      files: [...NAMES.map((n) => `${n}.ts`), mutant],
    }),
  );
  await typeCheck("TypeScript (dynamic providers)", dir, mutant, ".ts");
});

it("Python: every example compiles, and its calls and outputs match the wheel's", async () => {
  const dir = tempDir("python");
  // pythonVenv makes dir/venv with the wheel installed and returns nothing: the checker runs on
  // that venv's python (a bare `python` is whatever PATH finds, without the SDK).
  await pythonVenv(dir, languageHosts(["python"]), [rel.file("python", /\.whl$/)]);
  const python = path.join(dir, "venv", "bin", "python");
  const files = NAMES.map((name) => {
    const target = path.join(dir, `${name}.py`);
    fs.copyFileSync(source("python", name), target);
    return target;
  });
  const check = path.join(REPO_ROOT, "tests", "support", "check-python-examples.py");
  await compile("Python", python, [check, ...files], dir, {}, (n) => `${n}.py`);
});

it("Go: every example compiles and vets against the module from the release", async () => {
  const dir = tempDir("go");
  fs.writeFileSync(path.join(dir, "go.mod"), "module examples\n\ngo 1.22\n");
  // Each example is a main package: a folder each, in one module compiled at once.
  for (const name of NAMES) {
    fs.mkdirSync(path.join(dir, name));
    fs.copyFileSync(source("go", name), path.join(dir, name, "main.go"));
  }
  const env = {
    ...languageHosts(["go"]).env,
    GOFLAGS: `${process.env.GOFLAGS ?? ""} -mod=mod`.trim(),
  };
  await requireReleaseGoSdk(rel.dir, rel.version, dir);
  // The pulumi SDK the examples import directly: at the version the Go SDK requires.
  await compile("Go", "go", ["mod", "tidy"], dir, env);
  // The compiler on every package (`go list -export` compiles each, as `go build` would) without
  // linking: `go build ./...` links each main package, about 2.5 s apiece here. Then vet.
  await compile("Go", "go", ["list", "-export", "./..."], dir, env, (n) => `${n}/`);
  await compile("Go", "go", ["vet", "./..."], dir, env, (n) => `${n}/`);
});

it("Java: Maven compiles every example against the release's jar", async () => {
  const dir = tempDir("java");
  // The generator writes each as the class generated_program.App: a package each, one compile.
  const packageOf = (name: string) => `examples.${name.toLowerCase()}`;
  expect(new Set(NAMES.map(packageOf)).size).toBe(NAMES.length);
  for (const name of NAMES) {
    const target = path.join(dir, "src", "main", "java", ...packageOf(name).split("."));
    fs.mkdirSync(target, { recursive: true });
    const code = fs.readFileSync(source("java", name), "utf8");
    expect([name, code]).toEqual([name, expect.stringMatching(/^package generated_program;$/m)]);
    fs.writeFileSync(
      path.join(target, "App.java"),
      code.replace(/^package generated_program;$/m, `package ${packageOf(name)};`),
    );
  }
  mavenProject(dir, languageHosts(["java"]), rel, `${packageOf(NAMES[0]!)}.App`);
  // pulumi-java's generator writes multi-line strings as text blocks (Java 15+; sdk/examples/
  // README.md says so): compiled at release 17, this machine's JDK, not the program pom's 11.
  const pom = path.join(dir, "pom.xml");
  const pomText = fs.readFileSync(pom, "utf8");
  const release17 = pomText.replace(
    "<maven.compiler.release>11</maven.compiler.release>",
    "<maven.compiler.release>17</maven.compiler.release>",
  );
  expect(release17).not.toBe(pomText);
  fs.writeFileSync(pom, release17);
  await compile("Java", "mvn", ["--batch-mode", "--quiet", "compile"], dir, {}, (n) =>
    path.join(...packageOf(n).split("."), "App.java"),
  );
});
