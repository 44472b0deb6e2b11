// The reference examples (sdk/examples/, one Pulumi YAML program body per resource kind and per
// lookup): one for every token of sdk/schema.json and no other, each using its own kind, and every
// type, function, input, argument (at any depth, into the schema's object types) and enum string
// they set declared by the schema. A renamed or removed input fails here, naming the example and
// the property, without the CLI; tests/e2e/reference-examples-yaml.test.ts runs them.
import { stringify } from "yaml";
import type { Example } from "../../support/reference-examples";
import {
  checkExample,
  combine,
  exampleAtLine,
  examplesNamedIn,
  expectedExamples,
  loadExamples,
  loadSchema,
  tokensUsed,
} from "../../support/reference-examples";

const schema = loadSchema();
const examples = loadExamples();

it("has one example per resource kind and per lookup of the schema, and no other", () => {
  expect(examples.map((e) => e.name).sort()).toEqual(expectedExamples(schema).sort());
});

it.each(examples.map((e) => [e.file, e] as const))(
  "%s uses only what sdk/schema.json declares",
  (_file, ex) => {
    expect(checkExample(schema, ex)).toEqual([]);
    // Each example shows its own kind or lookup.
    expect(tokensUsed(ex)).toContain(ex.name);
  },
);

it.each(examples.map((e) => [e.file, e] as const))(
  "%s sets no literal secret and does not opt out of the deletion guard",
  (_file, ex) => {
    const secretConfig = Object.entries(ex.body.config ?? {})
      .filter(([, d]) => d.secret)
      .map(([k]) => k);
    const problems: string[] = [];
    const walk = (value: unknown, where: string): void => {
      if (!value || typeof value !== "object") return;
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (k === "allowDeletion") problems.push(`${where}.${k}: left to the stack's config`);
        if (/password|secret/i.test(k) && typeof v === "string") {
          // A secret is a secret config value, or names one (a connector's secret reference).
          const fromConfig = secretConfig.some((c) => v.includes(`\${${c}}`));
          if (!fromConfig && !v.includes("secretsManager:"))
            problems.push(`${where}.${k}: a literal`);
        }
        walk(v, `${where}.${k}`);
      }
    };
    walk(ex.body.resources, `${ex.file}: resources`);
    walk(ex.body.variables, `${ex.file}: variables`);
    expect(problems).toEqual([]);
  },
);

describe("the check names the example and the property", () => {
  const topic = examples.find((e) => e.name === "Topic")!;
  const withTopic = (mutate: (props: Record<string, unknown>) => void): Example => {
    const body = structuredClone(topic.body);
    mutate(body.resources!.orders!.properties!);
    return { ...topic, body };
  };

  it("a renamed input", () => {
    const ex = withTopic((p) => {
      p.partitions = p.partitionCount;
      delete p.partitionCount;
    });
    expect(checkExample(schema, ex)).toEqual([
      expect.stringMatching(
        /^Topic\.yaml: resource "orders" \(redpandacloud:index:Topic\): .*"partitions"/,
      ),
    ]);
  });

  it("a renamed input inside an object type, and a wrong enum string", () => {
    const binding = examples.find((e) => e.name === "RoleBinding")!;
    const body = structuredClone(binding.body);
    const scope = body.resources!.writer!.properties!.scope as Record<string, unknown>;
    scope.resource_id = scope.resourceId;
    delete scope.resourceId;
    scope.resourceType = "CLUSTER";
    expect(checkExample(schema, { ...binding, body })).toEqual([
      expect.stringContaining(
        'RoleBinding.yaml: resource "writer" (redpandacloud:index:RoleBinding): properties.scope.resourceType: "CLUSTER" is not one of',
      ),
      expect.stringContaining('properties.scope: no property "resource_id"'),
    ]);
  });

  it("a lookup's renamed argument", () => {
    const region = examples.find((e) => e.name === "getRegion")!;
    const body = structuredClone(region.body);
    const invoke = (body.variables!.usCentral1 as Record<string, { arguments: object }>)[
      "fn::invoke"
    ]!;
    invoke.arguments = { cloudProvider: "CLOUD_PROVIDER_GCP", region: "us-central1" };
    expect(checkExample(schema, { ...region, body })).toEqual([
      expect.stringMatching(/^getRegion\.yaml: variables\.usCentral1 .*no property "region"/),
    ]);
  });
});

it("combines examples under prefixed names, references and config included", () => {
  const pick = examples.filter((e) => ["Topic", "getSchema"].includes(e.name));
  const { body, config } = combine(pick);
  expect(Object.keys(body.resources!)).toEqual(["Topic_orders"]);
  expect(body.resources!.Topic_orders!.properties!.dataplaneApiUrl).toBe(
    "${Topic_cluster.dataplaneApiUrl}",
  );
  expect(config.map((c) => c.combinedKey)).toEqual([
    "Topic_clusterId",
    "getSchema_clusterId",
    "getSchema_subject",
  ]);
  expect(JSON.stringify(body.variables)).toContain('"id":"${getSchema_clusterId}"');
  // `$${` is Pulumi YAML's escape, not a reference: left as written.
  const connector = combine(examples.filter((e) => e.name === "Connector")).body;
  expect(connector.resources!.Connector_ordersToS3!.properties!.config).toMatchObject({
    "aws.secret.access.key":
      "$${secretsManager:${Connector_s3Credentials.id}:aws.secret.access.key}",
  });
  expect(examplesNamedIn("error: Topic_orders: failed", examples)).toEqual(["Topic.yaml"]);
  // A type error names a line of the combined program: the example that line belongs to.
  const text = stringify({ name: "p", runtime: "yaml", ...body });
  const lines = text.split("\n");
  const at = exampleAtLine(text, pick);
  expect(at(lines.indexOf("      partitionCount: 6") + 1)).toBe("Topic.yaml");
  expect(at(lines.findIndex((l) => l.includes("subject: ${getSchema_subject}")) + 1)).toBe(
    "getSchema.yaml",
  );
  expect(at(1)).toBeUndefined();
  expect(examplesNamedIn("urn:...::ServerlessCluster_cluster", examples)).toEqual([
    "ServerlessCluster.yaml",
  ]);
});
