/**
 * One cluster's Schema Registry, the Confluent-compatible API's rules: ids shared by identical
 * schemas, versions per subject, soft then hard delete, references that pin what they name,
 * compatibility checked on register (compat.ts). Errors are the registry's: an HTTP status and an
 * `error_code` (40401 subject not found, 42201 invalid schema, 409 incompatible, …).
 */
import { storedForm } from "../../provider/schema-form";
import type { Dataplane, RegistryRec, SchemaRef } from "../domain/records";
import type { Parsed, Resolved, SchemaType } from "./compat";
import { LEVELS, incompatibility, parse } from "./compat";

export class RegistryError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const registryOf = (dp: Dataplane): RegistryRec =>
  (dp.registry ??= {
    nextId: 1,
    schemas: {},
    subjects: {},
    config: {},
    compatibility: "BACKWARD",
    acls: [],
  });

const TYPES: SchemaType[] = ["AVRO", "PROTOBUF", "JSON"];

export interface Registration {
  schema: string;
  schemaType?: string;
  references?: SchemaRef[];
  /** `?normalize=true`: JSON Schema members and references sorted (json.cc). */
  normalize?: boolean;
}

function live(r: RegistryRec, subject: string) {
  return (r.subjects[subject]?.versions ?? []).filter((v) => !v.deleted);
}

/** A subject's version by number, `latest` or -1. */
export function versionOf(r: RegistryRec, subject: string, version: string, deleted = false) {
  const all = r.subjects[subject]?.versions.filter((v) => deleted || !v.deleted) ?? [];
  if (all.length === 0 && !r.subjects[subject])
    throw new RegistryError(404, 40401, `Subject '${subject}' not found.`);
  const found =
    version === "latest" || version === "-1"
      ? all[all.length - 1]
      : all.find((v) => v.version === Number(version));
  if (!found) throw new RegistryError(404, 40402, `Version ${version} not found.`);
  return found;
}

