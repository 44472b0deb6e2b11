/** Schema's lifecycle (its requests: ./api.ts) (the cluster's Schema Registry); inputs and change rules: ./kind.ts. */
import type { SchemaReference, SchemaRegistryClient } from "./api";
import { schemaRegistryAt } from "./api";
import { RedpandaError, isNotFound } from "../../errors";
import { equal } from "../../equal";
import { fromApi, sameSchema, schemaKind, toApi } from "./kind";
import type { SchemaInputs, SchemaOutputs } from "./kind";
import { credentialsOf } from "../../declare/schema-registry-fields";
import type { ProtoDep } from "../../schema-form";
import { sameSchemaText } from "../../schema-form";
import type { CallContext } from "../../runtime/context";
import type { ResourceSpec } from "../../runtime/lifecycle";

const registry = (ctx: CallContext, i: SchemaInputs) =>
  schemaRegistryAt(ctx.clients.transport, i.schemaRegistryUrl, credentialsOf(i));

/**
 * The schemas a Protobuf schema's references name, as the registry holds them, dependencies
 * first: what resolving its imported types needs to put it in the registry's canonical form.
 * Avro and JSON Schema are rewritten without them.
 */
async function depsOf(
  sr: SchemaRegistryClient,
  type: string,
  refs: SchemaReference[] | undefined,
): Promise<ProtoDep[]> {
  if (type !== "PROTOBUF" || !refs?.length) return [];
  const deps: ProtoDep[] = [];
  const seen = new Set<string>();
  const walk = async (list: SchemaReference[]): Promise<void> => {
    for (const ref of list) {
      const key = `${ref.subject}/${ref.version}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const v = await sr.version(ref.subject, ref.version);
      await walk(v.references);
      deps.push({ name: ref.name, text: v.schema });
    }
  };
  await walk(refs);
  return deps;
}

/** Registers the declared schema and reads back its id and version. */
async function registered(ctx: CallContext, i: SchemaInputs): Promise<SchemaOutputs> {
  const sr = registry(ctx, i);
  const schemaId = await sr.register(i.subject, toApi(i));
  // Registering a schema the subject already has returns its id without a new version.
  const latest = await sr.version(i.subject);
  return { ...i, id: i.subject, schemaId, version: latest.version };
}

export const schema: ResourceSpec<typeof schemaKind.fields, SchemaOutputs> = {
  kind: schemaKind,
  deleteBeforeReplace: true,
  label: (i) => `schema ${i.subject}`,
  async create(i, ctx) {
    const sr = registry(ctx, i);
    const existing = await sr.version(i.subject).catch((err: unknown) => {
      if (isNotFound(err)) return undefined;
      throw err;
    });
    // A subject with this exact latest schema is what a create whose answer was lost leaves;
    // one holding anything else is someone's, and registering here would add to their history.
    const deps = existing ? await depsOf(sr, i.schemaType, i.references) : [];
    if (existing && !sameSchema(i, existing, deps) && i.adoptId !== i.subject) {
      throw new RedpandaError(
        `subject "${i.subject}" already exists in the Schema Registry with another schema ` +
          `(version ${existing.version}, id ${existing.id}); choose another subject, or take it over ` +
          `with adoptId: "${i.subject}" (the declared schema becomes its next version)`,
      );
    }
    if (i.compatibility) await sr.setCompatibility(i.subject, i.compatibility);
    const outs = await registered(ctx, i);
    return { id: i.subject, outs };
  },
  async read(id, props, ctx) {
    const sr = registry(ctx, props);
    try {
      const latest = await sr.version(id);
      const compatibility =
        props.compatibility === undefined ? undefined : await sr.compatibility(id);
      const deps = await depsOf(sr, latest.schemaType, latest.references);
      return {
        ...fromApi(latest, props, deps),
        id,
        ...(props.compatibility !== undefined ? { compatibility: compatibility as never } : {}),
      };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  },
  inputsOf: (o) => ({
    schema: o.schema,
    schemaType: o.schemaType,
    ...(o.references !== undefined ? { references: o.references } : {}),
    ...(o.compatibility !== undefined ? { compatibility: o.compatibility } : {}),
  }),
  async update(id, olds, news, ctx) {
    const sr = registry(ctx, news);
    // The level first: relaxing it is what lets the new schema in, in the same `up`.
    if (news.compatibility && news.compatibility !== olds.compatibility) {
      await sr.setCompatibility(id, news.compatibility);
    }
    const changed =
      olds.schemaType !== news.schemaType ||
      !sameSchemaText(news.schemaType, olds.schema, news.schema) ||
      !equal(olds.references ?? [], news.references ?? []);
    if (changed) return registered(ctx, news);
    return { ...news, id, schemaId: olds.schemaId, version: olds.version };
  },
  async delete(id, props, ctx) {
    const sr = registry(ctx, props);
    try {
      await sr.deleteSubject(id);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  },
};
