/**
 * Wasm data transforms (`/v1/transforms`). The vendor's data plane is the Redpanda Console's API in
 * front of Redpanda's Admin API, and every rule here is one of theirs:
 *
 * - CONSOLE: redpanda-data/console@12ba56d5f5ce8c3e8bd34f758c16f29026fbba7a —
 *   proto/redpanda/api/dataplane/v1/transform.proto (the request rules, checked by protovalidate
 *   before anything reaches the broker) and backend/pkg/api/connect/service/transform/v1/
 *   (handle_transforms.go: the multipart deploy and its messages; service.go: list, get, delete;
 *   defaulter.go: page size 100) and backend/pkg/api/connect/errors/redpanda.go (an Admin API
 *   refusal: its message after "could not deploy wasm transform: ", the HTTP status as the gRPC
 *   code, ErrorInfo REASON_REDPANDA_ADMIN_API_ERROR with `adminapi_status_code`).
 * - BROKER: redpanda-data/redpanda@d0eedf73d7735a66291d9a9868980a81b12d731f
 *   src/v/cluster/plugin_frontend.cc (validate_mutation: a redeploy may change only the module and
 *   the environment; a new transform's topics must exist, must not be internal, must not form a
 *   cycle) with the messages of src/v/cluster/errc.h@7563ef61e55f69ee0b6d8603f7ad2ae008bca2e0,
 *   each answered 400 by src/v/redpanda/admin/server.cc's throw_on_error.
 * - The module: the vendor's CLI refuses a file without the WebAssembly magic number `\0asm`
 *   (`verifyWasm`, src/go/rpk/pkg/cli/transform/deploy.go@916956949ec1275535bd58c8527062dd903b9843),
 *   and the first brokers with transforms answered a source they could not load "Invalid transform
 *   source" (src/v/transform/api.cc, validate_source); newer brokers store any bytes without loading
 *   them (src/v/transform/api.cc@00976d4, a TODO to validate) and the Console checks nothing, so a
 *   module that is not WebAssembly is accepted — the newer evidence — and fails once it runs: its
 *   partitions report ERRORED. Over the documented 10 MiB (the vendor's DeployTransform) it is
 *   refused as an invalid source.
 * - Statuses: one per partition of the input topic, INACTIVE until the transform runs
 *   ("This usually takes around 3s, but no longer than 10s", the vendor's DeployTransform), then
 *   RUNNING with a lag of 0 — the module is not run.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { dataplaneFor } from "../dataplane";
import { CONSUMER_OFFSETS } from "../domain/internal-topics";
import type { Dataplane, DpTransform } from "../domain/records";
import { ApiError, invalid } from "../errors";
import type { FieldViolation } from "../errors";
import { isMultipart } from "../multipart";
import type { MultipartFile } from "../multipart";
import { paginate } from "../paging";

type Params = { clusterId: string };
type ByName = { Params: Params & { name: string } };

/** DeployTransformRequest's `name`, `input_topic_name` and each output topic (CONSOLE). */
const NAME = /^[a-zA-Z0-9._\-]*$/;
const WASM_MAGIC = Buffer.from([0x00, 0x61, 0x73, 0x6d]);
const MAX_WASM_BYTES = 10 * 1024 * 1024;
/** Topics no transform may write to (BROKER, validate_mutation's no_sink_topics). */
const NO_SINK = new Set(["_redpanda.audit_log", CONSUMER_OFFSETS, "_schemas"]);
/** The messages of the broker's refusals (BROKER, errc.h). */
const BROKER = {
  invalidSource: "Invalid transform source",
  invalidUpdate: "Invalid update to transform, topic configuration cannot change",
  invalidCreate: "Invalid create transform configuration",
  invalidEnvironment: "Invalid transform environment",
  topicNotExists: "Topic does not exists",
};

/** A refusal of the broker's Admin API as the vendor's data plane passes it on (CONSOLE). */
function adminApiRefusal(message: string): ApiError {
  return new ApiError(
    "INVALID_ARGUMENT",
    `could not deploy wasm transform: ${message}`,
    undefined,
    [],
    [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "REASON_REDPANDA_ADMIN_API_ERROR",
        domain: "redpanda.com/dataplane",
        metadata: { adminapi_status_code: "400" },
      },
    ],
  );
}

const badInput = (message: string): ApiError =>
  new ApiError("INVALID_ARGUMENT", message, "REASON_INVALID_INPUT");

function transforms(dp: Dataplane): Record<string, DpTransform> {
  return (dp.transforms ??= {});
}

function view(ctx: EmulatorContext, dp: Dataplane, t: DpTransform): Record<string, unknown> {
  const running = ctx.now() >= t.running_at;
  const partitions = dp.topics[t.input_topic_name]?.partition_count ?? 0;
  return {
    name: t.name,
    input_topic_name: t.input_topic_name,
    output_topic_names: t.output_topic_names,
    statuses: Array.from({ length: partitions }, (_, partition_id) => ({
      broker_id: 0,
      partition_id,
      status: !running
        ? "PARTITION_STATUS_INACTIVE"
        : t.wasm_valid === false
          ? "PARTITION_STATUS_ERRORED"
          : "PARTITION_STATUS_RUNNING",
      lag: 0,
    })),
    environment_variables: t.environment_variables,
  };
}

