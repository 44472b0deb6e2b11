/**
 * Response shapes, from the vendor OpenAPI (emulator/contract/). Objects ignore fields
 * they do not name (the API grows), and are strict about the fields we read. `wrapped` accepts
 * both `{"cluster": {...}}` and the bare object, as the vendor's docs and examples disagree.
 */
import { z } from "zod";

export function wrapped<T extends z.ZodType>(key: string, schema: T) {
  return z.preprocess(
    (v) =>
      v && typeof v === "object" && !Array.isArray(v) && key in v
        ? (v as Record<string, unknown>)[key]
        : v,
    schema,
  );
}

const nullableString = z
  .string()
  .nullish()
  .transform((v) => v ?? "");

/** A list the API may send as null or leave out: read as empty. */
const stringList = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? []);

export const operationSchema = z.object({
  id: z.string(),
  type: z.string(),
  state: z.string(),
  resource_id: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  error: z
    .object({ code: z.union([z.string(), z.number()]).optional(), message: z.string().optional() })
    .nullish(),
});
export type Operation = z.infer<typeof operationSchema>;
export const operationResponse = wrapped("operation", operationSchema);

export const resourceGroupSchema = z.object({ id: z.string(), name: z.string() });
export type ResourceGroup = z.infer<typeof resourceGroupSchema>;

export const networkSchema = z.object({
  id: z.string(),
  name: z.string(),
  resource_group_id: z.string(),
  cloud_provider: z.string(),
  region: z.string(),
  cidr_block: nullableString,
  cluster_type: z.string(),
  state: z.string(),
  zones: stringList,
});
export type Network = z.infer<typeof networkSchema>;

/** A region of the vendor's catalogue (the API lists no tiers: those are checked at create). */
export const regionSchema = z.object({
  cloud_provider: z.string(),
  name: z.string(),
  zones: stringList,
});
export type Region = z.infer<typeof regionSchema>;

export const serverlessRegionSchema = z.object({ cloud_provider: z.string(), name: z.string() });
export type ServerlessRegion = z.infer<typeof serverlessRegionSchema>;

const urlHolder = z
  .object({ url: nullableString })
  .nullish()
  .transform((v) => v ?? { url: "" });

export const clusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  state: z.string(),
  resource_group_id: z.string(),
  network_id: nullableString,
  cloud_provider: z.string(),
  region: z.string(),
  zones: stringList,
  throughput_tier: z.string(),
  connection_type: nullableString,
  current_redpanda_version: nullableString,
  dataplane_api: urlHolder,
  kafka_api: z
    .object({ seed_brokers: z.array(z.string()).nullish() })
    .nullish()
    .transform((v) => ({ seed_brokers: v?.seed_brokers ?? [] })),
  state_description: z
    .object({ code: z.unknown().optional(), message: z.string().optional() })
    .nullish(),
});
export type Cluster = z.infer<typeof clusterSchema>;

export const serverlessClusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  resource_group_id: z.string(),
  serverless_region: z.string(),
  state: z.string(),
  tags: z
    .record(z.string(), z.string())
    .nullish()
    .transform((v) => v ?? {}),
  dataplane_api: urlHolder,
});
export type ServerlessCluster = z.infer<typeof serverlessClusterSchema>;

export const roleBindingSchema = z.object({
  id: z.string(),
  role_name: z.string(),
  account_id: z.string(),
  scope: z.object({ resource_type: z.string(), resource_id: nullableString }),
});
export type RoleBinding = z.infer<typeof roleBindingSchema>;

export const serviceAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: nullableString,
  auth0_client_credentials: z
    .object({ client_id: nullableString, client_secret: z.string().nullish() })
    .nullish(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

export const orgUserSchema = z.object({
  id: z.string(),
  email: nullableString,
  name: nullableString,
});
export type OrgUser = z.infer<typeof orgUserSchema>;

/** A list page: `items` under `key`, and `next_page_token` (empty on the last page). */
export function pageOf<T extends z.ZodType>(key: string, item: T) {
  return z
    .object({ [key]: z.array(item).nullish(), next_page_token: nullableString })
    .transform((v) => ({
      items: (v[key] ?? []) as z.infer<T>[],
      next: v.next_page_token as string,
    }));
}

// Data plane
export const dpUserSchema = z.object({ name: z.string(), mechanism: nullableString });
export type DpUser = z.infer<typeof dpUserSchema>;

export const aclSchema = z.object({
  resource_type: z.string(),
  resource_name: nullableString,
  resource_pattern_type: z.string(),
  principal: z.string(),
  host: z.string(),
  operation: z.string(),
  permission_type: z.string(),
});
export type Acl = z.infer<typeof aclSchema>;

export const aclListSchema = z.object({
  resources: z
    .array(
      z.object({
        resource_type: z.string(),
        resource_name: nullableString,
        resource_pattern_type: z.string(),
        acls: z.array(
          z.object({
            principal: z.string(),
            host: z.string(),
            operation: z.string(),
            permission_type: z.string(),
          }),
        ),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
});

export const topicSchema = z.object({
  name: z.string(),
  partition_count: z.number(),
  replication_factor: z.number(),
});
export type Topic = z.infer<typeof topicSchema>;

export const topicConfigSchema = z.object({
  name: z.string(),
  value: z.string().nullish(),
  source: nullableString,
});
export type TopicConfig = z.infer<typeof topicConfigSchema>;

export const pipelineSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  description: nullableString,
  config_yaml: z.string(),
  state: z.string(),
  resources: z
    .object({ cpu_shares: nullableString, memory_shares: nullableString })
    .nullish()
    .transform((v) => v ?? { cpu_shares: "", memory_shares: "" }),
  status: z.object({ error: nullableString }).nullish(),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

export const connectSecretSchema = z.object({
  id: z.string(),
  labels: z.record(z.string(), z.string()).nullish(),
});
export type ConnectSecret = z.infer<typeof connectSecretSchema>;

export const connectorSchema = z.object({
  name: z.string(),
  config: z.record(z.string(), z.string()),
  type: nullableString,
});
export type Connector = z.infer<typeof connectorSchema>;
