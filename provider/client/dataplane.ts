/**
 * Typed calls to one cluster's data-plane API, at its `dataplane_api.url`. Pipelines use the
 * vendor's `redpanda-connect` segment and Kafka Connect its `kafka-connect` segment (api-spec.md
 * names them `pipeline-connect` and `connector-runtime` as stand-ins).
 */
import { z } from "zod";
import { ApiClient } from "./api-client";
import type { Transport } from "../transport/http";
import type { Acl, AclCreate } from "./acl";
import { aclListSchema } from "./acl";
import type { Connector } from "./connector";
import { connectorSchema } from "./connector";
import type { ConnectSecret } from "./connector-secret";
import { connectSecretSchema } from "./connector-secret";
import type { Pipeline, PipelineCreate, PipelineUpdate } from "./pipeline";
import { pipelineSchema } from "./pipeline";
import { wrapped } from "./schemas";

const failoverSchema = z.object({
  failed_over_topics: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
});
import { Snapshot } from "./snapshot";
import type { Role } from "./role";
import { roleSchema } from "./role";
import type { RoleMember } from "./role-assignment";
import { roleMemberSchema, roleMembershipChangeSchema } from "./role-assignment";
import type { BatchQuotaResult, QuotaDeletion, QuotaEntry, QuotaSetting } from "./quota";
import { batchQuotaResultSchema, quotaEntrySchema } from "./quota";
import type { Secret, SecretCreate, SecretUpdate } from "./secret";
import { secretSchema } from "./secret";
import type { Topic, TopicConfig, TopicCreate } from "./topic";
import { topicConfigSchema, topicSchema } from "./topic";
import type { DpUser, UserCreate } from "./user";
import { dpUserSchema } from "./user";

const PIPELINES = "/v1/redpanda-connect/pipelines";
const connect = (cluster: string) => `/v1/kafka-connect/clusters/${encodeURIComponent(cluster)}`;
const configurationsSchema = z.object({
  configurations: z
    .array(topicConfigSchema)
    .nullish()
    .transform((v) => v ?? []),
});

/** How long one list answers a refresh's reads: a refresh's reads arrive within this. */
const SNAPSHOT_TTL_MS = 5_000;

export class DataPlaneClient extends ApiClient {
  /** Reads of many resources share one list per collection (see snapshot.ts). */
  private readonly users = new Snapshot(
    async () =>
      new Map((await this.listAll("/v1/users", "users", dpUserSchema)).map((u) => [u.name, u])),
    SNAPSHOT_TTL_MS,
  );
  private readonly topics = new Snapshot(
    async () =>
      new Map((await this.listAll("/v1/topics", "topics", topicSchema)).map((t) => [t.name, t])),
    SNAPSHOT_TTL_MS,
  );
  private readonly acls = new Snapshot(() => this.listAcls({}), SNAPSHOT_TTL_MS);

  constructor(
    transport: Transport,
    readonly baseUrl: string,
  ) {
    super(transport, baseUrl, 1000);
  }

