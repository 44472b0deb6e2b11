/**
 * Pipeline (Redpanda Connect): config, description, resources, service account and tags update in
 * place; `state`
 * ("running" | "stopped") starts or stops it. Every cluster kind: BYOC, Dedicated, Serverless.
 */
import * as z from "zod";
import type { Pipeline as ApiPipeline } from "./api";
import type { PipelineCreate } from "./api";
import { PIPELINE_STATES } from "../../enums";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, dataplaneApiUrl, timeouts } from "../../declare/fields";

const CPU = /^(\d+(\.\d+)?|\d+m)$/;
const MEMORY = /^\d+(\.\d+)?(Ki|Mi|Gi|Ti|K|M|G|T)?$/;

export const pipelineKind = declareKind({
  type: "Pipeline",
  section: "data plane",
  order: 8,
  doc: "A Redpanda Connect pipeline (BYOC, Dedicated and Serverless clusters).",
  fields: {
    dataplaneApiUrl,
    displayName: {
      schema: z
        .string()
        .min(3)
        .max(128)
        .regex(
          /^[A-Za-z0-9-_ /]+$/,
          "displayName may contain letters, digits, spaces and - _ / (3 to 128)",
        ),
      change: "update",
      doc: "Display name, 3–128",
    },
    description: {
      schema: z.string().max(256).default(""),
      change: "update",
      doc: "Description, at most 256",
    },
    configYaml: {
      schema: z.string().min(1, "configYaml is required"),
      change: "update",
      doc: "Redpanda Connect configuration (YAML)",
    },
    resources: {
      schema: z
        .object({
          cpuShares: z
            .string()
            .regex(CPU, 'cpuShares is a CPU quantity such as "100m" or "2"')
            .describe('CPU shares, e.g. `"100m"` or `"2"`. Changing it updates in place.'),
          memoryShares: z
            .string()
            .regex(MEMORY, 'memoryShares is a memory quantity such as "256Mi" or "2G"')
            .describe('Memory shares, e.g. `"256Mi"` or `"2G"`. Changing it updates in place.'),
        })
        .strict()
        .optional(),
      change: "update",
      doc: 'CPU (`"100m"`, `"2"`) and memory (`"256Mi"`, `"2G"`) shares',
    },
    serviceAccount: {
      schema: z
        .object({
          clientId: z
            .string()
            .min(1)
            .describe("The service account's client id. Changing it updates in place."),
          clientSecret: z
            .string()
            .min(1)
            .describe("The service account's client secret; secret. Changing it updates in place."),
        })
        .strict()
        .optional(),
      change: "update",
      secret: true,
      doc: "The service account the pipeline runs as (`clientId`, `clientSecret`, e.g. a `ServiceAccount`'s credentials); the API never returns the secret, so state keeps what was sent",
    },
    tags: {
      schema: z.record(z.string(), z.string()).optional(),
      change: "update",
      doc: "Tags (string keys and values)",
    },
    state: {
      schema: z.enum(PIPELINE_STATES).default("running"),
      change: "update",
      doc: "Whether the pipeline runs; a change starts or stops it and waits",
    },
    timeouts,
    adoptId: adoptId("Id of an existing pipeline to manage instead of creating one"),
  },
  timeouts: { create: 10, update: 10, delete: 10 },
  clusterKinds: "BYOC, Dedicated, Serverless",
  outputs: {
    state: { schema: z.string(), doc: "The requested state, `running` or `stopped`." },
    apiState: { schema: z.string(), doc: "The API's state, e.g. `STATE_RUNNING`." },
    url: { schema: z.string(), doc: "The pipeline's URL, as the API reports it." },
  },
});

export type PipelineInputs = InputsOf<typeof pipelineKind.fields>;
export type PipelineOutputs = PipelineInputs & { id: string; apiState: string; url?: string };

export function toApi(i: PipelineInputs): PipelineCreate {
  return {
    display_name: i.displayName,
    description: i.description,
    config_yaml: i.configYaml,
    ...(i.resources
      ? {
          resources: { cpu_shares: i.resources.cpuShares, memory_shares: i.resources.memoryShares },
        }
      : {}),
    ...(i.serviceAccount
      ? {
          service_account: {
            client_id: i.serviceAccount.clientId,
            client_secret: i.serviceAccount.clientSecret,
          },
        }
      : {}),
    ...(i.tags ? { tags: i.tags } : {}),
  };
}

/** The update mask of a partial update: every field this resource manages. */
export function updateMask(i: PipelineInputs): string {
  return [
    "display_name",
    "description",
    "config_yaml",
    ...(i.resources ? ["resources"] : []),
    ...(i.serviceAccount ? ["service_account"] : []),
    ...(i.tags ? ["tags"] : []),
  ].join(",");
}

/** The state a read gives; a transitional API state counts as where it is heading. */
export function fromApi(p: ApiPipeline, props: PipelineOutputs): PipelineOutputs {
  const state =
    p.state === "STATE_RUNNING" || p.state === "STATE_STARTING"
      ? "running"
      : p.state === "STATE_STOPPED" || p.state === "STATE_STOPPING"
        ? "stopped"
        : props.state;
  return {
    ...props,
    id: p.id,
    apiState: p.state,
    ...(p.url ? { url: p.url } : {}),
    state,
    displayName: p.display_name,
    description: p.description,
    configYaml: p.config_yaml,
    ...(props.resources
      ? {
          resources: {
            cpuShares: p.resources.cpu_shares,
            memoryShares: p.resources.memory_shares,
          },
        }
      : {}),
    // Tags are read back only when managed: an unmanaged map must not read as drift.
    ...(props.tags ? { tags: p.tags ?? {} } : {}),
    // The API never returns the client secret (and omits the account while the pipeline runs):
    // state keeps the credentials that were sent.
  };
}
