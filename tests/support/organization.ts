/**
 * An organization made out of band: one object of every kind, each made through the emulator's
 * REST API as a console user or a script would (no part of this package involved), and the import
 * id of each in its documented form (docs/plugin.md) — the adoption tests import them.
 */
import type { ResponseBody, TestEmulator } from "./emulator";
import { eventually, operationDone } from "./emulator";

/** One object to import: its kind, the name to give it in the program, its import id. */
export interface Made {
  kind: string;
  name: string;
  id: string;
}

export interface Organization {
  resourceGroupId: string;
  networkId: string;
  clusterId: string;
  dataplaneApiUrl: string;
  schemaRegistryUrl: string;
  serverlessId: string;
  /** Every object, in dependency order. */
  made: Made[];
}

async function ok(
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

/** A long-running create: waits for its operation, returns the resource's id. */
async function made(t: TestEmulator, url: string, body: unknown): Promise<string> {
  const res = await ok(t, "POST", url, body);
  const op = await operationDone(t, res.operation.id);
  if (op.state !== "STATE_COMPLETED") throw new Error(`${url}: ${JSON.stringify(op)}`);
  return res.operation.resource_id as string;
}

async function ready(t: TestEmulator, path: string, key: string): Promise<ResponseBody> {
  return eventually(async () => {
    const r = (await t.call("GET", path)).body[key];
    return r?.state === "STATE_READY" ? r : undefined;
  });
}

/**
 * A resource group `<tag>`, its network `<tag>-net` (`cidr`) and a READY Dedicated cluster
 * `<tag>-cluster` on it (`extra` goes into the cluster's create body), made through the REST API.
 */
export async function dedicatedCluster(
  t: TestEmulator,
  tag: string,
  cidr: string,
  extra: Record<string, unknown> = {},
): Promise<{ rg: string; net: string; clusterId: string; cluster: ResponseBody }> {
  const rg = (await ok(t, "POST", "/v1/resource-groups", { resource_group: { name: tag } }))
    .resource_group.id as string;
  const net = await made(t, "/v1/networks", {
    network: {
      name: `${tag}-net`,
      resource_group_id: rg,
      cloud_provider: "CLOUD_PROVIDER_AWS",
      region: "us-east-1",
      cluster_type: "TYPE_DEDICATED",
      cidr_block: cidr,
    },
  });
  const clusterId = await made(t, "/v1/clusters", {
    cluster: {
      name: `${tag}-cluster`,
      resource_group_id: rg,
      network_id: net,
      cloud_provider: "CLOUD_PROVIDER_AWS",
      region: "us-east-1",
      zones: ["use1-az1"],
      throughput_tier: "tier-1-aws-v3-arm",
      type: "TYPE_DEDICATED",
      connection_type: "CONNECTION_TYPE_PUBLIC",
      ...extra,
    },
  });
  const cluster = await ready(t, `/v1/clusters/${clusterId}`, "cluster");
  return { rg, net, clusterId, cluster };
}

/** Control plane: group, network, a Dedicated cluster (READY), serverless, links, IAM. */
async function controlPlane(t: TestEmulator, tag: string) {
  const { rg, net, clusterId, cluster } = await dedicatedCluster(t, tag, "10.71.0.0/20");
  const serverlessId = await made(t, "/v1/serverless/clusters", {
    serverless_cluster: {
      name: `${tag}-sl`,
      resource_group_id: rg,
      serverless_region: "us-east-1",
    },
  });
  await ready(t, `/v1/serverless/clusters/${serverlessId}`, "serverless_cluster");
  return { rg, net, clusterId, cluster, serverlessId };
}

/** Builds the organization in `t`; `tag` prefixes the names (unique per test). */
export async function buildOrganization(t: TestEmulator, tag: string): Promise<Organization> {
  const { rg, net, clusterId, cluster, serverlessId } = await controlPlane(t, tag);
  const dp = cluster.dataplane_api.url as string;
  const sr = cluster.schema_registry.url as string;
  const m: Made[] = [
    { kind: "ResourceGroup", name: "group", id: rg },
    { kind: "Network", name: "network", id: net },
    { kind: "Cluster", name: "cluster", id: clusterId },
    { kind: "ServerlessCluster", name: "serverless", id: serverlessId },
  ];

  const peering = await made(t, `/v1/network/${net}/network-peerings`, {
    network_peering: {
      display_name: `${tag}-peer`,
      cloud_provider: "CLOUD_PROVIDER_AWS",
      aws: { peer_owner_id: "123456789012", peer_vpc_id: "vpc-0a1b2c3d4e5f67890" },
    },
  });
  m.push({ kind: "NetworkPeering", name: "peering", id: `${net}/${peering}` });
  const link = await made(t, "/v1/serverless/private-links", {
    serverless_private_link: {
      name: `${tag}-pl`,
      resource_group_id: rg,
      cloudprovider: "CLOUD_PROVIDER_AWS",
      serverless_region: "us-east-1",
      aws_config: { allowed_principals: ["arn:aws:iam::123456789012:root"] },
    },
  });
  m.push({ kind: "ServerlessPrivateLink", name: "privateLink", id: link });
  const shadow = await made(t, "/v1/shadow-links", {
    shadow_link: {
      name: `${tag}-shadow`,
      shadow_redpanda_id: clusterId,
      client_options: { bootstrap_servers: ["source.example.com:9092"] },
    },
  });
  m.push({ kind: "ShadowLink", name: "shadowLink", id: shadow });

  const sa = (
    await ok(t, "POST", "/v1/service-accounts", {
      service_account: { name: `${tag}-sa`, description: "made elsewhere" },
    })
  ).service_account.id as string;
  m.push({ kind: "ServiceAccount", name: "serviceAccount", id: sa });
  const rb = (
    await ok(t, "POST", "/v1/role-bindings", {
      role_binding: {
        role_name: "Reader",
        account_id: sa,
        scope: { resource_type: "SCOPE_RESOURCE_TYPE_CLUSTER", resource_id: clusterId },
      },
    })
  ).role_binding.id as string;
  m.push({ kind: "RoleBinding", name: "roleBinding", id: rb });
  const group = (
    await ok(t, "POST", "/v1/groups", { group: { name: `${tag}-group`, description: "" } })
  ).group.id as string;
  m.push({ kind: "Group", name: "orgGroup", id: group });
  const role = (
    await ok(t, "POST", "/v1/roles", {
      role: { name: `${tag}-role`, description: "", permissions: ["iam_role_read"] },
    })
  ).role.id as string;
  m.push({ kind: "OrganizationRole", name: "organizationRole", id: role });
  const invite = (
    await ok(t, "POST", "/v1/user-invites", {
      user_invite: {
        email: `${tag}@example.com`,
        role_bindings: [
          { role_name: "Reader", scope: { resource_type: "SCOPE_RESOURCE_TYPE_ORGANIZATION" } },
        ],
      },
    })
  ).user_invite.id as string;
  m.push({ kind: "UserInvite", name: "invite", id: invite });

  m.push(...(await dataPlane(t, dp, sr, clusterId)));
  return {
    resourceGroupId: rg,
    networkId: net,
    clusterId,
    dataplaneApiUrl: dp,
    schemaRegistryUrl: sr,
    serverlessId,
    made: m,
  };
}

/** One cluster's data plane and Schema Registry: users, ACLs, roles, topics, connect, schemas. */
async function dataPlane(
  t: TestEmulator,
  dp: string,
  sr: string,
  cluster: string,
): Promise<Made[]> {
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
  const tuple = [
    acl.resource_type,
    acl.resource_pattern_type,
    acl.resource_name,
    acl.principal,
    acl.host,
    acl.operation,
    acl.permission_type,
  ].join("|");
  m.push({ kind: "Acl", name: "acl", id: `${cluster}/${tuple}` });
  await ok(t, "POST", `${dp}/v1/roles`, { name: "readers" });
  m.push({ kind: "Role", name: "role", id: `${cluster}/readers` });
  await ok(t, "PUT", `${dp}/v1/roles/readers`, { add: [{ principal: "User:app" }], remove: [] });
  m.push({ kind: "RoleAssignment", name: "roleAssignment", id: `${cluster}/readers/User:app` });
  await ok(t, "POST", `${sr}/subjects/orders-value/versions`, {
    schema: '{"type":"record","name":"Order","fields":[{"name":"id","type":"string"}]}',
    schemaType: "AVRO",
  });
  m.push({ kind: "Schema", name: "schema", id: `${cluster}/orders-value` });
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
  m.push({
    kind: "SchemaRegistryAcl",
    name: "registryAcl",
    id: `${cluster}/SUBJECT|LITERAL|orders-value|User:app|*|READ|ALLOW`,
  });
  const pipeline = (
    await ok(t, "POST", `${dp}/v1/redpanda-connect/pipelines`, {
      display_name: "ingest",
      config_yaml: "input:\n  generate:\n    mapping: root = {}\noutput:\n  drop: {}\n",
    })
  ).pipeline.id as string;
  m.push({ kind: "Pipeline", name: "pipeline", id: `${cluster}/${pipeline}` });
  await ok(t, "POST", `${dp}/v1/secrets`, {
    id: "PG_PASSWORD",
    secret_data: Buffer.from("made-elsewhere").toString("base64"),
    scopes: ["SCOPE_REDPANDA_CONNECT"],
  });
  m.push({ kind: "Secret", name: "secret", id: `${cluster}/PG_PASSWORD` });
  await ok(t, "POST", `${dp}/v1/quotas`, {
    entity: { entity_type: "ENTITY_TYPE_CLIENT_ID", entity_name: "app" },
    value: { value_type: "VALUE_TYPE_PRODUCER_BYTE_RATE", value: 1048576 },
  });
  m.push({ kind: "Quota", name: "quota", id: `${cluster}/ENTITY_TYPE_CLIENT_ID/app` });
  const connect = `${dp}/v1/kafka-connect/clusters/redpanda`;
  const secretId = (
    await ok(t, "POST", `${connect}/secrets`, {
      name: "sink",
      secret_data: Buffer.from(JSON.stringify({ key: "made-elsewhere" })).toString("base64"),
    })
  ).secret.id as string;
  m.push({ kind: "ConnectorSecret", name: "connectorSecret", id: `${cluster}/${secretId}` });
  await ok(t, "POST", `${connect}/connectors`, {
    name: "sink",
    config: { "connector.class": "io.example.Sink", "tasks.max": "1" },
  });
  m.push({ kind: "Connector", name: "connector", id: `${cluster}/sink` });
  return m;
}
