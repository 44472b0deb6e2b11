// The plugin's package schema (sdk/schema.json) is generated from the declarations: the checked-in
// file is exactly what scripts/codegen/schema.ts makes now, and it says what the declarations say —
// every kind a resource, secrets secret, replacing inputs `replaceOnChanges`, every lookup a
// function, every provider setting config with its REDPANDA_* fallback, every resource's import
// instructions and every example (sdk/examples/) in its description.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { SETTINGS_ENV } from "../../../provider/transport/settings";
import { KINDS, LOOKUPS } from "../../../provider/kinds/registry";
import * as lookups from "../../../provider/lookups";
import { CONFIG_KEYS, SECRET_CONFIG_KEYS } from "../../../provider/plugin/config";
import { importIdFormsOf } from "../../../provider/plugin/import-ids";

jest.setTimeout(120_000);

const REPO = path.resolve(__dirname, "..", "..", "..");

interface Property {
  type?: string;
  $ref?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
  description?: string;
  default?: unknown;
  defaultInfo?: { environment: string[] };
}
interface Resource {
  description: string;
  inputProperties: Record<string, Property>;
  requiredInputs: string[];
  properties: Record<string, Property>;
}
interface Schema {
  name: string;
  version: string;
  config: { variables: Record<string, Property> };
  provider: { inputProperties: Record<string, Property> };
  types: Record<string, { type: string; enum?: { name?: string; value: string }[] }>;
  resources: Record<string, Resource>;
  functions: Record<
    string,
    {
      description: string;
      inputs?: { properties: Record<string, Property>; required?: string[] };
      outputs: object;
    }
  >;
  language: { go: { importBasePath: string }; nodejs: { packageName: string } };
}

const schema = JSON.parse(fs.readFileSync(path.join(REPO, "sdk", "schema.json"), "utf8")) as Schema;

/**
 * Runs the generator in its own process (it formats with prettier, which cannot load inside jest's
 * module sandbox): `setup` runs first with `KINDS` in scope; prints the result of `expression`.
 */
function generator<T>(expression: string, setup = ""): T {
  const program = `
    const { KINDS } = require("./provider/kinds/registry");
    const gen = require("./scripts/codegen/schema");
    ${setup};
    console.log(JSON.stringify(${expression}) ?? "null");`;
  const tsNode = require.resolve("ts-node/dist/bin.js");
  const out = execFileSync(process.execPath, [tsNode, "--transpile-only", "-e", program], {
    cwd: REPO,
    encoding: "utf8",
  });
  return JSON.parse(out) as T;
}

it("is exactly what the generator makes from the declarations now, and says when it is not", () => {
  // One process for both (each reads the lookups with the TypeScript compiler).
  const [now, afterChange] = generator<[string | null, string]>(
    "[now, gen.staleSchema()]",
    'const now = gen.staleSchema(); KINDS.topic.fields.replicationFactor.change = "update"',
  );
  expect(now).toBeNull();
  expect(afterChange).toMatch(
    /^sdk\/schema\.json disagrees with the declarations at line \d+: expected .* \(run npm run codegen, then npm run sdk\)$/,
  );
});

it("is the redpandacloud package at the package's version, for Go, Node.js and Python", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as {
    version: string;
  };
  expect(schema.name).toBe("redpandacloud");
  expect(schema.version).toBe(pkg.version);
  expect(schema.language.go.importBasePath).toMatch(/\/sdk\/go\/redpandacloud$/);
  expect(schema.language.nodejs.packageName).not.toMatch(/^@pulumi\//);
});

it("has every kind as a resource, and nothing else", () => {
  expect(Object.keys(schema.resources).sort()).toEqual(
    Object.values(KINDS)
      .map((k) => `redpandacloud:index:${k.type}`)
      .sort(),
  );
});

