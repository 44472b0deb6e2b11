// One version everywhere: package.json's. The sources (sdk/schema.json, every SDK's plugin
// metadata) name it; `npm run release` (every step, support/release.ts) writes it into every
// artifact's name and metadata (pulumi-plugin.json, plugin.json, version.txt, package.json,
// PKG-INFO/METADATA, .pom, .csproj, the Go proxy's .info and list); SHA256SUMS checks out; and the
// plugin unpacked from its archive, alone in a folder with no node_modules, reports it in
// GetPluginInfo and GetSchema.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { sdkGrpc } from "../../provider/runtime/sdk-grpc";
import { runProcess, startProcess } from "../support/process";
import type { RunningProcess } from "../support/process";
import { REPO_ROOT } from "../support/pulumi";
import type { Release, ReleaseStep } from "../support/release";
import { pluginArchive, release } from "../support/release";

const VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }
).version;
const ALL: ReleaseStep[] = ["plugin", "nodejs", "dynamic", "go", "dotnet", "python", "java"];
const read = (...p: string[]) => fs.readFileSync(path.join(REPO_ROOT, ...p), "utf8");

let rel: Release;

beforeAll(async () => {
  rel = await release(ALL);
});

it("the sources name package.json's version: schema, SDK metadata", () => {
  const found: Record<string, string | undefined> = {
    "sdk/schema.json": (JSON.parse(read("sdk", "schema.json")) as { version: string }).version,
    "sdk/nodejs/package.json": (
      JSON.parse(read("sdk", "nodejs", "package.json")) as { version: string }
    ).version,
    "sdk/nodejs/package.json pulumi": (
      JSON.parse(read("sdk", "nodejs", "package.json")) as { pulumi: { version: string } }
    ).pulumi.version,
    "sdk/dotnet/version.txt": read("sdk", "dotnet", "version.txt").trim(),
    "sdk/python/pyproject.toml": /^\s*version = "([^"]+)"/m.exec(
      read("sdk", "python", "pyproject.toml"),
    )?.[1],
    "sdk/java/build.gradle": /\? "([^"]+)"/.exec(read("sdk", "java", "build.gradle"))?.[1],
  };
  for (const lang of ["go/redpandacloud", "python/pulumi_redpandacloud", "dotnet"]) {
    const file = path.join("sdk", lang, "pulumi-plugin.json");
    found[file] = (JSON.parse(read(file)) as { version: string }).version;
  }
  expect(Object.entries(found).filter(([, v]) => v !== VERSION)).toEqual([]);
});

/** Every version an artifact states: in its path, in the metadata files inside it. */
async function statedVersions(file: string): Promise<string[]> {
  const stated: string[] = [...(file.match(/\d+\.\d+\.\d+/g) ?? [])];
  const full = path.join(rel.dir, file);
  const zip = /\.(zip|whl|jar)$/.test(file);
  const tar = /\.(tgz|tar\.gz)$/.test(file);
  if (!zip && !tar)
    return [...stated, ...versionsIn(path.basename(file), fs.readFileSync(full, "utf8"))];
  const list = zip ? ["unzip", ["-Z1", full]] : ["tar", ["-tzf", full]];
  const entries = (
    await runProcess(list[0] as string, list[1] as string[], { cwd: rel.dir })
  ).output
    .split("\n")
    .filter((e) => isMetadata(path.basename(e)));
  for (const entry of entries) {
    const args = zip ? ["-p", full, entry] : ["-xzOf", full, entry];
    const text = (await runProcess(zip ? "unzip" : "tar", args, { cwd: rel.dir })).output;
    stated.push(...versionsIn(path.basename(entry), text));
  }
  return stated;
}

const isMetadata = (name: string) =>
  /^(pulumi-plugin\.json|plugin\.json|version\.txt|package\.json|PKG-INFO|METADATA|list)$/.test(
    name,
  ) || /\.(pom|csproj|info)$/.test(name);

/** The versions one metadata file states about the package itself. */
function versionsIn(name: string, text: string): string[] {
  if (name === "list" || name === "version.txt") return [text.trim().replace(/^v/, "")];
  if (/\.json$|\.info$/.test(name)) {
    const json = JSON.parse(text) as {
      Version?: string;
      version?: string;
      pulumi?: { version?: string };
    };
    return [json.Version?.replace(/^v/, ""), json.version, json.pulumi?.version].filter(
      (v): v is string => v !== undefined,
    );
  }
  if (name === "PKG-INFO" || name === "METADATA")
    return [/^Version: (.+)$/m.exec(text)?.[1] ?? "none"];
  if (name.endsWith(".csproj")) return [/<Version>([^<]+)<\/Version>/.exec(text)?.[1] ?? "none"];
  if (name.endsWith(".pom")) {
    // The project's own version: the first <version> before its dependencies (or a parent's).
    const head = text.split("<dependencies>")[0]!.replace(/<parent>[\s\S]*?<\/parent>/, "");
    return [/<version>([^<]+)<\/version>/.exec(head)?.[1] ?? "none"];
  }
  return [];
}

it("every artifact states package.json's version and no other; SHA256SUMS checks out", async () => {
  expect(rel.version).toBe(VERSION);
  const files = ALL.flatMap((s) => rel.files(s));
  const stated: Record<string, string[]> = {};
  for (const file of files) stated[file] = await statedVersions(file);
  const wrong = Object.entries(stated).filter(
    ([, v]) => v.length === 0 || v.some((x) => x !== VERSION),
  );
  expect(wrong).toEqual([]);
  const sums = await runProcess("sha256sum", ["--check", "--strict", "SHA256SUMS"], {
    cwd: rel.dir,
  });
  expect(sums.code).toBe(0);
  expect(sums.output.trim().split("\n").sort()).toEqual(files.map((f) => `${f}: OK`).sort());
});

it("the plugin, unpacked alone (no node_modules), reports the version in GetPluginInfo and GetSchema", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-plugin-alone-"));
  let plugin: RunningProcess | undefined;
  try {
    const untar = await runProcess("tar", ["-xzf", pluginArchive(rel), "-C", dir], { cwd: dir });
    expect(untar.code).toBe(0);
    const launcher = path.join(dir, "pulumi-resource-redpandacloud");
    // Only Node.js on PATH, as the plugin needs; nothing to resolve modules from.
    const env = {
      PATH: path.dirname(process.execPath),
      NODE_PATH: undefined,
      NODE_OPTIONS: undefined,
    };
    plugin = startProcess(launcher, [], { cwd: dir, env });
    let port = "";
    for (let i = 0; i < 600 && !/^\d+\n/.test(port); i++) {
      await new Promise((r) => setTimeout(r, 50));
      port = plugin.output();
    }
    expect(port).toMatch(/^\d+\n$/);
    const grpc = sdkGrpc();
    const client = new ResourceProviderClient(
      `127.0.0.1:${port.trim()}`,
      grpc.credentials.createInsecure(),
    );
    const info = await new Promise<PluginInfo>((res, rej) =>
      client.getPluginInfo(new Empty(), (err, r) => (err ? rej(err) : res(r))),
    );
    const schema = await new Promise<pb.GetSchemaResponse>((res, rej) =>
      client.getSchema(new pb.GetSchemaRequest(), (err, r) => (err ? rej(err) : res(r))),
    );
    client.close();
    expect(info.getVersion()).toBe(VERSION);
    expect((JSON.parse(schema.getSchema()) as { version: string }).version).toBe(VERSION);
  } finally {
    if (plugin) process.kill(plugin.pid);
    await plugin?.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
