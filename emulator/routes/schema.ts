/**
 * Each cluster's Schema Registry (the Confluent-compatible API, at the URL the cluster record's
 * `schema_registry.url` gives): subjects, versions, ids, references, compatibility per subject and
 * global, soft and hard delete, and the SR ACLs (schema-registry-acl.ts). Errors are the
 * registry's `{ error_code, message }`. Authentication: the organization's bearer token, or HTTP
 * Basic with a SASL user of the cluster (then SR ACLs apply).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TokenRegistry } from "../auth";
import type { EmulatorContext, Services } from "../context";
import { REGISTRY_MOUNT, dataplaneFor } from "../dataplane";
import { ApiError } from "../errors";
import type { Dataplane } from "../domain/records";
import {
  RegistryError,
  deleteSubject,
  findVersion,
  levelOf,
  referencedBy,
  register,
  registryOf,
  setLevel,
  versionOf,
} from "../schema-registry/registry";
import type { Access } from "../schema-registry/acl";
import { ensureInternalTopics } from "../domain/ensure-topics";
import { SCHEMAS_TOPIC } from "../domain/internal-topics";
import { authorize } from "../schema-registry/acl";

type P = { clusterId: string };
type S = P & { subject: string };
type V = S & { version: string };

/** What a request needs, for SR ACLs. */
function accessOf(req: FastifyRequest): Access {
  const params = req.params as Partial<S>;
  const path = (req.routeOptions.url ?? "").replace(REGISTRY_MOUNT, "");
  const op = path.startsWith("/config")
    ? req.method === "GET"
      ? "DESCRIBE_CONFIGS"
      : "ALTER_CONFIGS"
    : path.startsWith("/security")
      ? "ALTER"
      : ({
          GET: "READ",
          POST: path === "/subjects/:subject" ? "READ" : "WRITE",
          PUT: "WRITE",
          DELETE: "DELETE",
        }[req.method] ?? "READ");
  return params.subject
    ? { operation: op, resourceType: "SUBJECT", resource: params.subject }
    : { operation: op, resourceType: "REGISTRY", resource: "" };
}

function view(
  r: ReturnType<typeof registryOf>,
  subject: string,
  v: { version: number; id: number },
) {
  const s = r.schemas[v.id]!;
  return {
    subject,
    version: v.version,
    id: v.id,
    ...(s.schemaType === "AVRO" ? {} : { schemaType: s.schemaType }),
    ...(s.references.length ? { references: s.references } : {}),
    schema: s.schema,
  };
}

const dpOf = (ctx: EmulatorContext, clusterId: string): Dataplane =>
  dataplaneFor(ctx, clusterId).dp;

/**
 * The organization's bearer token (then undefined), or HTTP Basic with a SASL user of the cluster
 * (then the user's name, for SR ACLs).
 */
function authenticate(
  ctx: EmulatorContext,
  tokens: TokenRegistry,
  req: FastifyRequest,
  clusterId: string,
): string | undefined {
  const header = req.headers.authorization ?? "";
  const basic = /^Basic\s+(.+)$/i.exec(header);
  if (!basic) {
    tokens.authenticate(header, Date.now());
    return undefined;
  }
  const [name, ...rest] = Buffer.from(basic[1] as string, "base64")
    .toString("utf8")
    .split(":");
  const user = dpOf(ctx, clusterId).users[name ?? ""];
  if (!user || user.password !== rest.join(":"))
    throw new RegistryError(401, 40101, "Unauthorized: bad username or password");
  return user.name;
}

/**
 * The registry's own wire: its media types, its authentication (the organization's bearer token,
 * or HTTP Basic with a SASL user of the cluster, then SR ACLs apply) and its error body.
 */