it("has every input and output of each kind, with its doc, and the required inputs", () => {
  for (const kind of Object.values(KINDS)) {
    const r = schema.resources[`redpandacloud:index:${kind.type}`]!;
    expect([kind.type, Object.keys(r.inputProperties)]).toEqual([
      kind.type,
      Object.keys(kind.fields),
    ]);
    expect([kind.type, Object.keys(r.properties).sort()]).toEqual([
      kind.type,
      [...new Set([...Object.keys(kind.fields), ...Object.keys(kind.outputs)])].sort(),
    ]);
    for (const [name, p] of Object.entries(r.inputProperties)) {
      // The plugin's config namespace is its package name (`redpandacloud:allowDeletion`).
      const doc = kind.fields[name]!.doc.replace(/`redpanda:/g, "`redpandacloud:");
      expect([kind.type, name, p.description?.startsWith(doc)]).toEqual([kind.type, name, true]);
    }
    for (const [name, o] of Object.entries(kind.outputs)) {
      expect([kind.type, name, r.properties[name]!.description]).toEqual([kind.type, name, o.doc]);
    }
    const required = Object.entries(kind.fields)
      .filter(([, f]) => !f.schema.safeParse(undefined).success)
      .map(([n]) => n);
    expect([kind.type, r.requiredInputs]).toEqual([kind.type, required]);
  }
});

it("marks every secret input and output secret, in inputs and state, and nothing else", () => {
  let secrets = 0;
  for (const kind of Object.values(KINDS)) {
    const r = schema.resources[`redpandacloud:index:${kind.type}`]!;
    const secretOutputs = Object.entries(kind.outputs)
      .filter(([, o]) => o.secret)
      .map(([n]) => n);
    const inputs = Object.entries(r.inputProperties)
      .filter(([, p]) => p.secret)
      .map(([n]) => n);
    const state = Object.entries(r.properties)
      .filter(([, p]) => p.secret)
      .map(([n]) => n);
    expect([kind.type, inputs]).toEqual([kind.type, [...kind.secrets]]);
    expect([kind.type, state.sort()]).toEqual([
      kind.type,
      [...new Set([...kind.secrets, ...secretOutputs])].sort(),
    ]);
    secrets += inputs.length;
  }
  // The user's password, the secret's value, the BYOC agent's environment, ...
  expect(secrets).toBeGreaterThanOrEqual(5);
  expect(schema.resources["redpandacloud:index:User"]!.inputProperties.password!.secret).toBe(true);
});

it("marks exactly the inputs whose change replaces `replaceOnChanges`", () => {
  for (const kind of Object.values(KINDS)) {
    const r = schema.resources[`redpandacloud:index:${kind.type}`]!;
    const replacing = Object.entries(r.inputProperties)
      .filter(([, p]) => p.replaceOnChanges)
      .map(([n]) => n);
    expect([kind.type, replacing]).toEqual([kind.type, [...kind.replaceOn]]);
  }
  const topic = schema.resources["redpandacloud:index:Topic"]!.inputProperties;
  expect(topic.name!.replaceOnChanges).toBe(true);
  // Grows in place, replaces only when it shrinks: the provider decides, not the engine.
  expect(topic.partitionCount!.replaceOnChanges).toBeUndefined();
});

it("keeps defaults, enums and nested types", () => {
  const cluster = schema.resources["redpandacloud:index:Cluster"]!.inputProperties;
  expect(cluster.connectionType).toMatchObject({
    $ref: "#/types/redpandacloud:index:ConnectionType",
    default: "CONNECTION_TYPE_PUBLIC",
  });
  expect(cluster.cloudProvider!.$ref).toBe("#/types/redpandacloud:index:CloudProvider");
  // Members named without the words every value shares (Go `CloudProviderAws`).
  expect(schema.types["redpandacloud:index:CloudProvider"]!.enum).toEqual([
    { name: "Aws", value: "CLOUD_PROVIDER_AWS" },
    { name: "Gcp", value: "CLOUD_PROVIDER_GCP" },
    { name: "Azure", value: "CLOUD_PROVIDER_AZURE" },
  ]);
  expect(cluster.byoc!.$ref).toBe("#/types/redpandacloud:index:ByocAgent");
  expect(schema.types["redpandacloud:index:MaintenanceWindowConfig"]!.type).toBe("object");
  expect(schema.resources["redpandacloud:index:Topic"]!.inputProperties.configs).toMatchObject({
    type: "object",
    additionalProperties: { type: "string" },
  });
});

it("has every lookup as a function", () => {
  const names = Object.entries(lookups)
    .filter(([, v]) => typeof v === "function")
    .map(([n]) => `redpandacloud:index:${n}`);
  expect(names.length).toBeGreaterThanOrEqual(16);
  expect(Object.keys(schema.functions).sort()).toEqual(names.sort());
  // A lookup by id or name takes either; a list comes back as `items`; a password stays secret.
  expect(
    Object.keys(schema.functions["redpandacloud:index:getCluster"]!.inputs!.properties),
  ).toEqual(["id", "name"]);
  expect(schema.functions["redpandacloud:index:getRegions"]!.outputs).toMatchObject({
    properties: { items: { type: "array" } },
    required: ["items"],
  });
  expect(
    schema.functions["redpandacloud:index:getSchema"]!.inputs!.properties.password!.secret,
  ).toBe(true);
});

it("ends each resource's description with how to import it: the id forms the plugin's import reads, a command each", () => {
  for (const kind of Object.values(KINDS)) {
    const description = schema.resources[`redpandacloud:index:${kind.type}`]!.description;
    const forms = importIdFormsOf(kind.type);
    expect([kind.type, forms.length > 0]).toEqual([kind.type, true]);
    const section = description.slice(description.lastIndexOf("\n\n## Import\n\n"));
    expect([kind.type, section]).toEqual([kind.type, expect.stringMatching(/^\n\n## Import\n\n/)]);
    for (const form of forms) {
      expect([kind.type, section]).toEqual([
        kind.type,
        expect.stringContaining(`pulumi import redpandacloud:index:${kind.type} `),
      ]);
      expect([kind.type, section]).toEqual([kind.type, expect.stringContaining(` '${form}'\n`)]);
    }
  }
});

it("carries each example (sdk/examples/<Name>.yaml) in its description: a block per language, the YAML", () => {
  const dir = path.join(REPO, "sdk", "examples");
  const names = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -".yaml".length));
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    const token = `redpandacloud:index:${name}`;
    const description = (schema.resources[token] ?? schema.functions[token])?.description ?? "";
    const title = /^# (.+)$/m.exec(fs.readFileSync(path.join(dir, `${name}.yaml`), "utf8"))![1]!;
    expect([name, description]).toEqual([
      name,
      expect.stringContaining(
        `{{% examples %}}\n\n## Example Usage\n\n{{% example %}}\n\n### ${title}\n\n`,
      ),
    ]);
    const fences = [...description.matchAll(/^```(\w+)$/gm)].map((m) => m[1]);
    expect([name, fences.filter((f) => f !== "sh")]).toEqual([
      name,
      ["typescript", "javascript", "python", "go", "csharp", "java", "yaml"],
    ]);
  }
});

it("has every provider setting as config and provider input, with its REDPANDA_* fallback", () => {
  const variables = schema.config.variables;
  for (const [key, env] of Object.entries(SETTINGS_ENV)) {
    expect([key, variables[key]?.defaultInfo]).toEqual([key, { environment: [env] }]);
  }
  expect(Object.keys(variables).sort()).toEqual(
    [...Object.keys(SETTINGS_ENV), "allowDeletion"].sort(),
  );
  expect(schema.provider.inputProperties).toEqual(variables);
  expect(
    Object.entries(variables)
      .filter(([, p]) => p.secret)
      .map(([n]) => n)
      .sort(),
  ).toEqual(["accessToken", "clientSecret"]);
});

it("declares the functions and config the plugin serves, with the arguments its Invoke reads", () => {
  expect(Object.keys(schema.functions).sort()).toEqual(
    Object.keys(LOOKUPS)
      .map((n) => `redpandacloud:index:${n}`)
      .sort(),
  );
  for (const [name, f] of Object.entries(LOOKUPS)) {
    const inputs = schema.functions[`redpandacloud:index:${name}`]!.inputs;
    expect([name, Object.keys(inputs?.properties ?? {}).sort()]).toEqual([
      name,
      [...f.args].sort(),
    ]);
    expect([name, [...(inputs?.required ?? [])].sort()]).toEqual([
      name,
      [...(f.required ?? [])].sort(),
    ]);
  }
  expect(Object.keys(schema.config.variables).sort()).toEqual([...CONFIG_KEYS].sort());
  expect(
    Object.keys(schema.config.variables)
      .filter((k) => schema.config.variables[k]!.secret)
      .sort(),
  ).toEqual([...SECRET_CONFIG_KEYS].sort());
});
