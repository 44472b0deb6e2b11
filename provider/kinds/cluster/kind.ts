/**
 * Cluster (Dedicated and BYOC): every field of the vendor's ClusterCreate is an input, camelCased
 * and nested as on the wire. The fields ClusterUpdate carries update in place (a sparse PATCH,
 * then the update operation); the rest replace. Nested objects' schemas are generated from the
 * contract (provider/wire/nested-schemas.ts) and mapped to the wire by
 * provider/declare/wire-case.ts.
 */
import * as z from "zod";
import type { Cluster as ApiCluster } from "./api";
import type { ClusterCreate, ClusterUpdate } from "./api";
import { equal } from "../../equal";
import {
  CLOUD_PROVIDERS,
  CLUSTER_TYPES,
  CONNECTION_TYPES,
  NETWORK_ACCESS_MODES,
} from "../../enums";
import { declareKind } from "../../declare/declare";
import type { Field, InputsOf } from "../../declare/declare";
import { adoptId, allowDeletion, timeouts } from "../../declare/fields";
import * as W from "../../wire/nested-schemas";
import { fromWire, outsideUpdate, projectOnto, toWire, wireKey } from "../../declare/wire-case";

const byocAgent = z
  .object({
    command: z.string().min(1).optional().describe("Executable; default `rpk` on PATH."),
    extraArgs: z.array(z.string()).optional().describe("Arguments appended to the standard ones."),
    env: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        "Extra environment (cloud credentials); the whole `byoc` input is kept secret in state.",
      ),
    gcpProjectId: z
      .string()
      .min(1)
      .optional()
      .describe("GCP project id; required for GCP BYOC clusters."),
    azureSubscriptionId: z
      .string()
      .min(1)
      .optional()
      .describe("Azure subscription id; required for Azure BYOC clusters."),
  })
  .strict()
  .describe(
    "The vendor CLI's BYOC agent step (`rpk cloud byoc <cloud> apply|destroy --redpanda-id <id>`).",
  );

/** An optional nested input of the vendor's shape; `change` as ClusterUpdate allows. */
function nested<S extends z.ZodType>(schema: S, doc: string, change: "update" | "replace") {
  return { schema: schema.optional(), change, doc } satisfies Field;
}

