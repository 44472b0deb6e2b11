/**
 * Request validation from the vendor's contract: each request's JSON body and declared query
 * parameters are checked with ajv against the operation's schemas in contract/, and the
 * violations come back in the vendor's shape (google.rpc.BadRequest, fields named by proto path:
 * `cluster.zones[0]`). What a schema cannot say — lengths and patterns the OpenAPI omits, CIDR
 * overlap, cross-field and state rules — stays in the route handlers.
 *
 * Lenient where the vendor's gateway is (protojson): `null` means unset, 64-bit and other integers
 * may be strings of digits, unknown fields are ignored, and a body may
 * be the bare message instead of the request wrapper (the vendor's own docs use both). `required`
 * binds creates (POST) only: updates are sparse, named by a field mask, so a PUT or PATCH that sends
 * only the fields it changes is what the vendor's handlers expect (the OpenAPI's PipelineUpdate
 * "requires" config_yaml, which a mask of `resources` leaves out).
 */
import Ajv from "ajv";
import type { ErrorObject, ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { loadContract, templateMatcher, vendorPath } from "./contract";
import type { FieldViolation, Plane } from "./errors";

type Json = Record<string, unknown>;

interface Parameter {
  in: string;
  name: string;
  schema?: Json;
}

interface Operation {
  method: string;
  regex: RegExp;
  params: number;
  body?: ValidateFunction;
  /** The request wrapper's one message field (`cluster` of CreateClusterRequest), if any. */
  wrapperKey?: string;
  /**
   * The HTTP body's field in the request message (`x-originalParamName`, e.g. `user`), where the
   * schema is the bare message: a body wrapped in it (as the vendor's own example is) is unwrapped.
   */
  bodyField?: string;
  query: Map<string, ValidateFunction>;
}

/** Rewrites a schema the way protojson reads JSON (see the file comment). */
function lenient(node: unknown, required = true): unknown {
  if (Array.isArray(node)) return node.map((n) => lenient(n, required));
  if (!node || typeof node !== "object") return node;
  const obj = node as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === "required" || k === "example" || k === "examples") continue;
    out[k] =
      k === "properties"
        ? mapValues(v as Json, (p) => nullable(lenient(p, required)))
        : lenient(v, required);
  }
  // `required` as the vendor wrote it (only names the schema declares: see the response validator).
  if (
    required &&
    Array.isArray(obj.required) &&
    obj.properties &&
    typeof obj.properties === "object"
  ) {
    out.required = (obj.required as string[]).filter((r) => r in (obj.properties as Json));
  }
  if (obj.type === "integer") return { anyOf: [out, { type: "string", pattern: "^-?\\d+$" }] };
  if (obj.type === "string" && (obj.format === "int64" || obj.format === "uint64")) {
    return { anyOf: [out, { type: "integer" }] };
  }
  return out;
}

const nullable = (schema: unknown): unknown => ({ anyOf: [schema, { type: "null" }] });

function mapValues(obj: Json, fn: (v: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, fn(v)]));
}