export function registerTransforms(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<{ Params: Params }>("/v1/transforms", (req) => listTransforms(ctx, req));
  app.put<{ Params: Params }>("/v1/transforms", (req, reply) => deployTransform(ctx, req, reply));
  app.get<ByName>("/v1/transforms/:name", (req) => getTransform(ctx, req));
  app.delete<ByName>("/v1/transforms/:name", (req, reply) => deleteTransform(ctx, req, reply));
}

/** CONSOLE service.go: filtered by substring; paged by name unless `page_size` is -1. */
async function listTransforms(ctx: EmulatorContext, req: FastifyRequest<{ Params: Params }>) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const q = { ...(req.query as Record<string, unknown>) };
  if (q.page_size === "0" || q.page_size === 0) delete q.page_size; // defaulter.go: 0 is 100
  const contains = String(q["filter.name_contains"] ?? "");
  const list = Object.values(transforms(dp))
    .filter((t) => t.name.includes(contains))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const { page, next_page_token } = paginate(list, q, 1000, 100);
  return { transforms: page.map((t) => view(ctx, dp, t)), next_page_token };
}

/** CONSOLE service.go: NOT_FOUND, REASON_RESOURCE_NOT_FOUND, for a name no transform has. */
function find(dp: Dataplane, name: string): DpTransform {
  const t = transforms(dp)[name];
  if (!t) {
    throw new ApiError(
      "NOT_FOUND",
      `the requested transform "${name}" does not exist`,
      "REASON_RESOURCE_NOT_FOUND",
    );
  }
  return t;
}

async function getTransform(ctx: EmulatorContext, req: FastifyRequest<ByName>) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  return { transform: view(ctx, dp, find(dp, req.params.name)) };
}

async function deleteTransform(
  ctx: EmulatorContext,
  req: FastifyRequest<ByName>,
  reply: FastifyReply,
) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  delete transforms(dp)[find(dp, req.params.name).name];
  ctx.touch();
  return reply.code(204).send();
}

interface DeployRequest {
  name: string;
  input_topic_name: string;
  output_topic_names: string[];
  environment_variables: { key: string; value: string }[];
}

/** The multipart body's two parts, as the vendor's handler reads them, in its order (CONSOLE). */
function deployParts(req: FastifyRequest): { metadata: string; wasm: MultipartFile } {
  const body = req.body;
  const empty =
    body === undefined ||
    req.headers["content-length"] === "0" ||
    (isMultipart(body) && body.bytes === 0);
  if (empty) {
    throw badInput(
      "request body must be a valid multipart/form-data payload, but sent body is empty",
    );
  }
  if (!isMultipart(body)) {
    throw badInput(
      "could not parse multipart form: request Content-Type isn't multipart/form-data",
    );
  }
  const metadata = body.values.metadata?.[0] ?? "";
  if (metadata === "") throw badInput("could not find or parse form field metadata");
  const wasm = body.files.wasm_binary?.[0];
  if (!wasm) {
    throw badInput("could not find or parse form field wasm_binary: http: no such file");
  }
  return { metadata, wasm };
}

/**
 * The metadata as protojson reads it: proto or JSON field names, `null` as unset, unknown fields
 * and wrong types refused (CONSOLE: protojson.UnmarshalOptions{}).
 */
