// Coverage of the vendor's request bodies by the declarations, computed from the contract
// (emulator/contract/, derived from the vendor's OpenAPI) over every kind with a create or update
// body: every create field is an input of the kind, camelCased; every update field updates in
// place; a create field no update carries replaces. A field the vendor adds fails this test.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Kind } from "../../../provider/declare/declare";
import { clusterKind } from "../../../provider/kinds/cluster/kind";
import { KINDS as KIND_FILES } from "../../../provider/kinds/registry";

const KINDS = Object.values(KIND_FILES);

type Props = Record<string, { readOnly?: boolean }>;
const read = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "..", "contract", file), "utf8")) as {
    paths: Record<string, Record<string, unknown>>;
    components?: { schemas: Record<string, { properties?: Props }> };
    definitions?: Record<string, { properties?: Props }>;
  };
const CONTRACTS = {
  cp: read("cloud-controlplane.json"),
  dp: read("cloud-dataplane.json"),
  sr: read("schema-registry.json"),
};
type Api = keyof typeof CONTRACTS;
const schemas = (api: Api) =>
  CONTRACTS[api].components?.schemas ?? CONTRACTS[api].definitions ?? {};

/** A body: a schema of the contract, or the fields an operation's path and body carry. */
type Body = { schema: string } | { path: string; method: string; fields: string[] };

interface Coverage {
  api: Api;
  create?: Body;
  update?: Body[];
  /** Wire names that are not the input's camelCased name. */
  alias?: Record<string, string>;
  /** Fields that name the resource in the update's path: they replace, never update. */
  identity?: string[];
  /** Fields that are deliberately not inputs, each with why. */
  omitted?: Record<string, string>;
}

/**
 * Which body creates and which updates each kind. A kind created by a path alone (no body with
 * fields) names what the path carries; RoleAssignment's create is Role's membership update.
 */
const BODIES: Record<string, Coverage> = {
  ResourceGroup: {
    api: "cp",
    create: { schema: "ResourceGroupCreate" },
    update: [{ schema: "ResourceGroupUpdate" }],
  },
  Network: {
    api: "cp",
    create: { schema: "NetworkCreate" },
    update: [{ schema: "NetworkUpdate" }],
  },
  NetworkPeering: { api: "cp", create: { schema: "NetworkPeeringCreate" } },
  Cluster: {
    api: "cp",
    create: { schema: "ClusterCreate" },
    update: [{ schema: "ClusterUpdate" }],
  },
  ServerlessCluster: {
    api: "cp",
    create: { schema: "ServerlessClusterCreate" },
    update: [{ schema: "ServerlessClusterUpdate" }],
  },
  ServerlessPrivateLink: {
    api: "cp",
    create: { schema: "ServerlessPrivateLinkCreate" },
    update: [{ schema: "UpdateServerlessPrivateLinkBody" }],
    alias: { cloudprovider: "cloudProvider" },
  },
  ShadowLink: {
    api: "cp",
    create: { schema: "ShadowLinkCreate" },
    update: [{ schema: "ShadowLinkUpdate" }],
  },
  ServiceAccount: {
    api: "cp",
    create: { schema: "ServiceAccountCreate" },
    update: [{ schema: "ServiceAccountUpdate" }],
  },
  RoleBinding: { api: "cp", create: { schema: "RoleBindingCreate" } },
  Group: { api: "cp", create: { schema: "GroupCreate" }, update: [{ schema: "GroupUpdate" }] },
  OrganizationRole: {
    api: "cp",
    create: { schema: "RoleCreate" },
    update: [{ schema: "RoleUpdate" }],
  },
  UserInvite: {
    api: "cp",
    create: { schema: "UserInviteCreate" },
    update: [{ schema: "UserInviteUpdate" }],
    omitted: {
      expiresAt: "an output: the service sets an invitation's expiry; extending one is not managed",
    },
  },
  User: {
    api: "dp",
    create: { schema: "CreateUserRequest.User" },
    update: [{ schema: "UpdateUserRequest.User" }],
    identity: ["name"],
  },
  Acl: { api: "dp", create: { schema: "CreateACLRequest" } },
  Role: { api: "dp", create: { schema: "Role" } },
  RoleAssignment: {
    api: "dp",
    create: { path: "/v1/roles/{role_name}", method: "put", fields: ["role_name", "principal"] },
  },
  Topic: {
    api: "dp",
    create: { schema: "CreateTopicRequest.Topic" },
    update: [
      { path: "/v1/topics/{topic_name}/configurations", method: "put", fields: ["configs"] },
      { path: "/v1/topics/{topic_name}/partitions", method: "patch", fields: ["partition_count"] },
    ],
  },
  Pipeline: {
    api: "dp",
    create: { schema: "PipelineCreate" },
    update: [{ schema: "PipelineUpdate" }],
  },
  Transform: {
    api: "dp",
    create: { schema: "DeployTransformRequest" },
    // A deploy under the same name again: the broker takes a new environment (and module) only.
    update: [{ path: "/v1/transforms", method: "put", fields: ["environment_variables"] }],
  },
  Secret: {
    api: "dp",
    create: { schema: "CreateSecretRequest" },
    update: [{ schema: "UpdateSecretBody" }],
    alias: { id: "name" },
  },
  Quota: {
    api: "dp",
    create: { schema: "QuotaSetting" },
    update: [{ schema: "QuotaSetting" }],
    identity: ["entity"],
  },
  ConnectorSecret: {
    api: "dp",
    create: { schema: "CreateKafkaConnectSecretBody" },
    update: [{ schema: "UpdateKafkaConnectSecretBody" }],
  },
  Connector: {
    api: "dp",
    create: { schema: "ConnectorSpec" },
    update: [
      {
        path: "/v1/kafka-connect/clusters/{cluster_name}/connectors/{name}/config",
        method: "put",
        fields: ["config"],
      },
    ],
  },
  Schema: {
    api: "sr",
    create: { schema: "stored_schema_request" },
    // A change registers a new version under the subject; compatibility is the subject's config.
    update: [
      { schema: "stored_schema_request" },
      { path: "/config/{subject}", method: "put", fields: ["compatibility"] },
    ],
    identity: ["subject"],
    omitted: {
      id: "sets a schema's id, allowed only while the registry is in IMPORT mode",
      version: "sets a version number, allowed only while the registry is in IMPORT mode",
      metadata: "Confluent's schema metadata (rule sets, tags), not a field Redpanda stores",
    },
  },
  SchemaRegistryAcl: {
    api: "sr",
    create: { schema: "security_acl" },
    alias: { resource_type: "resourceType", pattern_type: "patternType" },
  },
};