/** The schema with its references resolved to texts, dependencies first. */
function resolve(r: RegistryRec, type: SchemaType, text: string, refs: SchemaRef[]): Resolved {
  const deps: { name: string; text: string }[] = [];
  const seen = new Set<string>();
  const walk = (list: SchemaRef[]): void => {
    for (const ref of list) {
      const key = `${ref.subject}/${ref.version}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let v;
      try {
        v = versionOf(r, ref.subject, String(ref.version));
      } catch {
        throw new RegistryError(
          422,
          42201,
          `Invalid schema: reference ${ref.name} names ${ref.subject} version ${ref.version}, which does not exist`,
        );
      }
      const s = r.schemas[v.id]!;
      walk(s.references);
      deps.push({ name: ref.name, text: s.schema });
    }
  };
  walk(refs);
  return { type, text, deps };
}

function parsed(r: RegistryRec, id: number): Parsed {
  const s = r.schemas[id]!;
  return parse(resolve(r, s.schemaType as SchemaType, s.schema, s.references));
}

export function levelOf(r: RegistryRec, subject: string): string {
  return r.config[subject] ?? r.compatibility;
}

/**
 * A registration's schema checked and in the form the registry stores: Redpanda rewrites every
 * schema into its canonical form before storing it (`sharded_store::make_canonical_schema`; the
 * rules: provider/schema-form/), and compares schemas in that form. Throws 422 (42201) when the
 * schema does not parse or names what its references do not hold.
 */
function canonical(
  r: RegistryRec,
  req: Registration,
): { type: SchemaType; text: string; refs: SchemaRef[]; parsed: Parsed } {
  const type = (req.schemaType ?? "AVRO") as SchemaType;
  if (!TYPES.includes(type))
    throw new RegistryError(422, 42201, `Invalid schema type ${String(req.schemaType)}`);
  if (typeof req.schema !== "string" || req.schema === "")
    throw new RegistryError(422, 42201, "Invalid schema: empty");
  // A reference is its name, subject and version (types.h `schema_reference`), whatever the
  // order of the request's keys.
  let refs = (req.references ?? []).map((x) => ({
    name: x.name,
    subject: x.subject,
    version: x.version,
  }));
  if (req.normalize && type === "JSON") {
    const key = (x: SchemaRef) => JSON.stringify([x.name, x.subject, x.version]);
    refs = [...new Map(refs.map((x) => [key(x), x])).values()].sort((a, b) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0,
    );
  }
  try {
    const resolved = resolve(r, type, req.schema, refs);
    const parsed = parse(resolved);
    let text: string;
    try {
      text = storedForm(type, req.schema, resolved.deps, { normalize: req.normalize });
    } catch (err) {
      // What the parser accepts but this package cannot render (a Protobuf edition) is kept as
      // written: the emulator must not refuse what the registry accepts.
      if (type !== "PROTOBUF") throw err;
      text = req.schema;
    }
    return { type, text, refs, parsed };
  } catch (err) {
    if (err instanceof RegistryError) throw err;
    throw new RegistryError(422, 42201, `Invalid schema: ${(err as Error).message}`);
  }
}

/** The id of a stored schema with this canonical text, type and references, if any. */
function idOf(r: RegistryRec, type: string, text: string, refs: SchemaRef[]): number | undefined {
  const same = Object.entries(r.schemas).find(
    ([, s]) =>
      s.schemaType === type &&
      s.schema === text &&
      JSON.stringify(s.references) === JSON.stringify(refs),
  );
  return same ? Number(same[0]) : undefined;
}

/** The subject's live version holding this schema (compared in canonical form), if any. */
export function findVersion(r: RegistryRec, subject: string, req: Registration) {
  const { type, text, refs } = canonical(r, req);
  const id = idOf(r, type, text, refs);
  return id === undefined ? undefined : live(r, subject).find((v) => v.id === id);
}

/** Registers a schema under a subject: its id (and version), existing or new. */
export function register(
  r: RegistryRec,
  subject: string,
  req: Registration,
): { id: number; version: number } {
  const { type, text, refs, parsed: next } = canonical(r, req);
  const sameId = idOf(r, type, text, refs);
  const versions = live(r, subject);
  if (sameId !== undefined) {
    const existing = versions.find((v) => v.id === sameId);
    if (existing) return { id: existing.id, version: existing.version };
  }
  const earlier = versions
    .slice()
    .reverse()
    .map((v) => parsed(r, v.id));
  const why = incompatibility(levelOf(r, subject), next, earlier);
  if (why) {
    throw new RegistryError(
      409,
      409,
      `Schema being registered is incompatible with an earlier schema for subject "${subject}": ${why}`,
    );
  }
  const id = sameId ?? r.nextId++;
  r.schemas[id] = { schemaType: type, schema: text, references: refs };
  const subj = (r.subjects[subject] ??= { versions: [] });
  const version = (subj.versions[subj.versions.length - 1]?.version ?? 0) + 1;
  subj.versions.push({ version, id, deleted: false });
  return { id, version };
}

/** Ids of schemas whose references name this subject's version. */
export function referencedBy(r: RegistryRec, subject: string, version: number): number[] {
  const users = new Set<number>();
  for (const [name, subj] of Object.entries(r.subjects)) {
    for (const v of subj.versions) {
      if (v.deleted && name !== subject) continue;
      const refs = r.schemas[v.id]?.references ?? [];
      if (refs.some((ref) => ref.subject === subject && ref.version === version)) users.add(v.id);
    }
  }
  return [...users].sort((a, b) => a - b);
}

/** Deletes a subject: soft first (versions hidden), then `permanent` (gone). */
export function deleteSubject(r: RegistryRec, subject: string, permanent: boolean): number[] {
  const subj = r.subjects[subject];
  if (!subj || subj.versions.length === 0)
    throw new RegistryError(404, 40401, `Subject '${subject}' not found.`);
  for (const v of subj.versions) {
    const users = referencedBy(r, subject, v.version);
    if (users.length > 0 && !(permanent && v.deleted))
      throw new RegistryError(
        422,
        42206,
        `One or more references exist to the schema {subject=${subject},version=${v.version}}: ids ${users.join(", ")}`,
      );
  }
  if (permanent) {
    if (subj.versions.some((v) => !v.deleted))
      throw new RegistryError(
        404,
        40405,
        `Subject '${subject}' was not deleted first before being permanently deleted`,
      );
    const versions = subj.versions.map((v) => v.version);
    delete r.subjects[subject];
    delete r.config[subject];
    return versions;
  }
  const versions = subj.versions.filter((v) => !v.deleted).map((v) => v.version);
  if (versions.length === 0)
    throw new RegistryError(404, 40404, `Subject '${subject}' was soft deleted.`);
  for (const v of subj.versions) v.deleted = true;
  return versions;
}

export function setLevel(r: RegistryRec, subject: string | undefined, level: unknown): string {
  if (typeof level !== "string" || !(LEVELS as readonly string[]).includes(level))
    throw new RegistryError(
      422,
      42203,
      `Invalid compatibility level ${String(level)}. Valid values are ${LEVELS.join(", ")}`,
    );
  if (subject === undefined) r.compatibility = level;
  else r.config[subject] = level;
  return level;
}