export const clusterKind = declareKind({
  type: "Cluster",
  section: "control plane",
  order: 4,
  doc: "A Dedicated or BYOC cluster. Its `dataplaneApiUrl` feeds topics, users, ACLs and connectors.",
  fields: {
    name: {
      schema: z
        .string()
        .min(3)
        .max(128)
        .regex(
          /^[A-Za-z0-9-:_]+$/,
          "name may contain only letters, digits, '-', ':' and '_' (3 to 128)",
        ),
      change: "update",
      doc: "Cluster name, 3–128 of letters, digits, `-`, `:`, `_`",
    },
    resourceGroupId: { schema: z.string().min(1), change: "replace", doc: "Resource group id" },
    networkId: {
      schema: z
        .string()
        .regex(/^[a-v0-9]{20}$/, "networkId must be a network id (20 characters, a-v and 0-9)"),
      change: "replace",
      doc: "Network id (`network.id`), whose type, cloud and region must match",
    },
    cloudProvider: { schema: z.enum(CLOUD_PROVIDERS), change: "replace", doc: "Cloud provider" },
    region: { schema: z.string().min(1), change: "replace", doc: "Region of the network" },
    zones: {
      schema: z
        .array(z.string().min(1))
        .min(1, "zones must name at least one zone")
        .refine((z2) => new Set(z2).size === z2.length, "zones must be unique"),
      change: "replace",
      doc: "Availability zones, a subset of the network's",
    },
    throughputTier: {
      schema: z.string().min(1),
      change: "update",
      doc: "Usage tier, e.g. `tier-1-gcp-v2-x86`",
    },
    type: {
      schema: z.enum(CLUSTER_TYPES),
      change: "replace",
      doc: "`TYPE_DEDICATED` or `TYPE_BYOC`",
    },
    connectionType: {
      schema: z.enum(CONNECTION_TYPES).default("CONNECTION_TYPE_PUBLIC"),
      change: "replace",
      doc: "Whether the cluster is reachable from the internet",
    },
    redpandaVersion: {
      schema: z
        .string()
        .regex(/^\d+\.\d+$/, 'redpandaVersion is "major.minor", e.g. "25.1"')
        .optional(),
      change: "replace",
      doc: 'Redpanda version "major.minor"; server default when unset',
    },
    redpandaNodeCount: {
      schema: z.number().int().min(1, "redpandaNodeCount is at least 1").optional(),
      change: "update",
      doc: "Number of Redpanda brokers; the tier's default when unset",
    },
    kafkaConnect: {
      // `true`/`false` was this package's first form; the wire's `{ enabled }` is accepted too.
      schema: z.union([z.boolean(), W.KafkaConnect]).optional(),
      change: "update",
      doc: "Kafka Connect (needed for connectors): `{ enabled: true }`, or `true`",
    },
    redpandaConnect: nested(
      W.RedpandaConnect,
      "Redpanda Connect egress: `allowedDestinationCidrPorts`",
      "update",
    ),
    cloudProviderTags: {
      schema: z.record(z.string(), z.string()).optional(),
      change: "update",
      doc: "Tags on the cloud resources",
    },
    clusterConfiguration: nested(
      W.ClusterCreateClusterConfiguration,
      "Cluster properties: `customProperties` (an object of Redpanda property names to values)",
      "update",
    ),
    maintenanceWindowConfig: nested(
      W.MaintenanceWindowConfig,
      "When upgrades may run: one of `dayHour { dayOfWeek, hourOfDay }`, `anytime: {}`, `unspecified: {}`",
      "update",
    ),
    kafkaApi: nested(W.KafkaAPISpec, "Kafka API authentication: `mtls`, `sasl`", "update"),
    httpProxy: nested(W.HTTPProxySpec, "HTTP Proxy authentication: `mtls`, `sasl`", "update"),
    schemaRegistry: nested(
      W.SchemaRegistrySpec,
      "Schema Registry authentication: `mtls`, `sasl`",
      "update",
    ),
    apiGatewayAccess: {
      schema: z.enum(NETWORK_ACCESS_MODES).optional(),
      change: "update",
      doc: "Whether the API gateway (console, data-plane API) is public or private",
    },
    awsPrivateLink: nested(W.AWSPrivateLinkSpec, "AWS PrivateLink (AWS clusters)", "update"),
    azurePrivateLink: nested(
      W.AzurePrivateLinkSpec,
      "Azure Private Link (Azure clusters)",
      "update",
    ),
    gcpPrivateServiceConnect: nested(
      W.GCPPrivateServiceConnectSpec,
      "GCP Private Service Connect (GCP clusters)",
      "update",
    ),
    gcpEnableGlobalAccess: {
      schema: z.boolean().optional(),
      change: "replace",
      doc: "GCP: reach the private endpoints from every region (set at creation)",
    },
    gcpEnableGlobalAccessApiGateway: {
      schema: z.boolean().optional(),
      change: "update",
      doc: "GCP: reach the private API gateway from every region",
    },
    cloudStorage: nested(
      W.ClusterCreateCloudStorage,
      "Tiered-storage bucket settings per cloud (`aws`, `azure { allowedIps, allowedSubnetIds }`, `gcp`, `skipDestroy`)",
      "update",
    ),
    customerManagedResources: {
      ...nested(
        W.V1CustomerManagedResources,
        "BYOVPC: the cloud resources you created for the cluster (BYOC on a customer-managed network)",
        "update",
      ),
      replacesWhen:
        "a resource the update body cannot carry (all but the rpsql and Redpanda Connect ones) changes",
    },
    readReplicaClusterIds: {
      schema: z.array(z.string().min(1)).optional(),
      change: "update",
      doc: "Ids of clusters that read this cluster's topics as read replicas",
    },
    byoc: {
      schema: byocAgent.optional(),
      change: "none",
      secret: true,
      doc: "BYOC agent settings (BYOC only)",
      publicType: "ByocAgentArgs",
    },
    timeouts,
    adoptId: adoptId("Id of an existing cluster to manage instead of creating one"),
    allowDeletion,
  },
  rules(v, ctx) {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: "custom", path, message });
    if (v.type === "TYPE_BYOC") {
      if (v.cloudProvider === "CLOUD_PROVIDER_GCP" && !v.byoc?.gcpProjectId) {
        issue(["byoc"], "a GCP BYOC cluster needs byoc.gcpProjectId for the agent step");
      }
      if (v.cloudProvider === "CLOUD_PROVIDER_AZURE" && !v.byoc?.azureSubscriptionId) {
        issue(["byoc"], "an Azure BYOC cluster needs byoc.azureSubscriptionId for the agent step");
      }
    } else if (v.customerManagedResources) {
      issue(["customerManagedResources"], "customer-managed resources are for BYOC clusters only");
    }
    const clouds: [keyof typeof v, string][] = [
      ["awsPrivateLink", "CLOUD_PROVIDER_AWS"],
      ["azurePrivateLink", "CLOUD_PROVIDER_AZURE"],
      ["gcpPrivateServiceConnect", "CLOUD_PROVIDER_GCP"],
      ["gcpEnableGlobalAccess", "CLOUD_PROVIDER_GCP"],
      ["gcpEnableGlobalAccessApiGateway", "CLOUD_PROVIDER_GCP"],
    ];
    for (const [key, cloud] of clouds) {
      if (v[key] !== undefined && v.cloudProvider !== cloud) {
        issue([key], `${String(key)} is for ${cloud} clusters, not ${v.cloudProvider}`);
      }
    }
    const cmr = v.customerManagedResources;
    if (cmr) {
      const given = (["aws", "gcp", "azure"] as const).filter((c) => cmr[c] !== undefined);
      const want = v.cloudProvider.replace("CLOUD_PROVIDER_", "").toLowerCase();
      if (given.length !== 1 || given[0] !== want) {
        issue(
          ["customerManagedResources"],
          `customerManagedResources must hold exactly \`${want}\``,
        );
      }
    }
    for (const api of ["kafkaApi", "httpProxy", "schemaRegistry"] as const) {
      const mtls = v[api]?.mtls;
      if (mtls?.enabled && !mtls.caCertificatesPem?.length) {
        issue([api], `${api}.mtls.enabled needs mtls.caCertificatesPem (the CA certificates, PEM)`);
      }
    }
    const mw = v.maintenanceWindowConfig;
    if (mw) {
      const set = (["dayHour", "anytime", "unspecified"] as const).filter(
        (k) => mw[k] !== undefined,
      );
      if (set.length !== 1) {
        issue(
          ["maintenanceWindowConfig"],
          "maintenanceWindowConfig takes exactly one of dayHour, anytime, unspecified",
        );
      }
      const h = mw.dayHour?.hourOfDay;
      if (h !== undefined && (h < 0 || h > 23)) {
        issue(["maintenanceWindowConfig"], "maintenanceWindowConfig.dayHour.hourOfDay is 0 to 23");
      }
    }
    for (const [i, p] of (v.redpandaConnect?.allowedDestinationCidrPorts ?? []).entries()) {
      if (p.portStart !== undefined && p.portEnd !== undefined && p.portStart > p.portEnd) {
        issue(
          ["redpandaConnect"],
          `redpandaConnect.allowedDestinationCidrPorts[${i}]: portStart is after portEnd`,
        );
      }
    }
  },
  types: { ByocAgentArgs: byocAgent },
  timeouts: { create: 90, update: 180, delete: 90 },
  clusterKinds: "Dedicated, BYOC",
  outputs: {
    name: { schema: z.string(), doc: "The cluster's name." },
    state: { schema: z.string(), doc: "The API's state, `STATE_READY` once created." },
    stateDescription: {
      schema: z.string(),
      doc: "Why the cluster is in its state, when the API says (empty otherwise).",
    },
    dataplaneApiUrl: { schema: z.string(), doc: "The cluster's data-plane API URL." },
    kafkaSeedBrokers: { schema: z.array(z.string()), doc: "Kafka API seed brokers, `host:port`." },
    schemaRegistryUrl: { schema: z.string(), doc: "The Schema Registry's URL." },
    httpProxyUrl: { schema: z.string(), doc: "The HTTP Proxy's (PandaProxy's) URL." },
    consoleUrl: { schema: z.string(), doc: "The Redpanda Console's URL." },
    prometheusUrl: { schema: z.string(), doc: "The Prometheus metrics endpoint's URL." },
    natGateways: { schema: z.array(z.string()), doc: "The NAT gateways' egress IP addresses." },
    currentRedpandaVersion: { schema: z.string(), doc: "The Redpanda version the cluster runs." },
    desiredRedpandaVersion: {
      schema: z.string(),
      doc: "The Redpanda version the cluster is being upgraded to (the current one when idle).",
    },
    awsPrivateLinkStatus: {
      schema: W.AWSPrivateLinkStatus.optional(),
      doc: "AWS PrivateLink status: `serviceName` to create endpoints for, ports, endpoint connections.",
    },
    azurePrivateLinkStatus: {
      schema: W.AzurePrivateLinkStatus.optional(),
      doc: "Azure Private Link status: `serviceName`, `dnsARecord`, private endpoint connections.",
    },
    gcpPrivateServiceConnectStatus: {
      schema: W.GCPPrivateServiceConnectStatus.optional(),
      doc: "GCP Private Service Connect status: `serviceAttachment`, `seedHostname`, connected endpoints.",
    },
    throughputTier: { schema: z.string(), doc: "The cluster's throughput tier." },
    type: { schema: z.string(), doc: "`TYPE_DEDICATED` or `TYPE_BYOC`." },
  },
});

