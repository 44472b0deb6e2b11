/**
 * Transform (a Wasm data transform): a WebAssembly module the brokers run on each record of its
 * input topic, writing to its output topic. The data plane deploys one as a multipart body (the
 * module and its metadata) and a deploy under the same name replaces it in place: the module and
 * the environment may change, the topics may not (the broker refuses it), so a topic or the name
 * replaces. The module is a file (`wasmPath`) whose SHA-256 (`wasmSha256`, derived at the check)
 * decides whether it changed; the API never returns a module, so an imported transform may leave
 * `wasmPath` out and keeps the module it runs. It is data-bearing, as issue 48 asks: what it writes
 * into its output topics stops when it goes, so its deletion and its replacements follow the
 * package's deletion rule (`allowDeletion`, runtime/deletion.ts) as a topic's do.
 */
import * as z from "zod";
import type { DeployTransformRequest, Transform as ApiTransform } from "./api";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId, allowDeletion, dataplaneApiUrl, timeouts } from "../../declare/fields";
import { moduleProblem, readModule } from "./module";

/** Names of a transform and of its topics (the data plane's DeployTransformRequest). */
const NAME = /^[a-zA-Z0-9._-]+$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

const topicName = (what: string) =>
  z
    .string()
    .min(1, `${what} is required`)
    .max(249, `${what} must have at most 249 characters`)
    .regex(NAME, `${what} may contain only letters, digits, '.', '_' and '-'`);

const environmentVariable = z
  .object({
    key: z
      .string()
      .min(1, "key is required")
      .max(128, "key must have at most 128 characters")
      .refine((k) => !k.startsWith("REDPANDA_"), "keys starting REDPANDA_ are reserved")
      .refine(
        (k) => !k.includes("=") && !CONTROL.test(k),
        "a key may not hold = or a control character",
      )
      .describe(
        "The variable's name, 1–128, not starting `REDPANDA_`. Changing it updates in place.",
      ),
    value: z
      .string()
      .min(1, "value is required (1–2,048 characters)")
      .max(2048, "value must have at most 2,048 characters")
      .refine((v) => !CONTROL.test(v), "a value may not hold a control character")
      .describe("Its value, 1–2,048. Changing it updates in place."),
  })
  .strict();

/** The same variables, in any order: the broker keeps them as a map. */
function sameEnvironment(a: unknown, b: unknown): boolean {
  const key = (v: unknown) =>
    Array.isArray(v)
      ? JSON.stringify(
          (v as { key: string; value: string }[])
            .map((e) => [e.key, e.value])
            .sort(([x], [y]) => (x! < y! ? -1 : x! > y! ? 1 : 0)),
        )
      : JSON.stringify(v ?? []);
  return key(a) === key(b);
}

export const transformKind = declareKind({
  type: "Transform",
  section: "data plane",
  order: 13,
  doc: "A Wasm data transform: a WebAssembly module the brokers run on each record of a topic.",
  fields: {
    dataplaneApiUrl,
    name: {
      schema: z
        .string()
        .min(1)
        .max(128)
        .regex(NAME, "name may contain only letters, digits, '.', '_' and '-' (1 to 128)"),
      change: "replace",
      doc: "Transform name, 1–128 of letters, digits, `.`, `_`, `-`",
    },
    inputTopicName: {
      schema: topicName("inputTopicName"),
      change: "replace",
      doc: "The topic whose records it reads (the broker refuses a redeploy that changes it)",
    },
    outputTopicNames: {
      schema: z
        .array(topicName("an output topic name"))
        .min(1, "outputTopicNames needs one topic")
        .max(
          1,
          "outputTopicNames takes one topic: the data plane deploys a transform with exactly one",
        ),
      change: "replace",
      doc: "The topic it writes to, as a list of one (the data plane's rule; the broker refuses a redeploy that changes it)",
    },
    environmentVariables: {
      schema: z
        .array(environmentVariable)
        .max(128, "environmentVariables must have at most 128 items")
        .superRefine((vars, ctx) => {
          const seen = new Set<string>();
          for (const { key } of vars) {
            if (seen.has(key))
              ctx.addIssue({
                code: "custom",
                message: `environmentVariables names ${key} twice (the broker keeps one value per key)`,
              });
            seen.add(key);
          }
        })
        .default([]),
      change: "update",
      same: sameEnvironment,
      doc: "Environment variables of the module (`key`, `value`), at most 128, in any order; a change redeploys in place. Values are returned by the API: pass a secret one as a Pulumi secret and the whole list stays secret in state",
    },
    wasmPath: {
      schema: z
        .string()
        .min(1, "wasmPath is the path of the module's .wasm file")
        .superRefine((p, ctx) => {
          const problem = moduleProblem(p);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        })
        .optional(),
      change: "none",
      writeOnly: true,
      doc: "Path of the WebAssembly module (`.wasm`, at most 10 MiB), relative to the project's directory; read at the check, which refuses a file without the WebAssembly magic number. Required to create a transform; an imported one may leave it out and keeps the module it runs (the API never returns it)",
      changeDoc:
        "The file's content decides, not the path: a change of its SHA-256 (`wasmSha256`) redeploys in place; another path to the same bytes changes nothing.",
    },
    timeouts,
    allowDeletion,
    adoptId: adoptId(
      "Name of an existing transform to manage (redeployed with this module and environment; its topics must be these) instead of creating one",
    ),
  },
  rules(v, ctx) {
    if (v.adoptId !== undefined && v.adoptId !== v.name)
      ctx.addIssue({
        code: "custom",
        path: ["adoptId"],
        message: `adoptId must be the transform's name (${v.name}): a transform is known by its name`,
      });
  },
  derived: {
    from: { wasmSha256: "wasmPath" },
    of: (i) => (i.wasmPath === undefined ? {} : { wasmSha256: readModule(i.wasmPath).sha256 }),
  },
  timeouts: { create: 5, update: 5 },
  clusterKinds: "BYOC, Dedicated",
  outputs: {
    name: { schema: z.string(), doc: "The transform's name." },
    wasmSha256: {
      schema: z.string().optional(),
      doc: "The SHA-256 of the module deployed (hex): what decides whether it changed. Empty for an imported transform until the program gives `wasmPath`.",
    },
  },
});

export type TransformInputs = InputsOf<typeof transformKind.fields>;
export type TransformOutputs = TransformInputs & { id: string; wasmSha256?: string };

/** The deploy's metadata part. */
export function toApi(i: TransformInputs): DeployTransformRequest {
  return {
    name: i.name,
    input_topic_name: i.inputTopicName,
    output_topic_names: i.outputTopicNames,
    environment_variables: i.environmentVariables.map(({ key, value }) => ({ key, value })),
  };
}

/**
 * The state a read gives: the topics and the environment as the API reports them (the
 * environment in the declared order while it holds the same variables); the module's hash is what
 * was deployed, since the API never returns the module.
 */
export function fromApi(t: ApiTransform, props: TransformOutputs): TransformOutputs {
  const live = t.environment_variables.map(({ key, value }) => ({ key, value }));
  return {
    ...props,
    name: t.name,
    inputTopicName: t.input_topic_name,
    outputTopicNames: t.output_topic_names,
    environmentVariables: sameEnvironment(props.environmentVariables, live)
      ? props.environmentVariables
      : live,
  };
}
