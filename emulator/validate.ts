/**
 * Request validation in the vendor's style: every rule that fails becomes one field violation
 * named by its proto path (for example `cluster.name`), and the request is refused with 400.
 */
import type { FieldViolation } from "./errors";
import { invalid } from "./errors";

export type Json = Record<string, unknown>;

export class Checker {
  readonly violations: FieldViolation[] = [];

  constructor(private readonly prefix = "") {}

  private path(field: string): string {
    return this.prefix ? `${this.prefix}.${field}` : field;
  }

  fail(field: string, description: string): void {
    this.violations.push({ field: this.path(field), description });
  }

  /** A required string; returns it when present (and a string). */
  str(body: Json, field: string, rules: StringRules = {}): string | undefined {
    const value = body[field];
    if (value === undefined || value === null || value === "") {
      if (rules.required) this.fail(field, "value is required");
      return undefined;
    }
    if (typeof value !== "string") {
      this.fail(field, "value must be a string");
      return undefined;
    }
    if (rules.min !== undefined && value.length < rules.min) {
      this.fail(field, `value length must be at least ${rules.min} characters`);
    }
    if (rules.max !== undefined && value.length > rules.max) {
      this.fail(field, `value length must be at most ${rules.max} characters`);
    }
    if (rules.pattern && !rules.pattern.test(value)) {
      this.fail(field, `value does not match regex pattern \`${rules.pattern.source}\``);
    }
    if (rules.oneOf && !rules.oneOf.includes(value)) {
      this.fail(field, `value must be one of ${rules.oneOf.join(", ")}`);
    }
    return value;
  }

  /** An optional integer within bounds. */
  int(body: Json, field: string, min: number, max: number): number | undefined {
    const raw = body[field];
    if (raw === undefined || raw === null) return undefined;
    const value = typeof raw === "string" && /^-?\d+$/.test(raw) ? Number(raw) : raw;
    if (typeof value !== "number" || !Number.isInteger(value)) {
      this.fail(field, "value must be an integer");
      return undefined;
    }
    if (value < min || value > max) {
      this.fail(
        field,
        `value must be greater than or equal to ${min} and less than or equal to ${max}`,
      );
      return undefined;
    }
    return value;
  }

  /** An array of strings, optionally required to be non-empty and unique. */
  strings(
    body: Json,
    field: string,
    rules: { required?: boolean; unique?: boolean } = {},
  ): string[] {
    const value = body[field];
    if (value === undefined || value === null) {
      if (rules.required) this.fail(field, "value must contain at least 1 item(s)");
      return [];
    }
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string" || v === "")) {
      this.fail(field, "value must be a list of non-empty strings");
      return [];
    }
    if (rules.required && value.length === 0)
      this.fail(field, "value must contain at least 1 item(s)");
    if (rules.unique && new Set(value).size !== value.length) {
      this.fail(field, "repeated value must contain unique items");
    }
    return value as string[];
  }

  /** Throws the vendor's 400 when any rule failed. */
  done(): void {
    if (this.violations.length > 0) throw invalid(this.violations);
  }
}

export interface StringRules {
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: RegExp;
  oneOf?: readonly string[];
}

/** The object under `key` when the body is wrapped, else the body itself (both spellings accepted). */
export function unwrap(body: unknown, key: string): Json {
  if (!body || typeof body !== "object" || Array.isArray(body)) return {};
  const obj = body as Json;
  const inner = obj[key];
  if (inner && typeof inner === "object" && !Array.isArray(inner)) return inner as Json;
  return obj;
}

/**
 * The fields a PATCH changes: its `update_mask` (comma-separated) when it sends one, else every
 * field of the message it sends.
 */
export function updateMask(body: unknown, message: Json): string[] {
  const raw = asObject(body).update_mask;
  return typeof raw === "string" && raw
    ? raw.split(",").map((f) => f.trim())
    : Object.keys(message);
}

export function asObject(body: unknown): Json {
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Json) : {};
}
