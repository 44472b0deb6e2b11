/** Data-plane User (password updates in place, never read back) and Acl (every field replaces). */
import { z } from "zod";
import { createOnce } from "../../client/create";
import type { Acl as ApiAcl } from "../../client/schemas";
import { adoptId, dataplaneApiUrl } from "../common";
import type { ResourceSpec } from "../lifecycle";
import { dp } from "./dataplane-common";

export const MECHANISMS = ["SASL_MECHANISM_SCRAM_SHA_256", "SASL_MECHANISM_SCRAM_SHA_512"] as const;

const userInputs = z.object({
  dataplaneApiUrl,
  name: z.string().min(1).max(128),
  password: z
    .string()
    .min(3, "password must be at least 3 characters")
    .max(128, "password must be at most 128 characters"),
  mechanism: z.enum(MECHANISMS).default("SASL_MECHANISM_SCRAM_SHA_256"),
  adoptId,
});
type UserIn = z.infer<typeof userInputs>;
type UserOut = UserIn & { id: string };

export const user: ResourceSpec<UserIn, UserOut> = {
  type: "User",
  inputs: userInputs,
  replaceOn: ["dataplaneApiUrl", "name"],
  secrets: ["password"],
  ignore: ["adoptId"],
  deleteBeforeReplace: true,
  label: (i) => `user ${i.name}`,
  async create(i) {
    const c = dp(i.dataplaneApiUrl);
    if (i.adoptId) {
      // Taking over an existing user sets the declared password: the old one cannot be read.
      await c.updateUser(i.adoptId, i.password, i.mechanism);
      return { id: i.adoptId, outs: { ...i, id: i.adoptId, name: i.adoptId } };
    }
    await createOnce({
      describe: `user "${i.name}"`,
      create: () => c.createUser({ name: i.name, password: i.password, mechanism: i.mechanism }),
      lookup: () => c.findUser(i.name),
      // The password cannot be compared, so an existing user is only ours through adoptId.
      matches: () => false,
    });
    return { id: i.name, outs: { ...i, id: i.name } };
  },
  async read(id, props) {
    const u = await dp(props.dataplaneApiUrl).findUser(id);
    if (!u) return undefined;
    const mechanism = (MECHANISMS as readonly string[]).includes(u.mechanism)
      ? (u.mechanism as UserIn["mechanism"])
      : props.mechanism;
    return { ...props, id, name: u.name, mechanism };
  },
  inputsOf: (o) => ({ mechanism: o.mechanism }),
  async update(id, _olds, news) {
    await dp(news.dataplaneApiUrl).updateUser(id, news.password, news.mechanism);
    return { ...news, id };
  },
  async delete(id, props) {
    await dp(props.dataplaneApiUrl).deleteUser(id);
  },
};

export const RESOURCE_TYPES = [
  "TOPIC",
  "GROUP",
  "CLUSTER",
  "TRANSACTIONAL_ID",
  "DELEGATION_TOKEN",
  "USER",
  "REGISTRY",
  "SUBJECT",
].map((t) => `RESOURCE_TYPE_${t}`) as [string, ...string[]];
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
].map((o) => `OPERATION_${o}`) as [string, ...string[]];

const aclInputs = z
  .object({
    dataplaneApiUrl,
    principal: z
      .string()
      .regex(
        /^(User|Group|RedpandaRole):.+$/,
        'principal must look like "User:<name>" (or Group:/RedpandaRole:)',
      ),
    host: z
      .string()
      .regex(/^(\*|\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)$/, 'host must be "*" or an IP address')
      .default("*"),
    resourceType: z.enum(RESOURCE_TYPES),
    resourceName: z.string().default(""),
    resourcePatternType: z.enum([
      "RESOURCE_PATTERN_TYPE_LITERAL",
      "RESOURCE_PATTERN_TYPE_PREFIXED",
    ]),
    operation: z.enum(OPERATIONS),
    permissionType: z.enum(["PERMISSION_TYPE_ALLOW", "PERMISSION_TYPE_DENY"]),
  })
  .superRefine((v, ctx) => {
    const nameless =
      v.resourceType === "RESOURCE_TYPE_CLUSTER" || v.resourceType === "RESOURCE_TYPE_REGISTRY";
    if (!nameless && !v.resourceName) {
      ctx.addIssue({
        code: "custom",
        path: ["resourceName"],
        message: `resourceName is required for ${v.resourceType} ("*" means any)`,
      });
    }
  });
type AclIn = z.infer<typeof aclInputs>;
type AclOut = AclIn & { id: string };

function wire(i: AclIn): ApiAcl {
  return {
    resource_type: i.resourceType,
    resource_name: i.resourceName,
    resource_pattern_type: i.resourcePatternType,
    principal: i.principal,
    host: i.host,
    operation: i.operation,
    permission_type: i.permissionType,
  };
}

/** The ACL's identity is its whole tuple. */
export function aclId(i: AclIn): string {
  return [
    i.resourceType,
    i.resourcePatternType,
    i.resourceName,
    i.principal,
    i.host,
    i.operation,
    i.permissionType,
  ].join("|");
}

export const acl: ResourceSpec<AclIn, AclOut> = {
  type: "Acl",
  inputs: aclInputs as unknown as z.ZodType<AclIn>,
  replaceOn: [
    "dataplaneApiUrl",
    "principal",
    "host",
    "resourceType",
    "resourceName",
    "resourcePatternType",
    "operation",
    "permissionType",
  ],
  deleteBeforeReplace: true,
  label: (i) => `ACL ${aclId(i)}`,
  async create(i) {
    await dp(i.dataplaneApiUrl).createAcl(wire(i));
    return { id: aclId(i), outs: { ...i, id: aclId(i) } };
  },
  async read(id, props) {
    const w = wire(props);
    const found = (await dp(props.dataplaneApiUrl).listAcls(w)).some((a) =>
      (Object.keys(w) as (keyof ApiAcl)[]).every((k) => a[k] === w[k]),
    );
    return found ? { ...props, id } : undefined;
  },
  async update(id, _olds, news) {
    return { ...news, id };
  },
  async delete(_id, props) {
    // A filter with all seven fields matches this ACL and no other.
    await dp(props.dataplaneApiUrl).deleteAcl(wire(props));
  },
};