/** `/cluster/zones/0` → `cluster.zones[0]`, the proto path the vendor names. */
function protoPath(pointer: string, extra?: string): string {
  const parts = pointer.split("/").filter(Boolean);
  if (extra) parts.push(extra);
  return parts
    .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
    .join("")
    .replace(/\.\[/g, "[");
}

/** One violation per field: the most specific ajv error, in the vendor's words. */
function violations(errors: ErrorObject[] | null | undefined, prefix = ""): FieldViolation[] {
  const byField = new Map<string, string>();
  for (const e of errors ?? []) {
    if (e.keyword === "anyOf") continue; // its branches' errors say more
    if (e.keyword === "type" && e.params.type === "null") continue; // the "unset" branch
    const missing = e.keyword === "required" ? String(e.params.missingProperty) : undefined;
    const field = [prefix, protoPath(e.instancePath, missing)].filter(Boolean).join(".");
    const description =
      e.keyword === "required"
        ? "value is required"
        : e.keyword === "enum"
          ? `value must be one of ${(e.params.allowedValues as unknown[]).join(", ")}`
          : e.keyword === "type"
            ? `value must be of type ${String(e.params.type)}`
            : `value ${e.message ?? "is invalid"}`;
    // Of a field's errors, an enum's says the most; a type error of a lenient branch the least.
    const previous = byField.get(field);
    if (!previous || e.keyword === "enum" || e.keyword === "required") {
      byField.set(field, description);
    }
  }
  return [...byField].map(([field, description]) => ({ field: field || "body", description }));
}

class PlaneContract {
  private readonly ops: Operation[] = [];

  constructor(id: string, doc: Json, ajv: Ajv) {
    const components = doc.components as Json;
    // Two copies of the components: with `required` for creates, without for sparse updates.
    ajv.addSchema({ $id: id, components: lenient(components) });
    ajv.addSchema({ $id: `${id}-sparse`, components: lenient(components, false) });
    const ref = (schema: Json, sparse = false) =>
      JSON.parse(
        JSON.stringify(lenient(schema, !sparse)).replaceAll(
          '"#/components/',
          `"${id}${sparse ? "-sparse" : ""}#/components/`,
        ),
      );
    const schemas = components.schemas as Json;
    for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, raw] of Object.entries(item)) {
        const op = raw as Json;
        const bodySchema = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.[
          "application/json"
        ] as Json | undefined;
        const schema = bodySchema?.schema as Json | undefined;
        let wrapperKey: string | undefined;
        const refName = typeof schema?.$ref === "string" ? schema.$ref.split("/").pop() : undefined;
        const target = refName ? (schemas[refName] as Json | undefined) : undefined;
        const props = Object.entries((target?.properties as Json | undefined) ?? {});
        const only = props.length === 1 ? (props[0]![1] as Json) : undefined;
        if (only && (typeof only.$ref === "string" || only.type === "object")) {
          wrapperKey = props[0]![0];
        }
        const query = new Map<string, ValidateFunction>();
        for (const p of (op.parameters as Parameter[] | undefined) ?? []) {
          if (p.in === "query" && p.schema) query.set(p.name, ajv.compile(ref(p.schema)));
        }
        this.ops.push({
          method: method.toUpperCase(),
          ...templateMatcher(template),
          body: schema ? ajv.compile(ref(schema, method !== "post")) : undefined,
          wrapperKey,
          bodyField: wrapperKey
            ? undefined
            : ((op.requestBody as Json | undefined)?.["x-originalParamName"] as string | undefined),
          query,
        });
      }
    }
    // A literal segment beats a parameter: `/v1/serverless/regions` before `/v1/serverless/{id}`.
    this.ops.sort((a, b) => a.params - b.params);
  }

  check(method: string, path: string, query: Json, body: unknown): FieldViolation[] {
    const urlPath = vendorPath(path);
    const op = this.ops.find((o) => o.method === method && o.regex.test(urlPath));
    if (!op) return [];
    const found: FieldViolation[] = [];
    for (const [name, validate] of op.query) {
      const raw = query[name];
      if (raw === undefined) continue;
      for (const value of ([] as unknown[]).concat(raw)) {
        const typed = value === "true" ? true : value === "false" ? false : value;
        if (!validate(typed)) found.push(...violations(validate.errors, name));
      }
    }
    if (
      op.body &&
      body !== undefined &&
      !(typeof body === "object" && body && !Object.keys(body).length)
    ) {
      // A bare message is read as the wrapper's field (`{name…}` as `{cluster: {name…}}`), so
      // the wrapped message's own rules apply and violations carry the proto path.
      const obj = typeof body === "object" && body !== null ? (body as Json) : undefined;
      const keys = obj ? Object.keys(obj) : [];
      let candidate: unknown = body;
      let prefix = "";
      if (op.wrapperKey && obj && !(op.wrapperKey in obj)) {
        candidate = { [op.wrapperKey]: obj };
      } else if (
        op.bodyField &&
        op.bodyField !== "body" &&
        keys.length === 1 &&
        keys[0] === op.bodyField
      ) {
        candidate = obj![op.bodyField];
        prefix = op.bodyField;
      }
      if (!op.body(candidate)) found.push(...violations(op.body.errors, prefix));
    }
    return found;
  }
}

/** The vendor's request contract for both planes, compiled once per process. */
export class RequestContract {
  private readonly planes: Record<Plane, PlaneContract>;

  constructor() {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const f of ["int32", "int64", "byte", "double", "float", "uint64", "uint32"]) {
      ajv.addFormat(f, true);
    }
    this.planes = {
      controlplane: new PlaneContract(
        "cp-request",
        loadContract<Json>("cloud-controlplane.json"),
        ajv,
      ),
      dataplane: new PlaneContract("dp-request", loadContract<Json>("cloud-dataplane.json"), ajv),
    };
  }

  /** Violations of the request against its operation's schemas; none for unknown operations. */
  check(plane: Plane, method: string, path: string, query: Json, body: unknown): FieldViolation[] {
    return this.planes[plane].check(method, path, query, body);
  }
}