export type ClusterInputs = InputsOf<typeof clusterKind.fields>;
/** What the API computes: the rest of the state is the inputs. */
export type ClusterComputed = {
  id: string;
  state: string;
  stateDescription: string;
  dataplaneApiUrl: string;
  kafkaSeedBrokers: string[];
  schemaRegistryUrl: string;
  httpProxyUrl: string;
  consoleUrl: string;
  prometheusUrl: string;
  natGateways: string[];
  currentRedpandaVersion: string;
  desiredRedpandaVersion: string;
  awsPrivateLinkStatus?: unknown;
  azurePrivateLinkStatus?: unknown;
  gcpPrivateServiceConnectStatus?: unknown;
};
export type ClusterOutputs = ClusterInputs & ClusterComputed;

/** The computed outputs of a cluster whose create failed before the API reported it. */
export function unknownComputed(id: string, state: string): ClusterComputed {
  return {
    id,
    state,
    stateDescription: "",
    dataplaneApiUrl: "",
    kafkaSeedBrokers: [],
    schemaRegistryUrl: "",
    httpProxyUrl: "",
    consoleUrl: "",
    prometheusUrl: "",
    natGateways: [],
    currentRedpandaVersion: "",
    desiredRedpandaVersion: "",
  };
}

/** The one input whose public form differs from the wire: `kafkaConnect: true`. */
function kafkaConnectOf(v: ClusterInputs["kafkaConnect"]): { enabled?: boolean } | undefined {
  return typeof v === "boolean" ? { enabled: v } : v;
}

