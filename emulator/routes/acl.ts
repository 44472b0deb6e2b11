/** The data plane's ACLs (`/v1/acls`): create, filter-list, filter-delete. */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { dataplaneFor } from "../dataplane";
import { invalid } from "../errors";
import type { DpAcl } from "../domain/records";
import { Checker, asObject } from "../validate";
import { KAFKA_RESOURCE_TYPES } from "../domain/acls";

type Params = { clusterId: string };
export const RESOURCE_TYPES = [...KAFKA_RESOURCE_TYPES, "REGISTRY", "SUBJECT"].map(
  (t) => `RESOURCE_TYPE_${t}`,
);
export const OPERATIONS = [
  "ALL",
  "READ",
  "WRITE",
  "CREATE",
  "DELETE",
  "ALTER",
  "DESCRIBE",
  "CLUSTER_ACTION",
  "DESCRIBE_CONFIGS",
  "ALTER_CONFIGS",
  "IDEMPOTENT_WRITE",
  "CREATE_TOKENS",
  "DESCRIBE_TOKENS",
].map((o) => `OPERATION_${o}`);
const PATTERNS = ["RESOURCE_PATTERN_TYPE_LITERAL", "RESOURCE_PATTERN_TYPE_PREFIXED"];
const PERMISSIONS = ["PERMISSION_TYPE_ALLOW", "PERMISSION_TYPE_DENY"];
const ACL_FIELDS = [
  "resource_type",
  "resource_name",
  "resource_pattern_type",
  "principal",
  "host",
  "operation",
  "permission_type",
] as const;

/** ACL filter matching with ANY wildcards and the MATCH pattern type, as Kafka defines them. */
function matches(acl: DpAcl, f: Record<string, unknown>): boolean {
  const eq = (field: keyof DpAcl, any: string) => {
    const v = f[`filter.${field}`];
    return v === undefined || v === "" || v === any || v === acl[field];
  };
  const pattern = f["filter.resource_pattern_type"];
  const name = f["filter.resource_name"];
  const nameOk =
    name === undefined ||
    name === "" ||
    (pattern === "RESOURCE_PATTERN_TYPE_MATCH"
      ? acl.resource_name === name ||
        acl.resource_name === "*" ||
        (acl.resource_pattern_type === "RESOURCE_PATTERN_TYPE_PREFIXED" &&
          String(name).startsWith(acl.resource_name))
      : acl.resource_name === name);
  const patternOk =
    pattern === undefined ||
    pattern === "RESOURCE_PATTERN_TYPE_ANY" ||
    pattern === "RESOURCE_PATTERN_TYPE_MATCH" ||
    pattern === acl.resource_pattern_type;
  return (
    eq("resource_type", "RESOURCE_TYPE_ANY") &&
    nameOk &&
    patternOk &&
    eq("principal", "") &&
    eq("host", "") &&
    eq("operation", "OPERATION_ANY") &&
    eq("permission_type", "PERMISSION_TYPE_ANY")
  );
}

export function registerDataplaneAcls(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<{ Params: Params }>("/v1/acls", async (req) => {
    const { dp } = dataplaneFor(ctx, req.params.clusterId);
    const q = req.query as Record<string, unknown>;
    const groups = new Map<
      string,
      {
        resource_type: string;
        resource_name: string;
        resource_pattern_type: string;
        acls: Record<string, string>[];
      }
    >();
    for (const acl of dp.acls.filter((a) => matches(a, q))) {
      const key = `${acl.resource_type}|${acl.resource_name}|${acl.resource_pattern_type}`;
      const g = groups.get(key) ?? {
        resource_type: acl.resource_type,
        resource_name: acl.resource_name,
        resource_pattern_type: acl.resource_pattern_type,
        acls: [],
      };
      g.acls.push({
        principal: acl.principal,
        host: acl.host,
        operation: acl.operation,
        permission_type: acl.permission_type,
      });
      groups.set(key, g);
    }
    return { resources: [...groups.values()] };
  });

  app.post<{ Params: Params }>("/v1/acls", async (req, reply) => {
    const { dp } = dataplaneFor(ctx, req.params.clusterId);
    const body = asObject(req.body);
    const check = new Checker();
    const type = check.str(body, "resource_type", { required: true, oneOf: RESOURCE_TYPES });
    const needsName = type !== "RESOURCE_TYPE_CLUSTER" && type !== "RESOURCE_TYPE_REGISTRY";
    check.str(body, "resource_name", { required: needsName });
    check.str(body, "resource_pattern_type", { required: true, oneOf: PATTERNS });
    check.str(body, "principal", { required: true, pattern: /^[A-Za-z]+:.+$/ });
    check.str(body, "host", {
      required: true,
      pattern: /^(\*|\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)$/,
    });
    check.str(body, "operation", { required: true, oneOf: OPERATIONS });
    check.str(body, "permission_type", { required: true, oneOf: PERMISSIONS });
    check.done();
    const acl = Object.fromEntries(
      ACL_FIELDS.map((f) => [f, String(body[f] ?? "")]),
    ) as unknown as DpAcl;
    const exists = dp.acls.some((a) => ACL_FIELDS.every((f) => a[f] === acl[f]));
    // Kafka's CreateAcls is idempotent for an identical binding.
    if (!exists) dp.acls.push(acl);
    ctx.touch();
    return reply.code(201).send({});
  });

  app.delete<{ Params: Params }>("/v1/acls", async (req) => {
    const { dp } = dataplaneFor(ctx, req.params.clusterId);
    const q = req.query as Record<string, unknown>;
    const missing = [
      "resource_type",
      "resource_pattern_type",
      "operation",
      "permission_type",
    ].filter((f) => q[`filter.${f}`] === undefined || q[`filter.${f}`] === "");
    if (missing.length > 0) {
      throw invalid(
        missing.map((f) => ({ field: `filter.${f}`, description: "value is required" })),
      );
    }
    const matched = dp.acls.filter((a) => matches(a, q));
    dp.acls = dp.acls.filter((a) => !matched.includes(a));
    ctx.touch();
    return { matching_acls: matched.map((a) => ({ ...a, error: null })) };
  });
}
