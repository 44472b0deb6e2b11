/**
 * Validates emulator responses against the vendor's OpenAPI, as the repository keeps it
 * (contract/, derived from the vendor's files by scripts/contract/derive.mjs):
 * finds the operation by method and path template, then checks the body against that status's
 * schema (or `default`) with ajv. Unset messages may be `null`, as the vendor's own examples show.
 */
import Ajv from "ajv";
import type { ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { ResponseRecord } from "../../emulator";
import { loadContract } from "../../emulator/contract";

type Json = Record<string, unknown>;

interface Operation {
  method: string;
  requestSchema?: Json;
  template: string;
  regex: RegExp;
  params: number;
  operationId: string;
  responses: Record<string, Json>;
}

/** Where the schema names the inner message but the vendor wraps it (redpanda-cloud-api.md §1.3). */
const WRAPPED_RESPONSES: Record<string, string> = {
  ServerlessClusterService_GetServerlessCluster: "GetServerlessClusterResponse",
  ClusterService_UpdateCluster: "UpdateClusterOperation",
  ServerlessClusterService_UpdateServerlessCluster: "UpdateServerlessClusterOperation",
  UserService_CreateUser: "CreateUserResponse",
  PipelineService_CreatePipeline: "CreatePipelineResponse",
  PipelineService_GetPipeline: "GetPipelineResponse",
  PipelineService_UpdatePipeline: "UpdatePipelineResponse",
  PipelineService_StartPipeline: "StartPipelineResponse",
  PipelineService_StopPipeline: "StopPipelineResponse",
  KafkaConnectService_CreateConnector: "CreateConnectorResponse",
  KafkaConnectService_GetConnector: "GetConnectorResponse",
  KafkaConnectService_UpsertConnector: "UpsertConnectorResponse",
};

/** Stand-in segments from api-spec.md, validated as the vendor's. */
const SEGMENT_ALIASES: [RegExp, string][] = [
  [/^\/v1\/pipeline-connect\//, "/v1/redpanda-connect/"],
  [/^\/v1\/connector-runtime\//, "/v1/kafka-connect/"],
];

function allowNullRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(allowNullRefs);
  if (!node || typeof node !== "object") return node;
  const obj = node as Json;
  const out: Json = {};
  // A schema that requires a property it does not declare (Network requires `type`, declares
  // `cluster_type`) contradicts itself; keep only the declared requirements.
  if (Array.isArray(obj.required) && obj.properties && typeof obj.properties === "object") {
    const declared = obj.properties as Json;
    out.required = (obj.required as string[]).filter((r) => r in declared);
  }
  for (const [k, v] of Object.entries(obj)) {
    if (k === "required" && "required" in out) continue;
    if (k === "properties" && v && typeof v === "object") {
      out[k] = Object.fromEntries(
        Object.entries(v as Json).map(([prop, schema]) => {
          const s = schema as Json;
          const fixed = allowNullRefs(s) as Json;
          // Unset messages (and Timestamps, which are messages) may be null on the wire.
          const message = typeof s.$ref === "string" || s.format === "date-time";
          return [prop, message ? { anyOf: [fixed, { type: "null" }] } : fixed];
        }),
      );
    } else {
      out[k] = allowNullRefs(v);
    }
  }
  return out;
}

/**
 * The control-plane OpenAPI's `OperationResponse.oneOf` misses some response types the vendor
 * documents (redpanda-cloud-api.md §4): add the missing ones.
 */
function addDocumentedOperationResponses(doc: Json): void {
  const schemas = (doc.components as Json).schemas as Json;
  const response = schemas.OperationResponse as { oneOf: unknown[] };
  const listed = JSON.stringify(response.oneOf);
  for (const name of [
    "CreateNetworkResponse",
    "DeleteNetworkResponse",
    "CreateServerlessClusterResponse",
    "DeleteServerlessClusterResponse",
  ]) {
    if (listed.includes(`v1.${name}"`)) continue;
    response.oneOf.push({
      allOf: [
        {
          properties: {
            "@type": {
              enum: [`type.googleapis.com/redpanda.api.controlplane.v1.${name}`],
              type: "string",
            },
          },
        },
        { $ref: `#/components/schemas/${name}` },
      ],
    });
  }
}

/**
 * The control-plane OpenAPI lists `DeleteNetworkPeeringMetadata` (and its response) twice in the
 * operation oneOfs, so the vendor's own example of a peering deletion could match no branch
 * "exactly once". A branch listed twice is one branch: drop the repeats.
 */
function dedupeOperationOneOfs(doc: Json): void {
  const schemas = (doc.components as Json).schemas as Json;
  for (const name of ["OperationMetadata", "OperationResponse"]) {
    const schema = schemas[name] as { oneOf: unknown[] };
    const seen = new Set<string>();
    schema.oneOf = schema.oneOf.filter((branch) => {
      const key = JSON.stringify(branch);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
}

/** The same schemas without `required` anywhere: a sparse update sends only what it changes. */
function withoutRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRequired);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node as Json)
      .filter(([k]) => k !== "required")
      .map(([k, v]) => [k, withoutRequired(v)]),
  );
}

class Spec {
  readonly ops: Operation[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    private readonly id: string,
    doc: Json,
    private readonly ajv: Ajv,
  ) {
    ajv.addSchema({ $id: id, components: allowNullRefs(doc.components) });
    ajv.addSchema({
      $id: `${id}-sparse`,
      components: withoutRequired(allowNullRefs(doc.components)),
    });
    for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, raw] of Object.entries(item)) {
        const op = raw as Json;
        if (!op.responses) continue;
        const pattern = template
          .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
          .replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, "[^/]+");
        const content = (op.requestBody as Json | undefined)?.content as Json | undefined;
        this.ops.push({
          method: method.toUpperCase(),
          requestSchema: (content?.["application/json"] as Json | undefined)?.schema as
            Json | undefined,
          template,
          regex: new RegExp(`^${pattern}$`),
          params: (template.match(/\{/g) ?? []).length,
          operationId: String(op.operationId),
          responses: op.responses as Record<string, Json>,
        });
      }
    }
    this.ops.sort((a, b) => a.params - b.params);
  }

  find(method: string, urlPath: string): Operation | undefined {
    return this.ops.find((o) => o.method === method && o.regex.test(urlPath));
  }

  /**
   * The request schema as the client must meet it: wrapped as the vendor documents, `required` on
   * creates (updates are sparse, named by a field mask).
   */
  requestValidator(op: Operation): ValidateFunction | undefined {
    if (!op.requestSchema) return undefined;
    const key = `${op.operationId}:request`;
    let fn = this.compiled.get(key);
    if (!fn) {
      const schema = allowNullRefs(op.requestSchema);
      const text = JSON.stringify(
        op.method === "POST" ? schema : withoutRequired(schema),
      ).replaceAll(
        '"#/components/',
        `"${op.method === "POST" ? this.id : `${this.id}-sparse`}#/components/`,
      );
      fn = this.ajv.compile(JSON.parse(text) as object);
      this.compiled.set(key, fn);
    }
    return fn;
  }

  validator(op: Operation, status: number): ValidateFunction | undefined {
    const wrapped = WRAPPED_RESPONSES[op.operationId];
    const response = op.responses[String(status)] ?? op.responses.default;
    const declared = (response?.content as Json | undefined)?.["application/json"] as
      Json | undefined;
    let schema: unknown = declared?.schema;
    if (wrapped && status < 300) schema = { $ref: `#/components/schemas/${wrapped}` };
    if (!schema) return undefined;
    const key = `${op.operationId}:${status}`;
    let fn = this.compiled.get(key);
    if (!fn) {
      const text = JSON.stringify(allowNullRefs(schema)).replaceAll(
        '"#/components/',
        `"${this.id}#/components/`,
      );
      fn = this.ajv.compile(JSON.parse(text) as object);
      this.compiled.set(key, fn);
    }
    return fn;
  }
}