  // Users (SASL/SCRAM)
  /** Exactly now, filtered by name: for a create's look-up of what an earlier run left. */
  async findUser(name: string): Promise<DpUser | undefined> {
    const users = await this.listAll("/v1/users", "users", dpUserSchema, { "filter.name": name });
    return users.find((u) => u.name === name);
  }
  /** For a refresh's read: from the shared list. */
  async readUser(name: string): Promise<DpUser | undefined> {
    return (await this.users.get()).get(name);
  }
  createUser(user: UserCreate): Promise<DpUser> {
    this.users.invalidate();
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/users"),
      body: user,
      idempotent: false,
      schema: wrapped("user", dpUserSchema),
    });
  }
  updateUser(name: string, password: string, mechanism: string): Promise<DpUser> {
    this.users.invalidate();
    return this.transport.request({
      method: "PUT",
      url: this.url(`/v1/users/${encodeURIComponent(name)}`),
      body: { password, mechanism },
      idempotent: true,
      schema: wrapped("user", dpUserSchema),
    });
  }
  deleteUser(name: string): Promise<void> {
    this.users.invalidate();
    return this.transport.request({
      method: "DELETE",
      url: this.url(`/v1/users/${encodeURIComponent(name)}`),
      idempotent: true,
    });
  }

  // ACLs: identified by all seven fields; list and delete by exact filter.
  async listAcls(filter: Partial<Acl>): Promise<Acl[]> {
    const res = await this.transport.request({
      method: "GET",
      url: this.url("/v1/acls"),
      query: Object.fromEntries(Object.entries(filter).map(([k, v]) => [`filter.${k}`, v])),
      idempotent: true,
      schema: aclListSchema,
    });
    return res.resources.flatMap((r) =>
      r.acls.map((a) => ({
        resource_type: r.resource_type,
        resource_name: r.resource_name,
        resource_pattern_type: r.resource_pattern_type,
        ...a,
      })),
    );
  }
  /** For a refresh's read: every ACL of the cluster, from the shared list. */
  readAcls(): Promise<Acl[]> {
    return this.acls.get();
  }
  createAcl(acl: AclCreate): Promise<void> {
    this.acls.invalidate();
    // Kafka's CreateAcls is idempotent for an identical binding, so a re-send is safe.
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/acls"),
      body: acl,
      idempotent: true,
    });
  }
  /** Deletes by a filter of all seven fields, so it can match this ACL only. */
  async deleteAcl(acl: Acl): Promise<number> {
    this.acls.invalidate();
    const res = await this.transport.request({
      method: "DELETE",
      url: this.url("/v1/acls"),
      query: Object.fromEntries(Object.entries(acl).map(([k, v]) => [`filter.${k}`, v])),
      idempotent: true,
      schema: z.object({ matching_acls: z.array(z.unknown()).nullish() }),
    });
    return res.matching_acls?.length ?? 0;
  }

  // Topics
  async findTopic(name: string): Promise<Topic | undefined> {
    const topics = await this.listAll("/v1/topics", "topics", topicSchema, {
      "filter.name_contains": name,
    });
    return topics.find((t) => t.name === name);
  }
  /** For a refresh's read: from the shared list. */
  async readTopic(name: string): Promise<Topic | undefined> {
    return (await this.topics.get()).get(name);
  }
  createTopic(topic: TopicCreate): Promise<Topic> {
    this.topics.invalidate();
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/topics"),
      body: topic,
      idempotent: false,
      schema: z
        .object({
          topic_name: z.string(),
          partition_count: z.number(),
          replication_factor: z.number(),
        })
        .transform((t) => ({
          name: t.topic_name,
          partition_count: t.partition_count,
          replication_factor: t.replication_factor,
        })),
    });
  }
  deleteTopic(name: string): Promise<void> {
    this.topics.invalidate();
    return this.transport.request({
      method: "DELETE",
      url: this.url(`/v1/topics/${encodeURIComponent(name)}`),
      idempotent: true,
    });
  }
  async getTopicConfigs(name: string): Promise<TopicConfig[]> {
    const res = await this.transport.request({
      method: "GET",
      url: this.url(`/v1/topics/${encodeURIComponent(name)}/configurations`),
      idempotent: true,
      schema: configurationsSchema,
    });
    return res.configurations;
  }
  /** Replaces the topic's explicitly set configs with exactly these. */
  async setTopicConfigs(name: string, configs: Record<string, string>): Promise<void> {
    await this.transport.request({
      method: "PUT",
      url: this.url(`/v1/topics/${encodeURIComponent(name)}/configurations`),
      body: Object.entries(configs).map(([k, v]) => ({ name: k, value: v })),
      idempotent: true,
      schema: configurationsSchema,
    });
  }
  setTopicPartitions(name: string, count: number): Promise<void> {
    this.topics.invalidate();
    return this.transport.request({
      method: "PUT",
      url: this.url(`/v1/topics/${encodeURIComponent(name)}/partitions`),
      body: { partition_count: count },
      idempotent: true,
    });
  }

  // Roles: a name; members change through PUT with `add`/`remove`.
  createRole(name: string): Promise<Role> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/roles"),
      body: { name },
      idempotent: false,
      schema: wrapped("role", roleSchema),
    });
  }
  /** The role and its members, or NOT_FOUND. */
  async getRole(name: string): Promise<{ role: Role; members: RoleMember[] }> {
    return this.transport.request({
      method: "GET",
      url: this.url(`/v1/roles/${encodeURIComponent(name)}`),
      idempotent: true,
      schema: z.object({
        role: roleSchema,
        members: z
          .array(roleMemberSchema)
          .nullish()
          .transform((v) => v ?? []),
      }),
    });
  }
  /** Adds and removes members; says which were actually added and removed. */
  changeRoleMembers(
    name: string,
    change: { add?: string[]; remove?: string[] },
  ): Promise<{ added: RoleMember[]; removed: RoleMember[] }> {
    return this.transport.request({
      method: "PUT",
      url: this.url(`/v1/roles/${encodeURIComponent(name)}`),
      body: {
        add: (change.add ?? []).map((principal) => ({ principal })),
        remove: (change.remove ?? []).map((principal) => ({ principal })),
      },
      idempotent: true,
      schema: roleMembershipChangeSchema,
    });
  }
  /** Fails over a shadow link (every shadow topic) or one of its topics, on the shadow cluster. */
  failoverShadowLink(name: string, topic?: string): Promise<{ failed_over_topics: string[] }> {
    return this.transport.request({
      method: "POST",
      url: this.url(`/v1/shadow-links/${encodeURIComponent(name)}/failover`),
      body: topic === undefined ? {} : { shadow_topic_name: topic },
      // Failing over twice leaves the topics failed over: safe to retry.
      idempotent: true,
      schema: failoverSchema,
    });
  }
  deleteRole(name: string, deleteAcls: boolean): Promise<void> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`/v1/roles/${encodeURIComponent(name)}`),
      query: { delete_acls: deleteAcls },
      idempotent: true,
    });
  }

  // Client quotas: set and deleted in batches; the list pages with `page_token`.
  async listQuotas(entityType: string, entityName: string): Promise<QuotaEntry[]> {
    const out: QuotaEntry[] = [];
    let token = "";
    do {
      const page = await this.transport.request({
        method: "GET",
        url: this.url("/v1/quotas"),
        query: {
          "filter.entity_type": entityType,
          ...(entityName
            ? { "filter.entity_name": entityName }
            : { "filter.match_default": "true" }),
          page_token: token || undefined,
        },
        idempotent: true,
        schema: z.object({
          quotas: z.array(quotaEntrySchema).nullish(),
          page_token: z.string().nullish(),
        }),
      });
      out.push(...(page.quotas ?? []));
      token = page.page_token ?? "";
    } while (token);
    return out;
  }
  batchSetQuotas(settings: QuotaSetting[]): Promise<BatchQuotaResult> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/quotas:batchSet"),
      body: { settings },
      // Setting the same values again is the same end state.
      idempotent: true,
      schema: batchQuotaResultSchema,
    });
  }
  batchDeleteQuotas(deletions: QuotaDeletion[]): Promise<BatchQuotaResult> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/quotas:batchDelete"),
      body: { deletions },
      idempotent: true,
      schema: batchQuotaResultSchema,
    });
  }

  // Secrets (`${secrets.NAME}` in pipelines): the data goes in, never comes out.
  createSecret(secret: SecretCreate): Promise<Secret> {
    return this.transport.request({
      method: "POST",
      url: this.url("/v1/secrets"),
      body: secret,
      idempotent: false,
      schema: wrapped("secret", secretSchema),
    });
  }
  getSecret(id: string): Promise<Secret> {
    return this.transport.request({
      method: "GET",
      url: this.url(`/v1/secrets/${encodeURIComponent(id)}`),
      idempotent: true,
      schema: wrapped("secret", secretSchema),
    });
  }
  updateSecret(id: string, update: SecretUpdate): Promise<Secret> {
    return this.transport.request({
      method: "PUT",
      url: this.url(`/v1/secrets/${encodeURIComponent(id)}`),
      body: update,
      idempotent: true,
      schema: wrapped("secret", secretSchema),
    });
  }
  deleteSecret(id: string): Promise<void> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`/v1/secrets/${encodeURIComponent(id)}`),
      idempotent: true,
    });
  }

  // Pipelines (Redpanda Connect)
  createPipeline(p: PipelineCreate): Promise<Pipeline> {
    return this.transport.request({
      method: "POST",
      url: this.url(PIPELINES),
      body: p,
      idempotent: false,
      schema: wrapped("pipeline", pipelineSchema),
    });
  }
  getPipeline(id: string): Promise<Pipeline> {
    return this.transport.request({
      method: "GET",
      url: this.url(`${PIPELINES}/${encodeURIComponent(id)}`),
      idempotent: true,
      schema: wrapped("pipeline", pipelineSchema),
    });
  }
  updatePipeline(id: string, p: PipelineUpdate): Promise<Pipeline> {
    return this.transport.request({
      method: "PUT",
      url: this.url(`${PIPELINES}/${encodeURIComponent(id)}`),
      body: p,
      idempotent: true,
      schema: wrapped("pipeline", pipelineSchema),
    });
  }
  /** A partial update: only the fields named in the mask change (snake_case, comma-separated). */
  updatePipelineMasked(id: string, p: PipelineUpdate, updateMask: string): Promise<Pipeline> {
    return this.transport.request({
      method: "PUT",
      url: this.url(`${PIPELINES}/${encodeURIComponent(id)}`),
      query: { update_mask: updateMask },
      body: p,
      idempotent: true,
      schema: wrapped("pipeline", pipelineSchema),
    });
  }
  startPipeline(id: string): Promise<Pipeline> {
    return this.transport.request({
      method: "PUT",
      url: this.url(`${PIPELINES}/${encodeURIComponent(id)}/start`),
      idempotent: true,
      schema: wrapped("pipeline", pipelineSchema),
    });
  }
  stopPipeline(id: string): Promise<Pipeline> {
    return this.transport.request({
      method: "PUT",
      url: this.url(`${PIPELINES}/${encodeURIComponent(id)}/stop`),
      idempotent: true,
      schema: wrapped("pipeline", pipelineSchema),
    });
  }
  deletePipeline(id: string): Promise<void> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`${PIPELINES}/${encodeURIComponent(id)}`),
      idempotent: true,
    });
  }

  // Kafka Connect secrets: `secret_data` is base64 of a JSON object and is never returned.
  createConnectSecret(
    cluster: string,
    name: string,
    data: Record<string, string>,
    labels?: Record<string, string>,
  ): Promise<ConnectSecret> {
    return this.transport.request({
      method: "POST",
      url: this.url(`${connect(cluster)}/secrets`),
      body: { name, secret_data: encodeSecretData(data), ...(labels ? { labels } : {}) },
      idempotent: false,
      schema: wrapped("secret", connectSecretSchema),
    });
  }
  getConnectSecret(cluster: string, id: string): Promise<ConnectSecret> {
    return this.transport.request({
      method: "GET",
      url: this.url(`${connect(cluster)}/secrets/${encodeURIComponent(id)}`),
      idempotent: true,
      schema: wrapped("secret", connectSecretSchema),
    });
  }
  /** Labels left out are left as they are. */
  updateConnectSecret(
    cluster: string,
    id: string,
    data: Record<string, string>,
    labels?: Record<string, string>,
  ): Promise<ConnectSecret> {
    return this.transport.request({
      method: "PUT",
      url: this.url(`${connect(cluster)}/secrets/${encodeURIComponent(id)}`),
      body: { secret_data: encodeSecretData(data), ...(labels ? { labels } : {}) },
      idempotent: true,
      schema: wrapped("secret", connectSecretSchema),
    });
  }
  deleteConnectSecret(cluster: string, id: string): Promise<void> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`${connect(cluster)}/secrets/${encodeURIComponent(id)}`),
      idempotent: true,
    });
  }

  // Kafka Connect connectors
  createConnector(
    cluster: string,
    name: string,
    config: Record<string, string>,
  ): Promise<Connector> {
    return this.transport.request({
      method: "POST",
      url: this.url(`${connect(cluster)}/connectors`),
      body: { name, config },
      idempotent: false,
      schema: wrapped("connector", connectorSchema),
    });
  }
  getConnector(cluster: string, name: string): Promise<Connector> {
    return this.transport.request({
      method: "GET",
      url: this.url(`${connect(cluster)}/connectors/${encodeURIComponent(name)}`),
      idempotent: true,
      schema: wrapped("connector", connectorSchema),
    });
  }
  putConnectorConfig(
    cluster: string,
    name: string,
    config: Record<string, string>,
  ): Promise<Connector> {
    return this.transport.request({
      method: "PUT",
      url: this.url(`${connect(cluster)}/connectors/${encodeURIComponent(name)}/config`),
      body: config,
      idempotent: true,
      schema: wrapped("connector", connectorSchema),
    });
  }
  restartConnector(
    cluster: string,
    name: string,
    options: { includeTasks: boolean; onlyFailed: boolean },
  ): Promise<void> {
    return this.transport.request({
      method: "POST",
      url: this.url(`${connect(cluster)}/connectors/${encodeURIComponent(name)}/restart`),
      body: { include_tasks: options.includeTasks, only_failed: options.onlyFailed },
      idempotent: true,
    });
  }
  deleteConnector(cluster: string, name: string): Promise<void> {
    return this.transport.request({
      method: "DELETE",
      url: this.url(`${connect(cluster)}/connectors/${encodeURIComponent(name)}`),
      idempotent: true,
    });
  }
}

export function encodeSecretData(data: Record<string, string>): string {
  return Buffer.from(JSON.stringify(data), "utf8").toString("base64");
}
