/** Data-plane resources, each bound to one cluster by `dataplaneApiUrl`. */
import * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "./base";
import { RedpandaResource, withSecretOutputs } from "./base";

interface DataplaneArgs {
  /** The cluster's data-plane URL (`cluster.dataplaneApiUrl`). Changing it replaces the resource. */
  dataplaneApiUrl: pulumi.Input<string>;
}

/** Inputs of {@link User}. */
export interface UserArgs extends DataplaneArgs {
  /** SASL user name, 1–128. Replaces. */
  name: pulumi.Input<string>;
  /** Password, 3–128; kept secret in state, never read back. Updates in place. */
  password: pulumi.Input<string>;
  /** Default `SASL_MECHANISM_SCRAM_SHA_256`. Updates in place. */
  mechanism?: pulumi.Input<"SASL_MECHANISM_SCRAM_SHA_256" | "SASL_MECHANISM_SCRAM_SHA_512">;
  /** Name of an existing user to manage (its password is set to `password`). Ignored after creation. */
  adoptId?: pulumi.Input<string>;
}

/** A SASL/SCRAM user of one cluster. */
export class User extends RedpandaResource {
  /** The SASL user name. */
  declare readonly name: pulumi.Output<string>;
  /** The SASL/SCRAM mechanism. */
  declare readonly mechanism: pulumi.Output<string>;
  constructor(name: string, args: UserArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "User",
      name,
      { ...args, password: pulumi.secret(args.password) },
      withSecretOutputs(opts, ["password"]),
    );
  }
}

/** Inputs of {@link Acl}. */
export interface AclArgs extends DataplaneArgs {
  /** `User:<name>` (also `Group:` or `RedpandaRole:`). Replaces. */
  principal: pulumi.Input<string>;
  /** `*` (default) or an IP address. Replaces. */
  host?: pulumi.Input<string>;
  /** e.g. `RESOURCE_TYPE_TOPIC`. Replaces. */
  resourceType: pulumi.Input<string>;
  /** Resource name; `*` for any; may be empty for CLUSTER. Replaces. */
  resourceName?: pulumi.Input<string>;
  /** `RESOURCE_PATTERN_TYPE_LITERAL` or `RESOURCE_PATTERN_TYPE_PREFIXED`. Replaces. */
  resourcePatternType: pulumi.Input<
    "RESOURCE_PATTERN_TYPE_LITERAL" | "RESOURCE_PATTERN_TYPE_PREFIXED"
  >;
  /** e.g. `OPERATION_READ`, `OPERATION_ALL`. Replaces. */
  operation: pulumi.Input<string>;
  /** `PERMISSION_TYPE_ALLOW` or `PERMISSION_TYPE_DENY`. Replaces. */
  permissionType: pulumi.Input<"PERMISSION_TYPE_ALLOW" | "PERMISSION_TYPE_DENY">;
}

/** One ACL, identified by its whole tuple; deleting it removes exactly this ACL. */
export class Acl extends RedpandaResource {
  /** The ACL's principal, `User:<name>`. */
  declare readonly principal: pulumi.Output<string>;
  constructor(name: string, args: AclArgs, opts?: pulumi.CustomResourceOptions) {
    super("Acl", name, { ...args }, opts);
  }
}

