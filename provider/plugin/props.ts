/**
 * Property values between the engine's protobuf Structs and the lifecycle's plain JSON. The engine
 * sends secrets wrapped (`{<sig>: <secret sig>, value}`) and resource references as objects; the
 * lifecycle wants plain values. Going back, the top-level properties that arrived secret, and the
 * kind's declared secrets, are wrapped again so the engine keeps them encrypted in state.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import type { JavaScriptValue } from "google-protobuf/google/protobuf/struct_pb";

/** The key that marks a special value (secret, resource reference, ...). */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature of a secret: `{[SIG_KEY]: SECRET_SIG, value}`. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** The signature of a resource reference: `{[SIG_KEY]: RESOURCE_SIG, urn, id?}`. */
export const RESOURCE_SIG = "5cf8f73096256a8f31e491e813e4eb8e";
/** The signature of an output value (not accepted: Configure says acceptOutputs false). */
export const OUTPUT_SIG = "d0e6a833031e9bbcd3f4e8bde6ca49a4";

export type Props = Record<string, unknown>;

/** Plain values and which top-level properties held a secret anywhere inside. */
export interface Unwrapped {
  props: Props;
  secretKeys: Set<string>;
}

/**
 * The plain value of what toJavaScript() gave: its arrays and objects are fresh, so they are
 * unwrapped in place rather than copied (a run checks and diffs every resource).
 */
function unwrapValue(value: unknown, secret: { found: boolean }): unknown {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = unwrapValue(value[i], secret);
    return value;
  }
  if (value === null || typeof value !== "object") return value;
  const o = value as Props;
  const sig = o[SIG_KEY];
  if (sig === SECRET_SIG) {
    secret.found = true;
    return unwrapValue(o.value, secret);
  }
  if (sig === RESOURCE_SIG) {
    // A custom resource reference stands for its id; a component's, for its URN.
    return typeof o.id === "string" && o.id !== "" ? o.id : o.urn;
  }
  if (sig === OUTPUT_SIG) {
    if (o.secret === true) secret.found = true;
    return unwrapValue(o.value, secret);
  }
  for (const k of Object.keys(o)) o[k] = unwrapValue(o[k], secret);
  return o;
}

/** A Struct (or nothing) as plain props, remembering the secrets. */
export function fromStruct(struct: Struct | undefined): Unwrapped {
  const raw = (struct?.toJavaScript() ?? {}) as Props;
  const secretKeys = new Set<string>();
  const props: Props = {};
  for (const [k, v] of Object.entries(raw)) {
    const secret = { found: false };
    props[k] = unwrapValue(v, secret);
    if (secret.found) secretKeys.add(k);
  }
  return { props, secretKeys };
}

/** Wraps a value as a secret. */
export function secretOf(value: unknown): Props {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/** Plain props as a Struct, the `secret` keys wrapped; undefined values are dropped. */
export function toStruct(props: Props, secret: ReadonlySet<string> = new Set()): Struct {
  const out: Record<string, JavaScriptValue> = {};
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined) continue;
    // Objects and arrays as JSON has them (no undefined inside); most values are scalars.
    const plain = (
      v !== null && typeof v === "object" ? JSON.parse(JSON.stringify(v)) : v
    ) as JavaScriptValue;
    out[k] = secret.has(k) ? (secretOf(plain) as JavaScriptValue) : plain;
  }
  return Struct.fromJavaScript(out);
}