function parseMetadata(text: string): DeployRequest {
  const fail = (why: string) => badInput(`unable to parse form field metadata: ${why}`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw fail((err as Error).message);
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw fail("not a JSON object");
  const names: Record<string, keyof DeployRequest> = {
    name: "name",
    input_topic_name: "input_topic_name",
    inputTopicName: "input_topic_name",
    output_topic_names: "output_topic_names",
    outputTopicNames: "output_topic_names",
    environment_variables: "environment_variables",
    environmentVariables: "environment_variables",
  };
  const out: DeployRequest = {
    name: "",
    input_topic_name: "",
    output_topic_names: [],
    environment_variables: [],
  };
  const str = (v: unknown, field: string): string => {
    if (typeof v !== "string")
      throw fail(`invalid value for string field ${field}: ${JSON.stringify(v)}`);
    return v;
  };
  for (const [key, value] of Object.entries(raw)) {
    const field = names[key];
    if (!field) throw fail(`unknown field "${key}"`);
    if (value === null) continue;
    if (field === "name" || field === "input_topic_name") out[field] = str(value, field);
    else if (field === "output_topic_names") {
      if (!Array.isArray(value)) throw fail(`invalid value for repeated field ${field}`);
      out.output_topic_names = value.map((v) => str(v, field));
    } else {
      if (!Array.isArray(value)) throw fail(`invalid value for repeated field ${field}`);
      out.environment_variables = value.map((item) => {
        if (!item || typeof item !== "object" || Array.isArray(item))
          throw fail(`invalid value for message field ${field}`);
        const kv = { key: "", value: "" };
        for (const [k, v] of Object.entries(item as Record<string, unknown>)) {
          if (k !== "key" && k !== "value") throw fail(`unknown field "${k}"`);
          if (v !== null) kv[k] = str(v, k);
        }
        return kv;
      });
    }
  }
  return out;
}

/** A string field's protovalidate rules, in its words (CONSOLE transform.proto). */
function checkString(
  out: FieldViolation[],
  field: string,
  value: string,
  rules: { max: number; pattern?: RegExp },
): void {
  if (value === "") out.push({ field, description: "value is required" });
  else if (value.length > rules.max)
    out.push({ field, description: `value length must be at most ${rules.max} characters` });
  else if (rules.pattern && !rules.pattern.test(value))
    out.push({
      field,
      description: `value does not match regex pattern \`${rules.pattern.source}\``,
    });
}

/** DeployTransformRequest's rules (CONSOLE transform.proto): refused before the broker sees it. */
function validateRequest(r: DeployRequest): void {
  const v: FieldViolation[] = [];
  checkString(v, "name", r.name, { max: 128, pattern: NAME });
  checkString(v, "input_topic_name", r.input_topic_name, { max: 249, pattern: NAME });
  const outputs = r.output_topic_names;
  if (outputs.length === 0)
    v.push({ field: "output_topic_names", description: "value is required" });
  else if (outputs.length > 1)
    v.push({
      field: "output_topic_names",
      description: "value must contain no more than 1 item(s)",
    });
  else if (new Set(outputs).size !== outputs.length)
    v.push({
      field: "output_topic_names",
      description: "repeated value must contain unique items",
    });
  outputs.forEach((o, i) =>
    checkString(v, `output_topic_names[${i}]`, o, { max: 249, pattern: NAME }),
  );
  if (r.environment_variables.length > 128)
    v.push({
      field: "environment_variables",
      description: "value must contain no more than 128 item(s)",
    });
  r.environment_variables.forEach(({ key, value }, i) => {
    const at = `environment_variables[${i}]`;
    checkString(v, `${at}.key`, key, { max: 128 });
    if (key.startsWith("REDPANDA_"))
      v.push({
        field: `${at}.key`,
        description: "Environment variable keys that start with 'REDPANDA_' are reserved.",
      });
    checkString(v, `${at}.value`, value, { max: 2048 });
  });
  if (v.length > 0) throw invalid(v);
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/** What the broker checks of a deploy (BROKER validate_mutation), in its order. */
function brokerCheck(dp: Dataplane, r: DeployRequest): void {
  for (const { key, value } of r.environment_variables) {
    if (key.includes("=") || CONTROL.test(key) || CONTROL.test(value))
      throw adminApiRefusal(BROKER.invalidEnvironment);
  }
  const existing = transforms(dp)[r.name];
  if (existing) {
    // "Only the offset pointer and environment can change."
    const sameOutputs =
      existing.output_topic_names.length === r.output_topic_names.length &&
      existing.output_topic_names.every((o, i) => o === r.output_topic_names[i]);
    if (existing.input_topic_name !== r.input_topic_name || !sameOutputs)
      throw adminApiRefusal(BROKER.invalidUpdate);
    return;
  }
  if (!dp.topics[r.input_topic_name]) throw adminApiRefusal(BROKER.topicNotExists);
  if (r.input_topic_name === CONSUMER_OFFSETS) throw adminApiRefusal(BROKER.invalidCreate);
  for (const out of r.output_topic_names) {
    if (NO_SINK.has(out)) throw adminApiRefusal(BROKER.invalidCreate);
    if (!dp.topics[out]) throw adminApiRefusal(BROKER.topicNotExists);
    if (wouldCycle(dp, r.input_topic_name, out)) throw adminApiRefusal(BROKER.invalidCreate);
  }
}

/** Whether `output` leads back to `input` through the transforms deployed (BROKER). */
function wouldCycle(dp: Dataplane, input: string, output: string): boolean {
  const queue = [output];
  const seen = new Set<string>();
  for (let topic = queue.shift(); topic !== undefined; topic = queue.shift()) {
    if (topic === input) return true;
    if (seen.has(topic)) continue;
    seen.add(topic);
    for (const t of Object.values(transforms(dp)))
      if (t.input_topic_name === topic) queue.push(...t.output_topic_names);
  }
  return false;
}

async function deployTransform(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
) {
  const { dp } = dataplaneFor(ctx, req.params.clusterId);
  const { metadata, wasm } = deployParts(req);
  const request = parseMetadata(metadata);
  validateRequest(request);
  const module = wasm.data;
  if (wasm.truncated || module.length > MAX_WASM_BYTES) throw adminApiRefusal(BROKER.invalidSource);
  brokerCheck(dp, request);
  const t: DpTransform = {
    ...request,
    wasm_sha256: createHash("sha256").update(module).digest("hex"),
    wasm_bytes: module.length,
    wasm_valid: module.subarray(0, 4).equals(WASM_MAGIC),
    running_at: ctx.now() + ctx.timeline.after("transformStart"),
  };
  transforms(dp)[t.name] = t;
  ctx.touch();
  // The handler answers the transform as the broker lists it right after (CONSOLE).
  return reply.code(201).send(view(ctx, dp, t));
}