/** Inputs of {@link Topic}. */
export interface TopicArgs extends DataplaneArgs {
  /** Topic name, 1–249 of letters, digits, `.`, `_`, `-`. Replaces. */
  name: pulumi.Input<string>;
  /** Partitions; cluster default when unset. Growing updates in place, shrinking replaces. */
  partitionCount?: pulumi.Input<number>;
  /** Replicas, 1–5 (at most the brokers); cluster default when unset. Replaces. */
  replicationFactor?: pulumi.Input<number>;
  /** Topic configs, name → value (e.g. `{"retention.ms": "86400000"}`). Update in place. */
  configs?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Name of an existing topic to manage instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

/** A Kafka topic. */
export class Topic extends RedpandaResource {
  /** The topic's name. */
  declare readonly name: pulumi.Output<string>;
  /** Partitions the topic has. */
  declare readonly partitionCount: pulumi.Output<number | undefined>;
  /** The topic configs this resource manages (those set in `configs`). */
  declare readonly configs: pulumi.Output<Record<string, string>>;
  constructor(name: string, args: TopicArgs, opts?: pulumi.CustomResourceOptions) {
    super("Topic", name, { ...args }, opts);
  }
}

/** Inputs of {@link Pipeline}. */
export interface PipelineArgs extends DataplaneArgs {
  /** Display name, 3–128. Updates in place. */
  displayName: pulumi.Input<string>;
  /** Description, at most 256. Updates in place. */
  description?: pulumi.Input<string>;
  /** Redpanda Connect configuration (YAML). Updates in place. */
  configYaml: pulumi.Input<string>;
  /** CPU (`"100m"`, `"2"`) and memory (`"256Mi"`, `"2G"`) shares. Update in place. */
  resources?: pulumi.Input<{
    /** CPU shares, e.g. `"100m"` or `"2"`. Updates in place. */
    cpuShares: pulumi.Input<string>;
    /** Memory shares, e.g. `"256Mi"` or `"2G"`. Updates in place. */
    memoryShares: pulumi.Input<string>;
  }>;
  /** `running` (default) or `stopped`. Updates in place: starts or stops the pipeline and waits. */
  state?: pulumi.Input<"running" | "stopped">;
  /** Deadlines; default 10 min each. */
  timeouts?: pulumi.Input<Timeouts>;
  /** Id of an existing pipeline to manage instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

/** A Redpanda Connect pipeline (BYOC and Serverless clusters only). */
export class Pipeline extends RedpandaResource {
  /** The requested state, `running` or `stopped`. */
  declare readonly state: pulumi.Output<string>;
  /** The API's state, e.g. `STATE_RUNNING`. */
  declare readonly apiState: pulumi.Output<string>;
  constructor(name: string, args: PipelineArgs, opts?: pulumi.CustomResourceOptions) {
    super("Pipeline", name, { apiState: undefined, ...args }, opts);
  }
}

/** Inputs of {@link ConnectorSecret}. */
export interface ConnectorSecretArgs extends DataplaneArgs {
  /** Secret name (the connector it serves), letters, digits, `-`, `_`. Replaces. */
  name: pulumi.Input<string>;
  /** Key → value; stored as base64 of its JSON, kept secret in state, never read back. Updates in place. */
  secretData: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Kafka Connect cluster; always `redpanda` on Redpanda Cloud (default). Replaces. */
  connectClusterName?: pulumi.Input<string>;
  /** Id of an existing secret to manage (its data is set to `secretData`). Ignored after creation. */
  adoptId?: pulumi.Input<string>;
}

/** A Kafka Connect secret (BYOC and Dedicated clusters); reference it with `secretReference`. */
export class ConnectorSecret extends RedpandaResource {
  /** The secret's name. */
  declare readonly name: pulumi.Output<string>;
  constructor(name: string, args: ConnectorSecretArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "ConnectorSecret",
      name,
      { ...args, secretData: pulumi.secret(args.secretData) },
      withSecretOutputs(opts, ["secretData"]),
    );
  }

  /** `${secretsManager:<secret id>:<key>}`, for a connector config value. */
  ref(key: string): pulumi.Output<string> {
    return secretReference(this.id, key);
  }
}

/** The reference string a connector config uses for one key of a stored secret. */
export function secretReference(
  secretId: pulumi.Input<string>,
  key: string,
): pulumi.Output<string> {
  return pulumi.interpolate`\${secretsManager:${secretId}:${key}}`;
}

/** Inputs of {@link Connector}. */
export interface ConnectorArgs extends DataplaneArgs {
  /** Connector name. Replaces. */
  name: pulumi.Input<string>;
  /** Connector config, string → string; needs `connector.class`. Updates in place. */
  config: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Kafka Connect cluster; default `redpanda`. Replaces. */
  connectClusterName?: pulumi.Input<string>;
  /** Any value. Updates in place: changing it restarts the connector (declarative restart). */
  restartTrigger?: pulumi.Input<string>;
  /** Restart tasks too (default true). Never updates by itself. */
  restartIncludeTasks?: pulumi.Input<boolean>;
  /** Restart only failed instances (default false). Never updates by itself. */
  restartOnlyFailed?: pulumi.Input<boolean>;
  /** Name of an existing connector to manage (its config is set to `config`). Ignored after creation. */
  adoptId?: pulumi.Input<string>;
}

/** A Kafka Connect connector (BYOC and Dedicated clusters only). */
export class Connector extends RedpandaResource {
  /** The connector's name. */
  declare readonly name: pulumi.Output<string>;
  /** `source` or `sink`, as the connector's plugin reports it. */
  declare readonly type: pulumi.Output<string>;
  /** The connector's configuration as declared (secret references, not secrets). */
  declare readonly config: pulumi.Output<Record<string, string>>;
  constructor(name: string, args: ConnectorArgs, opts?: pulumi.CustomResourceOptions) {
    super("Connector", name, { type: undefined, ...args }, opts);
  }
}
