/**
 * Forward-compatibility mode: every response reads as a newer API's would. Each message object in
 * a response — found by walking the body alongside the operation's response schema in the vendor's
 * contract, so maps (tags, configs, labels) are left alone — gains fields this client has never
 * heard of: a scalar, a value from no known enum, a nested message and a list of them. Error
 * bodies gain an unknown field (not an unknown `details` type: the contract enumerates those, so a
 * newer one would not validate against it). A client that parses strictly, or trips over values
 * it has not seen, fails here first.
 */
import { loadContract, templateMatcher, vendorPath } from "./contract";

type Json = Record<string, unknown>;
type Plane = "controlplane" | "dataplane";

/** What a newer API adds to every message. */
export const FUTURE_FIELDS: Json = {
  zz_future_note: "a field added by a newer API",
  zz_future_kind: "ZZ_FUTURE_KIND_NOT_IN_THIS_CLIENT",
  zz_future_settings: { enabled: true, mode: "ZZ_FUTURE_MODE_NOT_IN_THIS_CLIENT" },
  zz_future_items: [{ id: "zz-future-1", state: "ZZ_FUTURE_STATE_NOT_IN_THIS_CLIENT" }],
};

interface Operation {
  method: string;
  regex: RegExp;
  params: number;
  response?: Json;
}

class PlaneSchemas {
  private readonly ops: Operation[] = [];
  private readonly schemas: Json;

  constructor(doc: Json) {
    this.schemas = ((doc.components as Json).schemas ?? {}) as Json;
    for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, raw] of Object.entries(item)) {
        const responses = ((raw as Json).responses ?? {}) as Record<string, Json>;
        const ok = Object.entries(responses).find(([code]) => /^2\d\d$/.test(code))?.[1];
        const schema = ((ok?.content as Json | undefined)?.["application/json"] as Json | undefined)
          ?.schema as Json | undefined;
        this.ops.push({
          method: method.toUpperCase(),
          ...templateMatcher(template),
          response: schema,
        });
      }
    }
    // A literal segment beats a parameter: `/v1/serverless/regions` before `/v1/serverless/{id}`.
    this.ops.sort((a, b) => a.params - b.params);
  }

  responseSchema(method: string, path: string): Json | undefined {
    const p = vendorPath(path);
    return this.ops.find((o) => o.method === method && o.regex.test(p))?.response;
  }

  resolve(schema: Json | undefined): Json | undefined {
    let s = schema;
    for (let i = 0; s && typeof s.$ref === "string" && i < 20; i++)
      s = this.schemas[s.$ref.split("/").pop() as string] as Json | undefined;
    if (s && Array.isArray(s.allOf) && s.allOf.length > 0) return this.resolve(s.allOf[0] as Json);
    return s;
  }

  /** Adds the future fields to every message object of `value`, as `schema` describes it. */
  augment(value: unknown, schema: Json | undefined, depth = 0): unknown {
    const s = this.resolve(schema);
    if (!s || depth > 12 || value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map((v) => this.augment(v, s.items as Json, depth + 1));
    const obj = value as Json;
    const props = s.properties as Record<string, Json> | undefined;
    if (props) {
      const out: Json = {};
      const keys = Object.keys(obj);
      // A bare message where the schema names its wrapper, or the other way round.
      if (keys.length === 1 && !(keys[0]! in props)) {
        return { [keys[0]!]: this.augment(obj[keys[0]!], s, depth + 1) };
      }
      for (const [k, v] of Object.entries(obj)) out[k] = this.augment(v, props[k], depth + 1);
      return { ...out, ...FUTURE_FIELDS };
    }
    if (s.additionalProperties && typeof s.additionalProperties === "object") {
      // A map: its keys are the user's (tags, configs); only its values may be messages.
      const values = s.additionalProperties as Json;
      return Object.fromEntries(
        Object.entries(obj).map(([k, v]) => [k, this.augment(v, values, depth + 1)]),
      );
    }
    return value;
  }
}

export class ForwardCompat {
  private readonly planes: Record<Plane, PlaneSchemas> = {
    controlplane: new PlaneSchemas(loadContract<Json>("cloud-controlplane.json")),
    dataplane: new PlaneSchemas(loadContract<Json>("cloud-dataplane.json")),
  };

  /** The body a newer API would send for this response. */
  augment(plane: Plane, method: string, path: string, status: number, body: unknown): unknown {
    if (!body || typeof body !== "object" || Array.isArray(body)) return body;
    if (status >= 400) return { ...body, zz_future_note: FUTURE_FIELDS.zz_future_note };
    const p = this.planes[plane];
    return p.augment(body, p.responseSchema(method, path));
  }
}
