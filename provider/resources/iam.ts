/** Organization access: ServiceAccount and RoleBinding. */
import type * as pulumi from "@pulumi/pulumi";
import { RedpandaResource, withSecretOutputs } from "./base";

/** Inputs of {@link ServiceAccount}. */
export interface ServiceAccountArgs {
  /** Name, 3–128 characters without `<` or `>`. Updates in place. */
  name: pulumi.Input<string>;
  /** Description, at most 140. Default "". Updates in place. */
  description?: pulumi.Input<string>;
  /** Id of an existing service account to manage instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

/** A service account with OAuth2 client credentials; `clientSecret` is secret in state. */
export class ServiceAccount extends RedpandaResource {
  /** The account's name. */
  declare readonly name: pulumi.Output<string>;
  /** The account's description. */
  declare readonly description: pulumi.Output<string>;
  /** OAuth2 client id of the account's credentials. */
  declare readonly clientId: pulumi.Output<string>;
  /** Shown once by the API at creation; kept secret in state. */
  declare readonly clientSecret: pulumi.Output<string>;
  constructor(name: string, args: ServiceAccountArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "ServiceAccount",
      name,
      { clientId: undefined, clientSecret: undefined, ...args },
      withSecretOutputs(opts, ["clientSecret"]),
    );
  }
}

/** What a role binding's scope can name. */
export type ScopeResourceType =
  | "SCOPE_RESOURCE_TYPE_ORGANIZATION"
  | "SCOPE_RESOURCE_TYPE_RESOURCE_GROUP"
  | "SCOPE_RESOURCE_TYPE_NETWORK"
  | "SCOPE_RESOURCE_TYPE_CLUSTER"
  | "SCOPE_RESOURCE_TYPE_SERVERLESS_CLUSTER"
  | "SCOPE_RESOURCE_TYPE_NETWORK_PEERING"
  | "SCOPE_RESOURCE_TYPE_KAFKA_TOPIC";

/** Inputs of {@link RoleBinding}. */
export interface RoleBindingArgs {
  /** `Reader`, `Writer` or `Admin`. Replaces. */
  roleName: pulumi.Input<"Reader" | "Writer" | "Admin">;
  /** A user or service-account id. Replaces. */
  accountId: pulumi.Input<string>;
  /** What the role applies to; `resourceId` may be omitted for the organization. Replaces. */
  scope: pulumi.Input<{
    /** Kind of the scoped resource. Replaces. */
    resourceType: pulumi.Input<ScopeResourceType>;
    /** Id of the scoped resource; omit for the organization. Replaces. */
    resourceId?: pulumi.Input<string>;
  }>;
  /** Id of an existing role binding to manage instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

/** Grants a role to an account on a scope. There is no update API, so every change replaces. */
export class RoleBinding extends RedpandaResource {
  /** The granted role. */
  declare readonly roleName: pulumi.Output<string>;
  /** The account the role is granted to. */
  declare readonly accountId: pulumi.Output<string>;
  constructor(name: string, args: RoleBindingArgs, opts?: pulumi.CustomResourceOptions) {
    super("RoleBinding", name, { ...args }, opts);
  }
}
