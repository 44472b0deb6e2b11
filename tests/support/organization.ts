/**
 * An organization made out of band: an object of every kind, each made through the emulator's
 * REST API as a console user or a script would (no part of this package involved), and the import
 * id of each in its documented form (docs/plugin.md) — the adoption tests import them. The kinds on
 * a cluster are on its Dedicated cluster (cluster-objects.ts, which also fills a Serverless one).
 */
import type { Made } from "./cluster-objects";
import { clusterObjects, connectObjects, ok, transformObjects } from "./cluster-objects";
import type { ResponseBody, TestEmulator } from "./emulator";
import { eventually, operationDone } from "./emulator";

export type { Made };

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

  const on = { dataplaneApiUrl: dp, schemaRegistryUrl: sr, clusterId };
  m.push(
    ...(await clusterObjects(t, on)),
    ...(await connectObjects(t, on)),
    ...(await transformObjects(t, on)),
  );
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
