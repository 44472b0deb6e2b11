/**
 * The objects on one cluster, made out of band through its data-plane API and Schema Registry as a
 * console user or a script would (no part of this package involved), each with its import id in
 * the documented form `<clusterId>/<rest>` (docs/plugin.md). Every cluster kind — Dedicated, BYOC,
 * Serverless — holds the first set ({@link clusterObjects}); Kafka Connect and Wasm transforms run
 * on BYOC and Dedicated clusters only ({@link connectObjects}, {@link transformObjects}).
 */
import type { ResponseBody, TestEmulator } from "./emulator";
import { TOKEN } from "./emulator";
import { deployOutOfBand } from "./wasm";

/** One object to import: its kind, the name to give it in the program, its import id. */
export interface Made {
  kind: string;
  name: string;
  id: string;
}

/** Where a cluster's objects are made: its id and its two addresses. */
export interface ClusterAt {
  clusterId: string;
  dataplaneApiUrl: string;
  schemaRegistryUrl: string;
}

/** A REST call that must succeed: its body, or an error naming the call and the answer. */
export async function ok(
  t: TestEmulator,
  method: string,
  url: string,
  body?: unknown,
): Promise<ResponseBody> {
  const res = await t.call(method, url, body);
  if (res.status >= 300) {
    throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

/** The Kafka API's objects: a user, a topic, an ACL, a role and its member, a quota. */
async function kafkaObjects(t: TestEmulator, at: ClusterAt): Promise<Made[]> {
  const { dataplaneApiUrl: dp, clusterId: cluster } = at;
  const m: Made[] = [];
  await ok(t, "POST", `${dp}/v1/users`, {
    name: "app",
    password: "made-elsewhere-pw",
    mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
  });
  m.push({ kind: "User", name: "user", id: `${cluster}/app` });
  await ok(t, "POST", `${dp}/v1/topics`, {
    name: "orders",
    partition_count: 3,
    replication_factor: 3,
  });
  m.push({ kind: "Topic", name: "topic", id: `${cluster}/orders` });
  const acl = {
    resource_type: "RESOURCE_TYPE_TOPIC",
    resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
    resource_name: "orders",
    principal: "User:app",
    host: "*",
    operation: "OPERATION_READ",
    permission_type: "PERMISSION_TYPE_ALLOW",
  };
  await ok(t, "POST", `${dp}/v1/acls`, acl);
  m.push({ kind: "Acl", name: "acl", id: `${cluster}/${Object.values(acl).join("|")}` });
  await ok(t, "POST", `${dp}/v1/roles`, { name: "readers" });
  m.push({ kind: "Role", name: "role", id: `${cluster}/readers` });
  await ok(t, "PUT", `${dp}/v1/roles/readers`, { add: [{ principal: "User:app" }], remove: [] });
  m.push({ kind: "RoleAssignment", name: "roleAssignment", id: `${cluster}/readers/User:app` });
  await ok(t, "POST", `${dp}/v1/quotas`, {
    entity: { entity_type: "ENTITY_TYPE_CLIENT_ID", entity_name: "app" },
    value: { value_type: "VALUE_TYPE_PRODUCER_BYTE_RATE", value: 1048576 },
  });
  m.push({ kind: "Quota", name: "quota", id: `${cluster}/ENTITY_TYPE_CLIENT_ID/app` });
  return m;
}

/** The Schema Registry's objects: a schema and an ACL on its subject. */
async function registryObjects(t: TestEmulator, at: ClusterAt): Promise<Made[]> {
  const { schemaRegistryUrl: sr, clusterId: cluster } = at;
  await ok(t, "POST", `${sr}/subjects/orders-value/versions`, {
    schema: '{"type":"record","name":"Order","fields":[{"name":"id","type":"string"}]}',
    schemaType: "AVRO",
  });
  await ok(t, "POST", `${sr}/security/acls`, [
    {
      principal: "User:app",
      resource: "orders-value",
      resource_type: "SUBJECT",
      pattern_type: "LITERAL",
      host: "*",
      operation: "READ",
      permission: "ALLOW",
    },
  ]);
  return [
    { kind: "Schema", name: "schema", id: `${cluster}/orders-value` },
    {
      kind: "SchemaRegistryAcl",
      name: "registryAcl",
      id: `${cluster}/SUBJECT|LITERAL|orders-value|User:app|*|READ|ALLOW`,
    },
  ];
}

/** Redpanda Connect's objects: a pipeline and a secret it may use. */
async function connectPipelineObjects(t: TestEmulator, at: ClusterAt): Promise<Made[]> {
  const { dataplaneApiUrl: dp, clusterId: cluster } = at;
  const pipeline = (
    await ok(t, "POST", `${dp}/v1/redpanda-connect/pipelines`, {
      display_name: "ingest",
      config_yaml: "input:\n  generate:\n    mapping: root = {}\noutput:\n  drop: {}\n",
    })
  ).pipeline.id as string;
  await ok(t, "POST", `${dp}/v1/secrets`, {
    id: "PG_PASSWORD",
    secret_data: Buffer.from("made-elsewhere").toString("base64"),
    scopes: ["SCOPE_REDPANDA_CONNECT"],
  });
  return [
    { kind: "Pipeline", name: "pipeline", id: `${cluster}/${pipeline}` },
    { kind: "Secret", name: "secret", id: `${cluster}/PG_PASSWORD` },
  ];
}

/** What every cluster kind holds: the Kafka API's, the Schema Registry's, Redpanda Connect's. */
export async function clusterObjects(t: TestEmulator, at: ClusterAt): Promise<Made[]> {
  return [
    ...(await kafkaObjects(t, at)),
    ...(await registryObjects(t, at)),
    ...(await connectPipelineObjects(t, at)),
  ];
}

/** Kafka Connect's objects (BYOC and Dedicated clusters only): a secret and a connector. */
export async function connectObjects(t: TestEmulator, at: ClusterAt): Promise<Made[]> {
  const { dataplaneApiUrl: dp, clusterId: cluster } = at;
  const connect = `${dp}/v1/kafka-connect/clusters/redpanda`;
  const secretId = (
    await ok(t, "POST", `${connect}/secrets`, {
      name: "sink",
      secret_data: Buffer.from(JSON.stringify({ key: "made-elsewhere" })).toString("base64"),
    })
  ).secret.id as string;
  await ok(t, "POST", `${connect}/connectors`, {
    name: "sink",
    config: { "connector.class": "io.example.Sink", "tasks.max": "1" },
  });
  return [
    { kind: "ConnectorSecret", name: "connectorSecret", id: `${cluster}/${secretId}` },
    { kind: "Connector", name: "connector", id: `${cluster}/sink` },
  ];
}

/**
 * A Wasm transform (BYOC and Dedicated clusters only) and the second topic it writes to: it reads
 * the Kafka API's `orders` ({@link clusterObjects} first).
 */
export async function transformObjects(t: TestEmulator, at: ClusterAt): Promise<Made[]> {
  const { dataplaneApiUrl: dp, clusterId: cluster } = at;
  await ok(t, "POST", `${dp}/v1/topics`, {
    name: "orders-redacted",
    partition_count: 3,
    replication_factor: 3,
  });
  const deployed = await deployOutOfBand(dp, TOKEN, {
    name: "redact-orders",
    input_topic_name: "orders",
    output_topic_names: ["orders-redacted"],
    environment_variables: [{ key: "LOG_LEVEL", value: "INFO" }],
  });
  if (deployed.status !== 201) {
    throw new Error(`PUT ${dp}/v1/transforms: ${deployed.status} ${JSON.stringify(deployed.body)}`);
  }
  return [
    { kind: "Topic", name: "topicRedacted", id: `${cluster}/orders-redacted` },
    { kind: "Transform", name: "transform", id: `${cluster}/redact-orders` },
  ];
}

/** A READY Serverless cluster's objects (every kind but Kafka Connect's), made on it. */
export async function serverlessObjects(t: TestEmulator, serverlessId: string): Promise<Made[]> {
  const s = (await ok(t, "GET", `/v1/serverless/clusters/${serverlessId}`)).serverless_cluster;
  return clusterObjects(t, {
    clusterId: serverlessId,
    dataplaneApiUrl: s.dataplane_api.url as string,
    schemaRegistryUrl: s.schema_registry.url as string,
  });
}