export interface ValidationReport {
  validated: number;
  /** Request bodies the client sent, checked against the operation's request schema. */
  requestsValidated: number;
  requestFailures: string[];
  /** Responses without a JSON body or schema (204, empty). */
  skipped: number;
  failures: string[];
}

export class OpenApiValidator {
  private readonly specs: Record<"controlplane" | "dataplane", Spec>;
  readonly report: ValidationReport = {
    validated: 0,
    requestsValidated: 0,
    requestFailures: [],
    skipped: 0,
    failures: [],
  };

  constructor() {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const f of ["int32", "int64", "byte", "double", "float", "uint64", "uint32"])
      ajv.addFormat(f, true);
    // The same files the emulator reads (contract/); the rules checked here are the
    // vendor's schemas, not the emulator's code.
    const load = (file: string) => structuredClone(loadContract<Json>(file));
    const cp = load("cloud-controlplane.json");
    addDocumentedOperationResponses(cp);
    dedupeOperationOneOfs(cp);
    this.specs = {
      controlplane: new Spec("cp.json", cp, ajv),
      dataplane: new Spec("dp.json", load("cloud-dataplane.json"), ajv),
    };
  }

  check(record: ResponseRecord): void {
    if (record.path === "/oauth/token") return; // RFC 6749, not part of the vendor OpenAPI
    let urlPath = record.path;
    for (const [from, to] of SEGMENT_ALIASES) urlPath = urlPath.replace(from, to);
    const spec = this.specs[record.plane];
    const op = spec.find(record.method, urlPath);
    if (!op) {
      // Unknown routes answer the generic google.rpc.Status 404.
      if (record.status === 404) return this.checkStatusBody(record);
      this.report.failures.push(
        `${record.method} ${record.path}: no operation in the ${record.plane} OpenAPI`,
      );
      return;
    }
    this.checkRequest(spec, op, record);
    if (record.body === undefined) {
      this.report.skipped += 1;
      return;
    }
    const fn = spec.validator(op, record.status);
    if (!fn) {
      if (record.status >= 400) return this.checkStatusBody(record);
      this.report.skipped += 1;
      return;
    }
    this.report.validated += 1;
    if (!fn(record.body)) {
      this.report.failures.push(
        `${record.method} ${record.path} ${record.status} (${op.operationId}): ${JSON.stringify(fn.errors?.filter((e) => !e.schemaPath.includes("anyOf")).slice(-6))}`,
      );
    }
  }

  private checkRequest(spec: Spec, op: Operation, record: ResponseRecord): void {
    // A request the emulator refused as invalid was sent on purpose (a test of that refusal).
    if (record.status === 400) return;
    const body = record.request?.body;
    if (body === undefined || (body && typeof body === "object" && !Object.keys(body).length)) {
      return;
    }
    const fn = spec.requestValidator(op);
    if (!fn) return;
    this.report.requestsValidated += 1;
    if (!fn(body)) {
      this.report.requestFailures.push(
        `${record.method} ${record.path} (${op.operationId}) request: ${JSON.stringify(fn.errors?.filter((e) => !e.schemaPath.includes("anyOf")).slice(-6))}`,
      );
    }
  }

  private checkStatusBody(record: ResponseRecord): void {
    const spec = this.specs[record.plane];
    const op = {
      operationId: "rpc.Status",
      responses: {
        default: {
          content: { "application/json": { schema: { $ref: "#/components/schemas/rpc.Status" } } },
        },
      },
    } as unknown as Operation;
    const fn = spec.validator(op, record.status) as ValidateFunction;
    this.report.validated += 1;
    if (!fn(record.body)) {
      this.report.failures.push(
        `${record.method} ${record.path} ${record.status}: error body is not a google.rpc.Status`,
      );
    }
  }
}