function registryProtocol(app: FastifyInstance, ctx: EmulatorContext, tokens: TokenRegistry): void {
  // Confluent clients send the registry's own media type.
  app.addContentTypeParser(
    ["application/vnd.schemaregistry.v1+json", "application/vnd.schemaregistry+json"],
    { parseAs: "string" },
    (_req, body, done) => {
      try {
        done(null, body === "" ? {} : JSON.parse(String(body)));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );

  app.addHook("preHandler", async (req) => {
    const clusterId = (req.params as P).clusterId;
    const user = authenticate(ctx, tokens, req, clusterId);
    // Redpanda's registry starts on its first authenticated request, and starting makes its
    // store, the `_schemas` topic (domain/internal-topics.ts).
    await ensureInternalTopics(ctx, clusterId, [SCHEMAS_TOPIC]);
    if (user === undefined) return;
    if (req.routeOptions.url?.endsWith("/security/acls"))
      throw new RegistryError(403, 40301, `User:${user} may not manage Schema Registry ACLs`);
    authorize(dpOf(ctx, clusterId), `User:${user}`, accessOf(req));
  });

  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof RegistryError)
      return reply.code(err.status).send({ error_code: err.errorCode, message: err.message });
    if (err instanceof ApiError) {
      const status = err.httpStatus;
      return reply.code(status).send({ error_code: status, message: err.message });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    return reply.code(status).send({ error_code: status, message: (err as Error).message });
  });
}

export function registerSchemaRegistry(
  app: FastifyInstance,
  ctx: EmulatorContext,
  { tokens }: Services,
): void {
  registryProtocol(app, ctx, tokens);
  app.get("/schemas/types", async () => ["JSON", "PROTOBUF", "AVRO"]);
  app.get("/mode", async () => ({ mode: "READWRITE" }));
  app.get("/status/ready", async () => ({}));
  app.get<{ Params: P }>("/subjects", (req) => listSubjects(ctx, req));
  app.get<{ Params: S }>("/subjects/:subject/versions", (req) => listVersions(ctx, req));
  app.post<{ Params: S }>("/subjects/:subject/versions", (req) => registerVersion(ctx, req));
  app.post<{ Params: S }>("/subjects/:subject", (req) => lookUpSchema(ctx, req));
  app.get<{ Params: V }>("/subjects/:subject/versions/:version", (req) => getVersion(ctx, req));
  app.get<{ Params: V }>("/subjects/:subject/versions/:version/schema", (req, reply) =>
    getVersionSchema(ctx, req, reply),
  );
  for (const suffix of ["referencedby", "referencedBy"]) {
    app.get<{ Params: V }>(`/subjects/:subject/versions/:version/${suffix}`, (req) =>
      referencedByVersion(ctx, req),
    );
  }
  app.delete<{ Params: S }>("/subjects/:subject", (req) => deleteSubjectRoute(ctx, req));
  app.get<{ Params: P & { id: string } }>("/schemas/ids/:id", (req) => getSchemaById(ctx, req));
  app.get<{ Params: P }>("/config", (req) => getGlobalConfig(ctx, req));
  app.put<{ Params: P }>("/config", (req) => setGlobalConfig(ctx, req));
  app.get<{ Params: S }>("/config/:subject", (req) => getSubjectConfig(ctx, req));
  app.put<{ Params: S }>("/config/:subject", (req) => setSubjectConfig(ctx, req));
  app.delete<{ Params: S }>("/config/:subject", (req) => deleteSubjectConfig(ctx, req));
}

async function listSubjects(ctx: EmulatorContext, req: FastifyRequest<{ Params: P }>) {
  const r = registryOf(dpOf(ctx, req.params.clusterId));
  const deleted = (req.query as Record<string, string>).deleted === "true";
  return Object.entries(r.subjects)
    .filter(([, s]) => s.versions.some((v) => deleted || !v.deleted))
    .map(([name]) => name)
    .sort();
}

async function listVersions(ctx: EmulatorContext, req: FastifyRequest<{ Params: S }>) {
  const r = registryOf(dpOf(ctx, req.params.clusterId));
  const versions = (r.subjects[req.params.subject]?.versions ?? []).filter((v) => !v.deleted);
  if (versions.length === 0)
    throw new RegistryError(404, 40401, `Subject '${req.params.subject}' not found.`);
  return versions.map((v) => v.version);
}

async function registerVersion(ctx: EmulatorContext, req: FastifyRequest<{ Params: S }>) {
  const r = registryOf(dpOf(ctx, req.params.clusterId));
  const body = (req.body ?? {}) as Record<string, unknown>;
  const { id } = register(r, req.params.subject, {
    schema: body.schema as string,
    schemaType: body.schemaType as string | undefined,
    references: body.references as never,
    normalize: (req.query as Record<string, string>).normalize === "true",
  });
  ctx.touch();
  return { id };
}