const camel = (wire: string) => wire.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The writable fields of a body, as input names (the path's own id excluded unless aliased). */
function fieldsOf(c: Coverage, body: Body): string[] {
  if ("path" in body) {
    // The path and method must be the contract's: a renamed route fails here.
    expect(CONTRACTS[c.api].paths[body.path]?.[body.method]).toBeDefined();
    return body.fields.map((f) => c.alias?.[f] ?? camel(f));
  }
  const schema = schemas(c.api)[body.schema];
  expect(schema?.properties).toBeDefined();
  return Object.entries(schema!.properties!)
    .filter(([wire, p]) => !p.readOnly && (wire !== "id" || c.alias?.id))
    .map(([wire]) => c.alias?.[wire] ?? camel(wire));
}

function coverage(kind: Kind, c: Coverage) {
  const omitted = c.omitted ?? {};
  const creatable = c.create ? fieldsOf(c, c.create).filter((f) => !(f in omitted)) : [];
  const identity = new Set(c.identity ?? []);
  const updatable = [...new Set((c.update ?? []).flatMap((b) => fieldsOf(c, b)))].filter(
    (f) => !(f in omitted) && !identity.has(f),
  );
  const all = [...new Set([...creatable, ...updatable])];
  return {
    inputs: all.filter((f) => f in kind.fields).length,
    fields: all.length,
    missing: all.filter((f) => !(f in kind.fields)),
    inPlace: updatable.filter((f) => kind.fields[f]?.change === "update").length,
    updatable: updatable.length,
    replacedThoughUpdatable: updatable.filter((f) => kind.fields[f]?.change !== "update"),
    // Every create field the update lacks replaces: nothing is silently ignored.
    notReplaced: creatable.filter(
      (f) => !updatable.includes(f) && kind.fields[f] && kind.fields[f]!.change !== "replace",
    ),
  };
}

it("names a create or update body for every kind", () => {
  expect(KINDS.map((k) => k.type).sort()).toEqual(Object.keys(BODIES).sort());
});

describe.each(KINDS.map((k) => [k.type, k] as const))("%s", (type, kind) => {
  it("declares every field of its bodies; updates in place what the update carries", () => {
    const { missing, replacedThoughUpdatable, notReplaced } = coverage(kind, BODIES[type]!);
    expect({ missing, replacedThoughUpdatable, notReplaced }).toEqual({
      missing: [],
      replacedThoughUpdatable: [],
      notReplaced: [],
    });
  });
});

it("covers every field of every kind (the figure)", () => {
  const rows = KINDS.map((k) => ({ type: k.type, ...coverage(k, BODIES[k.type]!) }));
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
  const omitted = Object.values(BODIES).reduce(
    (n, b) => n + Object.keys(b.omitted ?? {}).length,
    0,
  );
  const figure = `${sum((r) => r.inputs)}/${sum((r) => r.fields)} fields of ${rows.length} kinds are inputs (${omitted} omitted with a reason); ${sum((r) => r.inPlace)}/${sum((r) => r.updatable)} update fields update in place`;
  console.log(`Contract coverage: ${figure}`);
  expect(sum((r) => r.inputs)).toBe(sum((r) => r.fields));
  expect(sum((r) => r.inPlace)).toBe(sum((r) => r.updatable));
});

it("Cluster: ClusterCreate 28/28 inputs, ClusterUpdate 19/19 in place", () => {
  const c = coverage(clusterKind, BODIES.Cluster!);
  expect([c.inputs, c.fields, c.inPlace, c.updatable]).toEqual([28, 28, 19, 19]);
});

it("fails when the vendor adds a field the declaration lacks", () => {
  const schema = schemas("cp").ClusterCreate!;
  schema.properties!.brand_new_field = {};
  try {
    expect(coverage(clusterKind, BODIES.Cluster!).missing).toEqual(["brandNewField"]);
  } finally {
    delete schema.properties!.brand_new_field;
  }
});