/** The wire fields of inputs, as `schema` (ClusterCreate or ClusterUpdate) keys them. */
function wireFields(schema: z.ZodObject, i: Partial<ClusterInputs>): Record<string, unknown> {
  const values: Record<string, unknown> = { ...i, kafkaConnect: kafkaConnectOf(i.kafkaConnect) };
  return toWire(schema, values) as Record<string, unknown>;
}

export function toApi(i: ClusterInputs): ClusterCreate {
  return wireFields(W.ClusterCreate, i) as ClusterCreate;
}

/** The inputs ClusterUpdate carries: each updates in place. */
export const UPDATABLE = Object.keys(W.ClusterUpdate.shape).filter(
  (k) => k !== "id",
) as (keyof ClusterInputs)[];

/** What an unset input is on the server: nothing on, nothing listed. */
function blank(value: unknown): unknown {
  if (value === false) return false;
  if (Array.isArray(value)) return [];
  if (typeof value === "object" && value !== null) {
    // `{ enabled: false }` and `{}` say the same as leaving the input out.
    return Object.values(value).every((v) => v === false) ? value : {};
  }
  return undefined;
}

/**
 * The sparse PATCH: only the updatable fields that changed (the body is the field mask). An input
 * the program leaves out has no opinion (as everywhere in this package): the server keeps its
 * value; turning a feature off is saying so (`awsPrivateLink: { enabled: false }`).
 */