// Looks a schema up under a subject: is this schema registered there? Compared in the
// registry's canonical form, as Redpanda's `sharded_store::has_schema` does.
async function lookUpSchema(ctx: EmulatorContext, req: FastifyRequest<{ Params: S }>) {
  const r = registryOf(dpOf(ctx, req.params.clusterId));
  const body = (req.body ?? {}) as Record<string, unknown>;
  const versions = (r.subjects[req.params.subject]?.versions ?? []).filter((v) => !v.deleted);
  if (versions.length === 0)
    throw new RegistryError(404, 40401, `Subject '${req.params.subject}' not found.`);
  const hit = findVersion(r, req.params.subject, {
    schema: body.schema as string,
    schemaType: body.schemaType as string | undefined,
    references: body.references as never,
    normalize: (req.query as Record<string, string>).normalize === "true",
  });
  if (!hit) throw new RegistryError(404, 40403, "Schema not found");
  return view(r, req.params.subject, hit);
}

async function getVersion(ctx: EmulatorContext, req: FastifyRequest<{ Params: V }>) {
  const r = registryOf(dpOf(ctx, req.params.clusterId));
  return view(r, req.params.subject, versionOf(r, req.params.subject, req.params.version));
}

async function getVersionSchema(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: V }>,
  reply: FastifyReply,
) {
  const r = registryOf(dpOf(ctx, req.params.clusterId));
  const v = versionOf(r, req.params.subject, req.params.version);
  return reply.type("application/json").send(r.schemas[v.id]!.schema);
}

async function referencedByVersion(ctx: EmulatorContext, req: FastifyRequest<{ Params: V }>) {
  const r = registryOf(dpOf(ctx, req.params.clusterId));
  const v = versionOf(r, req.params.subject, req.params.version);
  return referencedBy(r, req.params.subject, v.version);
}

async function deleteSubjectRoute(ctx: EmulatorContext, req: FastifyRequest<{ Params: S }>) {
  const r = registryOf(dpOf(ctx, req.params.clusterId));
  const permanent = (req.query as Record<string, string>).permanent === "true";
  const versions = deleteSubject(r, req.params.subject, permanent);
  ctx.touch();
  return versions;
}

async function getSchemaById(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: P & { id: string } }>,
) {
  const s = registryOf(dpOf(ctx, req.params.clusterId)).schemas[req.params.id];
  if (!s) throw new RegistryError(404, 40403, `Schema ${req.params.id} not found`);
  return {
    schema: s.schema,
    ...(s.schemaType === "AVRO" ? {} : { schemaType: s.schemaType }),
    ...(s.references.length ? { references: s.references } : {}),
  };
}

async function getGlobalConfig(ctx: EmulatorContext, req: FastifyRequest<{ Params: P }>) {
  return {
    compatibilityLevel: registryOf(dpOf(ctx, req.params.clusterId)).compatibility,
  };
}

async function setGlobalConfig(ctx: EmulatorContext, req: FastifyRequest<{ Params: P }>) {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const level = setLevel(
    registryOf(dpOf(ctx, req.params.clusterId)),
    undefined,
    body.compatibility,
  );
  ctx.touch();
  return { compatibility: level };
}

async function getSubjectConfig(ctx: EmulatorContext, req: FastifyRequest<{ Params: S }>) {
  const r = registryOf(dpOf(ctx, req.params.clusterId));
  const own = r.config[req.params.subject];
  if (own === undefined && (req.query as Record<string, string>).defaultToGlobal !== "true")
    throw new RegistryError(
      404,
      40408,
      `Subject '${req.params.subject}' does not have subject-level compatibility configured`,
    );
  return { compatibilityLevel: levelOf(r, req.params.subject) };
}

async function setSubjectConfig(ctx: EmulatorContext, req: FastifyRequest<{ Params: S }>) {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const level = setLevel(
    registryOf(dpOf(ctx, req.params.clusterId)),
    req.params.subject,
    body.compatibility,
  );
  ctx.touch();
  return { compatibility: level };
}

async function deleteSubjectConfig(ctx: EmulatorContext, req: FastifyRequest<{ Params: S }>) {
  const r = registryOf(dpOf(ctx, req.params.clusterId));
  const level = levelOf(r, req.params.subject);
  delete r.config[req.params.subject];
  ctx.touch();
  return { compatibilityLevel: level };
}
