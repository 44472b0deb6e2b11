/**
 * Each cluster's Schema Registry (the Confluent-compatible API, at the URL the cluster record's
 * `schema_registry.url` gives): subjects, versions, ids, references, compatibility per subject and
 * global, soft and hard delete, and the SR ACLs (schema-registry-acl.ts). Errors are the
 * registry's `{ error_code, message }`. Authentication: the organization's bearer token, or HTTP
 * Basic with a SASL user of the cluster (then SR ACLs apply).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
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

export function registerSchemaRegistry(
  app: FastifyInstance,
  ctx: EmulatorContext,
  { tokens }: Services,
): void {
  const dpOf = (clusterId: string): Dataplane => dataplaneFor(ctx, clusterId).dp;

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
    const header = req.headers.authorization ?? "";
    const basic = /^Basic\s+(.+)$/i.exec(header);
    const clusterId = (req.params as P).clusterId;
    if (!basic) {
      tokens.authenticate(header, Date.now());
      return;
    }
    const [name, ...rest] = Buffer.from(basic[1] as string, "base64")
      .toString("utf8")
      .split(":");
    const dp = dpOf(clusterId);
    const user = dp.users[name ?? ""];
    if (!user || user.password !== rest.join(":"))
      throw new RegistryError(401, 40101, "Unauthorized: bad username or password");
    if (req.routeOptions.url?.endsWith("/security/acls"))
      throw new RegistryError(403, 40301, `User:${name} may not manage Schema Registry ACLs`);
    authorize(dp, `User:${name}`, accessOf(req));
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

  app.get("/schemas/types", async () => ["JSON", "PROTOBUF", "AVRO"]);
  app.get("/mode", async () => ({ mode: "READWRITE" }));
  app.get("/status/ready", async () => ({}));

  app.get<{ Params: P }>("/subjects", async (req) => {
    const r = registryOf(dpOf(req.params.clusterId));
    const deleted = (req.query as Record<string, string>).deleted === "true";
    return Object.entries(r.subjects)
      .filter(([, s]) => s.versions.some((v) => deleted || !v.deleted))
      .map(([name]) => name)
      .sort();
  });

  app.get<{ Params: S }>("/subjects/:subject/versions", async (req) => {
    const r = registryOf(dpOf(req.params.clusterId));
    const versions = (r.subjects[req.params.subject]?.versions ?? []).filter((v) => !v.deleted);
    if (versions.length === 0)
      throw new RegistryError(404, 40401, `Subject '${req.params.subject}' not found.`);
    return versions.map((v) => v.version);
  });

  app.post<{ Params: S }>("/subjects/:subject/versions", async (req) => {
    const r = registryOf(dpOf(req.params.clusterId));
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { id } = register(r, req.params.subject, {
      schema: body.schema as string,
      schemaType: body.schemaType as string | undefined,
      references: body.references as never,
      normalize: (req.query as Record<string, string>).normalize === "true",
    });
    ctx.touch();
    return { id };
  });

  // Looks a schema up under a subject: is this schema registered there? Compared in the
  // registry's canonical form, as Redpanda's `sharded_store::has_schema` does.
  app.post<{ Params: S }>("/subjects/:subject", async (req) => {
    const r = registryOf(dpOf(req.params.clusterId));
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
  });

  const view = (
    r: ReturnType<typeof registryOf>,
    subject: string,
    v: { version: number; id: number },
  ) => {
    const s = r.schemas[v.id]!;
    return {
      subject,
      version: v.version,
      id: v.id,
      ...(s.schemaType === "AVRO" ? {} : { schemaType: s.schemaType }),
      ...(s.references.length ? { references: s.references } : {}),
      schema: s.schema,
    };
  };

  app.get<{ Params: V }>("/subjects/:subject/versions/:version", async (req) => {
    const r = registryOf(dpOf(req.params.clusterId));
    return view(r, req.params.subject, versionOf(r, req.params.subject, req.params.version));
  });
  app.get<{ Params: V }>("/subjects/:subject/versions/:version/schema", async (req, reply) => {
    const r = registryOf(dpOf(req.params.clusterId));
    const v = versionOf(r, req.params.subject, req.params.version);
    return reply.type("application/json").send(r.schemas[v.id]!.schema);
  });
  for (const suffix of ["referencedby", "referencedBy"]) {
    app.get<{ Params: V }>(`/subjects/:subject/versions/:version/${suffix}`, async (req) => {
      const r = registryOf(dpOf(req.params.clusterId));
      const v = versionOf(r, req.params.subject, req.params.version);
      return referencedBy(r, req.params.subject, v.version);
    });
  }
  app.delete<{ Params: S }>("/subjects/:subject", async (req) => {
    const r = registryOf(dpOf(req.params.clusterId));
    const permanent = (req.query as Record<string, string>).permanent === "true";
    const versions = deleteSubject(r, req.params.subject, permanent);
    ctx.touch();
    return versions;
  });

  app.get<{ Params: P & { id: string } }>("/schemas/ids/:id", async (req) => {
    const s = registryOf(dpOf(req.params.clusterId)).schemas[req.params.id];
    if (!s) throw new RegistryError(404, 40403, `Schema ${req.params.id} not found`);
    return {
      schema: s.schema,
      ...(s.schemaType === "AVRO" ? {} : { schemaType: s.schemaType }),
      ...(s.references.length ? { references: s.references } : {}),
    };
  });

  app.get<{ Params: P }>("/config", async (req) => ({
    compatibilityLevel: registryOf(dpOf(req.params.clusterId)).compatibility,
  }));
  app.put<{ Params: P }>("/config", async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const level = setLevel(registryOf(dpOf(req.params.clusterId)), undefined, body.compatibility);
    ctx.touch();
    return { compatibility: level };
  });
  app.get<{ Params: S }>("/config/:subject", async (req) => {
    const r = registryOf(dpOf(req.params.clusterId));
    const own = r.config[req.params.subject];
    if (own === undefined && (req.query as Record<string, string>).defaultToGlobal !== "true")
      throw new RegistryError(
        404,
        40408,
        `Subject '${req.params.subject}' does not have subject-level compatibility configured`,
      );
    return { compatibilityLevel: levelOf(r, req.params.subject) };
  });
  app.put<{ Params: S }>("/config/:subject", async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const level = setLevel(
      registryOf(dpOf(req.params.clusterId)),
      req.params.subject,
      body.compatibility,
    );
    ctx.touch();
    return { compatibility: level };
  });
  app.delete<{ Params: S }>("/config/:subject", async (req) => {
    const r = registryOf(dpOf(req.params.clusterId));
    const level = levelOf(r, req.params.subject);
    delete r.config[req.params.subject];
    ctx.touch();
    return { compatibilityLevel: level };
  });
}