export function updateOf(olds: ClusterInputs, news: ClusterInputs): ClusterUpdate {
  const changed: Record<string, unknown> = {};
  for (const key of UPDATABLE) {
    const was = olds[key] === undefined ? blank(news[key]) : olds[key];
    if (news[key] !== undefined && !equal(was, news[key])) changed[key] = news[key];
  }
  return wireFields(W.ClusterUpdate, changed as Partial<ClusterInputs>) as ClusterUpdate;
}

/** Inputs that replace the cluster though their key updates: customer-managed resources. */
export function replacesOf(olds: ClusterInputs, news: ClusterInputs): string[] {
  const update = W.ClusterUpdate.shape.customerManagedResources;
  const fixed = (v: unknown) => outsideUpdate(update, v) ?? {};
  return equal(fixed(olds.customerManagedResources), fixed(news.customerManagedResources))
    ? []
    : ["customerManagedResources"];
}

const url = (holder: { url?: string | null } | null | undefined) => holder?.url ?? "";

/** What the API computes, from a cluster record. */
export function computedOf(c: ApiCluster): ClusterComputed {
  return {
    id: c.id,
    state: c.state,
    stateDescription: c.state_description?.message ?? "",
    dataplaneApiUrl: c.dataplane_api.url,
    kafkaSeedBrokers: c.kafka_api.seed_brokers,
    schemaRegistryUrl: url(c.schema_registry),
    httpProxyUrl: url(c.http_proxy),
    consoleUrl: url(c.redpanda_console),
    prometheusUrl: url(c.prometheus),
    natGateways: c.nat_gateways ?? [],
    currentRedpandaVersion: c.current_redpanda_version,
    desiredRedpandaVersion: c.desired_redpanda_version ?? c.current_redpanda_version,
    awsPrivateLinkStatus: fromWire(W.AWSPrivateLinkStatus, c.aws_private_link?.status),
    azurePrivateLinkStatus: fromWire(W.AzurePrivateLinkStatus, c.azure_private_link?.status),
    gcpPrivateServiceConnectStatus: fromWire(
      W.GCPPrivateServiceConnectStatus,
      c.gcp_private_service_connect?.status,
    ),
  };
}

/** The read record's value of an updatable input, as the program wrote it (camelCase). */
function liveInput(c: ApiCluster, key: keyof ClusterInputs): unknown {
  const field = W.ClusterCreate.shape[key as keyof typeof W.ClusterCreate.shape];
  return field ? fromWire(field, (c as Record<string, unknown>)[wireKey(key)]) : undefined;
}

/**
 * The state a read gives: computed fields, and the updatable inputs the program declares as the
 * API reports them (seen through what was declared, so server defaults are not drift).
 */
export function fromApi(c: ApiCluster, props: ClusterInputs): ClusterOutputs {
  const live: Partial<Record<keyof ClusterInputs, unknown>> = {};
  for (const key of UPDATABLE) {
    if (props[key] === undefined || key === "kafkaConnect") continue;
    const value = projectOnto(props[key], liveInput(c, key));
    if (value !== undefined) live[key] = value;
  }
  if (props.kafkaConnect !== undefined) {
    const enabled = c.kafka_connect?.enabled ?? false;
    live.kafkaConnect =
      typeof props.kafkaConnect === "boolean" ? enabled : { ...props.kafkaConnect, enabled };
  }
  return {
    ...props,
    ...(live as Partial<ClusterInputs>),
    ...computedOf(c),
    name: c.name,
    throughputTier: c.throughput_tier,
    zones: c.zones,
    region: c.region,
  };
}
