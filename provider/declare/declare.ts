/**
 * The one declaration of a resource kind: each input's schema, what changing it does, whether it
 * is secret and its doc line; the outputs; the default timeouts. Everything else is derived from
 * it — the zod check and the diff rules here, the public `*Args` types, the resource classes and
 * the README's resources table by `npm run codegen` (checked by tests/unit/docs/declarations.test.ts).
 */
import * as z from "zod";
import { equal } from "../equal";
import { deadline } from "./fields";
import type { TimeoutsInput } from "./fields";
import type { Field, Phase } from "./field";

export type { Change, Field, Phase } from "./field";

/**
 * One output a program reads. Its value's schema is code, checked by the compiler: `z.string()`,
 * `z.array(z.string())`, `z.number().optional()` (an output the API may leave out), a vendor
 * object of provider/wire/nested-schemas.ts or a named type of the kind's `types`. The resource
 * class's type, the plugin schema and the docs derive from it (scripts/codegen/).
 */
export interface Output {
  schema: z.ZodType;
  doc: string;
  secret?: boolean;
}

export type Fields = Record<string, Field>;
type Shape<F extends Fields> = { [K in keyof F]: F[K]["schema"] };
/** The parsed inputs of a kind: what its lifecycle code receives. */
export type InputsOf<F extends Fields> = z.output<z.ZodObject<Shape<F>>>;

/** The README's sections, in their order: the registry lists kinds by section, then `order`. */
export const SECTIONS = ["control plane", "organization access", "data plane"] as const;
export type Section = (typeof SECTIONS)[number];

export interface KindInit<F extends Fields> {
  /** Type name, as in the type token `pulumi-nodejs:dynamic/redpanda:<type>`. */
  type: string;
  /**
   * The README section the kind is listed in (provider/kinds/registry.ts keeps that order);
   * codegen requires it of every kind folder.
   */
  section?: Section;
  /** Place within its section, from 1; codegen requires it of every kind folder. */
  order?: number;
  /** The class's doc line. */
  doc: string;
  fields: F;
  /** Outputs a program reads, inputs the class exposes among them. */
  outputs: Record<string, Output>;
  /** Cross-field rules, reported on the field they name. */
  rules?: (inputs: InputsOf<F>, ctx: z.RefinementCtx) => void;
  /** Default deadlines in minutes, for the phases that wait. */
  timeouts?: Partial<Record<Phase, number>>;
  /** Named nested input types of the public API (`ByocAgentArgs`). */
  types?: Record<string, z.ZodObject>;
  /** Which cluster kinds the resource works on, for the README (data-plane kinds). */
  clusterKinds?: string;
  /**
   * Inputs the check derives from declared ones, where what a value names decides whether it
   * changed (a Transform's module: the SHA-256 of the file `wasmPath` names). `from` maps each
   * derived key to the input it comes from; `of` gives their values from the parsed inputs (no
   * key for an input left unset). The check adds them to the inputs, diff compares them as inputs
   * that update in place, and each is an output of the kind.
   */
  derived?: {
    from: Record<string, string>;
    of(inputs: InputsOf<F>): Record<string, unknown>;
  };
}

/** A declared kind; its cross-field rules live inside `inputs`. */
export interface Kind<F extends Fields = Fields> extends Omit<KindInit<F>, "rules"> {
  /** The check: validation and defaults; failures name the top-level input. */
  inputs: z.ZodObject<Shape<F>>;
  /** Inputs whose change replaces the resource. */
  replaceOn: readonly string[];
  /** Inputs whose change does nothing (deadlines, adoption ids): kept in state only. */
  ignore: readonly string[];
  /** Secret inputs. */
  secrets: readonly string[];
  /** Inputs never read back: required of a new resource only (see `Field.writeOnly`). */
  writeOnly: readonly string[];
  /** Whether two values of an input mean the same (the field's `same`, else JSON equality). */
  sameValue(key: string, a: unknown, b: unknown, news?: Record<string, unknown>): boolean;
  /** A phase's deadline in milliseconds: the resource's `timeouts` input, else the kind's default. */
  deadlineMs(timeouts: TimeoutsInput, phase: Phase): number;
}

const MINUTE = 60_000;

/** Declares a kind and derives its check and diff rules. */
export function declareKind<F extends Fields>(init: KindInit<F>): Kind<F> {
  const shape = Object.fromEntries(
    Object.entries(init.fields).map(([name, f]) => [name, f.schema]),
  ) as Shape<F>;
  const object = z.object(shape);
  const { rules, ...rest } = init;
  const inputs = rules ? object.superRefine((v, ctx) => rules(v, ctx)) : object;
  const names = (want: (f: Field) => boolean) =>
    Object.entries(init.fields)
      .filter(([, f]) => want(f))
      .map(([name]) => name);
  return {
    ...rest,
    inputs,
    replaceOn: names((f) => f.change === "replace"),
    ignore: names((f) => f.change === "none"),
    secrets: names((f) => f.secret === true),
    writeOnly: names((f) => f.writeOnly === true),
    sameValue(key, a, b, news = {}) {
      const same = (init.fields[key] as Field | undefined)?.same;
      return equal(a, b) || same?.(a, b, news) === true;
    },
    deadlineMs(timeouts, phase) {
      const minutes = init.timeouts?.[phase];
      if (minutes === undefined) throw new Error(`${init.type} declares no ${phase} timeout`);
      return deadline(timeouts, phase, minutes * MINUTE);
    },
  };
}
